"""The puzzle window's panel beside the board: which family of puzzles to play, which puzzle
is on the board and what to find ("V to play and win in 3", with V's colour), what the last
move brought in words, the buttons (Hint, Retry, Solution, Next, Open as game) and the
player's solved and tried counts per family.

It shows what it is given and says what was asked through its signals; the puzzle window
(desktop/window/puzzle_window.py) decides what happens.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Signal, SignalInstance
from PySide6.QtWidgets import (QComboBox, QGridLayout, QGroupBox, QHBoxLayout, QLabel,
                               QPushButton, QVBoxLayout, QWidget)

from megalith.desktop.game.puzzle_scores import Counts
from megalith.desktop.panels.side_panel import swatch_style

ALL = ""  # the family key of "every game"

TONES = {  # how the words about the last move look: a right move, a wrong one, the win
    "": "",
    "right": "color: #1f5f1f;",
    "wrong": "color: #8a1c12;",
    "solved": "color: #1f5f1f; font-weight: bold;",
}


class PuzzlePanel(QWidget):
    familyChosen = Signal(str)  # a family's key, or ALL
    hintRequested = Signal()
    retryRequested = Signal()
    solutionRequested = Signal()
    nextRequested = Signal()
    openRequested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("puzzle_panel")
        layout = QVBoxLayout(self)

        row = QHBoxLayout()
        row.addWidget(QLabel("Puzzles of:"))
        self.family_box = QComboBox()
        self.family_box.setObjectName("puzzle_family")
        self.family_box.setToolTip("Play puzzles of one game, or of every game in turn")
        self.family_box.activated.connect(
            lambda index: self.familyChosen.emit(str(self.family_box.itemData(index))))
        row.addWidget(self.family_box, stretch=1)
        layout.addLayout(row)

        self.title_label = QLabel()
        self.title_label.setObjectName("puzzle_title")
        self.title_label.setWordWrap(True)
        self.title_label.setStyleSheet("color: #444;")
        layout.addWidget(self.title_label)

        task = QHBoxLayout()
        self.swatch = QLabel()
        self.swatch.setFixedSize(22, 22)
        task.addWidget(self.swatch)
        self.task_label = QLabel()
        self.task_label.setObjectName("puzzle_task")
        self.task_label.setWordWrap(True)
        self.task_label.setStyleSheet("font-size: 17px; font-weight: bold;")
        task.addWidget(self.task_label, stretch=1)
        layout.addLayout(task)

        self.words_label = QLabel()
        self.words_label.setObjectName("puzzle_words")
        self.words_label.setWordWrap(True)
        self.words_label.setMinimumHeight(self.words_label.fontMetrics().lineSpacing() * 4)
        layout.addWidget(self.words_label)

        buttons = QGridLayout()
        self.hint_button = self._button("&Hint", "Mark where the winning move is; ask again "
                                                 "to see the move itself", self.hintRequested)
        self.retry_button = self._button("&Retry", "Take back the moves that failed and try "
                                                   "again", self.retryRequested)
        self.solution_button = self._button("&Solution", "Play the winning line on the "
                                                         "board", self.solutionRequested)
        self.next_button = self._button("&Next puzzle", "Another puzzle of the game chosen "
                                                        "above", self.nextRequested)
        self.open_button = self._button("&Open as game", "Open the puzzle's position in the "
                                                         "main window as an ordinary game, to "
                                                         "analyse it", self.openRequested)
        for index, button in enumerate((self.hint_button, self.retry_button,
                                        self.solution_button, self.next_button)):
            buttons.addWidget(button, index // 2, index % 2)
        buttons.addWidget(self.open_button, 2, 0, 1, 2)
        layout.addLayout(buttons)

        self.counts_box = QGroupBox("Your puzzles")
        self.counts_grid = QGridLayout(self.counts_box)
        self.counts_labels: dict[str, QLabel] = {}
        layout.addWidget(self.counts_box)
        layout.addStretch(1)

    def _button(self, text: str, tip: str, signal: SignalInstance) -> QPushButton:
        button = QPushButton(text)
        button.setToolTip(tip)
        button.clicked.connect(signal)
        return button

    # ---- what it shows --------------------------------------------------------------

    def set_families(self, families: Sequence[tuple[str, str]]) -> None:
        """The choice of families: (key, title) each, after "Every game"."""
        self.family_box.clear()
        self.family_box.addItem("Every game", ALL)
        for key, title in families:
            self.family_box.addItem(title, key)

    def set_family(self, key: str) -> None:
        """Shows the family chosen (ALL for every game)."""
        self.family_box.setCurrentIndex(max(0, self.family_box.findData(key)))

    def show_puzzle(self, title: str, task: str, colour: tuple[int, int, int]) -> None:
        self.title_label.setText(title)
        self.task_label.setText(task)
        self.swatch.setStyleSheet(swatch_style(colour))

    def say(self, words: str, tone: str = "") -> None:
        """What the last move (or button) brought, in sentences."""
        self.words_label.setText(words)
        self.words_label.setStyleSheet(TONES[tone])

    def enable(self, hint: bool, retry: bool, solution: bool, retry_next: bool) -> None:
        """Which buttons apply; `retry_next`: Retry is the one to press next (after a
        wrong move), else Next puzzle is (drawn as the default)."""
        self.hint_button.setEnabled(hint)
        self.retry_button.setEnabled(retry)
        self.solution_button.setEnabled(solution)
        self.retry_button.setDefault(retry_next)
        self.next_button.setDefault(not retry_next)

    def show_counts(self, rows: Sequence[tuple[str, str, Counts]]) -> None:
        """A line per family (key, title, counts): solved and tried of how many."""
        for key, title, counts in rows:
            label = self.counts_labels.get(key)
            if label is None:
                name = QLabel(title)
                label = QLabel()
                label.setObjectName(f"counts_{key}")
                row = len(self.counts_labels)
                self.counts_grid.addWidget(name, row, 0)
                self.counts_grid.addWidget(label, row, 1)
                self.counts_labels[key] = label
            label.setText(f"solved {counts.solved} of {counts.total}, tried {counts.tried}")
