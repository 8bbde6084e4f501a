"""Dragons' `moves_that_may_win` (rules/dragons/threats.py): every move that wins at once is
kept, in order, in every position of whole random games of each family (where wins in one
come at the end, nearly all of them closing their loop with an auto tile), and nearly every
other move is ruled out, which is what makes the search's looks for a win cheap."""

from __future__ import annotations

import random

import pytest

from megalith.rules.dragons import threats
from megalith.rules import registry
from megalith.rules.dragons.game import DragonsState
from tests.rules.ai.test_moves_that_may_win import is_subsequence, wins_at_once

# (options, random games, the least number of wins in one they hold)
FAMILIES = (("", 8, 20), ("-tantrix", 8, 20), ("-cross", 8, 20),
            ("-num_tiles=12 -start_tip", 16, 3), ("-num_tiles=20", 12, 10))


def games(options: str, count: int) -> list[list[DragonsState]]:
    """Every position (to move) of `count` random games."""
    found = []
    for seed in range(count):
        rng = random.Random(seed)
        state = registry.new_game("dragons", options)
        assert isinstance(state, DragonsState)
        played = []
        while state.to_move is not None:
            played.append(state.copy())
            state.play(state.random_move(rng))
        found.append(played)
    return found


def autos_of(state: DragonsState, move: str) -> int:
    """How many auto tiles `move` lays."""
    trial = state.copy()
    trial.play(move)
    return len(trial.tiles_of_move(trial.ply)) - 1


@pytest.mark.parametrize("options, count, least", FAMILIES)
def test_every_win_in_one_is_kept(options: str, count: int, least: int) -> None:
    moves_seen = kept_seen = 0
    wins: list[tuple[DragonsState, str]] = []
    for played in games(options, count):
        for state in played:
            moves = state.legal_moves()
            kept = state.moves_that_may_win(moves)
            assert is_subsequence(kept, moves)
            winning = [move for move in moves if wins_at_once(state, move)]
            assert set(winning) <= set(kept), (state.render(), winning, kept)
            wins += [(state, move) for move in winning]
            moves_seen += len(moves)
            kept_seen += len(kept)
    assert len(wins) >= least   # the test saw wins to keep
    assert kept_seen < moves_seen / 5   # and it rules nearly every other move out
    assert any(autos_of(state, move) for state, move in wins)   # some by auto tiles


@pytest.mark.parametrize("options, least", [("", 20), ("-cross", 8), ("-num_tiles=20", 15)])
def test_every_move_closing_a_shorter_loop_is_kept(options: str, least: int) -> None:
    """The filter asked for a shorter winning loop keeps every move that closes a loop that
    long of the mover's colour. Short loops come all through a game, some of them closed by
    the player's tile alone (wins in one nearly always take an auto tile), so this tests
    the look that needs no laying out too."""
    closing: list[tuple[DragonsState, str]] = []
    for played in games(options, 6):
        for state in played:
            side = state.to_move
            assert side is not None
            moves = state.legal_moves()
            for length in (3, 4, 5):
                if state.longest_loops()[side] >= length:
                    continue
                kept = threats.moves_that_may_win(state._table, side, moves, length)
                assert is_subsequence(kept, moves)
                for move in moves:
                    trial = state.copy()
                    trial.play(move)
                    if trial.longest_loops()[side] >= length:
                        assert move in kept, (state.render(), move, length, kept)
                        closing.append((state, move))
    assert sum(1 for state, move in closing if not autos_of(state, move)) >= least


def test_wins_in_one_after_arranged_tiles_with_auto_moves_due() -> None:
    """`arranged` lays no auto tile, so the first move also fills the places left with one
    fitting orientation: those are laid out too."""
    rng = random.Random(5)
    checked = due = 0
    for _ in range(40):
        state = registry.new_game("dragons", "")
        assert isinstance(state, DragonsState)
        for _ in range(rng.randrange(6, 20)):
            if state.to_move is None:
                break
            state.play(state.random_move(rng))
        tiles = [(tile.coord, tile.letter) for tile in state.placed()]
        arranged = DragonsState.arranged(tiles[:rng.randrange(3, len(tiles) + 1)])
        if arranged.to_move is None:
            continue
        due += bool(arranged.required_places()) or any(
            len(arranged.matching(place)) == 1 for place in arranged.places())
        moves = arranged.legal_moves()
        kept = arranged.moves_that_may_win(moves)
        assert is_subsequence(kept, moves)
        assert {move for move in moves if wins_at_once(arranged, move)} <= set(kept)
        checked += 1
    assert checked >= 20 and due >= 5


def test_nothing_can_win_at_the_start() -> None:
    state = registry.new_game("dragons", "")
    assert state.moves_that_may_win(state.legal_moves()) == []


def test_a_move_that_is_not_a_tile_is_kept() -> None:
    state = registry.new_game("dragons", "")
    assert state.moves_that_may_win(["--", "a1"]) == ["--"]
