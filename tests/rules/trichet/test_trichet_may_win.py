"""Trichet's `moves_that_may_win` keeps exactly the moves whose tiles close a winning region of
the mover's colour: every move that wins at once, in order, and besides them only moves that
close winning regions of both colours (which lose). Random games at small win sizes reach
many positions with wins in one; the default win size shows the filter ruling moves out."""

from __future__ import annotations

import random

import pytest

from megalith.rules import registry
from megalith.rules.trichet.game import TrichetState
from megalith.rules.trichet.tiles import DOT, OH

GAMES = 20  # random games per option set
LAST_PLIES = 8  # positions looked at before each game's end


def after(state: TrichetState, move: str) -> TrichetState:
    trial = state.copy()
    trial.play(move)
    return trial


def closes_both(state: TrichetState, move: str) -> bool:
    """Whether `move` closes winning regions of both colours, so that its mover loses."""
    trial = after(state, move)
    return {region.colour for region in trial._winning_regions(trial._colour)} == {OH, DOT}


def checked_positions(options: str) -> tuple[int, int]:
    """The last positions of random games (playout moves, which take wins in one, so a game
    won ends with one), the filter asked on the live state before each move: the positions
    with a win in one, and the moves ruled out."""
    with_wins = ruled_out = 0
    for seed in range(GAMES):
        rng = random.Random(seed)
        state = registry.new_game("trichet", options, 2)
        assert isinstance(state, TrichetState)
        replay = state.copy()
        while replay.to_move is not None:
            replay.play(replay.playout_move(rng))
        rng = random.Random(seed)
        while state.to_move is not None:
            if state.ply < replay.ply - LAST_PLIES:
                state.play(state.playout_move(rng))
                continue
            moves = state.legal_moves()
            kept = state.moves_that_may_win(moves)
            assert state.moves_that_may_win(moves) == kept  # asked again: the kept answers
            rest = iter(moves)
            assert all(move in rest for move in kept)  # in the order given
            mover = state.to_move
            winning = [m for m in moves if after(state, m).outcome().winner == mover]
            assert set(winning) <= set(kept), (state.render(), winning, kept)
            assert all(closes_both(state, m) for m in set(kept) - set(winning))
            with_wins += bool(winning)
            ruled_out += len(moves) - len(kept)
            state.play(state.playout_move(rng))
    return with_wins, ruled_out


@pytest.mark.parametrize("options, least_with_wins", [
    ("-win_size=4", 15), ("-win_size=6", 15), ("-win_size=8 -size=80", 10),
    ("-size=16 -win_size=6", 3),  # most games end with the pool run out
])
def test_every_win_in_one_is_kept_and_only_closing_moves(options: str,
                                                        least_with_wins: int) -> None:
    with_wins, ruled_out = checked_positions(options)
    assert with_wins >= least_with_wins
    assert ruled_out


def test_at_the_default_win_size_no_move_of_the_opening_is_kept() -> None:
    """A region of ten tiles cannot be closed in the first moves: the search's looks for a
    win in one play nothing there."""
    state = registry.new_game("trichet", "", 2)
    rng = random.Random(3)
    for _ in range(3):
        assert state.legal_moves()
        assert state.moves_that_may_win(state.legal_moves()) == []
        state.play(state.random_move(rng))


@pytest.mark.parametrize("options", ["-size=5", "-size=20 -win_size=21"])
def test_a_pool_too_small_for_a_winning_region_keeps_nothing(options: str) -> None:
    state = registry.new_game("trichet", options, 2)
    assert state.moves_that_may_win(state.legal_moves()) == []


def test_a_move_not_read_as_a_fitting_letter_and_place_is_kept() -> None:
    state = registry.new_game("trichet", "-win_size=4", 2)
    assert state.moves_that_may_win(["Resign", "z1", "a999"]) == ["Resign", "z1", "a999"]
