"""What a playout cut short is worth: the games' `playout_scores`."""

from __future__ import annotations

import pytest

from rules import registry
from rules.ai.values import cut_off_values


def test_druids_walk_scores_the_steps_each_druid_has_left() -> None:
    state = registry.new_game("druid", "-walk -size=6")
    # a 6x6 board is 5 steps across; a Druid not yet on the board counts one step more
    assert state.playout_scores() == {"V": -6.0, "H": -6.0}
    state.play("c1")  # V's first stone on the bottom row: its Druid appears, aiming at the top
    scores = state.playout_scores()
    assert scores is not None and scores["V"] == -5.0 and scores["H"] < -5.0
    values = cut_off_values(state, state.outcome())
    assert values[0] > values[1]


@pytest.mark.parametrize(("game", "parameters"), [("druid", ""), ("quady", "-size=5")])
def test_games_without_a_measure_say_none_or_their_points(game: str, parameters: str) -> None:
    state = registry.new_game(game, parameters)
    expected = None if game == "druid" else {"X": 0.0, "O": 0.0}
    assert state.playout_scores() == expected


def test_drogo_scores_are_its_heights() -> None:
    state = registry.new_game("drogo", "-size=4")
    state.play("b2")
    assert state.playout_scores() == {"X": 1.0, "O": 0.0}
