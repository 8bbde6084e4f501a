"""The tile views' race overlay: what is closing, drawn on the board when asked.

Each tile view says what closes in its game (loops and the cells left open round them, or
the triangles a region still misses). The overlay is a set of scene items shown or hidden
by a checkable button in the view's corner (or its key, L); they are drawn only once it is
shown (a crowded table's labels take longer to draw than the facts take to count:
benchmarks/race_overlay.py). It
switches itself on after a move that changed what it shows, so the player sees what the move
did to the race, and stays as the player left it otherwise (walking back included).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene, QGraphicsView, QToolButton

KEY = Qt.Key.Key_L


class RaceOverlay:
    """The toggle and the items of one view's race overlay."""

    def __init__(self, view: QGraphicsView, text: str, tip: str) -> None:
        self.button = QToolButton(view)
        self.button.setObjectName("race_toggle")
        self.button.setText(f"{text} (L)")
        self.button.setToolTip(tip)
        self.button.setCheckable(True)
        self.button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.button.setStyleSheet(
            "QToolButton { color: rgb(235,235,235); background: rgba(0,0,0,120); "
            "padding: 3px 6px; border-radius: 4px; border: none; } "
            "QToolButton:checked { background: rgba(70,110,170,220); }")
        self.button.adjustSize()
        self.button.toggled.connect(self._show)
        self.items: list[QGraphicsItem] = []
        self._key: Hashable | None = None
        self._tiles = -1
        self._draw: Callable[[], None] | None = None  # draws this position's overlay

    @property
    def shown(self) -> bool:
        return self.button.isChecked()

    def toggle(self) -> None:
        self.button.toggle()

    def follow(self, key: Hashable, tiles: int, draw: Callable[[], None]) -> None:
        """A new position, whose race is summed up by `key`, with `tiles` on the table (its
        scene was cleared, so the old items are gone), and `draw`, which draws its overlay
        through `add` when it is shown: on when tiles were added and the race changed."""
        self.items = []
        self._draw = draw
        if self._key is not None and tiles > self._tiles and key != self._key:
            self.button.setChecked(True)
        self._key, self._tiles = key, tiles
        if self.shown:
            self._draw_once()

    def add(self, items: Iterable[QGraphicsItem], z: float) -> None:
        for item in items:
            item.setZValue(z)
            item.setVisible(self.shown)
            self.items.append(item)

    def _show(self, on: bool) -> None:
        if on:
            self._draw_once()
        for item in self.items:
            item.setVisible(on)

    def _draw_once(self) -> None:
        draw, self._draw = self._draw, None
        if draw is not None:
            draw()


def badge(scene: QGraphicsScene, text: str, centre_x: float, top: float, size: float,
          colour: QColor, taken: list[QRectF], bold: bool = False) -> list[QGraphicsItem]:
    """A label on a plate of `colour`, centred at `centre_x` from `top` (moved down until it
    overlaps none of the plates in `taken`, to which it is added), in bold and framed in
    its ink when `bold`: the
    plate, with the label its child, so that both show and hide together."""
    font = QFont()
    font.setPixelSize(max(1, round(size)))
    font.setBold(bold)
    label = scene.addSimpleText(text, font)
    light = colour.red() * 0.3 + colour.green() * 0.59 + colour.blue() * 0.11 > 140
    ink = QColor(15, 15, 15) if light else QColor(250, 250, 250)
    label.setBrush(ink)
    box = label.boundingRect()
    pad = size * 0.25
    plate = QRectF(centre_x - box.width() / 2 - pad, top, box.width() + 2 * pad, box.height())
    while any(plate.intersects(other) for other in taken):
        plate.translate(0, box.height() * 0.6)
    taken.append(plate)
    pen = QPen(ink if bold else Qt.PenStyle.NoPen)
    if bold:
        pen.setWidthF(size * 0.15)
    back = scene.addRect(plate, pen, QBrush(colour))
    label.setParentItem(back)
    label.setPos(plate.x() + pad, plate.y())
    return [back]
