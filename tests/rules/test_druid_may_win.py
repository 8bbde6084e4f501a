"""Druid's `moves_that_may_win` outside the Walk is exact: of a position's board moves it
keeps those that connect the mover's sides at once and no other (the search then tries only
those), in every connection family, with two and three players; the Walk keeps every move."""

from __future__ import annotations

import pytest

from megalith.rules import registry
from megalith.rules.protocol import PASS, SWAP
from tests.rules.ai.test_moves_that_may_win import positions, wins_at_once


@pytest.mark.parametrize("options, players", [
    ("", 2), ("-size=6", 2), ("-hex", 2), ("-hex", 3), ("-y", 2), ("-y -size=8", 2),
    ("-size=6 -nostack", 2), ("-hex -nogaps", 2)])
def test_the_kept_board_moves_are_exactly_the_winning_ones(options: str, players: int) -> None:
    wins = 0
    for state in positions("druid", options, players):
        moves = state.legal_moves()
        kept = [m for m in state.moves_that_may_win(moves) if m not in (PASS, SWAP)]
        winning = [m for m in moves if wins_at_once(state, m)]
        assert kept == winning, (state.render(), kept, winning)
        wins += bool(winning)
    assert wins >= 4  # the games' ends have wins in one to keep


def test_the_opening_keeps_no_move_and_the_walk_keeps_every_move() -> None:
    opening = registry.new_game("druid", "", 2)
    moves = opening.legal_moves()
    assert opening.moves_that_may_win(moves) == [m for m in moves if m in (PASS, SWAP)]
    walk = registry.new_game("druid", "-walk", 2)
    assert walk.moves_that_may_win(walk.legal_moves()) == walk.legal_moves()
