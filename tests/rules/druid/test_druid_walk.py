"""Druid's Walk (-walk): the Druid's appearance, steps, placement-and-step turns, the ban on
stones over a Druid, and the win by reaching the target side."""

from __future__ import annotations

import pytest

from tests.rules.druid.test_druid import game, refused


def test_druid_appears_on_the_first_stone_on_an_own_side() -> None:
    state = game("-size=5 -walk", "c3 a3")  # V in the middle, H on its own left column
    assert state.druids == {"H": "a3"}
    assert state.targets == {"H": ("e1", "e2", "e3", "e4", "e5")}
    state.play("e1")  # the bottom row is V's side
    assert state.druids == {"H": "a3", "V": "e1"}
    assert state.targets["V"] == ("a5", "b5", "c5", "d5", "e5")


def test_stones_on_the_other_sides_bring_no_druid() -> None:
    state = game("-size=5 -walk", "a3 e3 c3")  # V on H's columns, H on the other one
    assert state.druids == {"H": "e3"}
    assert state.targets["H"] == ("a1", "a2", "a3", "a4", "a5")


def test_druid_appears_once_only() -> None:
    state = game("-size=5 -walk", "b1 c3 c5")
    assert state.druids == {"V": "b1"}
    assert state.targets["V"][0] == "a5"


def test_lintel_brings_the_druid_to_its_first_written_end_on_the_side() -> None:
    # V's first stone on its rows is the lintel c3-c5 (on V's c3, c4 and H's c5): only c5, its
    # second written end, lies on a V side.
    state = game("-size=5 -walk", "c3 c5 c4 b3 c3-c5")
    assert state.druids == {"V": "c5"}
    assert state.targets["V"] == ("a1", "b1", "c1", "d1", "e1")
    # X's lintel e1-g1 on Y's e1 and X's f1, g1 (S6 is not X's): e1, the first written end,
    # is on S1, X's side; the Druid will walk to S4.
    state = game("-hex -walk", "f1 c5 e1 g1 c4 c3 e1-g1", players=3)
    assert state.druids == {"X": "e1"}
    assert state.targets["X"] == ("e9", "f8", "g7", "h6", "i5")


def test_lintel_off_the_sides_brings_no_druid() -> None:
    state = game("-size=5 -walk", "b2 c2 d2 d4 b2-d2")
    assert state.druids == {}


def test_druid_steps_by_direction() -> None:
    state = game("-size=5 -walk", "c1 a3 c2 a4")
    assert state.play("N") == "n"
    assert state.druids["V"] == "c2"
    assert state.move_cells("n") == ("a3", "a4")  # H's Druid, H to move


def test_move_cells_of_a_step_and_of_a_placement_with_a_step() -> None:
    state = game("-size=5 -walk", "c1 a3 c2 a4")
    assert state.move_cells("n") == ("c1", "c2")
    assert state.move_cells("d1,d1") == ("d1", "d1")
    assert state.move_cells("b1-d1,c2") == ("b1", "d1", "c2")


def test_step_refusals() -> None:
    state = game("-size=5 -walk", "c3")
    state.play("e3")  # H's Druid at e3; V has none
    assert refused(state, "n") == "V has no Druid on the board yet"
    state = game("-size=5 -walk", "c1 b1 c2 d1")
    assert refused(state, "e") == ("d1 is topped by an H stone: a Druid steps only onto stones "
                                   "of its own colour")
    assert refused(state, "s") == "there is no cell s of c1"
    state = game("-size=5 -walk", "c1 a3")
    assert refused(state, "n") == ("c2 is bare ground: a Druid steps only onto stones of its own "
                                   "colour")
    assert refused(state, "ne") == "'ne' is not a Druid move: write a cell for a sarsen (c3), " \
        "two cells for a lintel (b2-b4), a direction for a Druid step in Druid's Walk, or a " \
        "placement and a cell (c3,a4)"


def test_placement_then_step() -> None:
    state = game("-size=5 -walk", "c1 a3")
    assert state.play("C2, c2") == "c2,c2"  # place next to the Druid and step onto it
    assert state.druids["V"] == "c2" and state.height("c2") == 1
    state.play("b3")
    assert state.play("c3,c3") == "c3,c3"
    assert state.druids["V"] == "c3"
    assert state.moves == ["c1", "a3", "c2,c2", "b3", "c3,c3"]


def test_placement_then_step_refusals_change_nothing() -> None:
    state = game("-size=5 -walk", "c1 b3")
    assert refused(state, "d3,d3") == ("a Druid steps to a neighbouring cell: d3 is not next to "
                                       "c1")
    assert refused(state, "d3,c2") == ("c2 is bare ground: a Druid steps only onto stones of "
                                       "its own colour")
    assert refused(state, "b3,c2") == ("b3 is topped by an H stone: sarsens go on the ground or "
                                       "on your own stones")
    state = game("-size=5 -walk", "c3 a3")
    assert refused(state, "d3,c4") == "V has no Druid on the board to move"


