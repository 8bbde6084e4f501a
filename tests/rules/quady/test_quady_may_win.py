"""Quadrant Y's `moves_that_may_win` is exact: of a position's board moves it keeps those that
win at once and no other; and `search_outcome` is `outcome` without the winning chains."""

from __future__ import annotations

from dataclasses import replace

import pytest

from megalith.rules import registry
from megalith.rules.protocol import SWAP
from tests.rules.ai.test_moves_that_may_win import positions, wins_at_once


@pytest.mark.parametrize("options", ["-size=5", "-size=7", "-size=9", ""])
def test_the_kept_board_moves_are_exactly_the_winning_ones(options: str) -> None:
    wins = 0
    for state in positions("quady", options, 2):
        moves = state.legal_moves()
        kept = [m for m in state.moves_that_may_win(moves) if m != SWAP]
        winning = [m for m in moves if wins_at_once(state, m)]
        assert kept == winning, (state.render(), kept, winning)
        wins += bool(winning)
    assert wins >= 4  # the games' ends have wins in one to keep


@pytest.mark.parametrize("options", ["-size=5", "-size=9"])
def test_the_search_outcome_is_the_outcome_without_its_chains(options: str) -> None:
    finished = 0
    for state in positions("quady", options, 2):
        for move in state.legal_moves():
            trial = state.copy()
            trial.play(move)
            assert trial.search_outcome() == replace(trial.outcome(), chain=())
            finished += trial.to_move is None
    assert finished >= 5  # positions at the games' ends, so some moves finish them
    resigned = registry.new_game("quady", "-size=5", 2)
    resigned.play("resign")
    assert resigned.search_outcome() == resigned.outcome()
