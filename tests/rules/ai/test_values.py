"""Results credited to people: seats, swapped colours, draws, resignations, cut-off scores."""

from __future__ import annotations

import pytest

from megalith.rules import registry
from megalith.rules.ai.values import cut_off_values, final_values, person_of_side, person_to_move
from megalith.rules.protocol import Outcome


def test_a_swap_hands_each_colour_to_the_other_person() -> None:
    state = registry.new_game("quady", "-size=5")
    state.play("c3")
    assert person_to_move(state) == 1 and person_of_side(state, "X") == 0
    state.play("swap")
    assert state.to_move == "O"
    assert person_to_move(state) == 0  # the opener now holds O and moves again
    assert person_of_side(state, "X") == 1
    assert final_values(state, Outcome("win", "X")) == (0.0, 1.0)
    assert final_values(state, Outcome("win", "O")) == (1.0, 0.0)


def test_four_players_are_credited_by_seat() -> None:
    state = registry.new_game("drogo", "-size=4", 4)
    assert final_values(state, Outcome("win", "Y")) == (0.0, 0.0, 1.0, 0.0)
    assert final_values(state, Outcome("draw")) == (0.25, 0.25, 0.25, 0.25)
    state.play("a1")
    state.play("Resign")  # O resigns: a draw is shared by the three still playing
    assert final_values(state, Outcome("draw")) == pytest.approx((1 / 3, 0.0, 1 / 3, 1 / 3))


def test_a_cut_off_playout_is_valued_by_the_scores() -> None:
    state = registry.new_game("drogo", "-size=4", 3)
    lead = cut_off_values(state, Outcome(scores={"X": 2, "O": 12, "Y": 2}))
    assert lead[1] > 0.9 and lead[0] == pytest.approx(lead[2]) and sum(lead) == pytest.approx(1)
    even = cut_off_values(state, Outcome(scores={"X": 5, "O": 5, "Y": 5}))
    assert even == pytest.approx((1 / 3, 1 / 3, 1 / 3))
    plain = registry.new_game("druid", "-size=4")
    assert cut_off_values(plain, Outcome()) == (0.5, 0.5)


def test_cut_off_scores_follow_the_people_after_a_swap() -> None:
    state = registry.new_game("drogo", "-size=4", 2)
    state.play("b2")
    state.play("swap")
    values = cut_off_values(state, Outcome(scores={"X": 20, "O": 0}))
    assert values[1] > 0.99  # X's lead belongs to the person who swapped
