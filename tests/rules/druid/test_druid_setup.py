"""A Druid position set up by hand (rules/druid/setup.py): the stones and figures it holds,
play from it, and every refusal in words."""

from __future__ import annotations

import pytest

from megalith.rules import registry
from megalith.rules.druid.game import DruidState
from megalith.rules.protocol import Piece, Setup, SetupError


def sarsen(side: str, cell: str, level: int = 1) -> Piece:
    return Piece("sarsen", side, cell, level)


def lintel(side: str, ends: str, level: int) -> Piece:
    return Piece("lintel", side, ends, level)


def set_up(options: str, to_move: str, *pieces: Piece, swap: bool = False,
           players: int | None = None) -> DruidState:
    state = registry.get("druid").set_up(options, players, Setup(to_move, swap, pieces))
    assert isinstance(state, DruidState)
    return state


BRIDGE = (sarsen("V", "c3"), sarsen("V", "c5"), sarsen("H", "c4"), lintel("V", "c3-c5", 2))


def test_a_lintel_on_two_of_its_colour_and_one_other() -> None:
    state = set_up("-size=6", "H", *BRIDGE)
    assert [(s.cells, s.level, s.owner, s.kind) for s in state.stones()] == [
        (("c3",), 1, "V", "sarsen"), (("c5",), 1, "V", "sarsen"), (("c4",), 1, "H", "sarsen"),
        (("c3", "c4", "c5"), 2, "V", "lintel")]
    assert [state.height(c) for c in ("c3", "c4", "c5")] == [2, 2, 2]
    assert state.owner("c4") == "V" and state.to_move == "H"
    assert "c4" not in state.legal_moves() and "swap" not in state.legal_moves()
    with pytest.raises(Exception, match="topped by a V stone"):
        state.copy().play("c4")
    state.play("b4")
    assert state.to_move == "V" and "c4" in state.legal_moves()


def test_setup_of_gives_back_the_position() -> None:
    state = set_up("-size=6", "H", *BRIDGE, swap=True)
    again = registry.get("druid").set_up("-size=6", None, state.setup_of())
    assert isinstance(again, DruidState)
    assert again.render() == state.render() and again.stones() == state.stones()
    assert state.setup_of().swap_open and state.setup_of().to_move == "H"


def test_a_connection_completed_from_the_setup_wins() -> None:
    column = [sarsen("V", f"a{row}") for row in range(1, 6)]
    state = set_up("-size=6", "V", *column)
    assert state.to_move == "V"
    state.play("a6")
    outcome = state.outcome()
    assert (outcome.status, outcome.winner) == ("win", "V")
    assert outcome.reason == "V connected the bottom and top rows"


def test_a_connection_covered_since_is_not_a_win() -> None:
    """Stones go down level by level, so the connection under H's lintel is made on the way;
    the position as it stands has none."""
    column = [sarsen("V", f"b{row}") for row in range(1, 7)]
    cover = [sarsen("H", "a3"), sarsen("H", "c3"), lintel("H", "a3-c3", 2)]
    state = set_up("-size=6", "V", *column, *cover)
    assert state.outcome().status == "ongoing" and state.owner("b3") == "H"
    state.play("f1")
    assert state.outcome().status == "ongoing"


def test_a_position_already_won_is_refused() -> None:
    column = [sarsen("V", f"a{row}") for row in range(1, 7)]
    with pytest.raises(SetupError, match="^the game would already be over: V connected the "
                                         "bottom and top rows$"):
        set_up("-size=6", "H", *column)


@pytest.mark.parametrize("pieces, reason", [
    ((lintel("V", "c3-c5", 2),), "the V lintel at c3-c5 rests on nothing at level 1 (c3 is 0 "
                                 "high)"),
    ((sarsen("V", "c3"), sarsen("V", "c5"), lintel("V", "c3-c5", 3)),
     "the V lintel at c3-c5 rests on nothing at level 2 (c3 is 1 high)"),
    ((sarsen("V", "c3"), sarsen("H", "c4"), sarsen("H", "c5"), lintel("V", "c3-c5", 2)),
     "the V lintel at c3-c5 (level 2) cannot be there: a lintel must rest on exactly two of "
     "your stones: it would rest on 1 V stone (c3 V, c4 H, c5 H)"),
    ((sarsen("V", "c3"), sarsen("V", "c5"), sarsen("V", "c4"), sarsen("V", "c4", 2),
      lintel("V", "c3-c5", 2)),
     "the V lintel at c3-c5 at level 2 would go through the stone at level 2 on c4"),
    ((sarsen("V", "c3"), sarsen("H", "c3", 2)),
     "the H sarsen at c3 (level 2) cannot be there: c3 is topped by a V stone: sarsens go on "
     "the ground or on your own stones"),
    ((sarsen("V", "c3", 2),), "the V sarsen at c3 rests on nothing at level 1 (c3 is 0 high)"),
    ((sarsen("V", "c3"), sarsen("V", "c3")),
     "the V sarsen at c3 at level 1 would go through the stone at level 1 on c3"),
    ((sarsen("V", "z9"),), "the V sarsen at z9 is off the board"),
    ((lintel("V", "c3-c6", 2),), "the V lintel at c3-c6: c3 and c6 are not the ends of three "
                                 "cells in a straight line"),
    ((lintel("V", "c3", 2),), "the V lintel at c3: a lintel is written by its two ends, as "
                              "c3-c5"),
    ((Piece("cube", "V", "c3"),), "Druid has no cube pieces: its pieces are sarsens, lintels "
                                  "and, in Druid's Walk, Druid figures"),
    ((sarsen("X", "c3"),), "X is not a side of this game (its sides: V, H)"),
    ((sarsen("V", "c3"), Piece("druid", "V", "c3", target="top")),
     "the V Druid figure at c3: Druid figures are only for Druid's Walk"),
])
def test_refusals_in_words(pieces: tuple[Piece, ...], reason: str) -> None:
    with pytest.raises(SetupError) as caught:
        set_up("-size=6", "V", *pieces)
    assert str(caught.value).startswith(reason)


