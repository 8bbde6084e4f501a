"""How the command line fails, as a person at a terminal or a script sees it (a process of
its own, as they run it): every error is one line (or one JSON object with `--json`), the same
error has the same shape from every command, and output cut short by a closed pipe (`| head`)
ends the command quietly."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def megalith(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "megalith.rules.cli", *argv],
                          capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})


@pytest.fixture
def game(tmp_path: Path) -> Path:
    path = tmp_path / "game.txt"
    path.write_text("druid -size=5 alice bob\nc3\nb2\n")
    return path


@pytest.mark.parametrize("command", ["check", "show"])
@pytest.mark.parametrize("ply", ["-1", "abc"])
def test_a_bad_ply_is_one_line(game: Path, command: str, ply: str) -> None:
    done = megalith(command, str(game), "--ply", ply)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == (f"megalith {command}: argument --ply: not a number of moves: "
                           f"'{ply}'\n")


def test_wrong_arguments_are_one_line(game: Path) -> None:
    for argv in (["check"], ["check", str(game), "--nonsense"], ["dance"]):
        done = megalith(*argv)
        assert done.returncode == 2 and done.stdout == ""
        assert done.stderr.count("\n") == 1 and done.stderr.startswith("megalith"), argv


def test_an_illegal_move_has_one_json_shape_from_check_and_ai(tmp_path: Path) -> None:
    path = tmp_path / "bad.txt"
    path.write_text("(game druid)\n(players alice bob)\n(moves\nc3\nb2\na9\n)\n"
                    "(parameters -size=5)\n")
    checked = megalith("check", str(path), "--json")
    asked = megalith("ai", str(path), "--json", "--iterations", "10")
    assert checked.returncode == asked.returncode == 2
    error = json.loads(checked.stdout)["error"]
    assert error["ply"] == 3 and error["move"] == "a9" and "a9" in error["reason"]
    assert json.loads(asked.stdout) == {"error": error}
    # and one text for people: the file, then where and why
    checked, asked = megalith("check", str(path)), megalith("ai", str(path))
    assert checked.stderr == asked.stderr
    assert checked.stderr.startswith(f"megalith: {path}: line 6, move 3 (a9): ")


def test_a_closed_pipe_ends_the_command_quietly(tmp_path: Path) -> None:
    """`megalith show FILE | head`: the reader is gone before the board is written."""
    path = tmp_path / "big.txt"
    path.write_text("druid -size=26 alice bob\nc3\n")
    child = subprocess.Popen([sys.executable, "-m", "megalith.rules.cli", "show", str(path)],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert child.stdout is not None and child.stderr is not None
    child.stdout.close()  # as `head` does once it has its lines
    error = child.stderr.read().decode()
    assert child.wait(timeout=120) == 141  # 128 + SIGPIPE, as the shell reports a tool it ended
    assert error == ""
