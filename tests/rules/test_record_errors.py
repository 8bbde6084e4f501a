"""Where and how records and moves are refused: the inputs that once crashed `megalith
check`, a misplaced `swap` in either file shape, and messages that quote input shortened and
escaped (issue 15)."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from megalith.rules import cli, registry
from megalith.rules import record as records
from megalith.rules.geometry import split_name
from megalith.rules.protocol import MAX_MOVE_LENGTH, MoveError, SWAP
from megalith.rules.record import RecordError

LONG_CELL = "a" + "1" * 4301  # past Python's limit on converting digit strings to int
GAMES = [("druid", ""), ("druid", "-hex"), ("druid", "-y"), ("drogo", ""), ("quady", "")]


def refusal(text: str) -> RecordError:
    with pytest.raises(RecordError) as error:
        records.final_state(records.parse(text))
    return error.value


# ---- the two crashes ---------------------------------------------------------------------

def test_a_row_of_thousands_of_digits_is_no_cell_name() -> None:
    assert split_name(LONG_CELL) is None
    assert split_name("a" + "1" * 39) is None
    assert split_name("c²") is None and split_name("c٣") is None
    assert split_name("c3") == (2, 3) and split_name("ab12") == (27, 12)


@pytest.mark.parametrize("game, options", GAMES)
def test_a_huge_cell_name_is_refused_cleanly_as_a_move(game: str, options: str) -> None:
    state = registry.new_game(game, options)
    before = state.render()
    for text in (LONG_CELL, "a" + "1" * (MAX_MOVE_LENGTH - 1)):
        with pytest.raises(MoveError) as error:
            state.play(text)
        assert len(str(error.value)) < 300
        assert state.render() == before and state.moves == []


@pytest.mark.parametrize("game, options", GAMES)
def test_a_huge_cell_name_in_a_record_is_an_illegal_first_move(game: str,
                                                                options: str) -> None:
    error = refusal(f"{game} {options}\n{LONG_CELL}\n")
    assert error.as_dict() == {
        "ply": 1, "move": "a" + "1" * 39 + "... (4,302 characters)",
        "reason": f"no move is longer than {MAX_MOVE_LENGTH} characters"}


def test_the_eleven_byte_notes_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                    ) -> None:
    path = tmp_path / "notes.txt"
    path.write_bytes("(notes\n²\n)".encode())
    assert path.stat().st_size == 11
    assert cli.main(["check", str(path), "--json"]) == 2
    assert json.loads(capsys.readouterr().out) == {"error": {
        "line": 2, "reason": "a note starts with the number of its move, not '²'"}}


# ---- a misplaced swap is an illegal move at its own ply ----------------------------------

def engine_refusal(game: str, options: str, players: int, moves: list[str]) -> str:
    """What the engine (and so the window) says when `swap` is played after `moves`."""
    state = registry.new_game(game, options, players)
    for move in moves:
        state.play(move)
    with pytest.raises(MoveError) as error:
        state.play(SWAP)
    return error.value.reason


@pytest.mark.parametrize("text, game, options, players, before, line", [
    ("druid\nswap\nc3\n", "druid", "", 2, [], 2),
    ("druid\nc3\nd4\nswap\n", "druid", "", 2, ["c3", "d4"], 4),
    ("quady alice bob\n\nc5\nswap\nswap\nb4\n", "quady", "", 2, ["c5", SWAP], 5),
    ("druid -hex ann bob cy\na1\nswap\n", "druid", "-hex", 3, ["a1"], 3),
    ("drogo ann bob cy\nc3\nswap\nd4\n", "drogo", "", 3, ["c3"], 3),
], ids=["first", "third", "twice", "druid-3p", "drogo-3p"])
def test_misplaced_swap_in_a_bare_list(text: str, game: str, options: str, players: int,
                                        before: list[str], line: int) -> None:
    error = refusal(text)
    ply = len([m for m in before if m != SWAP]) + 1
    assert error.as_dict() == {"ply": ply, "move": "swap",
                               "reason": engine_refusal(game, options, players, before)}
    assert error.line == line


@pytest.mark.parametrize("text, game, options, players, before, line", [
    ("(game druid)\n(players a b c)\n(parameters -hex)\n(moves\na1\nswap\nb2\n)\n",
     "druid", "-hex", 3, ["a1"], 6),
    ("(game druid)\n(players a b c)\n(swapped 1)\n(parameters -hex)\n(moves\na1\nb2\n)\n",
     "druid", "-hex", 3, ["a1"], 3),
    ("(game quady)\n(players a b)\n(moves\na1\nb2\nswap\n)\n", "quady", "", 2, ["a1", "b2"], 6),
    ("(game drogo)\n(players a b)\n(moves\nswap\nc3\n)\n", "drogo", "", 2, [], 4),
    ("(game drogo)\n(players a b c d)\n(moves\nc3\nswap\n)\n", "drogo", "", 4, ["c3"], 5),
], ids=["druid-3p", "swapped-entry-3p", "quady-third", "drogo-first", "drogo-4p"])
def test_misplaced_swap_in_a_pbmserv_file(text: str, game: str, options: str, players: int,
                                           before: list[str], line: int) -> None:
    error = refusal(text)
    assert error.as_dict() == {"ply": len(before) + 1, "move": "swap",
                               "reason": engine_refusal(game, options, players, before)}
    assert error.line == line


def test_misplaced_swap_reaches_check_json_as_an_illegal_move(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "list.txt"
    path.write_text("druid -size=8 -walk alice bob\nc3\nd4\nswap\n")
    assert cli.main(["check", str(path), "--json"]) == 2
    assert json.loads(capsys.readouterr().out) == {"error": {
        "ply": 3, "move": "swap", "reason": "swap is only legal as the second move"}}


def test_swapped_entry_and_swap_line_after_the_first_move_are_one_swap() -> None:
    record = records.parse("(game drogo)\n(players a b)\n(swapped 1)\n(moves\na1\nswap\nb3\n)\n")
    state = records.final_state(record)
    assert state.swapped and state.moves == ["a1", "b3"]


def test_a_swap_where_it_belongs_still_replays() -> None:
    record = records.parse("druid alice bob\nc3\nSWAP\nd4\n")
    assert record.players == ["bob", "alice"] and record.swapped
    assert records.final_state(record).moves == ["c3", "d4"]


# ---- messages quote input shortened and escaped ------------------------------------------

@pytest.mark.parametrize("text", [
    "druid\nc3\x00\x1b[2J\n",
    "druid -size=8\n" + "é" * 10_000 + "\n",
    "(game druid)\n(players a b)\n(" + "x" * 1_000_000 + "\n",
    "(game " + "\x07" * 5000 + ")\n(players a b)\n",
    "(game druid)\n(version 2\x00" + "9" * 9000 + ")\n",
    "(game druid)\n(players a b)\n(parameters -size=" + "8" * 5000 + ")\n",
    "druid " + "-" + "q" * 100_000 + "\n",
    "(game druid)\n(players a b)\n(notes\n" + "\x00" * 3000 + " x\n)\n",
    "(game druid)\n(players a b)\n(" + "moves" * 10_000 + "\n\n",
])
def test_refusals_are_short_and_hold_no_control_characters(text: str) -> None:
    error = refusal(text)
    for message in (str(error), json.dumps(error.as_dict(), ensure_ascii=False)):
        assert len(message) < 300, message
        assert message.isprintable(), message


def test_cli_quotes_a_strange_file_name_safely(capsys: pytest.CaptureFixture[str]) -> None:
    name = "/no/such/\x1b]0;title\x07" + "z" * 500
    assert cli.main(["check", name]) == 2
    err = capsys.readouterr().err.strip()
    assert err.isprintable() and len(err) < 200 and "no such file" in err


def test_cli_reports_an_unreadable_file(tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / ("n" * 300)  # longer than any file system allows a name
    assert cli.main(["check", str(path), "--json"]) == 2
    assert json.loads(capsys.readouterr().out)["error"]["reason"] == (
        "cannot read it (File name too long)")


def test_cli_refuses_standard_input_that_is_not_text(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(b"druid\n\xff\xfe\n")))
    assert cli.main(["check", "-", "--json"]) == 2
    assert json.loads(capsys.readouterr().out) == {"error": {
        "line": None, "reason": "the file is not UTF-8 text"}}


def test_a_move_error_names_the_move_shortened_for_the_window() -> None:
    state = registry.new_game("druid")
    with pytest.raises(MoveError) as error:
        state.play("c3\x1b[2J" + "x" * 5000)
    assert error.value.move == "c3\\x1b[2J" + "x" * 31 + "... (5,006 characters)"
    assert str(error.value).startswith(error.value.move + ": ")


def test_an_empty_note_is_no_note_so_a_record_reads_back_as_written() -> None:
    record = records.parse("(game druid)\n(players a b)\n(moves\nc3\n)\n(notes\n0\n1 \n1 x\n)\n")
    assert record.notes == {1: "\nx"}
    assert records.parse(records.dumps(record)) == record


@pytest.mark.parametrize("value", ["1" * 5000, "-1", "²"])
def test_check_refuses_a_ply_that_is_no_number_of_moves(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], value: str) -> None:
    path = tmp_path / "list.txt"
    path.write_text("druid\nc3\n")
    status = cli.main(["check", str(path), "--ply", value])
    err = capsys.readouterr().err
    assert status == 2 and "not a number of moves" in err and len(err) < 400


@pytest.mark.parametrize("value", ["1" * 5000, "-1", "²"])
def test_check_with_json_prints_a_ply_that_is_no_number_as_json(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], value: str) -> None:
    path = tmp_path / "list.txt"
    path.write_text("druid\nc3\n")
    assert cli.main(["check", str(path), "--json", "--ply", value]) == 2
    out = capsys.readouterr()
    error = json.loads(out.out)["error"]
    assert "not a number of moves" in error["reason"] and out.err == ""


@pytest.mark.parametrize("argv", [["check", "--json"], ["check", "x", "--json", "--bogus"],
                                  ["check", "x", "--json", "--ply"], ["ai", "--json"],
                                  ["ai", "x", "--json", "--seconds", "soon"]])
def test_check_with_json_prints_wrong_arguments_as_json(
        capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    assert cli.main(argv) == 2
    assert json.loads(capsys.readouterr().out)["error"]["reason"]


def test_a_ply_past_the_game_is_a_json_error_too(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "list.txt"
    path.write_text("druid\nc3\n")
    assert cli.main(["check", str(path), "--json", "--ply", "999999999"]) == 2
    assert json.loads(capsys.readouterr().out) == {"error": {
        "line": None, "reason": "the game has 1 moves, not 999999999"}}


def test_utf16_without_a_byte_order_mark_is_not_utf8_text(tmp_path: Path) -> None:
    path = tmp_path / "game.txt"
    path.write_bytes("druid\nc3\n".encode("utf-16-le"))
    with pytest.raises(RecordError) as error:
        records.load(path)
    assert error.value.reason.startswith("the file is not UTF-8 text")
    path.write_bytes("druid\nc3\n".encode("utf-16"))  # with its byte-order mark
    with pytest.raises(RecordError, match="^the file is not UTF-8 text$"):
        records.load(path)
