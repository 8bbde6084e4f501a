"""The conformance checks pass a sound game and catch broken ones: each toy variant below
breaks one promise of the protocol, and the check that guards it must fail."""

from __future__ import annotations

import random

import pytest

from megalith.rules.protocol import Outcome
from megalith.rules.registry import Options
from tests.rules.conformance import check_record_round_trip, play_random_game
from tests.rules.toy_game import ToyState

pytestmark = pytest.mark.usefixtures("toy")


def toy(cls: type[ToyState] = ToyState, players: int = 2, size: int = 5) -> ToyState:
    options: Options = {"size": size}
    return cls(options, players)


@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.parametrize("seed", range(4))
def test_the_toy_game_conforms(players: int, seed: int) -> None:
    state = toy(players=players, size=7)
    game = play_random_game(state, seed=seed, cap=30, resign_rate=.1)
    assert state.outcome().over
    check_record_round_trip("toy", "-size=7", players, state, game)


def test_a_game_past_the_cap_is_ended_by_resigning() -> None:
    state = toy(players=3, size=9)
    game = play_random_game(state, seed=1, cap=2, resign_rate=0)
    assert not game.natural_end
    assert state.moves[2:4] == ["Resign", "Resign"]
    assert state.outcome().winner == "O"  # Y resigned at ply 2, X at ply 3


class Unsorted(ToyState):
    def legal_moves(self) -> list[str]:
        return super().legal_moves()[::-1]


class LeakyRefusal(ToyState):
    """Marks a taken cell's neighbour before refusing the move."""

    def _play_board_move(self, text: str) -> str:
        i = ord(text[0]) - 97 if text[:1].isalpha() else -1
        if 0 <= i < self.size and self.cells[i] is not None:
            self.cells[(i + 1) % self.size] = "Y"
        return super()._play_board_move(text)


class SharedCopy(ToyState):
    def copy(self) -> SharedCopy:
        clone = super().copy()
        assert isinstance(clone, SharedCopy)
        clone.cells = self.cells
        return clone


class LateSwap(ToyState):
    def _swap_legal(self) -> bool:
        return not self.swapped and len(self.turn_order) == 2 and self.ply >= 1


class Lenient(ToyState):
    """Reads only the first two characters: `a1a1` is `a1`."""

    def _play_board_move(self, text: str) -> str:
        return super()._play_board_move(text[:2])


class UpperCase(ToyState):
    def _play_board_move(self, text: str) -> str:
        return super()._play_board_move(text).upper()


class ForeignWinner(ToyState):
    def _board_outcome(self) -> Outcome:
        result = super()._board_outcome()
        return Outcome("win", "Q") if result.over else result


class Endless(ToyState):
    """Says the game is over without saying who won."""

    def _board_over(self) -> bool:
        return self.cells.count(None) <= 1


class OffListPlayout(ToyState):
    """Its playouts resign, which is never a listed move."""

    def playout_move(self, rng: random.Random) -> str:
        return "Resign"


class OneKey(ToyState):
    """Names every move the same way for a search."""

    def move_key(self, move: str) -> str:
        return "cell"


@pytest.mark.parametrize("cls, message", [
    (Unsorted, "unsorted or repeated"),
    (LeakyRefusal, "changed the position"),
    (SharedCopy, "refused|changed"),
    (LateSwap, "swap listed at ply 2"),
    (Lenient, "was accepted"),
    (UpperCase, "did not return the listed text"),
    (ForeignWinner, "is not a side"),
    (Endless, "to_move is .* but the outcome is"),
    (OffListPlayout, "playout_move gave"),
    (OneKey, "move_key gives two listed moves one key"),
])
def test_a_broken_promise_is_caught(cls: type[ToyState], message: str) -> None:
    with pytest.raises(AssertionError, match=message):
        for seed in range(20):
            play_random_game(toy(cls, size=9), seed=seed, cap=30, resign_rate=0)
