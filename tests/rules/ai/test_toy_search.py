"""The computer plays a game that writes only what a game must: the toy row
(tests/rules/toy_game.py), on every default of protocol.py's table (moves drawn from
`legal_moves`, playouts in the protocol's loop, every move tried for a win, move texts as
keys). It takes a win in one and blocks a loss in one, with two players and with three."""

from __future__ import annotations

import pytest

from megalith.rules import registry
from megalith.rules.ai.mcts import Search
from megalith.rules.protocol import GameState
from tests.rules.toy_game import ToyState

pytestmark = pytest.mark.usefixtures("toy")

MUST = {"_board_moves", "_play_board_move", "_board_outcome", "render"}


def row(size: int, players: int, moves: str) -> GameState:
    state = registry.new_game("toy", f"-size={size}", players)
    for move in moves.split():
        state.play(move)
    return state


def test_the_toy_writes_only_what_a_game_must() -> None:
    assert GameState.__abstractmethods__ == MUST
    written = {name for name, value in vars(ToyState).items()
               if callable(value) and hasattr(GameState, name)}
    assert written == MUST | {"__init__"}


@pytest.mark.parametrize("seed", range(3))
def test_the_search_takes_a_win_in_one(seed: int) -> None:
    """X holds a1 b1 and wins at c1; O's f1 g1 would win at e1 a move later."""
    state = row(7, 2, "a1 g1 b1 f1")
    result = Search(state, seed).run(iterations=200)
    assert (result.move, result.win_rate) == ("c1", 1.0)


@pytest.mark.parametrize("seed", range(3))
def test_the_search_blocks_a_loss_in_one(seed: int) -> None:
    """X holds a1 b1: O must take c1, every other move (a pass too) lets X win."""
    state = row(7, 2, "a1 g1 b1")
    result = Search(state, seed).run(iterations=300)
    assert result.move == "c1"
    assert {m.move for m in result.moves if m.proven == 0.0} == {"d1", "e1", "f1", "--"}


@pytest.mark.parametrize("seed", range(3))
def test_with_three_players_the_search_wins_before_the_next_player_can(seed: int) -> None:
    """X holds a1 b1 and Y d1 e1: both would win at c1, and X is to move."""
    state = row(7, 3, "a1 g1 d1 b1 f1 e1")
    assert state.to_move == "X"
    result = Search(state, seed).run(iterations=200)
    assert (result.move, result.win_rate) == ("c1", 1.0)
