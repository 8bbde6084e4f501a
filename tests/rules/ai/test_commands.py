"""`megalith ai` and `megalith match` (rules/ai/commands.py, reached through rules/cli.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from megalith.rules import cli
from megalith.rules.ai.commands import Tally, first_seats
from megalith.rules.ai.levels import parse_level


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = cli.main(list(argv))
    out = capsys.readouterr()
    return status, out.out, out.err


@pytest.fixture
def threat(tmp_path: Path) -> Path:
    """Druid square 5 with V to move and a win at c5 (bob holds V after the swap)."""
    path = tmp_path / "threat.txt"
    path.write_text("druid -size=5 alice bob\nc1\nswap\na1\nc2\na2\nc3\na3\nc4\ne1\n")
    return path


def test_ai_names_the_winning_move_with_its_win_rate(capsys, threat: Path) -> None:
    status, out, _ = run(capsys, "ai", str(threat), "--iterations", "200", "--json")
    assert status == 0
    answer = json.loads(out)
    assert (answer["move"], answer["side"], answer["player"]) == ("c5", "V", "bob")
    assert answer["win_rate"] == 1.0 and answer["iterations"] == 0  # a win in one: no search
    assert answer["workers"] == 1


def test_ai_with_a_seed_is_reproducible_and_prints_alternatives(capsys, tmp_path: Path
                                                                ) -> None:
    path = tmp_path / "open.txt"
    path.write_text("quady -size=7 ann bob\nd4\nc6\n")
    outs = [run(capsys, "ai", str(path), "--iterations", "300", "--seed", "4", "--top", "3")
            for _ in range(2)]
    assert outs[0] == outs[1]
    status, out, _ = outs[0]
    lines = out.splitlines()
    assert status == 0 and lines[0].startswith("X (ann) to move: ")
    assert "(300 iterations, 1 worker)" in lines[0] and len(lines) == 4


def test_ai_refuses_a_finished_game_and_bad_limits(capsys, tmp_path: Path) -> None:
    over = tmp_path / "over.txt"
    over.write_text("quady -size=5 ann bob\nc3\nResign\n")
    status, _, err = run(capsys, "ai", str(over))
    assert status == 2 and "the game is over" in err
    status, out, _ = run(capsys, "ai", str(over), "--iterations", "0", "--json")
    assert status == 2 and json.loads(out) == {
        "error": {"reason": "--iterations must be at least 1"}}
    status, _, err = run(capsys, "ai", str(tmp_path / "missing.txt"))
    assert status == 2 and "no such file" in err


def test_match_counts_wins_for_the_levels_not_the_seats(capsys) -> None:
    status, out, _ = run(capsys, "match", "druid", "-hex", "-size=3", "--first", "60",
                         "--second", "random", "--games", "4", "--seed", "2")
    assert status == 0
    lines = out.splitlines()
    assert lines[:2] == ["game 1: seats 60 random: 60 (first) wins",
                         "game 2: seats random 60: 60 (first) wins"]
    assert lines[-1].startswith("druid -hex -size=3 2 players: 60 (first) vs random (second), "
                                "4 games: 4 wins, 0 losses, 0 draws; first's score 100.0%")


def test_match_with_four_players_and_bad_input(capsys) -> None:
    status, out, _ = run(capsys, "match", "drogo", "-size=3", "-single", "--players", "4",
                         "--first", "random", "--second", "random", "--games", "2",
                         "--max-plies", "40", "--quiet")
    assert status == 0 and out.startswith("drogo -size=3 -single 4 players: random (first)")
    status, _, err = run(capsys, "match", "drogo", "-size=99", "--first", "random",
                         "--second", "random", "--games", "1")
    assert status == 2 and "-size=99 is out of range" in err
    status, _, err = run(capsys, "match", "quady", "--first", "fast", "--second", "random",
                         "--games", "1")
    assert status == 2 and "'fast' is not a level" in err
    status, _, err = run(capsys, "check", "x.txt", "-bogus")  # game options: match only
    assert status == 2 and err == "megalith: unrecognized arguments: -bogus\n"


def test_levels_and_seats() -> None:
    assert parse_level("hard").seconds == 4.0
    assert parse_level("0.5s").seconds == 0.5 and parse_level("400").iterations == 400
    assert parse_level("random").is_random
    with pytest.raises(ValueError, match="not a level"):
        parse_level("-3")
    assert first_seats(0, 4) == [True, False, True, False]
    assert first_seats(1, 2) == [False, True]
    tally = Tally(first=50, games=100)
    score, low, high = tally.interval()
    assert score == 0.5 and low == pytest.approx(0.404, abs=0.002) and high == pytest.approx(
        0.596, abs=0.002)