def test_nostack_and_nogaps_are_the_rules_of_the_setup_too() -> None:
    with pytest.raises(SetupError, match="with -nostack a sarsen may not go on a sarsen"):
        set_up("-size=6 -nostack", "V", sarsen("V", "c3"), sarsen("V", "c3", 2))
    with pytest.raises(SetupError, match="with -nogaps a lintel must rest on three stones"):
        set_up("-size=6 -nogaps", "V", sarsen("V", "c3"), sarsen("V", "c5"),
               lintel("V", "c3-c5", 2))
    gap = set_up("-size=6", "V", sarsen("V", "c3"), sarsen("V", "c5"), lintel("V", "c3-c5", 2))
    assert gap.height("c4") == 2


def druid(side: str, cell: str, target: str) -> Piece:
    return Piece("druid", side, cell, target=target)


def test_a_walk_figure_stands_and_steps_to_its_target() -> None:
    pieces = [sarsen("V", f"c{row}") for row in range(1, 6)] + [druid("V", "c5", "top")]
    state = set_up("-size=6 -walk", "V", *pieces, sarsen("H", "a2"), druid("H", "a2", "right"))
    assert state.druids == {"V": "c5", "H": "a2"}
    assert state.targets["V"] == tuple(f"{c}6" for c in "abcdef")
    assert state.setup_of().pieces[-2:] == (druid("V", "c5", "top"), druid("H", "a2", "right"))
    state.play("c6,c6")
    assert state.outcome().winner == "V"
    assert state.outcome().reason == "V's Druid reached its target side (the top row)"


@pytest.mark.parametrize("pieces, reason", [
    ((druid("V", "z9", "top"),), "the V Druid figure at z9 is off the board"),
    ((sarsen("H", "c3"), druid("V", "c3", "top")),
     "the V Druid figure at c3 must stand on a V stone: a Druid steps only onto its own colour"),
    ((sarsen("V", "c3"), druid("V", "c3", "left")),
     "the V Druid figure at c3 walks to one of its sides (bottom, top), not left"),
    ((sarsen("V", "c3"), sarsen("V", "c4"), druid("V", "c3", "top"), druid("V", "c4", "top")),
     "V has two Druid figures: a side has one"),
    ((sarsen("V", "c6"), druid("V", "c6", "top")),
     "the V Druid figure at c6 already stands on its target side, top: the game would be over"),
    ((sarsen("V", "c1"), sarsen("H", "b1"), sarsen("H", "d1"), lintel("H", "b1-d1", 2)),
     "V has a stone on one of its sides (c1) but no Druid figure"),
])
def test_walk_refusals_in_words(pieces: tuple[Piece, ...], reason: str) -> None:
    with pytest.raises(SetupError) as caught:
        set_up("-size=6 -walk", "V", *pieces)
    assert str(caught.value).startswith(reason)


def test_a_stone_on_a_side_brings_its_druid_as_the_rules_do() -> None:
    state = set_up("-size=6 -walk", "H", sarsen("V", "c2"), sarsen("V", "c1"),
                   sarsen("H", "a3"))
    assert state.druids == {"V": "c1", "H": "a3"}
    assert state.targets["V"][0] == "a6" and state.targets["H"][0] == "f1"


def test_a_figure_walks_by_default_to_its_farther_side() -> None:
    state = set_up("-size=6 -walk", "V")
    assert state.figure_target("V", "c2") == "top"
    assert state.figure_target("V", "c5") == "bottom"
    assert state.figure_target("H", "b3") == "right"
    placed = set_up("-size=6 -walk", "H", sarsen("V", "c1"), sarsen("V", "c2"),
                    Piece("druid", "V", "c2"))
    assert placed.targets["V"][0] == "a6"


def test_three_player_hex_from_a_setup() -> None:
    state = set_up("-hex", "O", sarsen("X", "c3"), sarsen("Y", "d4"), players=3)
    assert state.to_move == "O"
    state.play("e5")
    state.play("a1")
    assert state.to_move == "X" and state.owner("e5") == "O" and state.owner("a1") == "Y"


def test_druids_y_from_a_setup() -> None:
    column = [sarsen("X", cell) for cell in ("a1", "a2", "a3")]
    state = set_up("-y -size=4", "X", *column)
    state.play("a4")
    assert state.outcome().winner == "X"
    assert state.outcome().reason == "X connected all three sides"
    with pytest.raises(SetupError, match="^the game would already be over: X connected all "
                                         "three sides$"):
        set_up("-y -size=4", "O", *column, sarsen("X", "a4"))
