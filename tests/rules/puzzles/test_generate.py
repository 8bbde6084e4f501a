"""The generator: the same seed writes the same files, and every puzzle it writes holds."""

from __future__ import annotations

from pathlib import Path

import pytest

from megalith.rules import cli
from megalith.rules.puzzles.puzzle import load, problems

pytestmark = pytest.mark.usefixtures("toy")


def make(out: Path, seed: int, capsys: pytest.CaptureFixture[str]) -> dict[str, str]:
    code = cli.main(["puzzles", "make", "toy", "-size=7", "--count", "4", "--seed", str(seed),
                     "--depths", "1,3", "--first", "random", "--second", "20",
                     "--max-games", "40", "--out", str(out)])
    assert code == 0, capsys.readouterr().err
    return {path.name: path.read_text() for path in sorted(out.iterdir())}


def test_the_same_seed_writes_the_same_files(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    first = make(tmp_path / "one", 5, capsys)
    second = make(tmp_path / "two", 5, capsys)
    assert len(first) == 4 and first == second
    assert "game 1:" in capsys.readouterr().err  # progress on stderr
    other = make(tmp_path / "three", 6, capsys)
    assert set(other) != set(first)  # named by seed, and other games


def test_every_puzzle_written_holds_with_the_depths_asked(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    written = make(tmp_path, 5, capsys)
    puzzles = [load(tmp_path / name) for name in written]
    assert sorted(p.depth for p in puzzles) == [1, 1, 3, 3]
    for puzzle in puzzles:
        assert problems(puzzle) == []
        assert puzzle.state().to_move == puzzle.side
    assert cli.main(["puzzles", "check", str(tmp_path)]) == 0
    assert "4 of 4 puzzles hold" in capsys.readouterr().out


def test_check_reports_a_puzzle_whose_facts_are_wrong(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "wrong.megalith"
    path.write_text("(game toy)\n(players a b)\n(moves\nd1\na1\n)\n(parameters -size=9)\n"
                    "(puzzle X 3 c1)\n")
    assert cli.main(["puzzles", "check", str(path)]) == 1
    out = capsys.readouterr().out
    assert "the winning moves are c1 e1, not c1" in out and "0 of 1 puzzles hold" in out


def test_time_levels_are_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["puzzles", "make", "toy", "--count", "1", "--seed", "1",
                     "--first", "0.5s", "--out", str(tmp_path)]) == 2
    assert "not seconds" in capsys.readouterr().err


@pytest.mark.parametrize("args, message", [
    (["make", "toy", "--count", "1", "--seed", "1", "--depths", "2"], "--depths takes some of 1,3,5"),
    (["make", "toy", "--count", "0", "--seed", "1"], "--count must be at least 1"),
    (["make", "druid-square", "-size=8", "--count", "1", "--seed", "1"],
     "the family druid-square has its options (druid -size=6)"),
    (["check"], "name puzzle files or folders, or --shipped"),
])
def test_bad_arguments_are_refused_with_a_reason(args: list[str], message: str, tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["puzzles", *args, *(["--out", str(tmp_path)] if args[0] == "make" else [])
                     ]) == 2
    assert message in capsys.readouterr().err
    assert not any(tmp_path.iterdir())


def test_a_bad_option_is_refused_before_any_folder_is_made(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "new"
    assert cli.main(["puzzles", "make", "toy", "-size=40", "--count", "1", "--seed", "1",
                     "--out", str(out)]) == 2
    assert "-size=40 is out of range" in capsys.readouterr().err and not out.exists()
