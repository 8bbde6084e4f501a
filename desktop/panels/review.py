"""The review (a tab under the analysis graph): the moves after which the mover's chances dropped
most (rules.review), largest first. Choosing one shows the position it was played in with
the computer's preferred move marked; a button plays that move there, as a variation."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QListWidget, QListWidgetItem, QPushButton, QVBoxLayout, QWidget

from megalith.rules.review import LEAST, Drop


def drop_text(drop: Drop, name: Callable[[str], str]) -> str:
    """'7. alice c3: 62% to 31% (-31), better d4'."""
    text = (f"{drop.ply}. {name(drop.side)} {drop.move}: {drop.before:.0%} to "
            f"{drop.after:.0%} (-{round(drop.size * 100)})")
    return text + (f", better {drop.best}" if drop.best else "")


class ReviewList(QWidget):
    dropSelected = Signal(object)  # a Drop: show where it was played
    playBest = Signal(object)      # a Drop: play the computer's move there, as a variation

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("review")
        self.list = QListWidget()
        self.list.setMaximumHeight(5 * self.list.fontMetrics().lineSpacing() + 14)
        self.list.setToolTip("The moves after which the mover's chances fell most, largest "
                             "first: click one to see where it was played and the better "
                             "move")
        self.list.currentRowChanged.connect(self._chosen)  # by mouse or keys
        self.play_button = QPushButton("Play the better move")
        self.play_button.setToolTip("Play the computer's move where the chosen move was "
                                    "played: a variation")
        self.play_button.clicked.connect(self._play)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(2, 2, 2, 2)
        layout.addWidget(self.list)
        layout.addWidget(self.play_button)
        self._drops: list[Drop] = []

    def show_drops(self, drops: Sequence[Drop], name: Callable[[str], str]) -> None:
        """Lists `drops` (`name` gives a side's player); an empty list is said in words."""
        self._drops = list(drops)
        self.list.clear()
        for drop in drops:
            self.list.addItem(QListWidgetItem(drop_text(drop, name)))
        if not drops:
            self.list.addItem(f"No move lost much: every drop was under "
                              f"{round(LEAST * 100)} points.")
        self.play_button.setEnabled(False)

    def _chosen(self, row: int) -> None:
        drop = self.selected()
        self.play_button.setEnabled(drop is not None and drop.best is not None)
        if drop is not None:
            self.dropSelected.emit(drop)

    def _play(self) -> None:
        row = self.list.currentRow()
        if 0 <= row < len(self._drops):
            self.playBest.emit(self._drops[row])

    def selected(self) -> Drop | None:
        row = self.list.currentRow()
        return self._drops[row] if 0 <= row < len(self._drops) else None
