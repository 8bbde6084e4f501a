"""pbmserv's game file and bare move lists (PBMSERV-FORMAT.md, RULINGS.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

from megalith.rules import record as records
from megalith.rules.record import Record, RecordError

pytestmark = pytest.mark.usefixtures("toy")

PBMSERV_FILE = """\
some mail header the reader skips
(players alice bob)
(clock 1077000000 1077000100 1077000200 1077000050)
(timer 10 20)
(moves
A1
pass
C1
)
(parameters -size=6)
(board
\\(opaque game rows
)
(comment
\\(a line that starts with a bracket
plain words
)
"""


def test_pbmserv_file_is_read_forgivingly() -> None:
    record = records.parse(PBMSERV_FILE, game_hint="toy")
    assert record == Record(game="toy", parameters=["-size=6"], players=["alice", "bob"],
                            moves=["a1", "--", "c1"],
                            comment=["(a line that starts with a bracket", "plain words"])
    assert record.move_lines == [6, 7, 8]


def test_written_file_has_pbmserv_entries_in_order_with_escapes() -> None:
    record = Record(game="toy", parameters=["-size=6"], players=["alice", "bob"],
                    moves=["a1", "--"], swapped=True, status="tie",
                    notes={0: "opening", 2: "(why pass?)\nsecond line"},
                    comment=["\\back", ")close"])
    assert records.dumps(record) == (
        "(game toy)\n(version 1)\n(players alice bob)\n(swapped 1)\n(status tie)\n"
        "(moves\na1\n--\n)\n(parameters -size=6)\n"
        "(comment\n\\\\back\n\\)close\n)\n"
        "(notes\n0 opening\n2 (why pass?)\n2 second line\n)\n")
    assert records.parse(records.dumps(record)) == record


def test_colours_by_seat_round_trip_and_bad_ones_are_dropped() -> None:
    record = Record(game="toy", players=["a", "b"], colours=["#b43c32", "#e1dcc8"])
    text = records.dumps(record)
    assert "(colours #b43c32 #e1dcc8)" in text
    assert records.parse(text) == record
    assert records.parse(text.replace("#e1dcc8", "beige")).colours == []


def test_empty_lists_are_not_written() -> None:
    text = records.dumps(Record(game="toy", players=["a", "b"]))
    assert text == "(game toy)\n(version 1)\n(players a b)\n"


def test_names_with_spaces_become_one_token() -> None:
    text = records.dumps(Record(game="toy", players=["Ann Lee", "bob"]))
    assert "(players Ann_Lee bob)" in text


@pytest.mark.parametrize("text, line, reason", [
    ("", 1, "the file is empty"),
    ("(game toy)\n(players a b)\n(moves\na1\nb1\n", 5,
     "the (moves entry that starts on line 3 is not closed by a line ')': the file is truncated"),
    ("(game chess)\n(players a b)\n", 1,
     "unknown game 'chess' (games: druid, drogo, quady, dragons, trichet, toy)"),
    ("(game toy)\n(players a b)\n(parameters -size=40)\n", 3, "-size=40 is out of range (3 to 9)"),
    ("(game toy)\n(version 2)\n(players a b)\n", 2,
     "format version 2 is not one this Megalith reads (it reads version 1)"),
    ("(players a b)\n", 1, "the file does not say which game it is (no (game ...) entry)"),
    ("(game toy)\n(players a b c d)\n", 1, "toy is for 2 to 3 players, not 4"),
    ("(game toy)\n", 1, "the file names no players (no (players ...) entry)"),
    ("(game toy)\n(players a b)\n(notes\nfirst note\n)\n", 4,
     "a note starts with the number of its move, not 'first'"),
])
def test_unreadable_records_say_where_and_why(text: str, line: int, reason: str) -> None:
    with pytest.raises(RecordError) as error:
        records.parse(text)
    assert (error.value.line, error.value.reason) == (line, reason)
    assert error.value.as_dict() == {"line": line, "reason": reason}


def test_illegal_move_in_a_record_names_ply_move_and_line() -> None:
    record = records.parse("(game toy)\n(players a b)\n(moves\na1\nb1\na1\n)\n")
    with pytest.raises(RecordError) as error:
        records.replay(record)
    assert (error.value.ply, error.value.move, error.value.line) == (3, "a1", 6)
    assert str(error.value) == "line 6, move 3 (a1): a1 is taken"
    assert error.value.as_dict() == {"ply": 3, "move": "a1", "reason": "a1 is taken"}


def test_replay_gives_a_state_per_ply() -> None:
    record = records.parse("toy -size=3\na1\nb1\n")
    states = records.replay(record)
    assert [s.render() for s in states] == ["...", "x..", "xo."]
    assert records.final_state(record, 1).render() == "x.."
    with pytest.raises(RecordError, match="the game has 2 moves, not 5"):
        records.replay(record, 5)


def test_bare_move_list_with_names_and_swap() -> None:
    record = records.parse("toy -size=4 alice bob\n\nA1\nswap\nb1\n")
    assert record.players == ["bob", "alice"]   # rotated: bob now owns the first stones
    assert record.swapped and record.moves == ["a1", "b1"]
    state = records.final_state(record)
    assert state.swapped and state.render() == "xo.."
    text = records.dumps(record)
    assert "(swapped 1)" in text and "swap" not in text.split("(moves")[1]
    assert records.parse(text) == record


def test_bare_move_list_without_names_uses_the_fewest_players() -> None:
    record = records.parse("toy\nc1\n")
    assert record.players == ["X", "O"]


def test_bare_list_names_give_the_number_of_players() -> None:
    state = records.final_state(records.parse("toy ann bob cy\na1\nb1\nc1\n"))
    assert state.sides == ("X", "O", "Y") and state.to_move == "X"


def test_status_of_a_finished_game() -> None:
    record = records.parse("toy ann bob\na1\nd1\nb1\ne1\nc1\n")
    state = records.final_state(record)
    assert records.status_of(state, record.players) == "winner ann"


def test_save_is_atomic_and_load_takes_the_game_from_the_folder(tmp_path: Path) -> None:
    target = tmp_path / "toy" / "101"
    target.parent.mkdir()
    target.write_text("old contents")
    record = Record(game="toy", players=["a", "b"], moves=["a1"])
    records.save(target, record)
    assert records.load(target) == record
    assert sorted(p.name for p in target.parent.iterdir()) == ["101"]
    target.write_text("(players a b)\n(moves\nb1\n)\n")
    assert records.load(target).game == "toy"


def test_binary_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "game.pbm"
    path.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(RecordError, match="the file is not text"):
        records.load(path)
