"""Root-parallel search in worker processes.

Each worker grows its own tree from the same position with its own seed; their root
statistics are added up and the most visited move wins. Processes rather than threads: the
GIL would hold the search to one core and freeze a window in the same process. Workers are
started with the "spawn" method, never by forking: a fork of a process that runs Qt threads
can deadlock. The pool lives as long as the `Thinker`, so a game pays the start-up once.

With a fixed number of iterations, a seed and a fixed number of workers the merged choice is
reproducible: the iterations are split evenly and worker k searches with seed `seed * 1000 + k`.

`keep_tree` (the window's computer): each worker keeps its tree after a search, and the next
search that follows from that position grows the subtree of the moves played since
(`Search.advance`) instead of a new tree. Which worker takes which task is the pool's
choice, so a search that kept a tree is not reproducible from its seed; searches without
`keep_tree` are, and they drop any kept tree. `ponder` searches the position until told to
stop (the person's time), keeping the tree for the computer's next turn.
"""

from __future__ import annotations

import multiprocessing
import os
import queue
import signal
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass
from multiprocessing.synchronize import Event
from typing import Any

from megalith.rules.ai.mcts import MoveStats, Search, SearchResult, ranked
from megalith.rules.protocol import GameState

# Set in each worker by _start_worker: the pool's stop flag and progress queue.
_worker_stop: Event | None = None
_worker_progress: Any = None
_worker_tree: Search | None = None  # the tree a `keep_tree` search left in this worker
# Per worker, what a ponder grows at most: a tree takes some 75 MB per 20,000 iterations
# (Druid square 10), and a person may think for minutes.
PONDER_ITERATIONS = 40_000


WORKER_NICENESS = 10  # searches yield the processor to the window (and anything else)


def _start_worker(stop: Event, progress: Any) -> None:
    global _worker_stop, _worker_progress
    _worker_stop, _worker_progress = stop, progress
    # Ctrl+C reaches every process of the terminal's group: the one that owns the pool stops
    # and closes its workers (Thinker.close), where a KeyboardInterrupt in each would print
    # its traceback and break the pool under the owner.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(os, "nice"):
        os.nice(WORKER_NICENESS)
    # Reports nobody has read must not keep a worker from exiting when the pool shuts down.
    progress.cancel_join_thread()


def _ready() -> int:
    """A task that does nothing: submitted once per worker, it makes the pool start them."""
    return os.getpid()


def _search_in_worker(job: int, index: int, state: GameState, iterations: int | None,
                      seconds: float | None, seed: int, least_iterations: int,
                      keep_tree: bool = False) -> SearchResult:
    global _worker_tree
    stop = _worker_stop

    def report(result: SearchResult) -> None:
        if _worker_progress is not None:
            _worker_progress.put((job, index, result))

    search = _worker_tree
    if not keep_tree or search is None or not search.advance(state):
        search = Search(state, seed)
    _worker_tree = search if keep_tree else None
    result = search.run(iterations, seconds, None if stop is None else stop.is_set, report,
                        least_iterations=least_iterations)
    report(result)
    return result


def merge(results: list[SearchResult]) -> SearchResult:
    """The root statistics of several searches of one position added up (means weighted by
    visits); a move one search proved is proven (a proof is exact, so none contradicts it),
    and its win rate is the proof's."""
    visits: dict[str, int] = {}
    value: dict[str, float] = {}
    estimated: dict[str, float] = {}
    proven: dict[str, float] = {}
    plies: dict[str, int] = {}  # of a proven move: the quickest win or longest loss proven
    for result in results:
        for stats in result.moves:
            visits[stats.move] = visits.get(stats.move, 0) + stats.visits
            value[stats.move] = value.get(stats.move, 0.0) + stats.win_rate * stats.visits
            estimated[stats.move] = (estimated.get(stats.move, 0.0)
                                     + stats.estimate * stats.visits)
            if stats.proven is not None:
                proven[stats.move] = stats.proven
            if stats.plies is not None:
                known = plies.get(stats.move, stats.plies)
                plies[stats.move] = (min if stats.proven == 1.0 else max)(known, stats.plies)
    moves = ranked([MoveStats(m, visits[m], proven.get(m, value[m] / visits[m]),
                              estimated[m] / visits[m], proven.get(m), plies.get(m))
                    for m in sorted(visits) if visits[m]])
    iterations = sum(r.iterations for r in results)
    if not moves:
        return SearchResult(results[0].move, None, iterations, (), results[0].person)
    return SearchResult(moves[0].move, moves[0].win_rate, iterations, moves, results[0].person)