def test_the_druid_that_appears_may_step_at_once() -> None:
    state = game("-size=5 -walk", "c2 a3")
    assert state.play("c1,c2") == "c1,c2"
    assert state.druids["V"] == "c2"


def test_no_stone_on_a_druid() -> None:
    state = game("-size=5 -walk", "c1 a3 d1 a2")
    assert refused(state, "c1") == "no stone may be placed on a Druid (c1 carries one)"
    state.play("e1")
    assert refused(state, "a3") == "no stone may be placed on a Druid (a3 carries one)"
    # A lintel whose end is the Druid's cell.
    state = game("-size=5 -walk", "c1 d1 e1 a2")
    assert refused(state, "c1-e1") == "no stone may be placed on a Druid (c1 carries one)"


def test_no_lintel_over_a_druid_standing_in_the_gap() -> None:
    # V's Druid on c1 (height 1); ends b1 and d1 raised to 2: the lintel would pass over it.
    state = game("-size=5 -walk", "c1 a3 b1 a4 b1 a5 d1 b5 d1 c5")
    assert state.height("b1") == 2 and state.height("c1") == 1
    assert refused(state, "b1-d1") == "no stone may be placed on a Druid (c1 carries one)"


def test_reaching_the_target_side_wins() -> None:
    state = game("-size=3 -walk", "b1 a2 b2 c2")
    assert state.druids == {"V": "b1", "H": "a2"}
    state.play("b3")  # V connects b1-b2-b3: no win in Druid's Walk
    assert not state.outcome().over
    state.play("c1")
    state.play("n")
    state.play("c3")
    state.play("n")
    outcome = state.outcome()
    assert (outcome.status, outcome.winner) == ("win", "V")
    assert outcome.reason == "V's Druid reached its target side (the top row)"
    assert outcome.chain == ("b3",)


def test_placement_and_step_can_win() -> None:
    state = game("-size=3 -walk", "b1 a2 b2 c2 n c1")
    assert state.play("b3,b3") == "b3,b3"
    assert state.outcome().winner == "V"


def test_walk_move_list_counted_by_hand() -> None:
    # V's Druid on a1, H on b2: 7 bare cells to place on (a1 carries the Druid, b2 is H's),
    # no step (a2 and b1 are bare), placements with a step a2,a2 and b1,b1, and the pass.
    state = game("-size=3 -walk", "a1 b2")
    moves = state.legal_moves()
    assert len(moves) == 10
    assert {"a2,a2", "b1,b1", "--"} <= set(moves)


def test_three_player_walk_sides() -> None:
    state = game("-hex -walk", "e1 e9 a3", players=3)
    # e1 touches S1 and S6: X owns S1 (target S4); e9 touches S3 and S4: O owns S3 (target
    # S6); a3 on S2 is Y's (target S5).
    assert state.druids == {"X": "e1", "O": "e9", "Y": "a3"}
    assert state.targets["X"] == ("e9", "f8", "g7", "h6", "i5")
    assert state.targets["O"] == ("e1", "f1", "g1", "h1", "i1")
    assert state.targets["Y"] == ("i1", "i2", "i3", "i4", "i5")
    state.play("e2")
    state.play("d5")
    state.play("b3")
    assert state.play("N") == "n" and state.druids["X"] == "e2"


@pytest.mark.parametrize("direction, result", [
    ("n", "e2"), ("ne", "f1"), ("se", "there is no cell se of e1"),
    ("nw", "d1 is bare ground: a Druid steps only onto stones of its own colour"),
])
def test_hex_steps(direction: str, result: str) -> None:
    state = game("-hex -walk", "e1 a5 i3 e2 c3 d3 f1 c4 d4", players=3)
    assert state.druids["X"] == "e1"
    if len(result) == 2:
        assert state.play(direction) == direction and state.druids["X"] == result
    else:
        assert refused(state, direction) == result


def test_render_marks_the_druid_in_upper_case() -> None:
    state = game("-size=3 -walk", "b1 a2")
    assert state.render() == "\n".join([
        "  A B C         A B C",
        "3 . . . 3     3 . . . 3",
        "2 H . . 2     2 1 . . 2",
        "1 . V . 1     1 . 1 . 1",
        "  A B C         A B C",
    ])


def test_the_druids_are_the_figures_and_moves_say_how_they_are_pointed_at() -> None:
    from megalith.rules.contracts import FigurePosition, MarkedSarsenPosition

    state = game("-size=5 -walk", "c3 a3")
    assert isinstance(state, FigurePosition) and isinstance(state, MarkedSarsenPosition)
    assert state.figure_name == "Druid" and state.figures == {"H": "a3"}
    state.play("c1")  # V's Druid enters on its own side; H to move
    assert {move: state.move_kind(move) for move in ("b2", "b2-b4", "b2,a4", "e", "pass")} \
        == {"b2": "place", "b2-b4": "lintel", "b2,a4": "place_and_step", "e": "step",
            "pass": ""}
