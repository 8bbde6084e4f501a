"""What the search adds to the protocol beyond listing and playing: `move_key`, which names a
move the same way in every position (the RAVE statistics are kept by it), and
`playout_move`, a playout's move (Trichet takes a win in one there)."""

from __future__ import annotations

import random

import pytest

from megalith.rules import registry
from megalith.rules.protocol import GameState
from tests.rules.ai.test_mcts import TRICHET_BLOCK, TRICHET_WIN, position, winning_moves


@pytest.mark.parametrize("game", ["dragons", "trichet"])
def test_a_tile_placement_keeps_its_key_when_the_places_are_renumbered(game: str) -> None:
    state = registry.new_game(game, "", 2)
    rng = random.Random(3)
    for _ in range(3):
        state.play(state.random_move(rng))
    before = {state.move_key(move): move for move in state.legal_moves()}
    state.play(state.legal_moves()[0])
    after = {state.move_key(move): move for move in state.legal_moves()}
    shared = set(before) & set(after)
    assert len(shared) >= 5  # most places are still there after one move
    assert any(before[key] != after[key] for key in shared)  # under other numbers
    for key in shared:  # the key names the letter and the place, whatever its number
        assert key[0] == before[key][0] == after[key][0] and "@" in key


@pytest.mark.parametrize("game, parameters", [("druid", "-size=6"), ("drogo", "-size=5"),
                                              ("quady", "-size=7")])
def test_on_a_board_of_named_cells_the_key_is_the_move(game: str, parameters: str) -> None:
    state = registry.new_game(game, parameters, 2)
    assert all(state.move_key(move) == move for move in state.legal_moves())


def test_trichet_playouts_take_a_win_in_one() -> None:
    state = position(*TRICHET_WIN[:4])
    assert winning_moves(state) == ["e8"]
    assert {state.playout_move(random.Random(seed)) for seed in range(5)} == {"e8"}


def test_without_a_win_in_one_trichet_playouts_draw_at_random() -> None:
    state: GameState = position(*TRICHET_BLOCK[:4])
    assert winning_moves(state) == []
    for seed in range(5):
        assert state.playout_move(random.Random(seed)) == state.random_move(random.Random(seed))
