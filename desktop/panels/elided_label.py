"""A one-line label that never asks the layout for room for its text: where the text does
not fit it is drawn cut short with an ellipsis, and its tooltip holds all of it. The side
panel names the players with it, so that a long name or "(computer, medium)" never widens
the panel and shifts the board beside it."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QPaintEvent, QPainter
from PySide6.QtWidgets import QLabel, QSizePolicy, QWidget


class ElidedLabel(QLabel):
    """`text()` is the whole text; what is drawn is as much of it as the label's width
    holds. Its width is whatever the layout gives it (the size policy `Ignored`)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)

    def set_whole_text(self, text: str) -> None:
        """Shows `text`, with all of it in the tooltip (also when it fits)."""
        if text != self.text():
            self.setText(text)
            self.setToolTip(text)

    def shown_text(self) -> str:
        """What is drawn: the text, cut short with "…" if the label is too narrow for it."""
        return self.fontMetrics().elidedText(self.text(), Qt.TextElideMode.ElideRight,
                                             self.contentsRect().width())

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        self.style().drawItemText(painter, self.contentsRect(), int(self.alignment()),
                                  self.palette(), self.isEnabled(), self.shown_text(),
                                  self.foregroundRole())
