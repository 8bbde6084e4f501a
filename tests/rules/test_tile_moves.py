"""What the tile games share: a move is one orientation letter and a place number, so a text
of several letters (`ab1`, `AB1`, `abcdef9`) is refused with a reason in every position. In
Trichet every letter of `ab1` is a tile letter, and a test of the letter as a substring of
"abcdef" once let it through to a KeyError (issue 26)."""

from __future__ import annotations

import random

import pytest

from megalith.rules import registry
from megalith.rules.protocol import GameState, MoveError

SETUPS = [
    ("dragons", "-num_tiles=16", "write one orientation letter and a place number, such as d3"),
    ("dragons", "-num_tiles=16 -cross", "write one orientation letter and a place number, "
                                        "such as d3"),
    ("dragons", "-num_tiles=16 -tantrix", "write one orientation letter and a place number, "
                                          "such as d3"),
    ("trichet", "-size=20", "write one letter a to f and a place number, as in d3"),
]
TEXTS = ["ab1", "AB1", "aB1", "abcdef9", "aa1", "dd3", "abc12", "zz1", "fe2"]


def snapshot(state: GameState) -> tuple[object, ...]:
    return (state.render(), state.legal_moves(), list(state.moves), state.to_move,
            state.outcome())


@pytest.mark.parametrize("game, parameters, advice", SETUPS)
@pytest.mark.parametrize("text", TEXTS)
def test_a_move_of_several_letters_is_refused_at_every_ply(game: str, parameters: str,
                                                           advice: str, text: str) -> None:
    state, rng = registry.new_game(game, parameters), random.Random(26)
    while state.to_move is not None:
        before = snapshot(state)
        with pytest.raises(MoveError) as error:
            state.play(text)
        letters = text.rstrip("0123456789").lower()
        assert error.value.reason == (
            f"a move places one tile: {letters} is {len(letters)} letters; {advice}")
        assert error.value.move == text
        assert snapshot(state) == before
        state.play(rng.choice(state.legal_moves()))
