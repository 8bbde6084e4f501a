"""A label that never asks the layout for room for the width of its text: each line that
does not fit is drawn cut short with an ellipsis, and the tooltip says it all. The side
panel names the players with it, so that a long name or a computer's level never widens the
panel and shifts the board beside it."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QPaintEvent, QPainter
from PySide6.QtWidgets import QLabel, QSizePolicy, QWidget


class ElidedLabel(QLabel):
    """`text()` is the whole text; what is drawn of each line is as much as the label's
    width holds. Its width is whatever the layout gives it (the size policy `Ignored`); its
    height is its lines'."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)

    def set_whole_text(self, text: str, tip: str) -> None:
        """Shows `text` (lines apart by newlines), with `tip` as the tooltip whether or not
        the text fits."""
        if text != self.text():
            self.setText(text)
        self.setToolTip(tip)

    def shown_text(self) -> str:
        """What is drawn: each line cut short with "…" if the label is too narrow for it."""
        metrics, width = self.fontMetrics(), self.contentsRect().width()
        return "\n".join(metrics.elidedText(line, Qt.TextElideMode.ElideRight, width)
                         for line in self.text().split("\n"))

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        self.style().drawItemText(painter, self.contentsRect(), int(self.alignment()),
                                  self.palette(), self.isEnabled(), self.shown_text(),
                                  self.foregroundRole())
