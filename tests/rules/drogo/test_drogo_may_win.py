"""`DrogoState.moves_that_may_win` (rules.drogo.endings): it keeps every move that ends the
game, and so every win in one, in every variant; where captures remove stacks (no -in_place,
no -easy_free) no move can end the game at all, which crowded positions check by trying every
move; and in ordinary positions it rules every move out, which is what makes the search's
looks for a win in one cheap."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path

import pytest

from megalith.rules import registry
from megalith.rules.drogo.bits import paired_empties
from megalith.rules.drogo.game import DrogoState
from tests.rules.ai.test_moves_that_may_win import is_subsequence, wins_at_once

GOLDEN = Path(__file__).parents[1] / "golden" / "drogo"


def new(options: str, players: int) -> DrogoState:
    state = registry.new_game("drogo", options, players)
    assert isinstance(state, DrogoState)
    return state


def ends_at_once(state: DrogoState, move: str) -> bool:
    trial = state.copy()
    trial.play(move)
    return trial.to_move is None


def golden_positions(name: str) -> list[DrogoState]:
    """Every position of a golden game in which a move is to be made."""
    data = json.loads((GOLDEN / f"{name}.json").read_text())
    state = new(data["parameters"], data["players"])
    found = []
    for ply, move in enumerate(data["moves"]):
        if ply == 1 and data.get("swapped"):
            found.append(state.copy())
            state.play("swap")
        found.append(state.copy())
        state.play(move)
    return found


Choice = Callable[[DrogoState, random.Random], str]


def game_positions(options: str, players: int, seed: int, choose: Choice,
                   resign_at: tuple[int, ...], longest: int) -> list[DrogoState]:
    """The positions of a game whose moves `choose` makes, with the side to move resigning
    at the plies `resign_at`, in which a move is to be made."""
    rng = random.Random(seed)
    state = new(options, players)
    found = []
    while state.to_move is not None and state.ply < longest:
        if state.ply in resign_at:
            state.play("resign")
            continue
        found.append(state.copy())
        state.play(choose(state, rng))
    return found


def random_positions(options: str, players: int, seed: int, resign_at: tuple[int, ...] = (),
                     longest: int = 400) -> list[DrogoState]:
    """The positions of a random game."""
    return game_positions(options, players, seed, lambda state, rng: state.random_move(rng),
                          resign_at, longest)


def crowded_positions(options: str, players: int, seed: int, resign_at: tuple[int, ...] = (),
                      longest: int = 150) -> list[DrogoState]:
    """The positions of a game whose players play a random move that captures nothing
    where they have one: the board fills up, to a single empty cell at times, as close to
    an end as removing captures allow."""
    return game_positions(options, players, seed, capturing_nothing, resign_at, longest)


def capturing_nothing(state: DrogoState, rng: random.Random) -> str:
    """A random move that captures nothing, if the side to move has one."""
    moves = state.legal_moves()
    rng.shuffle(moves)
    pieces = sum(state.height(cell) for cell in state.board.names)
    for move in moves:
        trial = state.copy()
        trial.play(move)
        if (sum(trial.height(cell) for cell in trial.board.names)
                == pieces + len(state.move_cells(move))):
            return move
    return moves[0]


def empty_cells(state: DrogoState) -> int:
    return sum(1 for cell in state.board.names if state.height(cell) == 0)


@pytest.mark.parametrize("options, players, resign_at", [
    ("-size=3", 2, ()), ("-size=3", 4, (5, 10)), ("-size=4", 3, (3,)),
    ("-size=4 -single", 2, ()), ("-size=4", 4, (9,))])
def test_no_move_ends_a_game_whose_captures_remove_stacks(options: str, players: int,
                                                          resign_at: tuple[int, ...]) -> None:
    """Every freedom of the mover's last group stays playable by someone (the argument is in
    rules.drogo.endings), however full the board and whoever has resigned."""
    positions = [state for seed in range(2)
                 for state in crowded_positions(options, players, seed, resign_at)]
    assert min(empty_cells(state) for state in positions) == 1
    for state in positions:
        moves = state.legal_moves()
        assert state.moves_that_may_win(moves) == []
        assert not any(ends_at_once(state, move) for move in moves), state.render()


def ending_positions() -> list[DrogoState]:
    """Positions of games that end (-in_place, -easy_free; resignations, swap, -single and
    four players among them), many with moves that end the game."""
    found = [state for name in ("in_place", "easy_free", "three_players_in_place_resign",
                                "four_players_easy_free_single")
             for state in golden_positions(name)]
    for seed in range(3):
        found += random_positions("-size=4 -in_place", 3, seed, resign_at=(20,))
        found += random_positions("-size=4 -easy_free", 4, seed)
        found += random_positions("-size=5 -easy_free -in_place", 2, seed)
        found += random_positions("-size=3 -in_place -single", 2, seed)
    return found


def test_every_move_that_ends_the_game_is_kept_in_order() -> None:
    endings = wins = 0
    for state in ending_positions():
        moves = state.legal_moves()
        kept = state.moves_that_may_win(moves)
        assert is_subsequence(kept, moves)
        ending = [move for move in moves if ends_at_once(state, move)]
        assert set(ending) <= set(kept), (state.render(), ending, kept)
        endings += bool(ending)
        wins += any(wins_at_once(state, move) for move in ending)
    assert endings >= 20 and wins >= 10  # the positions that matter are there


def test_ordinary_positions_rule_every_move_out() -> None:
    """The filter is what spares the search its looks: in the golden game with -in_place
    (which ends) all but a handful of positions rule every move out, and at the start of
    every variant nothing is tried."""
    positions = golden_positions("in_place")
    kept = [len(state.moves_that_may_win(state.legal_moves())) for state in positions]
    assert sum(1 for count in kept if count) <= 5
    assert sum(kept) <= 10
    for options in ("", "-in_place", "-easy_free", "-single -in_place"):
        for players in (2, 3, 4):
            state = new(options, players)
            assert state.legal_moves() and state.moves_that_may_win(state.legal_moves()) == []


def test_paired_empties_are_the_empty_cells_with_an_empty_neighbour() -> None:
    for ply, state in enumerate(random_positions("-size=5 -in_place", 2, 0, longest=60)):
        board, bits, shift = state.board, state._bits, state._shift
        empty = {cell for cell, name in enumerate(board.names) if state.height(name) == 0}
        paired = {cell for cell in empty if empty & set(board.neighbours[cell])}
        assert paired_empties(sum(bits[cell] for cell in empty), shift) == sum(
            bits[cell] for cell in paired), (ply, state.render())
