"""SummaryMap: pbmserv's two board summaries (the owner of each cell's top stone, and each
cell's height) drawn top-down, to sit beside the 3D view as pbmserv's two summaries sit side
by side. Both maps carry the coordinates on every side (meshes.coordinate_labels), show the
cell under the pointer on both, and take clicks as the 3D view does: the same move builder,
the same `moveChosen(str)` and `hint(str)` signals. Where the position marks sarsens
(contracts.MarkedSarsenPosition) a cell topped by a sarsen has a darker ring inside it on
both maps."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from PySide6.QtCore import QEvent, QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (QColor, QFont, QFontMetricsF, QKeyEvent, QMouseEvent, QPainter,
                           QPaintEvent, QPen, QPolygonF)
from PySide6.QtWidgets import QWidget

from megalith.desktop.views.interaction import (Interaction, describe_stack, figures,
                                                marked_cells, sarsens_marked)
from megalith.desktop.views.meshes import coordinate_labels, footprint, uncovered_sarsens
from megalith.desktop.views.move_builder import Action
from megalith.rules.contracts import StackedPosition
from megalith.rules.geometry import Board

MARGIN = 10.0
GAP = 18.0
TITLE = 18.0
LABEL_REACH = 0.85  # the coordinates' distance beyond the cells ending their lines
LABEL_ROOM = 0.45  # board units kept round the labels for their text
EMPTY = (92, 98, 104)
BACKGROUND = (48, 52, 58)
LABEL_COLOUR = (245, 236, 160)
HOVER_COLOUR = (255, 255, 255)
TARGET_COLOUR = (80, 230, 255)
LAST_COLOUR = (255, 220, 50)
SARSEN_RING = 0.66  # the -nostack sarsen ring's size relative to the cell's outline
SARSEN_SHADE = 0.55  # its colour: the cell's, this much as bright


def _text_colour(rgb: tuple[int, int, int]) -> QColor:
    light = 0.299 * rgb[0] + 0.587 * rgb[1] + 0.114 * rgb[2]
    return QColor(20, 20, 20) if light > 140 else QColor(245, 245, 245)


@dataclass(frozen=True)
class _Layout:
    """Where the two maps are: the scale (pixels per board unit), each map's origin (the
    pixel of the board's low corner, y up), and the board's extent with its labels."""

    scale: float
    origins: tuple[tuple[float, float], tuple[float, float]]
    low: np.ndarray  # the low corner of the labelled board, board units
    span: np.ndarray  # its size

    def to_screen(self, points: np.ndarray, which: int) -> np.ndarray:
        ox, oy = self.origins[which]
        rel = np.atleast_2d(points) - self.low
        result: np.ndarray = np.c_[ox + rel[:, 0] * self.scale,
                                   oy + (self.span[1] - rel[:, 1]) * self.scale]
        return result


class SummaryMap(QWidget):
    """Two top-down maps: owners (cells in the owner's colour, with the owner's letter,
    upper case where that side's figure stands, as pbmserv writes it) and heights (darker
    for taller stacks, with the number), side by side or one above the other, whichever
    draws them larger. Clicks and hovers act on the cell on either map."""

    moveChosen = Signal(str)
    hint = Signal(str)

    def __init__(self, parent: QWidget | None = None, repeat_completes: bool = True) -> None:
        super().__init__(parent)
        self.setMouseTracking(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMinimumSize(160, 140)
        self.play: Interaction[StackedPosition] = Interaction(describe_stack,
                                                              repeat_completes)
        self.state: StackedPosition | None = None
        self.last_cells: tuple[str, ...] = ()
        self.figure_cells: set[str] = set()
        self.sarsen_cells: set[str] = set()  # cells topped by a sarsen, when they are marked
        self.hover: str | None = None
        self._rings: list[np.ndarray] = []
        self._labels: list[tuple[tuple[float, float], str]] = []
        self._polygons: dict[int, list[QPolygonF]] = {}  # per map, for the current size
        self._layout_key: tuple[int, int, Board] | None = None
        self._layout_cache: _Layout | None = None

    @property
    def colours(self) -> dict[str, tuple[int, int, int]]:
        return self.play.colours

    def sizeHint(self) -> QSize:
        return QSize(420, 300)

    # ---- the contract (as the board views) ----------------------------------------------

    def set_position(self, state: StackedPosition, colours: dict[str, tuple[int, int, int]],
                     legal: list[str] | None = None, last_move: str | None = None,
                     last_cells: Sequence[str] | None = None) -> None:
        new_board = self.state is None or self.state.board is not state.board
        self.state = state
        self.play.set_position(state, colours, legal)
        self.last_cells = marked_cells(state, last_move, last_cells)
        self.figure_cells = set(figures(state).values())
        self.sarsen_cells = ({s.cells[0] for s in uncovered_sarsens(state.stones())}
                             if sarsens_marked(state) else set())
        if new_board:
            board = state.board
            self._rings = [footprint(board, i, 0.94) for i in range(len(board))]
            self._labels = coordinate_labels(board, LABEL_REACH)
            self._layout_key = None
        self.hover = None
        self.update()

    def set_lintel_mode(self, on: bool) -> None:
        self.play.set_lintel_mode(on)
        self.update()

    def cancel_pending(self) -> None:
        if self.play.pending is not None and self.play.builder is not None:
            action = self.play.builder.cancel()
            if action.message:
                self.hint.emit(action.message)
        self.update()

    # ---- layout -----------------------------------------------------------------------

    def _layout(self) -> _Layout | None:
        """The larger of the two arrangements (side by side, or one above the other) that
        fits the widget, made again only when the size or the board changes."""
        if self.state is None:
            return None
        key = (self.width(), self.height(), self.state.board)
        if key == self._layout_key and self._layout_cache is not None:
            return self._layout_cache
        points = np.concatenate(self._rings + [np.array([p for p, _ in self._labels])])
        low = points.min(axis=0) - LABEL_ROOM
        span = points.max(axis=0) + LABEL_ROOM - low
        w, h = self.width() - 2 * MARGIN, self.height() - 2 * MARGIN
        beside = min((w - GAP) / 2 / span[0], (h - TITLE) / span[1])
        above = min(w / span[0], (h - 2 * TITLE - GAP) / 2 / span[1])
        if beside >= above:
            scale = max(1.0, beside)
            origins = ((MARGIN, MARGIN + TITLE),
                       (MARGIN + span[0] * scale + GAP, MARGIN + TITLE))
        else:
            scale = max(1.0, above)
            origins = ((MARGIN, MARGIN + TITLE),
                       (MARGIN, MARGIN + 2 * TITLE + span[1] * scale + GAP))
        layout = _Layout(scale, origins, low, span)
        self._polygons = {which: [_polygon(layout.to_screen(ring, which)) for ring in self._rings]
                          for which in (0, 1)}
        self._layout_key, self._layout_cache = key, layout
        return layout

    def cell_rect(self, name: str, which: int = 0) -> QRectF:
        """The on-screen box of a cell in map 0 (owners) or 1 (heights)."""
        layout = self._layout()
        assert layout is not None and self.state is not None
        return self._polygons[which][self.state.board.index[name]].boundingRect()

    def cell_at(self, x: float, y: float) -> str | None:
        """The cell under widget point (x, y) on either map, or None."""
        if self._layout() is None or self.state is None:
            return None
        point = QPointF(x, y)
        for which in (0, 1):
            for i, polygon in enumerate(self._polygons[which]):
                if polygon.containsPoint(point, Qt.FillRule.OddEvenFill):
                    return self.state.board.names[i]
        return None

    def cell_screen_pos(self, name: str, which: int = 0) -> QPointF:
        return self.cell_rect(name, which).center()

    # ---- painting ---------------------------------------------------------------------

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.fillRect(self.rect(), QColor(*BACKGROUND))
        layout = self._layout()
        if layout is None or self.state is None:
            painter.end()
            return
        state = self.state
        board = state.board
        font = QFont()
        font.setPixelSize(max(7, int(layout.scale * 0.42)))
        label_font = QFont()
        label_font.setPixelSize(max(7, min(13, int(layout.scale * 0.4))))
        label_font.setBold(True)
        title = QFont()
        title.setPixelSize(13)
        title.setBold(True)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        heights = [state.height(n) for n in board.names]
        tallest = max(1, max(heights))
        last = set(self.last_cells)
        pending = self.play.pending
        targets = set(pending.targets) | {pending.cell} if pending is not None else set()
        for which, label in ((0, "Owners"), (1, "Heights")):
            ox, oy = layout.origins[which]
            painter.setFont(title)
            painter.setPen(QColor(230, 225, 210))
            painter.drawText(QPointF(ox, oy - 5), label)
            painter.setFont(font)
            for i, name in enumerate(board.names):
                polygon = self._polygons[which][i]
                fill, text = self._cell_look(name, heights[i], tallest, which)
                painter.setBrush(QColor(*fill))
                pen = QPen(QColor(*LAST_COLOUR) if name in last else QColor(30, 30, 30))
                pen.setWidthF(2.5 if name in last else 0.8)
                painter.setPen(pen)
                painter.drawPolygon(polygon)
                if name in self.sarsen_cells:
                    self._draw_sarsen_ring(painter, self._rings[i], layout, which, fill)
                if text:
                    painter.setPen(_text_colour(fill))
                    painter.drawText(polygon.boundingRect(), Qt.AlignmentFlag.AlignCenter, text)
            for name, colour, width in ([(c, TARGET_COLOUR, 3.0) for c in sorted(targets)]
                                        + ([(self.hover, HOVER_COLOUR, 3.0)]
                                           if self.hover else [])):
                pen = QPen(QColor(*colour))
                pen.setWidthF(width)
                painter.setPen(pen)
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.drawPolygon(self._polygons[which][board.index[name]])
            self._draw_labels(painter, layout, which, label_font)
        painter.end()

    def _draw_labels(self, painter: QPainter, layout: _Layout, which: int, font: QFont
                     ) -> None:
        painter.setFont(font)
        painter.setPen(QColor(*LABEL_COLOUR))
        metrics = QFontMetricsF(font)
        points = layout.to_screen(np.array([p for p, _ in self._labels]), which)
        for (x, y), (_, text) in zip(points, self._labels):
            width = metrics.horizontalAdvance(text)
            painter.drawText(QPointF(x - width / 2, y + metrics.ascent() / 2 - 1), text)

    def _draw_sarsen_ring(self, painter: QPainter, ring: np.ndarray, layout: _Layout,
                          which: int, fill: tuple[int, int, int]) -> None:
        centre = ring.mean(axis=0)
        inner = _polygon(layout.to_screen(centre + (ring - centre) * SARSEN_RING, which))
        pen = QPen(QColor(*(int(c * SARSEN_SHADE) for c in fill)))
        pen.setWidthF(max(1.5, layout.scale * 0.07))
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
            letter = owner.upper() if name in self.figure_cells else owner.lower()
            return self.colours.get(owner, (128, 128, 128)), letter
        if height == 0:
            return EMPTY, ""
        shade = int(220 - 150 * height / tallest)
        return (shade, shade, shade + 10), str(height)

    # ---- pointing ---------------------------------------------------------------------

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        pos = event.position()
        cell = self.cell_at(pos.x(), pos.y())
        if cell == self.hover:
            return
        self.hover = cell
        if cell is not None:
            builder = self.play.builder
            shift = bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier)
            self.hint.emit(self.play.hover_sentence(cell, builder.decide(cell, shift))
                           if builder is not None else self.play.describe(cell))
        self.update()

    def leaveEvent(self, event: QEvent) -> None:
        self.hover = None
        self.update()
        super().leaveEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.RightButton:
            self._finish(self.play.builder.confirm() if self.play.builder is not None else None)
            return
        if event.button() != Qt.MouseButton.LeftButton:
            return
        pos = event.position()
        cell = self.cell_at(pos.x(), pos.y())
        if cell is None:
            return
        builder = self.play.builder
        if builder is None:
            self.hint.emit("the game is over" if self.state is not None
                           and self.state.outcome().over else "no move can be made here")
            return
        shift = bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier)
        self._finish(builder.click(cell, shift))

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self._finish(self.play.builder.confirm() if self.play.builder is not None else None)
        elif event.key() == Qt.Key.Key_Escape:
            self.cancel_pending()
        else:
            event.ignore()

    def _finish(self, action: Action | None) -> None:
        """Play a completed move, or say what the click did."""
        if action is None:
            return
        self.play.answer(action, self.moveChosen.emit, self.hint.emit)
        self.update()


def _polygon(points: np.ndarray) -> QPolygonF:
    return QPolygonF([QPointF(float(x), float(y)) for x, y in points])
