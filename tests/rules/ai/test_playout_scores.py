"""What a playout cut short is worth: the games' `playout_scores`."""

from __future__ import annotations

import pytest

from megalith.rules import registry
from megalith.rules.ai.values import cut_off_values


def test_druids_walk_scores_the_steps_each_druid_has_left() -> None:
    state = registry.new_game("druid", "-walk -size=6")
    # a 6x6 board is 5 steps across; a Druid not yet on the board counts one step more
    assert state.playout_scores() == {"V": -6.0, "H": -6.0}
    state.play("c1")  # V's first stone on the bottom row: its Druid appears, aiming at the top
    scores = state.playout_scores()
    assert scores is not None and scores["V"] == -5.0 and scores["H"] < -5.0
    values = cut_off_values(state, state.outcome())
    assert values[0] > values[1]


@pytest.mark.parametrize(("parameters", "players", "cost"), [
    ("-size=3", 2, 3),  # a column (or row) of three
    ("-y -size=3", 2, 3),  # a side of three cells; no two cells touch all three sides
    ("-hex -size=2", 3, 3),  # a corner, the centre, the opposite corner
    ("-hex -size=2", 2, 4),  # three alternate corners, joined through the centre
])
def test_druid_scores_an_empty_board_by_the_cells_each_connection_needs(
        parameters: str, players: int, cost: int) -> None:
    state = registry.new_game("druid", parameters, players)
    assert state.playout_scores() == {side: -float(cost) for side in state.turn_order}


def test_druid_counts_its_own_stones_free_and_a_stone_of_another_side_as_two() -> None:
    state = registry.new_game("druid", "-size=3")
    for move in ("b1", "b2", "b3"):  # V, H, V: V's column is blocked in the middle by H
        state.play(move)
    # V: b1 and b3 are free and b2 costs 2 (a lintel must bridge it), the a column costs 3;
    # H: a2 and c2 on either side of its own b2
    assert state.playout_scores() == {"V": -2.0, "H": -2.0}


def test_a_druid_playout_cut_short_favours_the_side_nearer_its_connection() -> None:
    state = registry.new_game("druid", "-size=3")
    for move in ("b1", "a2", "b2"):  # V needs b3 only; H needs b2's column bridged and c2
        state.play(move)
    assert state.playout_scores() == {"V": -1.0, "H": -3.0}
    values = cut_off_values(state, state.outcome())
    assert values[0] > 0.6 > 0.4 > values[1]


@pytest.mark.parametrize("game", ["dragons", "trichet"])
def test_games_without_a_measure_say_none(game: str) -> None:
    assert registry.new_game(game, "").playout_scores() is None


def test_quadrant_y_scores_are_its_points() -> None:
    assert registry.new_game("quady", "-size=5").playout_scores() == {"X": 0.0, "O": 0.0}


def test_drogo_scores_are_its_heights() -> None:
    state = registry.new_game("drogo", "-size=4")
    state.play("b2")
    assert state.playout_scores() == {"X": 1.0, "O": 0.0}
