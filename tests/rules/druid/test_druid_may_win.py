"""Druid's `moves_that_may_win` is exact: of a position's board moves it keeps those that
win at once and no other (the search then tries only those), in every connection family,
with two and three players, and in Druid's Walk (steps onto the Druid's target side)."""

from __future__ import annotations

import pytest

from megalith.rules import registry
from megalith.rules.protocol import PASS, SWAP
from tests.rules.ai.test_moves_that_may_win import positions, wins_at_once


@pytest.mark.parametrize("options, players", [
    ("", 2), ("-size=6", 2), ("-hex", 2), ("-hex", 3), ("-y", 2), ("-y -size=8", 2),
    ("-size=6 -nostack", 2), ("-hex -nogaps", 2), ("-walk", 2), ("-walk -size=5", 2),
    ("-hex -walk", 3), ("-walk -size=3", 2)])
def test_the_kept_board_moves_are_exactly_the_winning_ones(options: str, players: int) -> None:
    wins = 0
    for state in positions("druid", options, players):
        moves = state.legal_moves()
        kept = [m for m in state.moves_that_may_win(moves) if m not in (PASS, SWAP)]
        winning = [m for m in moves if wins_at_once(state, m)]
        assert kept == winning, (state.render(), kept, winning)
        wins += bool(winning)
    # The games' ends have wins in one to keep (random Walk games seldom end in time).
    assert wins >= (1 if "-walk" in options else 4)


def test_the_opening_keeps_no_move() -> None:
    for options in ("", "-walk"):
        opening = registry.new_game("druid", options, 2)
        moves = opening.legal_moves()
        assert opening.moves_that_may_win(moves) == [m for m in moves if m in (PASS, SWAP)]


def test_a_walk_step_onto_the_target_side_is_kept_and_no_other_move() -> None:
    """V's Druid stands on e9 (it appeared on the bottom row, so its target is the top):
    the steps onto e10, d10 or f10 (alone or after a placement) are kept, nothing else."""
    state = registry.new_game("druid", "-walk", 2)
    for move in "e1 a6 e10 b6,b6 e9 d9 e2,e2 c6,c6 e3,e3 f9 e4,e4 h3 e5,e5 b2 e6,e6 g8 " \
                "e7,e7 i5 e8,e8 c7,c7 e9,e9 a1".split():
        state.play(move)
    moves = state.legal_moves()
    kept = [m for m in state.moves_that_may_win(moves) if m not in (PASS, SWAP)]
    assert kept and all(m == "n" or m.endswith(",e10") for m in kept), kept
    assert kept == [m for m in moves if wins_at_once(state, m)]
