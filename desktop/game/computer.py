"""The computer's thinking, for the controller: a search in worker processes
(rules.ai.parallel.Thinker), watched from the Qt event loop by a timer, so the window never
waits for it.

Each search carries the token the controller gave it (the controller changes its token with
every change of position); `finished` hands the token back with the result, and the
controller plays the move only if the token is still current, so a move never lands on a
position the people have left. `cancel` drops a search; `move_now` ends it early with the
best move found so far.

The workers keep their trees between searches (`keep_tree`), so a turn grows the subtree of
the moves played since the last search. `ponder` searches on the person's time, silently
and without making the computer busy; the next `start` or `cancel` stops it, its tree kept.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QTimer, Signal

from megalith.rules.ai.levels import Level
from megalith.rules.ai.mcts import SearchResult
from megalith.rules.ai.parallel import Job, Thinker
from megalith.rules.protocol import GameState

POLL_MS = 100


class ComputerPlayer(QObject):
    progress = Signal(object)  # SearchResult: the merged standing so far
    finished = Signal(int, object)  # token, SearchResult

    def __init__(self, parent: QObject | None = None, workers: int | None = None) -> None:
        super().__init__(parent)
        self._workers = workers
        self._thinker: Thinker | None = None  # started by `prepare` or the first search
        self._job: Job | None = None
        self._pondering: Job | None = None
        self._token = -1
        self._timer = QTimer(self)
        self._timer.setInterval(POLL_MS)
        self._timer.timeout.connect(self._poll)

    @property
    def busy(self) -> bool:
        return self._job is not None

    @property
    def pondering(self) -> bool:
        return self._pondering is not None and not self._pondering.done()

    @property
    def token(self) -> int:
        """The token of the search under way (-1 when idle)."""
        return self._token if self._job is not None else -1

    def prepare(self) -> Thinker:
        """Starts the worker processes if they are not running yet (a game with a computer
        seat does so as it opens, so the first search does not wait for them)."""
        if self._thinker is None:
            self._thinker = Thinker(self._workers)
        return self._thinker

    def start(self, state: GameState, level: Level, token: int, seed: int = 0) -> None:
        """Search `state` (copied) at `level`; a search under way is dropped first."""
        self.cancel()
        self._job = self.prepare().start(state, level.iterations, level.seconds, seed,
                                        level.least_iterations, keep_tree=True)
        self._token = token
        self._timer.start()

    def ponder(self, state: GameState, seed: int = 0) -> None:
        """Think about `state` (a person's turn) until the next `start` or `cancel`."""
        self.cancel()
        self._pondering = self.prepare().ponder(state, seed)

    def move_now(self) -> None:
        """Finish the current search at once; `finished` follows with its best move."""
        if self._job is not None and self._thinker is not None:
            self._thinker.stop()
            self._poll()

    def cancel(self) -> None:
        """Drop the current search: nothing is reported."""
        job, self._job = self._job, None
        pondering, self._pondering = self._pondering, None
        self._timer.stop()
        if (job is not None or pondering is not None) and self._thinker is not None:
            self._thinker.stop()

    def close(self) -> None:
        self.cancel()
        if self._thinker is not None:
            self._thinker.close()
            self._thinker = None

    def _poll(self) -> None:
        job = self._job
        if job is None:
            return
        if not job.done():
            standing = job.progress()
            if standing is not None:
                self.progress.emit(standing)
            return
        self._job = None
        self._timer.stop()
        result: SearchResult = job.result()
        self.finished.emit(self._token, result)
