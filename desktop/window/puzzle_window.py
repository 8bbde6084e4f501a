"""Game > Puzzles: a window of its own beside the main one, with a board of the same
desks and views as any game (clicks become move text there as everywhere, and go to the
puzzle's attempt instead of a game) and the puzzle panel (desktop/panels/puzzle_panel.py).

The game in the main window is never touched by a puzzle: it stays on its board, with its
autosave, while puzzles are played and after the puzzle window closes. Only "Open as game"
replaces it, and only after the same question New game asks when it has unsaved changes.
What happens in a puzzle is decided by `desktop.game.puzzle_trainer.PuzzleTrainer` over the
rules' puzzles; this window shows it.
"""

from __future__ import annotations

from PySide6.QtCore import QSettings, Qt, QTimer
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence, QShowEvent
from PySide6.QtWidgets import QHBoxLayout, QLabel, QLineEdit, QSplitter, QWidget

from megalith.rules.protocol import OptionError
from megalith.rules.puzzles import Hint, PuzzleRun, Reply
from megalith.rules.record import RecordError

from megalith.desktop.game.controller import GameController
from megalith.desktop.game.puzzle_scores import PuzzleScores
from megalith.desktop.game.puzzle_trainer import REFUTED, SOLVING, THINKING, PuzzleTrainer
from megalith.desktop.game.puzzle_worker import PuzzleWorker
from megalith.desktop.game.session import Session
from megalith.desktop.games import desk
from megalith.desktop.panels.puzzle_panel import PuzzlePanel
from megalith.desktop.settings import default_colour
from megalith.desktop.window.board_pane import BoardPane, board_column
from megalith.desktop.window.files import RecordFiles

SOLUTION_STEP_MS = 900  # between the moves of a solution shown on the board
FAMILY_KEY = "puzzles/family"  # the family last chosen


