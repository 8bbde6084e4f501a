"""SummaryMap: pbmserv's two board summaries (the owner of each cell's top stone, and each
cell's height) drawn top-down, for when the monument hides part of the board. In Druid with
-nostack a cell topped by a sarsen has a darker ring inside it on both maps."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QPainter, QPaintEvent, QPen, QPolygonF
from PySide6.QtWidgets import QWidget

from desktop.views.interaction import DEFAULT_COLOURS, marked_cells, marks_sarsens
from desktop.views.meshes import footprint, uncovered_sarsens
from rules.contracts import StackedPosition

MARGIN = 18.0
GAP = 24.0
TITLE = 18.0
EMPTY = (92, 98, 104)
SARSEN_RING = 0.66  # the -nostack sarsen ring's size relative to the cell's outline
SARSEN_SHADE = 0.55  # its colour: the cell's, this much as bright


def _text_colour(rgb: tuple[int, int, int]) -> QColor:
    light = 0.299 * rgb[0] + 0.587 * rgb[1] + 0.114 * rgb[2]
    return QColor(20, 20, 20) if light > 140 else QColor(245, 245, 245)


class SummaryMap(QWidget):
    """Two top-down maps side by side: owners (cells in the owner's colour, with the owner's
    letter, upper case where that side's Druid stands, as pbmserv writes it) and heights
    (darker for taller stacks, with the number)."""

    hint = Signal(str)

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setMouseTracking(True)
        self.setMinimumSize(240, 140)
        self.state: StackedPosition | None = None
        self.colours = dict(DEFAULT_COLOURS)
        self.last_cells: tuple[str, ...] = ()
        self.druid_cells: set[str] = set()
        self.sarsen_cells: set[str] = set()  # cells topped by a sarsen, when they are marked

    def sizeHint(self) -> QSize:
        return QSize(520, 280)

    def set_position(self, state: StackedPosition, colours: dict[str, tuple[int, int, int]],
                     legal: list[str] | None = None, last_move: str | None = None,
                     last_cells: Sequence[str] | None = None) -> None:
        self.state = state
        self.colours = {**DEFAULT_COLOURS, **colours}
        self.last_cells = marked_cells(state, last_move, last_cells)
        self.druid_cells = set(state.druids.values())
        self.sarsen_cells = ({s.cells[0] for s in uncovered_sarsens(state.stones())}
                             if marks_sarsens(state) else set())
        self.update()

    # ---- layout -----------------------------------------------------------------------

    def _layout(self) -> tuple[float, np.ndarray, list[np.ndarray], np.ndarray] | None:
        """Scale, the two maps' origins, and each cell's outline in board units."""
        if self.state is None:
            return None
        board = self.state.board
        rings = [footprint(board, i, 0.94) for i in range(len(board))]
        allpts = np.concatenate(rings)
        low, high = allpts.min(axis=0), allpts.max(axis=0)
        span = high - low
        width = (self.width() - 2 * MARGIN - GAP) / 2
        height = self.height() - 2 * MARGIN - TITLE
        scale = max(1.0, min(width / span[0], height / span[1]))
        origins = np.array([[MARGIN, MARGIN + TITLE],
                            [MARGIN + width + GAP, MARGIN + TITLE]])
        return scale, origins, [(r - low) for r in rings], span

    def _to_screen(self, points: np.ndarray, origin: np.ndarray, scale: float,
                   span: np.ndarray) -> QPolygonF:
        xs = origin[0] + points[:, 0] * scale
        ys = origin[1] + (span[1] - points[:, 1]) * scale  # y up on the board
        return QPolygonF([QPointF(x, y) for x, y in zip(xs, ys)])

    def cell_rect(self, name: str, which: int = 0) -> QRectF:
        """The on-screen box of a cell in map 0 (owners) or 1 (heights)."""
        layout = self._layout()
        assert layout is not None and self.state is not None
        scale, origins, rings, span = layout
        return self._to_screen(rings[self.state.board.index[name]], origins[which], scale,
                               span).boundingRect()

    # ---- painting ---------------------------------------------------------------------

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.fillRect(self.rect(), QColor(48, 52, 58))
        layout = self._layout()
        if layout is None or self.state is None:
            painter.end()
            return
        scale, origins, rings, span = layout
        state = self.state
        board = state.board
        font = QFont()
        font.setPixelSize(max(7, int(scale * 0.45)))
        title = QFont()
        title.setPixelSize(13)
        title.setBold(True)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        heights = [state.height(n) for n in board.names]
        tallest = max(1, max(heights))
        last = set(self.last_cells)
        for which, label in ((0, "Owners"), (1, "Heights")):
            painter.setFont(title)
            painter.setPen(QColor(230, 225, 210))
            painter.drawText(QPointF(origins[which][0], MARGIN + 4), label)
            painter.setFont(font)
            for i, name in enumerate(board.names):
                polygon = self._to_screen(rings[i], origins[which], scale, span)
                fill, text = self._cell_look(name, heights[i], tallest, which)
                painter.setBrush(QColor(*fill))
                pen = QPen(QColor(255, 220, 50) if name in last else QColor(30, 30, 30))
                pen.setWidthF(2.5 if name in last else 0.8)
                painter.setPen(pen)
                painter.drawPolygon(polygon)
                if name in self.sarsen_cells:
                    self._draw_sarsen_ring(painter, rings[i], origins[which], scale, span, fill)
                if text:
                    painter.setPen(_text_colour(fill))
                    painter.drawText(polygon.boundingRect(), Qt.AlignmentFlag.AlignCenter, text)
        painter.end()

    def _draw_sarsen_ring(self, painter: QPainter, ring: np.ndarray, origin: np.ndarray,
                          scale: float, span: np.ndarray, fill: tuple[int, int, int]) -> None:
        centre = ring.mean(axis=0)
        inner = self._to_screen(centre + (ring - centre) * SARSEN_RING, origin, scale, span)
        pen = QPen(QColor(*(int(c * SARSEN_SHADE) for c in fill)))
        pen.setWidthF(max(1.5, scale * 0.07))
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPolygon(inner)

    def _cell_look(self, name: str, height: int, tallest: int, which: int
                   ) -> tuple[tuple[int, int, int], str]:
        assert self.state is not None
        if which == 0:
            owner = self.state.owner(name)
            if owner is None:
                return EMPTY, ""
            letter = owner.upper() if name in self.druid_cells else owner.lower()
            return self.colours.get(owner, (128, 128, 128)), letter
        if height == 0:
            return EMPTY, ""
        shade = int(220 - 150 * height / tallest)
        return (shade, shade, shade + 10), str(height)

    def mouseMoveEvent(self, event) -> None:
        layout = self._layout()
        if layout is None or self.state is None:
            return
        scale, origins, rings, span = layout
        pos = event.position()
        for which in (0, 1):
            for i, ring in enumerate(rings):
                if self._to_screen(ring, origins[which], scale, span).containsPoint(
                        pos, Qt.FillRule.OddEvenFill):
                    name = self.state.board.names[i]
                    owner = self.state.owner(name)
                    height = self.state.height(name)
                    self.hint.emit(f"{name}: height {height}, {owner} on top" if height
                                   else f"{name}: empty")
                    return
