"""How large a record Megalith reads (docs/record-format.md, "How large a record may be"):
a file past MAX_RECORD_BYTES, or with more moves than its game can have, is refused at once
and in little memory, by `megalith check` in a process of its own, as the issue measured it
(a 50 MB record of 17.5 million moves took 63 s and 4.6 GB); a long record within the limits
still loads."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from megalith.rules import record as records
from megalith.rules import registry

ROOT = Path(__file__).resolve().parents[2]
# The issue's goal is 2 s; on a machine shared with other work a refusal may take longer
# than that without reading more, so the time asserted is generous. Memory does not vary
# with the load.
SECONDS = 10.0
MEGABYTES = 200


# Runs the command (argv[2:]) and writes its status, wall-clock seconds and peak resident
# memory (kB) to the file argv[1], from a small process of its own: a child forked straight
# from the test process would count the test process's pages in its peak until it runs the
# command.
TIMED = """
import os, subprocess, sys, time
start = time.perf_counter()
child = subprocess.Popen(sys.argv[2:])
_, status, usage = os.wait4(child.pid, 0)
with open(sys.argv[1], "w") as figures:
    print(os.waitstatus_to_exitcode(status), time.perf_counter() - start, usage.ru_maxrss,
          file=figures)
"""


def measured(tmp_path: Path, *argv: str) -> tuple[int, str, str, float, float]:
    """`megalith` ARGV in a child process: its exit status, output, error output, wall-clock
    seconds and peak memory (resident set, MB), the latter from the child's own rusage."""
    figures = tmp_path / "figures.txt"
    done = subprocess.run([sys.executable, "-c", TIMED, str(figures), sys.executable, "-m",
                           "megalith.rules.cli", *argv], capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    status, seconds, kilobytes = figures.read_text().split()
    return int(status), done.stdout, done.stderr, float(seconds), int(kilobytes) / 1024


def test_the_issues_50_mb_record_is_refused_at_once(tmp_path: Path) -> None:
    path = tmp_path / "huge.txt"
    with path.open("w") as stream:  # the second move covers the first: illegal
        stream.write("druid alice bob\n")
        for _ in range(175):
            stream.write("a1\n" * 100_000)
    assert path.stat().st_size > 50_000_000
    status, out, err, seconds, megabytes = measured(tmp_path, "check", str(path))
    print(f"50 MB record: {seconds:.2f} s, {megabytes:.0f} MB")
    assert (status, out) == (2, "")
    assert err.count("\n") == 1 and "larger than" in err and f"{records.MAX_RECORD_BYTES:,}" in err
    assert seconds < SECONDS and megabytes < MEGABYTES


def _fill(head: str, line: str, tail: str) -> str:
    """`head`, then `line` as often as fits in MAX_RECORD_BYTES with `tail`."""
    count = (records.MAX_RECORD_BYTES - len(head) - len(tail)) // len(line)
    return head + line * count + tail


SHAPES = {
    # the most moves a file of the largest size holds, with the second one illegal
    "bare move list": _fill("druid alice bob\n", "a1\n", ""),
    "moves entry": _fill("(game druid)\n(players alice bob)\n(moves\n", "a1\n",
                         ")\n(parameters -size=5)\n"),
    # one variation of a million moves on a single line
    "variation": _fill("(game druid)\n(players alice bob)\n(moves\na1\n)\n(variations\n0 1",
                       " b1", "\n)\n"),
}


@pytest.mark.parametrize("shape", SHAPES)
def test_the_most_moves_a_file_can_hold_are_refused_at_once(tmp_path: Path, shape: str
                                                            ) -> None:
    path = tmp_path / "long.txt"
    path.write_text(SHAPES[shape])
    status, out, err, seconds, megabytes = measured(tmp_path, "check", str(path))
    print(f"{shape}: {seconds:.2f} s, {megabytes:.0f} MB")
    assert (status, out) == (2, "")
    assert err.count("\n") == 1
    assert f"more than {records.MAX_MOVES:,} moves" in err, err
    assert seconds < SECONDS and megabytes < MEGABYTES


def test_a_comment_as_large_as_a_file_may_be_still_loads(tmp_path: Path) -> None:
    path = tmp_path / "chatty.txt"
    path.write_text(_fill("(game druid)\n(players alice bob)\n(moves\nc3\n)\n(comment\n", "x\n",
                          ")\n"))
    status, out, err, seconds, megabytes = measured(tmp_path, "check", str(path))
    print(f"comment: {seconds:.2f} s, {megabytes:.0f} MB")
    assert (status, err) == (0, "") and "ply: 1" in out
    assert seconds < SECONDS and megabytes < MEGABYTES


def test_the_longest_druid_game_megalith_reads_loads(tmp_path: Path) -> None:
    """Stones stack without end and passes are free, so Druid's length has no bound: a
    record of MAX_MOVES moves (one stack, passes between) loads; one more is refused on the
    line of the move too many."""
    moves = "a1\n--\n" * (records.MAX_MOVES // 2)
    path = tmp_path / "stack.txt"
    path.write_text("druid alice bob\n" + moves)
    status, out, err, seconds, megabytes = measured(tmp_path, "check", str(path))
    print(f"{records.MAX_MOVES:,} moves: {seconds:.2f} s, {megabytes:.0f} MB")
    assert (status, err) == (0, "") and f"ply: {records.MAX_MOVES}" in out
    assert seconds < SECONDS and megabytes < MEGABYTES
    path.write_text("druid alice bob\n" + moves + "a1\n")
    status, out, err, _, _ = measured(tmp_path, "check", str(path))
    assert (status, out) == (2, "")
    assert err.endswith(f"line {records.MAX_MOVES + 2}: the record holds more than "
                        f"{records.MAX_MOVES:,} moves, the most Megalith reads of a game "
                        "(docs/record-format.md)\n"), err


def test_stdin_past_the_size_limit_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "big.txt"
    path.write_text("druid alice bob\n" + "x" * records.MAX_RECORD_BYTES + "\n")
    with path.open("rb") as stdin:
        done = subprocess.run([sys.executable, "-m", "megalith.rules.cli", "check", "-"],
                              stdin=stdin, capture_output=True, text=True,
                              env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert (done.returncode, done.stdout) == (2, "")
    assert "larger than" in done.stderr and done.stderr.count("\n") == 1


@pytest.mark.parametrize("game, parameters, longest", [
    ("quady", ["-size=5"], 15 + 1),      # every cell filled, or a resignation
    ("dragons", ["-num_tiles=6"], 5 + 1),  # the pool less the opening tile, or a resignation
    ("trichet", ["-size=3"], 1 + 1),     # the pool less the two opening tiles, or a resignation
])
def test_a_record_longer_than_its_game_can_be_is_refused_on_reading(
        game: str, parameters: list[str], longest: int) -> None:
    assert registry.new_game(game, parameters).longest_game() == longest
    head = f"{game} {' '.join(parameters)} alice bob\n"
    with pytest.raises(records.RecordError) as refused:
        records.parse(head + "a1\n" * (longest + 1))
    assert refused.value.line == longest + 2
    assert f"more than {longest:,} moves" in refused.value.reason


@pytest.mark.parametrize("game", ["quady", "dragons", "trichet"])
def test_random_games_stay_within_their_games_bound(game: str) -> None:
    """The bound is true: random games to their end, from the smallest pool or board (where
    a game can fill it) to the default, never play more moves."""
    import random

    rng = random.Random(5)
    for parameters in ([], [f"-{registry.get(game).options[0].name}="
                            f"{registry.get(game).options[0].minimum}"]):
        for _ in range(20):
            state = registry.new_game(game, parameters)
            longest = state.longest_game()
            while state.to_move is not None:
                state.play(state.random_move(rng))
            assert longest is not None and state.ply <= longest - 1  # and a resignation


def test_drogo_and_druid_have_no_bound() -> None:
    for game in ("druid", "drogo"):
        assert registry.new_game(game).longest_game() is None


def test_the_reader_splits_lines_as_splitlines_does() -> None:
    """The reader takes the text a piece at a time; its lines are still exactly those of
    `str.splitlines` (every kind of line break, a `\\r\\n` across a piece's end)."""
    import random

    rng = random.Random(3)
    for size in (0, 1, 2, 7, 300, 200_000):
        for _ in range(100 if size < 1000 else 5):
            text = "".join(rng.choice("ab (\r\n\x0b\x0c\x1c\x85\u2028") for _ in range(size))
            assert list(records._lines(text)) == text.splitlines()
    for shift in range(-3, 4):
        text = "x" * (records._PIECE + shift) + "\r\n" + "y\r\n" * 5
        assert list(records._lines(text)) == text.splitlines()
