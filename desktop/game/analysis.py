""""Analyse game" in the background: every position of the record searched in worker
processes ("spawn", as for the computer's turns), results collected by a timer. The
positions go to the workers in runs of consecutive plies (rules.ai.analysis.RUN), each run
searched in one tree kept from ply to ply, so the rates arrive a run at a time.

`rates` maps a ply to the win rate of the side to move there, `movers` to that side, `best`
to the move the search prefers there (for the review); `moves` are the moves of the line
analysed and `outcome` the outcome after them. `updated` says it grew.
`start` drops whatever an earlier analysis had not finished."""

from __future__ import annotations

import multiprocessing
import os
from concurrent.futures import Future, ProcessPoolExecutor

from PySide6.QtCore import QObject, QTimer, Signal

from megalith.rules.ai.analysis import ITERATIONS, RUN, searched_along
from megalith.rules.protocol import GameState, Outcome

POLL_MS = 200


class GameAnalysis(QObject):
    updated = Signal()

    def __init__(self, parent: QObject | None = None, iterations: int = ITERATIONS) -> None:
        super().__init__(parent)
        self.iterations = iterations
        self.rates: dict[int, float | None] = {}
        self.movers: dict[int, str] = {}
        self.best: dict[int, str | None] = {}
        self.moves: tuple[str, ...] = ()
        self.outcome: Outcome | None = None
        # by the first ply of a run: (win rate, preferred move) of each of its plies
        self._pending: dict[int, Future[list[tuple[float | None, str | None]]]] = {}
        self._pool: ProcessPoolExecutor | None = None
        self._timer = QTimer(self)
        self._timer.setInterval(POLL_MS)
        self._timer.timeout.connect(self._collect)

    @property
    def running(self) -> bool:
        return bool(self._pending)

    def start(self, states: list[GameState], moves: list[str]) -> None:
        """Analyse the positions `states[k]` (after k of `moves`)."""
        self.cancel()
        self.moves = tuple(moves)
        self.outcome = states[-1].outcome()
        if self._pool is None:
            self._pool = ProcessPoolExecutor(
                max(1, os.cpu_count() or 1), mp_context=multiprocessing.get_context("spawn"))
        for ply, state in enumerate(states):
            if state.to_move is not None:
                self.movers[ply] = state.to_move
        for first in range(0, len(states), RUN):
            run = [state.copy() for state in states[first:first + RUN]]
            self._pending[first] = self._pool.submit(searched_along, run, self.iterations,
                                                     first)
        self._timer.start()
        self.updated.emit()

    def cancel(self) -> None:
        """Forget the analysis (positions under search finish in their workers, unread)."""
        for future in self._pending.values():
            future.cancel()
        self._pending = {}
        self.rates = {}
        self.movers = {}
        self.best = {}
        self.moves = ()
        self.outcome = None
        self._timer.stop()
        self.updated.emit()

    def close(self) -> None:
        self.cancel()
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None

    def _collect(self) -> None:
        done = [first for first, future in self._pending.items() if future.done()]
        for first in done:
            future = self._pending.pop(first)
            if not future.cancelled():
                for ply, (rate, best) in enumerate(future.result(), first):
                    self.rates[ply], self.best[ply] = rate, best
        if not self._pending:
            self._timer.stop()
        if done:
            self.updated.emit()
