"""A Quadrant Y position set up by hand (the game's `_place_setup`): the games of Y its stones
have decided, play from it, and every refusal in words."""

from __future__ import annotations

import pytest

from megalith.rules import registry
from megalith.rules.protocol import GameState, Piece, Setup, SetupError
from megalith.rules.quady.game import QuadYState


def stones(side: str, *cells: str) -> tuple[Piece, ...]:
    return tuple(Piece("stone", side, cell) for cell in cells)


def set_up(to_move: str, *pieces: Piece, swap: bool = False) -> QuadYState:
    state = registry.get("quady").set_up("-size=5", None, Setup(to_move, swap, pieces))
    assert isinstance(state, QuadYState)
    return state


def winners(state: GameState) -> dict[str, str | None]:
    subgames = state.outcome().subgames
    assert subgames is not None
    return {game.name: game.winner for game in subgames}


def test_the_games_the_stones_decide_count_from_the_setup() -> None:
    state = set_up("O", *stones("X", "a1", "a2", "b2", "a3"), *stones("O", "c3"))
    assert winners(state)["top"] == "X" and state.outcome().scores == {"X": 1, "O": 0}
    assert state.to_move == "O" and state.stone("c3") == "O"
    state.play("a4")
    assert state.to_move == "X" and state.stone("a4") == "O"
    assert state.setup_of().pieces == stones("X", "a1", "a2", "b2", "a3") + stones("O", "c3",
                                                                                     "a4")


def test_a_game_completed_from_the_setup() -> None:
    state = set_up("X", *stones("X", "a1", "a2", "a3"))
    state.play("b2")
    assert winners(state)["top"] == "X"


def test_a_side_with_three_games_is_refused() -> None:
    whole = stones("X", *(f"a{row}" for row in range(1, 6)), "b5", "c5", "d5", "e5")
    with pytest.raises(SetupError, match="^the game would already be over: X won"):
        set_up("O", *whole)


@pytest.mark.parametrize("pieces, reason", [
    (stones("X", "z9"), "the X stone at z9 is off the board"),
    (stones("X", "a1") + stones("O", "a1"), "two stones on a1"),
    ((Piece("stone", "X", "a1", 2),), "the X stone at a1 is at level 2: stones lie on the board"),
    ((Piece("cube", "X", "a1"),), "Quadrant Y has no cube pieces: its pieces are stones"),
    (stones("V", "a1"), "V is not a side of this game (its sides: X, O)"),
])
def test_refusals_in_words(pieces: tuple[Piece, ...], reason: str) -> None:
    with pytest.raises(SetupError) as caught:
        set_up("X", *pieces)
    assert str(caught.value) == reason
