""""Analyse game" in the background: every position of the record searched in worker
processes ("spawn", as for the computer's turns), results collected by a timer.

`rates` maps a ply to the win rate of the side to move there, `movers` to that side;
`updated` says it grew.
`start` drops whatever an earlier analysis had not finished."""

from __future__ import annotations

import multiprocessing
import os
from concurrent.futures import Future, ProcessPoolExecutor

from PySide6.QtCore import QObject, QTimer, Signal

from megalith.rules.ai.analysis import ITERATIONS, win_rate_to_move
from megalith.rules.protocol import GameState

POLL_MS = 200


class GameAnalysis(QObject):
    updated = Signal()

    def __init__(self, parent: QObject | None = None, iterations: int = ITERATIONS) -> None:
        super().__init__(parent)
        self.iterations = iterations
        self.rates: dict[int, float | None] = {}
        self.movers: dict[int, str] = {}
        self._pending: dict[int, Future[float | None]] = {}
        self._pool: ProcessPoolExecutor | None = None
        self._timer = QTimer(self)
        self._timer.setInterval(POLL_MS)
        self._timer.timeout.connect(self._collect)

    @property
    def running(self) -> bool:
        return bool(self._pending)

    def start(self, states: list[GameState]) -> None:
        """Analyse the positions `states[k]` (after k moves)."""
        self.cancel()
        if self._pool is None:
            self._pool = ProcessPoolExecutor(
                max(1, os.cpu_count() or 1), mp_context=multiprocessing.get_context("spawn"))
        for ply, state in enumerate(states):
            if state.to_move is None:
                self.rates[ply] = None
            else:
                self.movers[ply] = state.to_move
                self._pending[ply] = self._pool.submit(win_rate_to_move, state.copy(),
                                                       self.iterations, ply)
        self._timer.start()
        self.updated.emit()

    def cancel(self) -> None:
        """Forget the analysis (positions under search finish in their workers, unread)."""
        for future in self._pending.values():
            future.cancel()
        self._pending = {}
        self.rates = {}
        self.movers = {}
        self._timer.stop()
        self.updated.emit()

    def close(self) -> None:
        self.cancel()
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None

    def _collect(self) -> None:
        done = [ply for ply, future in self._pending.items() if future.done()]
        for ply in done:
            future = self._pending.pop(ply)
            self.rates[ply] = None if future.cancelled() else future.result()
        if not self._pending:
            self._timer.stop()
        if done:
            self.updated.emit()
