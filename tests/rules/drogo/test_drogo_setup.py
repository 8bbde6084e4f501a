"""A Drogo position set up by hand (rules/drogo/setup.py): stacks of any colours, play from
them (captures, scores, pairs), and every refusal in words."""

from __future__ import annotations

import pytest

from megalith.rules import registry
from megalith.rules.drogo.game import DrogoState
from megalith.rules.protocol import MoveError, Piece, Setup, SetupError


def cube(side: str, cell: str, level: int = 1) -> Piece:
    return Piece("cube", side, cell, level)


def set_up(options: str, to_move: str, *pieces: Piece, swap: bool = False,
           players: int | None = None) -> DrogoState:
    state = registry.get("drogo").set_up(options, players, Setup(to_move, swap, pieces))
    assert isinstance(state, DrogoState)
    return state


def test_stacks_of_mixed_colours_and_their_scores() -> None:
    state = set_up("", "O", cube("X", "c3"), cube("O", "c3", 2), cube("X", "d3"),
                   cube("O", "b3"))
    assert state.outcome().scores == {"X": 1, "O": 3}
    assert [(s.cells, s.level, s.owner) for s in state.stones()] == [
        (("b3",), 1, "O"), (("c3",), 1, "X"), (("c3",), 2, "O"), (("d3",), 1, "X")]
    assert state.to_move == "O" and "a1,a2" in state.legal_moves()  # pairs: not the opening


def test_a_capture_from_the_setup() -> None:
    state = set_up("-size=4", "O", cube("X", "a1"), cube("O", "b1"))
    state.play("a2")
    assert state.render().splitlines()[4].startswith("1 . o")  # X's a1 was taken
    assert state.outcome().scores == {"X": 0, "O": 2}


def test_the_open_swap_and_the_turn() -> None:
    state = set_up("", "O", cube("X", "c3"), swap=True)
    assert "swap" in state.legal_moves()
    state.play("swap")
    assert state.swapped and state.to_move == "O"
    closed = set_up("", "X", cube("X", "c3"))
    assert "swap" not in closed.legal_moves()
    with pytest.raises(MoveError, match="the swap was closed in this set-up position"):
        closed.play("swap")


def test_four_players_from_the_third() -> None:
    state = set_up("", "Y", cube("X", "a1"), players=4)
    assert [state.to_move, state.play("b2") and state.to_move] == ["Y", "Z"]


def test_setup_of_gives_back_the_position() -> None:
    state = set_up("", "X", cube("X", "c3"), cube("O", "c3", 2), cube("O", "d4"))
    again = registry.get("drogo").set_up("", None, state.setup_of())
    assert isinstance(again, DrogoState)
    assert again.render() == state.render() and again.stones() == state.stones()


@pytest.mark.parametrize("options, pieces, reason", [
    ("", (cube("X", "a1"), cube("O", "a2"), cube("O", "b1")),
     "X's group at a1 has no freedom: after every move each group keeps one"),
    ("-easy_free", (cube("X", "a1"), cube("O", "a2"), cube("O", "b1")),
     "X's group at a1 has no freedom: after every move each group keeps one"),
    ("", (cube("X", "a1", 2),), "the cube at a1 level 2 rests on nothing at level 1"),
    ("-size=3", (cube("X", "a1", 4),), "the X cube at a1 is at level 4: stacks on this board "
                                        "are at most 3 high"),
    ("", (cube("X", "a1"), cube("O", "a1")), "two cubes at a1 level 1"),
    ("", (cube("X", "z9"),), "the X cube at z9 is off the board"),
    ("", (Piece("sarsen", "X", "a1"),), "Drogo has no sarsen pieces: its pieces are cubes"),
    ("", (cube("Y", "a1"),), "Y is not a side of this game (its sides: X, O)"),
])
def test_refusals_in_words(options: str, pieces: tuple[Piece, ...], reason: str) -> None:
    with pytest.raises(SetupError) as caught:
        set_up(options, "X", *pieces)
    assert str(caught.value) == reason


def test_a_board_where_nobody_can_move_is_refused() -> None:
    """X's full ring round b2: X's piece there has no freedom; O's would capture the ring in
    place and have none either."""
    pieces = [cube("X", cell) for cell in ("a1", "a2", "a3", "b1", "b3", "c1", "c2", "c3")]
    pieces += [cube("X", cell, level) for cell in ("a1", "a2", "a3", "b1", "b3", "c1", "c2",
                                                   "c3") for level in (2, 3)]
    with pytest.raises(SetupError, match="^the game would already be over: no player can move"):
        set_up("-size=3 -in_place", "X", *pieces)