class PuzzleWindow(QWidget):
    """Puzzles over `parent` (the main window), whose game `controller` holds and `files`
    guards; the player's counts and last family are kept in `store`."""

    def __init__(self, parent: QWidget, controller: GameController, files: RecordFiles,
                 store: QSettings) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.setObjectName("puzzle_window")
        self.setWindowTitle("Puzzles - Megalith")
        self.resize(1150, 720)
        self._controller = controller
        self._files = files
        self._store = store
        self.trainer = PuzzleTrainer(PuzzleScores(store))

        self.pointer_label = QLabel()
        self.pointer_label.setObjectName("puzzle_pointer")
        self.pointer_label.setStyleSheet("color: #555; padding: 2px 6px;")
        self.pointer_label.setFixedHeight(self.pointer_label.fontMetrics().lineSpacing() + 6)
        self.board_pane = BoardPane(self.play_move, self.pointer_label.setText)
        self.move_line = QLineEdit()
        self.move_line.setObjectName("puzzle_move_line")
        self.move_line.setPlaceholderText("Or type the move and press Enter")
        left = board_column(self.board_pane, self.pointer_label, self.move_line,
                            self._play_typed)

        self.panel = PuzzlePanel()
        self.panel.familyChosen.connect(self.choose_family)
        self.panel.hintRequested.connect(self.hint)
        self.panel.retryRequested.connect(self.retry)
        self.panel.solutionRequested.connect(self.show_solution)
        self.panel.nextRequested.connect(self.next_puzzle)
        self.panel.openRequested.connect(self.open_as_game)
        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(left)
        splitter.addWidget(self.panel)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 1)
        splitter.setSizes([800, 350])
        QHBoxLayout(self).addWidget(splitter)

        self.worker = PuzzleWorker(self)
        self.worker.answered.connect(self._answered)
        self.worker.failed.connect(self._failed)
        self._token = 0  # the worker's answers to earlier questions are dropped
        self._solution_timer = QTimer(self)
        self._solution_timer.setInterval(SOLUTION_STEP_MS)
        self._solution_timer.timeout.connect(self._solution_step)
        for keys, slot in (("0", lambda: self.board_pane.reset_camera()),
                           ("T", self.board_pane.top_view),
                           ("[", lambda: self.board_pane.turn(-1)),
                           ("]", lambda: self.board_pane.turn(1))):
            action = QAction(self)
            action.setShortcut(QKeySequence(keys))
            action.triggered.connect(slot)
            self.addAction(action)

        families = self.trainer.families()
        self.panel.set_families(families)
        if not families:  # a copy built without the puzzle sets
            self.panel.say("This copy of Megalith has no puzzles.")
            self.panel.setEnabled(False)
            return
        family = str(store.value(FAMILY_KEY, ""))
        self.choose_family(family if family in dict(families) else "")

    # ---- the puzzles -----------------------------------------------------------------

    def choose_family(self, family: str) -> None:
        """The puzzles of one family (a key of the rules' families), or of every game
        ("")."""
        self._store.setValue(FAMILY_KEY, family)
        self.trainer.choose(family)
        self.panel.set_family(family)
        self._new_puzzle()

    def next_puzzle(self) -> None:
        self.trainer.next()
        self._new_puzzle()

    def _new_puzzle(self) -> None:
        self._drop_answer()
        if self.board_pane.set_desk(desk(self.trainer.game)):
            self.board_pane.show_map(False)  # the board alone: a puzzle is read on it
        self.move_line.clear()
        self.refresh()
        self.board_pane.reset_camera(animate=False)

    def play_move(self, text: str) -> bool:
        """A move from the board or the move line: shown at once, and answered by the
        rules in the worker (`_answered`)."""
        move = self.trainer.move(text)
        run = self.trainer.run
        if move is not None and run is not None:
            self._ask(run, "try_move", move)
        self.refresh()
        return move is not None

    def _ask(self, run: PuzzleRun, question: str, *args: str) -> None:
        self._token += 1
        self.worker.ask(self._token, run, question, *args)

    def _answered(self, token: int, run: PuzzleRun, answer: object) -> None:
        if token != self._token:
            return
        if isinstance(answer, Reply):
            self.trainer.answered(run, answer)
        elif isinstance(answer, Hint):
            self.trainer.hint(run, answer)
        elif isinstance(answer, list):
            self.trainer.show_solution([str(move) for move in answer])
            self._solution_timer.start()
        self.refresh()

    def _failed(self, token: int, error: str) -> None:
        if token == self._token:
            self.trainer.retry()
            self.trainer.words = f"The puzzle could not be answered: {error}"
            self.refresh()

    def _drop_answer(self) -> None:
        """What the worker is finding belongs to the attempt as it was: dropped."""
        self._token += 1
        self.worker.cancel()
        self._solution_timer.stop()

    def _play_typed(self) -> None:
        text = self.move_line.text().strip()
        if text and self.play_move(text):
            self.move_line.clear()

    def retry(self) -> None:
        self._drop_answer()
        self.trainer.retry()
        self.refresh()

    def hint(self) -> None:
        """Asks the worker for the hint (after a right move in a long win, finding the
        winning moves takes up to a second); the player may move meanwhile."""
        run = self.trainer.run
        if run is not None and self.trainer.phase == SOLVING:
            self._ask(run, "hint")

    def show_solution(self) -> None:
        self._drop_answer()
        run = self.trainer.run
        if run is None:
            return
        self.trainer.ask_solution()
        self._ask(run, "solution")
        self.refresh()

    def _solution_step(self) -> None:
        if not self.trainer.solution_step():
            self._solution_timer.stop()
        self.refresh()

    def open_as_game(self) -> bool:
        """The puzzle's position as an ordinary game in the main window, after the question
        about the game there if it has unsaved changes."""
        try:
            session = Session.from_record(self.trainer.record())
        except (RecordError, OptionError) as exc:
            self.panel.say(f"The puzzle could not be opened as a game: {exc}")
            return False
        if not self._files.maybe_discard():
            return False
        self._controller.adopt(session, f"The position of {self.trainer.title()}, as a game: "
                                        f"{self.trainer.task()}.")
        window = self.parentWidget()
        if window is not None:
            window.raise_()
            window.activateWindow()
        return True

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self.worker.prepare()  # started while the player reads the puzzle

    def closeEvent(self, event: QCloseEvent) -> None:
        """Leaving puzzles: the worker ends (it starts again with the next puzzle move)."""
        self._drop_answer()
        self.worker.close()
        if self.trainer.phase == THINKING:
            self.trainer.retry()
        super().closeEvent(event)

    # ---- drawing -----------------------------------------------------------------------

    def refresh(self) -> None:
        trainer = self.trainer
        self.pointer_label.clear()  # what the pointer said was about the last position
        board = trainer.board()
        sides = board.state.turn_order
        colours = {side: default_colour(side, seat) for seat, side in enumerate(sides)}
        views = self.board_pane.views
        if views is not None:
            views.show(board.state, colours, board.legal, board.last_move, board.last_cells,
                       with_map=False)
        if trainer.marks:
            self.board_pane.show_suggestions([(move, 1.0) for move in trainer.marks])
        self.panel.show_puzzle(trainer.title(), trainer.task(), colours[trainer.puzzle.side])
        self.panel.say(trainer.words, trainer.tone)
        run = trainer.run
        self.panel.enable(hint=trainer.phase == SOLVING,
                          retry=trainer.phase != SOLVING or bool(run and run.moves),
                          solution=True, retry_next=trainer.phase == REFUTED)
        self.panel.show_counts(trainer.counts())
