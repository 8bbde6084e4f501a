"""The move builder turns clicks into move text from the legal moves alone (no screen)."""

from __future__ import annotations

from typing import TypeVar

import pytest

from megalith.desktop.views.move_builder import Action, MoveBuilder, Pending
from megalith.rules import registry
from megalith.rules.drogo.game import DrogoState
from megalith.rules.druid.game import DruidState
from megalith.rules.protocol import GameState
from tests.desktop.app_support import position_as

S = TypeVar("S", bound=GameState)


def play_all(state: S, moves: list[str]) -> S:
    for move in moves:
        state.play(move)
    return state


def builder_for(state: GameState, repeat_completes: bool = True) -> MoveBuilder:
    return MoveBuilder(state.legal_moves(), state.move_cells, state.move_kind, repeat_completes)


def druid(params: str = "-size=5", moves: tuple[str, ...] = ()) -> DruidState:
    return play_all(position_as(registry.get("druid").new(params, 2), DruidState), list(moves))


def drogo(params: str = "", moves: tuple[str, ...] = ()) -> DrogoState:
    return play_all(position_as(registry.get("drogo").new(params, 2), DrogoState), list(moves))


def pending(of: Action | MoveBuilder) -> Pending:
    """The half-built move a click started (or the builder holds)."""
    assert of.pending is not None, "no move is half-built"
    return of.pending


def test_plain_click_plays_a_sarsen_at_once() -> None:
    builder = builder_for(druid())
    action = builder.click("c3")
    assert (action.kind, action.move) == ("play", "c3")
    assert builder.pending is None


def test_click_where_nothing_can_go_is_refused_with_a_candidate_for_the_engine() -> None:
    state = druid(moves=("c3",))  # H to move: c3 is topped by V
    action = builder_for(state).click("c3")
    assert action.kind == "refuse" and action.candidate == "c3"
    with pytest.raises(Exception) as error:
        state.copy().play(action.candidate)
    assert "sarsens go on the ground or on your own stones" in str(error.value)


LINTEL_READY = ("b2", "--", "b4", "--")  # V has sarsens on b2 and b4, V to move


@pytest.mark.parametrize("first,second", [("b2", "b4"), ("b4", "b2")])
def test_lintel_by_its_two_ends_in_either_order(first: str, second: str) -> None:
    builder = builder_for(druid(moves=LINTEL_READY))
    start = builder.click(first, lintel=True)
    assert start.kind == "pending" and pending(builder).mode == "lintel"
    assert second in pending(builder).targets
    action = builder.click(second, lintel=True)
    assert (action.kind, action.move) == ("play", "b2-b4")


def test_lintel_mode_toggle_works_without_shift() -> None:
    builder = builder_for(druid(moves=LINTEL_READY))
    builder.lintel_mode = True
    assert builder.click("b2").kind == "pending"
    assert builder.click("b4").move == "b2-b4"


def test_lintel_refusals_and_cancel() -> None:
    builder = builder_for(druid(moves=LINTEL_READY))
    refused = builder.click("e5", lintel=True)
    assert refused.kind == "refuse" and "no lintel" in refused.message
    builder.click("b2", lintel=True)
    wrong = builder.click("d2", lintel=True)
    assert wrong.kind == "refuse" and wrong.candidate == "b2-d2"
    assert builder.pending is not None  # the first end stays chosen
    assert builder.click("b2", lintel=True).kind == "cancel"
    assert builder.pending is None
    builder.click("b4", lintel=True)
    assert builder.cancel().kind == "cancel" and builder.pending is None


WALK = ("c1", "--", "c2", "--")  # V's Druid appeared on c1, V has c2 too; V to move


def test_walk_click_on_the_druid_then_a_highlighted_cell_steps() -> None:
    state = druid("-size=5 -walk", WALK)
    assert state.druids == {"V": "c1"}
    builder = builder_for(state, repeat_completes=False)
    start = builder.click("c1")
    assert start.kind == "pending" and pending(start).mode == "step"
    assert set(pending(start).targets) == {"c2"}
    assert builder.click("c2").move == "n"


def test_walk_placement_is_held_then_step_too_or_alone() -> None:
    state = druid("-size=5 -walk", WALK)
    builder = builder_for(state, repeat_completes=False)
    held = builder.click("a3")
    assert held.kind == "pending" and pending(held).mode == "hold"
    assert pending(held).single == "a3" and pending(held).targets == {"c2": "a3,c2"}
    assert builder.click("c2").move == "a3,c2"
    builder.click("a3")
    assert builder.click("a3").move == "a3"  # the ghost again: the placement alone
    builder.click("a3")
    assert builder.confirm().move == "a3"  # Enter
    builder.click("a3")
    assert builder.cancel().kind == "cancel"  # Esc
    assert builder.pending is None


