"""The rules' slow puzzle questions, asked in a worker process so the window never waits.

Answering a right move in a win in 5 means finding the best defence with a full-width search
of every reply, which takes seconds on the larger boards (up to about 4 s on Druid Y 8); so
does the solution. The puzzle window asks here: the attempt (`PuzzleRun`, which pickles) is
sent to one worker process started with the "spawn" method (as the computer's, never by
forking a process that runs Qt), the question is put to the copy there, and the copy comes
back with the answer. A timer on the event loop watches for it. `cancel` stops a question
under way by ending the process (the next question starts another), so a player who moves
on never waits for an answer they no longer want.

Every answer carries the token it was asked with; the window takes only the answer to its
latest question.
"""

from __future__ import annotations

import multiprocessing
import os
from dataclasses import dataclass
from multiprocessing.pool import AsyncResult, Pool

from PySide6.QtCore import QObject, QTimer, Signal

from megalith.rules.puzzles import PuzzleRun

POLL_MS = 40
WORKER_NICENESS = 10  # the search yields the processor to the window


def _start_worker() -> None:
    if hasattr(os, "nice"):
        os.nice(WORKER_NICENESS)


@dataclass(frozen=True)
class Failure:
    """What went wrong in the worker, in words (not every error survives pickling: the
    rules' MoveError does not)."""

    words: str


def _ask(run: PuzzleRun, question: str, args: tuple[str, ...]) -> tuple[PuzzleRun, object]:
    """In the worker: the run's answer to `question` (`try_move` or `solution`), with the
    run as it is afterwards."""
    try:
        answer = getattr(run, question)(*args)
    except Exception as exc:  # any: a worker that raises would leave the window waiting
        return run, Failure(str(exc) or type(exc).__name__)
    return run, answer


class PuzzleWorker(QObject):
    answered = Signal(int, object, object)  # token, the run afterwards, the answer
    failed = Signal(int, str)  # token, what went wrong

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._pool: Pool | None = None
        self._asked: tuple[int, AsyncResult[tuple[PuzzleRun, object]]] | None = None
        self._timer = QTimer(self)
        self._timer.setInterval(POLL_MS)
        self._timer.timeout.connect(self._poll)

    @property
    def busy(self) -> bool:
        return self._asked is not None

    def prepare(self) -> Pool:
        """Starts the worker process if it is not running (the puzzle window does so as it
        opens, so the first move does not wait for it)."""
        if self._pool is None:
            self._pool = multiprocessing.get_context("spawn").Pool(1, _start_worker)
        return self._pool

    def ask(self, token: int, run: PuzzleRun, question: str, *args: str) -> None:
        """Puts `question(*args)` to a copy of `run`; a question under way is dropped."""
        self.cancel()
        self._asked = (token, self.prepare().apply_async(_ask, (run, question, args)))
        self._timer.start()

    def cancel(self) -> None:
        """Drops the question under way, ending the process that works on it."""
        asked, self._asked = self._asked, None
        self._timer.stop()
        if asked is not None and not asked[1].ready() and self._pool is not None:
            self._pool.terminate()
            self._pool = None

    def close(self) -> None:
        self.cancel()
        if self._pool is not None:
            self._pool.terminate()
            self._pool = None

    def _poll(self) -> None:
        asked = self._asked
        if asked is None or not asked[1].ready():
            return
        self._asked = None
        self._timer.stop()
        token, result = asked
        try:
            run, answer = result.get()
        except Exception as exc:  # a worker that died
            answer = Failure(str(exc) or type(exc).__name__)
        if isinstance(answer, Failure):
            self.failed.emit(token, answer.words)
        else:
            self.answered.emit(token, run, answer)
