"""Showing a move's automatic tiles one after the other.

A tile game's move lays the player's tile and then up to eight tiles the rules place by
themselves. Drawn all at once, the player cannot see what their move caused; a Reveal hides
the auto tiles' items and shows them again group by group, in the order the rules placed
them, a step apart. Any click or key on the board finishes it at once (`finish`).
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QObject, QPointF, QRectF, QTimer
from PySide6.QtGui import QBrush, QColor, QFont, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsView

STEP_MS = 260  # between two auto tiles: slow enough to follow, short enough not to wait
ORDER_INK, ORDER_PLATE = QColor(10, 40, 45), QColor(60, 220, 235)  # the auto marks' cyan
ORDER_Z = 45.0  # over the marks (canvas2d.MARK_Z), under the result's chain


class MovedOn:
    """Whether a new position is the one a move after the last drawn: then its auto tiles
    are revealed (not when a game is opened, a move taken back or the list walked back)."""

    def __init__(self) -> None:
        self._tiles = -1
        self._latest = -1

    def follow(self, tiles: int, latest: int) -> bool:
        """`tiles` on the table, the latest laid by record move `latest`."""
        moved = latest == self._latest + 1 and tiles > self._tiles >= 0
        self._tiles, self._latest = tiles, latest
        return moved


def order_number(view: QGraphicsView, text: str, centre: QPointF, size: float
                 ) -> list[QGraphicsItem]:
    """A small cyan disc with an auto tile's number in the order the rules laid it."""
    scene = view.scene()
    font = QFont()
    font.setPixelSize(max(1, round(size * 0.8)))
    font.setBold(True)
    disc = scene.addEllipse(QRectF(centre.x() - size / 2, centre.y() - size / 2, size, size),
                            QPen(ORDER_INK), QBrush(ORDER_PLATE))
    disc.setZValue(ORDER_Z)
    label = scene.addSimpleText(text, font)
    label.setBrush(ORDER_INK)
    box = label.boundingRect()
    label.setParentItem(disc)
    label.setPos(centre.x() - box.width() / 2, centre.y() - box.height() / 2)
    return [disc]


class Reveal(QObject):
    """Groups of scene items appearing one after the other."""

    def __init__(self, parent: QObject | None = None, step_ms: int = STEP_MS) -> None:
        super().__init__(parent)
        self._timer = QTimer(self)
        self._timer.setInterval(step_ms)
        self._timer.timeout.connect(self._next)
        self._groups: list[list[QGraphicsItem]] = []

    @property
    def running(self) -> bool:
        return bool(self._groups)

    @property
    def step_ms(self) -> int:
        """The time between two groups (tests that watch each step lengthen it)."""
        return self._timer.interval()

    @step_ms.setter
    def step_ms(self, ms: int) -> None:
        self._timer.setInterval(ms)

    def start(self, groups: Sequence[Sequence[QGraphicsItem]]) -> None:
        """Hide every group now and show them in turn, the first a step from now."""
        self.drop()
        self._groups = [list(group) for group in groups if group]
        for group in self._groups:
            for item in group:
                item.setVisible(False)
        if self._groups:
            self._timer.start()

    def finish(self) -> bool:
        """Show every group still hidden at once; whether there was any."""
        if not self._groups:
            return False
        while self._groups:
            self._next()
        return True

    def drop(self) -> None:
        """Forget the groups without touching them (the scene that held them was cleared)."""
        self._timer.stop()
        self._groups = []

    def _next(self) -> None:
        for item in self._groups.pop(0):
            item.setVisible(True)
        if not self._groups:
            self._timer.stop()
