"""The full-width check on hand-made positions of the toy row game (three in a row wins,
tests/rules/toy_game.py), where the answers can be worked out by hand, and against a plain
minimax without any ordering or pruning on every position of some random games."""

from __future__ import annotations

import random

import pytest

from megalith.rules import registry
from megalith.rules.protocol import SWAP, GameState
from megalith.rules.puzzles.verify import Budget, TooLong, solve, winning_moves

pytestmark = pytest.mark.usefixtures("toy")


def toy(moves: str, size: int = 9) -> GameState:
    state = registry.new_game("toy", f"-size={size}")
    for move in moves.split():
        state.play(move)
    return state


def test_a_win_in_one_is_found_with_its_only_move() -> None:
    # X a1 b1, O e1 i1: X to move; c1 makes three in a row, nothing else wins at once
    verdict = solve(toy("a1 e1 b1 i1"))
    assert verdict.depth == 1
    assert verdict.winning_moves == ("c1",)


def test_a_win_in_three_lists_exactly_the_moves_that_make_two_threats() -> None:
    # X d1, O a1: c1 (threats b1 and e1) and e1 (c1 and f1) make two threats O cannot
    # both block; b1 and f1 make one, which O blocks; no move wins at once
    state = toy("d1 a1")
    verdict = solve(state)
    assert verdict.depth == 3
    assert verdict.winning_moves == ("c1", "e1")
    assert winning_moves(state, 1) == ()


def test_a_position_without_a_win() -> None:
    # a row of three: X needs all of it, and O takes a cell first
    assert solve(toy("", size=3)).depth is None


def test_the_side_that_moves_second_can_be_the_one_asked() -> None:
    # O a1 b1 ... with O to move: the check is for whoever is to move
    state = toy("e1 a1 g1 b1 i1")
    assert state.to_move == "O"
    assert solve(state).winning_moves == ("c1",)


def test_the_budget_stops_a_check_and_decides_nothing() -> None:
    with pytest.raises(TooLong):
        solve(toy("", size=9), budget=Budget(50))


def minimax(state: GameState, side: str, plies: int) -> bool:
    """Whether `side` forces a win within `plies` plies: every move, every reply, nothing
    ordered or skipped."""
    if state.to_move is None:
        outcome = state.outcome()
        return outcome.status == "win" and outcome.winner == side
    if plies == 0:
        return False
    results = []
    for move in state.legal_moves():
        if move == SWAP:
            continue
        child = state.copy()
        child.play(move)
        results.append(minimax(child, side, plies - 1))
    return any(results) if state.to_move == side else all(results)


def test_the_check_agrees_with_plain_minimax_on_every_position_of_random_games() -> None:
    rng = random.Random(7)
    compared = 0
    for _ in range(6):
        state = toy("", size=7)
        while state.to_move is not None:
            if state.ply >= 2:
                side = state.to_move
                verdict = solve(state)
                quickest = next((d for d in (1, 3, 5) if minimax(state, side, d)), None)
                assert verdict.depth == quickest, state.moves
                if quickest is not None:
                    expected = []
                    for move in state.legal_moves():
                        child = state.copy()
                        child.play(move)
                        if minimax(child, side, quickest - 1):
                            expected.append(move)
                    assert verdict.winning_moves == tuple(expected), state.moves
                compared += 1
            moves = [m for m in state.legal_moves() if m not in (SWAP, "--")]
            state.play(rng.choice(moves) if moves else "--")
    assert compared > 10
