"""megalith.rules.events: what a move did, read from the positions before and after it."""

from __future__ import annotations

import pytest

from megalith.rules import registry
from megalith.rules.drogo.game import DrogoState
from megalith.rules.events import CAPTURE, FIGURE, PASSED, RESULT, SUBGAME, Event, ply_events
from megalith.rules.protocol import GameState


def after(game: str, params: str, moves: list[str], players: int = 2
          ) -> tuple[GameState, GameState, str]:
    """The positions before and after the last of `moves`, and its canonical text."""
    state = registry.get(game).new(params, players)
    for move in moves[:-1]:
        state.play(move)
    before = state.copy()
    return before, state, state.play(moves[-1])


@pytest.mark.parametrize("params", ["", "-in_place"])
def test_a_drogo_capture_counts_the_stones_taken(params) -> None:
    before, state, move = after("drogo", params, ["a1", "a2", "f6", "b1"])
    assert ply_events(before, state, move) == [Event(CAPTURE, "O", count=1)]


def test_a_capture_of_a_stack_counts_every_stone_in_it() -> None:
    before, state, move = after("drogo", "", ["a1", "a2", "a1,a1", "f6", "f5", "b1"])
    assert isinstance(before, DrogoState) and before.height("a1") == 3
    assert ply_events(before, state, move) == [Event(CAPTURE, "O", count=3)]


def test_a_plain_move_says_nothing() -> None:
    assert ply_events(*after("drogo", "", ["a1", "c3,c4"])) == []
    assert ply_events(*after("druid", "-size=6", ["a1", "c3"])) == []


def test_druids_entering_the_walk() -> None:
    before, state, move = after("druid", "-size=8 -walk", ["d1"])
    assert ply_events(before, state, move) == [Event(FIGURE, "V", name="d1", figure="Druid")]
    before, state, move = after("druid", "-size=8 -walk", ["d1", "a5", "d2"])
    assert ply_events(before, state, move) == []  # V's Druid is on the board already


def test_quadrant_y_sub_games_and_the_result() -> None:
    before, state, move = after("quady", "-size=5", ["a3", "a5", "b3", "b5", "c3"])
    events = ply_events(before, state, move)
    assert {(e.kind, e.side, e.name) for e in events} == {(SUBGAME, "X", "top"),
                                                          (SUBGAME, "X", "centre")}
    moves = ["a3", "e5", "b3", "d5", "c3", "d4", "a4", "c4", "a5"]
    events = ply_events(*after("quady", "-size=5", moves))
    assert events[-1] == Event(RESULT, "X") and events[0].kind == SUBGAME


def test_a_pass_and_a_resignation() -> None:
    assert ply_events(*after("druid", "-size=5", ["c3", "--"])) == [Event(PASSED, "H")]
    assert ply_events(*after("druid", "-size=5", ["c3", "Resign"])) == [Event(RESULT, "V")]
