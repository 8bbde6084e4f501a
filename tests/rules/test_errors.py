"""The rules' refusals stand under one base, `MegalithError` (a ValueError): an illegal move,
impossible options, an unknown game and a record that cannot be read or replayed, each
raised as its own class and each caught as a MegalithError."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from megalith.rules import record as records
from megalith.rules import registry
from megalith.rules.protocol import MegalithError, MoveError, OptionError
from megalith.rules.record import RecordError
from megalith.rules.registry import UnknownGameError

pytestmark = pytest.mark.usefixtures("toy")

ERRORS = [MoveError, OptionError, UnknownGameError, RecordError]


@pytest.mark.parametrize("error", ERRORS, ids=lambda error: error.__name__)
def test_every_refusal_is_a_megalith_error_and_a_value_error(error: type[Exception]) -> None:
    assert issubclass(error, MegalithError)
    assert issubclass(error, ValueError)


def test_the_refusals_are_apart() -> None:
    """None of the four is another's kind: an unknown game is no option error."""
    for error in ERRORS:
        assert [other for other in ERRORS if issubclass(error, other)] == [error]


REFUSALS: list[tuple[Callable[[], object], type[MegalithError], str]] = [
    (lambda: registry.new_game("toy").play("z9"), MoveError, "z9: z9 is not on the board"),
    (lambda: registry.new_game("toy", "-size=12"), OptionError,
     "-size=12 is out of range (3 to 9)"),
    (lambda: registry.get("chess"), UnknownGameError, "unknown game 'chess' (games: "),
    (lambda: records.final_state(records.parse("toy\na1\na1\n")), RecordError,
     "line 3, move 2 (a1): a1 is taken"),
    (lambda: records.parse("(game chess)\n(players ann bob)\n"), RecordError,
     "line 1: unknown game 'chess' (games: "),
]


@pytest.mark.parametrize("refused, error, message", REFUSALS,
                         ids=["move", "option", "game", "replay", "record game"])
def test_each_refusal_is_caught_as_a_megalith_error(
        refused: Callable[[], object], error: type[MegalithError], message: str) -> None:
    with pytest.raises(MegalithError) as caught:
        refused()
    assert type(caught.value) is error
    assert str(caught.value).startswith(message)