def test_walk_shift_click_on_the_ghost_steps_onto_the_new_stone() -> None:
    state = druid("-size=5 -walk", WALK)
    builder = builder_for(state, repeat_completes=False)
    builder.click("b1")
    assert builder.click("b1").move == "b1"
    builder.click("b1")
    assert builder.click("b1", lintel=True).move == "b1,b1"


def test_walk_held_placement_refuses_other_cells_and_stays_held() -> None:
    builder = builder_for(druid("-size=5 -walk", WALK), repeat_completes=False)
    builder.click("a3")
    refused = builder.click("e5")
    assert refused.kind == "refuse" and refused.candidate == "a3,e5"
    assert builder.pending is not None and builder.pending.cell == "a3"


def test_drogo_opening_plays_one_piece_at_once() -> None:
    action = builder_for(drogo()).click("c3")
    assert (action.kind, action.move) == ("play", "c3")


def test_drogo_two_pieces_same_cell_neighbour_or_alone() -> None:
    state = drogo(moves=("c3",))
    builder = builder_for(state)
    held = builder.click("c4")
    assert held.kind == "pending" and pending(held).single == "c4"
    assert set(pending(held).targets) == {"b4", "c4", "c5", "d4"}
    assert builder.click("c4").move == "c4,c4"
    builder.click("c4")
    assert builder.click("d4").move == "c4,d4"
    builder.click("c4")
    assert builder.confirm().move == "c4"


def test_drogo_single_option_plays_at_once() -> None:
    action = builder_for(drogo("-single", ("c3",))).click("c4")
    assert (action.kind, action.move) == ("play", "c4")


def test_quady_click_plays_and_occupied_cell_is_refused() -> None:
    state = registry.get("quady").new("-size=5", 2)
    builder = builder_for(state)
    assert builder.click("c3").move == "c3"
    state.play("c3")
    refused = builder_for(state).click("c3")
    assert refused.kind == "refuse" and refused.candidate == "c3"


def test_pass_swap_and_resign_are_never_built_from_clicks() -> None:
    builder = MoveBuilder(["--", "swap", "c3"], lambda m: () if m in ("--", "swap") else (m,),
                          lambda m: "place")
    assert builder.singles == {"c3": "c3"}
    assert builder.confirm().kind == "none" and builder.cancel().kind == "none"


def test_the_last_move_is_marked_on_the_cells_read_before_it_when_they_are_given() -> None:
    from megalith.desktop.views.interaction import marked_cells

    before = druid("-size=5 -walk", ("c1", "a3", "c2", "b3"))  # both Druids on the board
    after = before.copy()
    after.play("n")  # V's Druid steps from c1 to c2
    assert after.druids == {"V": "c2", "H": "a3"}
    assert after.move_cells("n") == ("a3", "a4")  # the engine reads `n` for H now
    assert marked_cells(after, "n", before.move_cells("n")) == ("c1", "c2")
    assert marked_cells(after, "n", ()) == ()
    after.play("a1")
    assert marked_cells(after, "a1", None) == ("a1",)  # read on the position shown
    assert marked_cells(after, None, None) == ()


def test_the_sentences_name_the_engines_figure_and_no_game_elsewhere() -> None:
    from megalith.desktop.views.interaction import Interaction, describe_stack

    play = Interaction(describe_stack, repeat_completes=False)
    walk = druid("-size=5 -walk", WALK)
    play.set_position(walk, {}, walk.legal_moves())
    assert play.figure_name == "Druid"
    builder = play.builder
    assert builder is not None
    started = builder.click("c1")
    assert play.click_sentence(started).startswith("Druid on c1: choose where it steps")
    assert play.click_sentence(builder.decide("a1")) == \
        "the Druid on c1 can only step to a highlighted cell"
    assert builder.cancel().message == "the Druid's step from c1 cancelled"
    cubes = drogo(moves=("c3",))
    play.set_position(cubes, {}, cubes.legal_moves())
    assert play.figure_name == "figure"
    builder = play.builder
    assert builder is not None
    held = play.click_sentence(builder.click("d4"))
    assert held.startswith("d4 held: choose a highlighted cell") and "Druid" not in held
