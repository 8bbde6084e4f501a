"""`megalith check` and `megalith show` (rules/cli.py)."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from megalith.rules import cli

pytestmark = pytest.mark.usefixtures("toy")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = cli.main(list(argv))
    out = capsys.readouterr()
    return status, out.out, out.err


@pytest.fixture
def game(tmp_path: Path) -> Path:
    path = tmp_path / "game.txt"
    path.write_text("(game toy)\n(players ann bob)\n(moves\na1\nd1\nb1\n)\n(parameters -size=6)\n")
    return path


def test_check_json_reports_every_key(capsys, game: Path) -> None:
    status, out, _ = run(capsys, "check", str(game), "--json", "--legal")
    assert status == 0
    assert json.loads(out) == {
        "game": "toy", "parameters": ["-size=6"], "players": ["ann", "bob"], "ply": 3,
        "to_move": "O", "status": "ongoing", "winner": None, "scores": None, "subgames": None,
        "reason": "", "legal": ["--", "c1", "e1", "f1"]}


def test_check_at_an_earlier_ply(capsys, game: Path) -> None:
    status, out, _ = run(capsys, "check", str(game), "--json", "--ply", "1")
    assert status == 0 and json.loads(out)["ply"] == 1 and json.loads(out)["to_move"] == "O"


def test_check_finished_game(capsys, tmp_path: Path) -> None:
    path = tmp_path / "won.txt"
    path.write_text("toy ann bob\na1\nd1\nb1\ne1\nc1\n")
    status, out, _ = run(capsys, "check", str(path), "--json")
    data = json.loads(out)
    assert (status, data["status"], data["winner"], data["to_move"]) == (0, "win", "X", None)
    assert data["reason"] == "X has three in a row"


def test_check_human_text(capsys, game: Path) -> None:
    status, out, _ = run(capsys, "check", str(game), "--legal")
    assert status == 0
    assert out.splitlines() == ["game: toy -size=6", "players: ann bob", "ply: 3",
                                "to move: O", "status: ongoing", "legal (4): -- c1 e1 f1"]


def test_illegal_move_exits_2_with_ply_move_and_reason(capsys, tmp_path: Path) -> None:
    path = tmp_path / "bad.txt"
    path.write_text("toy\na1\nA1\n")
    status, out, _ = run(capsys, "check", str(path), "--json")
    assert status == 2
    assert json.loads(out) == {"error": {"ply": 2, "move": "a1", "reason": "a1 is taken"}}
    status, _, err = run(capsys, "check", str(path))
    assert status == 2 and err == f"megalith: {path}: line 3, move 2 (a1): a1 is taken\n"


def test_malformed_file_exits_2_with_its_line(capsys, tmp_path: Path) -> None:
    path = tmp_path / "cut.txt"
    path.write_text("(game toy)\n(players a b)\n(moves\na1\n")
    status, out, _ = run(capsys, "check", str(path), "--json")
    assert status == 2
    error = json.loads(out)["error"]
    assert error["line"] == 4 and "truncated" in error["reason"]


def test_missing_file(capsys, tmp_path: Path) -> None:
    status, out, _ = run(capsys, "check", str(tmp_path / "nope"), "--json")
    assert status == 2 and json.loads(out)["error"]["reason"].startswith("no such file")


def test_show_prints_the_board_from_stdin(capsys, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("toy -size=4\nb1\n"))
    status, out, _ = run(capsys, "show", "-")
    assert (status, out) == (0, ".x..\n")


def test_unknown_command_exits_2(capsys) -> None:
    status, out, err = run(capsys, "frobnicate")
    assert (status, out) == (2, "") and err.startswith("megalith: argument command: invalid")
