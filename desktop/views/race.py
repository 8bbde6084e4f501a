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

import math
from collections.abc import Callable, Hashable, Iterable, Sequence

from PySide6.QtCore import QLineF, QPointF, QRectF, QSizeF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene, QGraphicsView, QToolButton

KEY = Qt.Key.Key_L


class RaceOverlay:
    """The toggle and the items of one view's race overlay."""

    def __init__(self, view: QGraphicsView, text: str, tip: str,
                 changed: Callable[[], None]) -> None:
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
        self._changed = changed  # the drawing's extent changed: the view fits it again
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
            self.button.blockSignals(True)  # drawn below, with the rest of the position
            self.button.setChecked(True)
            self.button.blockSignals(False)
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
        self._changed()

    def _draw_once(self) -> None:
        draw, self._draw = self._draw, None
        if draw is not None:
            draw()


def free_plate(size: QSizeF, anchor: QPointF, step: float, blocked: Sequence[QPolygonF],
               taken: Sequence[QRectF], rings: int = 6) -> QRectF:
    """Where a label's plate of `size` goes: as near `anchor` as it can be found over none
    of the `blocked` shapes (the tiles and places it must not hide) and none of the plates
    already `taken`: tried on rings `step` apart around the anchor, the one above it first;
    failing that, above everything blocked, straight over the anchor."""
    w, h = size.width(), size.height()
    reach = rings * step + w + h
    near = QRectF(anchor.x() - reach, anchor.y() - reach, 2 * reach, 2 * reach)
    shapes = [(shape.boundingRect(), shape) for shape in blocked]
    close = [(box, shape) for box, shape in shapes if box.intersects(near)]

    def free(rect: QRectF) -> bool:
        if any(rect.intersects(other) for other in taken):
            return False
        outline = QPolygonF(rect)
        return not any(box.intersects(rect) and outline.intersects(shape)
                       for box, shape in close)

    for ring in range(rings + 1):
        count = max(1, 8 * ring)
        for k in range(count):
            angle = -math.pi / 2 + 2 * math.pi * k / count
            x = anchor.x() + ring * step * math.cos(angle)
            y = anchor.y() + ring * step * math.sin(angle)
            rect = QRectF(x - w / 2, y - h / 2, w, h)
            if free(rect):
                return rect
    top = min((box.top() for box, _ in shapes), default=anchor.y())
    rect = QRectF(anchor.x() - w / 2, top - h - step * 0.2, w, h)
    while any(rect.intersects(other) for other in taken):
        rect.translate(0, -h * 1.2)
    return rect


def badge(scene: QGraphicsScene, text: str, anchor: QPointF, size: float, colour: QColor,
          taken: list[QRectF], blocked: Sequence[QPolygonF], step: float, bold: bool = False
          ) -> list[QGraphicsItem]:
    """A label on a plate of `colour` about `anchor`, over none of the `blocked` shapes nor
    the plates in `taken` (to which it is added: `free_plate`), in bold and framed in its
    ink when `bold`; a thin line in its colour joins it to the anchor when it had to sit
    away from it. The items: the plate, with the label and the line its children so that
    all show and hide together."""
    font = QFont()
    font.setPixelSize(max(1, round(size)))
    font.setBold(bold)
    label = scene.addSimpleText(text, font)
    light = colour.red() * 0.3 + colour.green() * 0.59 + colour.blue() * 0.11 > 140
    ink = QColor(15, 15, 15) if light else QColor(250, 250, 250)
    label.setBrush(ink)
    box = label.boundingRect()
    pad = size * 0.25
    plate = free_plate(QSizeF(box.width() + 2 * pad, box.height()), anchor, step, blocked,
                       taken)
    taken.append(plate)
    pen = QPen(ink if bold else Qt.PenStyle.NoPen)
    if bold:
        pen.setWidthF(size * 0.15)
    back = scene.addRect(plate, pen, QBrush(colour))
    label.setParentItem(back)
    label.setPos(plate.x() + pad, plate.y())
    if QLineF(plate.center(), anchor).length() > step * 0.75:
        line = QPen(colour)
        line.setWidthF(size * 0.12)
        line.setStyle(Qt.PenStyle.DotLine)
        leader = scene.addLine(QLineF(plate.center(), anchor), line)
        leader.setParentItem(back)
        leader.setFlag(QGraphicsItem.GraphicsItemFlag.ItemStacksBehindParent)
    return [back]
