"""Root-parallel search in worker processes: merged, reproducible, reporting, stoppable."""

from __future__ import annotations

import multiprocessing
import subprocess
import sys
import time
from pathlib import Path

import pytest

from megalith.rules import registry
from megalith.rules.ai.mcts import MoveStats, SearchResult
from megalith.rules.ai.parallel import Thinker, merge


@pytest.fixture(scope="module")
def thinker():
    with Thinker(2) as pool:
        yield pool


def test_merge_adds_up_the_root_statistics() -> None:
    a = SearchResult("b1", 0.5, 10, (MoveStats("b1", 6, 0.5, 0.5),
                                     MoveStats("a1", 4, 0.25, 0.5)), 0)
    b = SearchResult("a1", 0.75, 10, (MoveStats("a1", 8, 0.75, 0.5),
                                      MoveStats("b1", 2, 1.0, 0.9)), 0)
    merged = merge([a, b])
    assert merged.move == "a1" and merged.iterations == 20
    rows = [(m.move, m.visits, m.win_rate, m.estimate) for m in merged.moves]
    assert rows == [("a1", 12, pytest.approx(7 / 12), pytest.approx(0.5)),
                    ("b1", 8, pytest.approx(5 / 8), pytest.approx(4.8 / 8))]


def test_merge_keeps_the_quickest_proven_win_and_the_longest_proven_loss() -> None:
    def result(win_plies: int, loss_plies: int) -> SearchResult:
        return SearchResult("a1", 1.0, 10, (
            MoveStats("a1", 4, 1.0, 1.0, proven=1.0, plies=win_plies),
            MoveStats("b1", 3, 0.0, 0.0, proven=0.0, plies=loss_plies),
            MoveStats("c1", 3, 0.0, 0.0, proven=0.0, plies=1)), 0)
    merged = merge([result(5, 1), result(3, 3)])
    assert [(m.move, m.proven, m.plies) for m in merged.moves] == [
        ("a1", 1.0, 3), ("b1", 0.0, 3), ("c1", 0.0, 1)]


def test_fixed_iterations_and_seed_give_the_same_merged_search(thinker: Thinker) -> None:
    state = registry.new_game("quady", "-size=7")
    state.play("d4")
    first = thinker.think(state, iterations=301, seed=5)
    second = thinker.think(state, iterations=301, seed=5)
    assert first == second
    assert first.iterations == 301 and sum(m.visits for m in first.moves) == 301


def test_a_timed_search_reports_progress_and_stops_when_told(thinker: Thinker) -> None:
    state = registry.new_game("druid", "-size=6")
    job = thinker.start(state, seconds=60, seed=1)
    progress = None
    deadline = time.monotonic() + 20
    while progress is None and time.monotonic() < deadline:
        time.sleep(0.05)
        progress = job.progress()
    assert progress is not None and progress.iterations > 0 and not job.done()
    start = time.monotonic()
    thinker.stop()
    assert job.done() and time.monotonic() - start < 5
    result = job.result()
    assert result.iterations >= progress.iterations and result.move in state.legal_moves()
    # the pool takes the next job at once
    assert thinker.think(state, iterations=40, seed=2).iterations == 40


def test_a_forced_move_needs_no_worker(thinker: Thinker) -> None:
    state = registry.new_game("drogo", "-size=4", 3)
    for move in ("b2", "Resign", "c3", "b3"):
        state.play(move)
    job = thinker.start(state, seconds=30)
    assert job.done() and job.futures == [] and job.result().move == "--"


def test_a_pool_whose_reports_nobody_read_still_closes() -> None:
    """Workers put a report on the queue four times a second; unread reports must not keep
    them from exiting when the pool shuts down (run apart, so a hang fails the test)."""
    code = ("from megalith.rules import registry\n"
            "from megalith.rules.ai.parallel import Thinker\n"
            "if __name__ == '__main__':\n"
            "    state = registry.new_game('druid', '-hex')\n"
            "    with Thinker(2) as thinker:\n"
            "        for _ in range(2):\n"
            "            thinker.think(state, seconds=1.5)\n"
            "    print('closed')\n")
    root = Path(__file__).resolve().parents[3]
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=root, timeout=120)
    assert out.returncode == 0 and out.stdout.strip() == "closed", out.stderr


def test_a_new_pool_starts_its_workers_before_any_search() -> None:
    """The first search must not wait for (or compete with) workers starting up."""
    before = set(multiprocessing.active_children())
    with Thinker(2):
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            started = [p for p in multiprocessing.active_children() if p not in before]
            if len(started) == 2 and all(p.is_alive() for p in started):
                break
            time.sleep(0.05)
        assert len(started) == 2
