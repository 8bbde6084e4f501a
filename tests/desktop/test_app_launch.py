"""The `megalith` command: the command line goes to rules.cli without loading Qt, a file
argument opens the window with it, and a real process reaches its first frame."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from megalith.desktop import launch
from megalith.desktop.game.session import Session
from megalith.rules import cli

ROOT = Path(__file__).resolve().parents[2]


def saved_game(folder: Path) -> Path:
    session = Session.new("drogo", ["-size=4"], ["ann", "ben"])
    session.play("b2")
    return session.save(folder / "game.txt")


def test_check_goes_to_the_command_line_without_loading_qt(tmp_path) -> None:
    path = saved_game(tmp_path)
    code = ("import sys; from megalith.desktop.launch import main; "
            "code = main(['check', sys.argv[1]]); "
            "print('qt loaded' if any(m.startswith('PySide6') for m in sys.modules) else "
            "'no qt'); sys.exit(code)")
    done = subprocess.run([sys.executable, "-c", code, str(path)], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "game: drogo -size=4" in done.stdout and "ply: 1" in done.stdout
    assert done.stdout.strip().endswith("no qt")


def test_show_and_help_are_the_command_line_s(capsys, tmp_path) -> None:
    assert launch.main(["show", str(saved_game(tmp_path))]) == 0
    assert "x" in capsys.readouterr().out.lower()
    with pytest.raises(SystemExit) as done:
        launch.main(["--help"])
    assert done.value.code == 0
    assert "check" in capsys.readouterr().out


def test_every_command_of_the_command_line_is_the_launcher_s(capsys) -> None:
    """A command added to rules.cli is reachable as `megalith COMMAND` with nothing more."""
    with pytest.raises(SystemExit):
        cli.main(["--help"])
    listed = re.search(r"\{([a-z,]+)\}", capsys.readouterr().out)  # argparse's {check,...}
    assert listed and set(listed[1].split(",")) == set(cli.COMMANDS)
    assert launch.main(["puzzles", "check", "--shipped", "quady"]) == 0
    assert capsys.readouterr().out == "30 of 30 puzzles hold\n"


def test_a_broken_record_on_the_command_line_exits_2(tmp_path, capsys) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text("(game drogo)\n(players a b)\n(moves\nz9\n)\n")
    assert launch.main(["check", str(bad)]) == 2
    assert "z9" in capsys.readouterr().err


def test_a_file_argument_opens_the_window_with_it(monkeypatch) -> None:
    from megalith.desktop import app
    opened: list[str | None] = []

    def run(path: str | None = None) -> int:
        opened.append(path)
        return 0

    monkeypatch.setattr(app, "run", run)
    assert launch.main(["game.txt"]) == 0
    assert launch.main([]) == 0
    assert opened == ["game.txt", None]


def test_wrong_arguments_print_the_usage(capsys) -> None:
    assert launch.main(["one.txt", "two.txt"]) == 2
    assert launch.main(["--bogus"]) == 2
    assert "usage: megalith" in capsys.readouterr().err


def startup_benchmark():
    from benchmarks import startup
    return startup


def test_a_real_process_opens_a_record_and_draws_its_first_frame(tmp_path) -> None:
    """The start-up benchmark's launch: `megalith FILE`, which reports its first frame."""
    seconds = startup_benchmark().one_run(tmp_path, saved_game(tmp_path))
    assert seconds < 20  # a generous bound; benchmarks/startup.py measures the real figure


def test_sigterm_closes_a_saved_game_as_the_close_button_does(tmp_path) -> None:
    startup = startup_benchmark()
    process, _ = startup.start([sys.executable, "-m", "megalith.desktop.launch",
                                str(saved_game(tmp_path))], tmp_path)
    process.terminate()
    assert process.wait(timeout=30) == 0, process.stderr.read()
    settings = (tmp_path / "config" / "megalith.ini").read_text()
    assert "geometry=" in settings  # the layout was saved: closeEvent ran
    assert not list((tmp_path / "data").glob("autosave-*"))  # nothing left to recover


def test_version_is_the_one_in_pyproject(capsys) -> None:
    import re  # (tomllib is Python 3.11's; the project runs on 3.10 too)
    project = (ROOT / "pyproject.toml").read_text().split("[project]", 1)[1]
    found = re.search(r'^version = "(\d+\.\d+\.\d+)"$', project, re.MULTILINE)
    assert found is not None
    expected = found.group(1)
    assert launch.main(["--version"]) == 0
    assert capsys.readouterr().out == f"megalith {expected}\n"