@dataclass
class Job:
    """One position being searched by every worker."""

    number: int
    futures: list[Future[SearchResult]]
    forced: SearchResult | None  # the answer when the root has one move: no workers used
    _latest: dict[int, SearchResult]
    _progress: Any

    def done(self) -> bool:
        return self.forced is not None or all(f.done() for f in self.futures)

    def result(self, timeout: float | None = None) -> SearchResult:
        """The merged result once every worker has finished (waits for them)."""
        if self.forced is not None:
            return self.forced
        return merge([f.result(timeout) for f in self.futures])

    def progress(self) -> SearchResult | None:
        """The merged standing from the workers' latest reports, or None before any."""
        if self.forced is not None:
            return self.forced
        while True:
            try:
                job, index, result = self._progress.get_nowait()
            except (queue.Empty, OSError, ValueError):
                break
            if job == self.number:
                self._latest[index] = result
        return merge(list(self._latest.values())) if self._latest else None


class Thinker:
    """A pool of search processes; one job at a time. Close it when done (or use `with`)."""

    def __init__(self, workers: int | None = None) -> None:
        self.workers = max(1, workers or os.cpu_count() or 1)
        context = multiprocessing.get_context("spawn")
        self._stop = context.Event()
        self._progress = context.Queue()
        self._pool = ProcessPoolExecutor(self.workers, mp_context=context,
                                         initializer=_start_worker,
                                         initargs=(self._stop, self._progress))
        self._jobs = 0
        self._current: Job | None = None
        # Start the workers now rather than on the first search: a starting worker imports
        # the rules before it lowers its priority, and that would compete with the window
        # just when the person has moved (the first search after a new game took 40-70 ms
        # longer to repaint a turn of the monument without this).
        for _ in range(self.workers):
            self._pool.submit(_ready)

    def start(self, state: GameState, iterations: int | None = None,
              seconds: float | None = None, seed: int = 0, least_iterations: int = 0,
              keep_tree: bool = False) -> Job:
        """Start searching `state` (copied); a job still running is stopped first. Each
        worker searches at least `least_iterations` before its clock may stop it, and with
        `keep_tree` grows the tree it kept where the position follows from it."""
        if iterations is None and seconds is None:
            raise ValueError("a search needs a limit: iterations or seconds")
        self.stop()
        self._stop.clear()
        self._jobs += 1
        probe = Search(state, seed, decisive_depth=1)
        if probe.forced:
            job = Job(self._jobs, [], probe.result(), {}, self._progress)
        else:
            shares = _split(iterations, self.workers)
            futures = [self._pool.submit(_search_in_worker, self._jobs, k, state.copy(),
                                         shares[k], seconds, seed * 1000 + k,
                                         least_iterations, keep_tree)
                       for k in range(self.workers) if shares[k] != 0]
            job = Job(self._jobs, futures, None, {}, self._progress)
        self._current = job
        return job

    def ponder(self, state: GameState, seed: int = 0) -> Job:
        """Search `state` on the person's time, keeping the trees, until `stop` (or
        PONDER_ITERATIONS in each worker)."""
        return self.start(state, PONDER_ITERATIONS * self.workers, None, seed, keep_tree=True)

    def stop(self) -> None:
        """Tell the workers to finish now; the current job's result is what they have."""
        job = self._current
        if job is not None and not job.done():
            self._stop.set()
            for future in job.futures:
                future.exception()  # waits until the worker has returned

    def think(self, state: GameState, iterations: int | None = None,
              seconds: float | None = None, seed: int = 0,
              least_iterations: int = 0) -> SearchResult:
        return self.start(state, iterations, seconds, seed, least_iterations).result()

    def close(self) -> None:
        self.stop()
        self._pool.shutdown(wait=True, cancel_futures=True)
        self._progress.cancel_join_thread()
        self._progress.close()

    def __enter__(self) -> Thinker:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _split(iterations: int | None, workers: int) -> list[int | None]:
    if iterations is None:
        return [None] * workers
    base, extra = divmod(iterations, workers)
    return [base + (1 if k < extra else 0) for k in range(workers)]

