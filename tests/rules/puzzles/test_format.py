"""Megalith's `(puzzle <side> <plies> <move> ...)` entry (docs/record-format.md): written
after the other entries, read back, and a file holding it is an ordinary game."""

from __future__ import annotations

import pytest

from megalith.rules import record as records
from megalith.rules.record import PuzzleFacts, Record, RecordError

pytestmark = pytest.mark.usefixtures("toy")

PUZZLE_FILE = """\
(game toy)
(version 1)
(players ann bob)
(moves
d1
a1
)
(parameters -size=9)
(puzzle X 3 c1 e1)
"""


def test_the_puzzle_entry_is_written_last_and_read_back() -> None:
    record = Record(game="toy", parameters=["-size=9"], players=["ann", "bob"],
                    moves=["d1", "a1"], puzzle=PuzzleFacts("X", 3, ("c1", "e1")))
    assert records.dumps(record) == PUZZLE_FILE
    assert records.parse(PUZZLE_FILE) == record


def test_a_puzzle_file_is_an_ordinary_game() -> None:
    record = records.parse(PUZZLE_FILE)
    state = records.final_state(record)
    assert state.moves == ["d1", "a1"] and state.to_move == "X"
    record.moves.append("c1")  # played on, it is saved as any game, its puzzle kept
    assert "(puzzle X 3 c1 e1)" in records.dumps(record)


def test_moves_in_the_entry_are_read_as_moves_are() -> None:
    record = records.parse(PUZZLE_FILE.replace("c1 e1", "C1 E1"))
    assert record.puzzle == PuzzleFacts("X", 3, ("c1", "e1"))


@pytest.mark.parametrize("entry", ["(puzzle X 3)", "(puzzle X)", "(puzzle X two c1)",
                                   "(puzzle X 2 c1)", "(puzzle)"])
def test_a_malformed_puzzle_entry_is_refused_with_its_line(entry: str) -> None:
    with pytest.raises(RecordError) as error:
        records.parse(PUZZLE_FILE.replace("(puzzle X 3 c1 e1)", entry))
    assert error.value.line == 9
    assert "a puzzle is '(puzzle <side> <plies, odd> <winning move> ...)'" in str(error.value)
