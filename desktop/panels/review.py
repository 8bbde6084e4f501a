"""The review under the analysis graph: the moves after which the mover's chances dropped
most (rules.review), largest first. Choosing one shows the position it was played in with
the computer's preferred move marked; a button plays that move there, as a variation."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (QGroupBox, QListWidget, QListWidgetItem, QPushButton,
                               QVBoxLayout, QWidget)

from rules.review import LEAST, Drop


def drop_text(drop: Drop, name: Callable[[str], str]) -> str:
    """'Move 7, alice's c3: 62% to 31% (-31). Better: d4'."""
    text = (f"Move {drop.ply}, {name(drop.side)}'s {drop.move}: {drop.before:.0%} to "
            f"{drop.after:.0%} (-{round(drop.size * 100)})")
    return text + (f". Better: {drop.best}" if drop.best else "")


class ReviewList(QGroupBox):
    dropSelected = Signal(object)  # a Drop: show where it was played
    playBest = Signal(object)      # a Drop: play the computer's move there, as a variation

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Review: the largest drops", parent)
        self.setObjectName("review")
        self.list = QListWidget()
        self.list.setMaximumHeight(4 * self.list.fontMetrics().lineSpacing() + 12)
        self.list.itemClicked.connect(self._chosen)
        self.play_button = QPushButton("Play the better move as a variation")
        self.play_button.clicked.connect(self._play)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.list)
        layout.addWidget(self.play_button)
        self._drops: list[Drop] = []
        self.hide()

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
        self.show()

    def _chosen(self, item: QListWidgetItem) -> None:
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
