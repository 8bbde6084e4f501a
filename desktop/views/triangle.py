"""TriangleView: the Quadrant Y board, a 2D canvas of hexagonal cells on a triangle.

Layers, bottom to top: tiles (sub-game border cells darker, as pbmserv marks them `+`),
each finished sub-game shaded in its winner's colour, the sub-game borders, stones, and the
marks the canvas base draws above them (the last move, winning chains, the hover ghost or
refusal sign).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QWidget

from megalith.desktop.views.canvas2d import Canvas2D, qcolour
from megalith.desktop.views.interaction import Interaction, describe_stone
from megalith.desktop.views.meshes import convex_hull
from megalith.rules.contracts import CellBoardPosition
from megalith.rules.geometry import Board, column_letters

UNIT = 40.0  # scene pixels between neighbouring cell centres
TILE = QColor(150, 140, 118)
BORDER_TILE = QColor(124, 114, 94)
SHADE_ALPHA = 110


class TriangleView(Canvas2D[CellBoardPosition]):
    """The Quadrant Y canvas."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(Interaction(describe_stone), parent)
        self.board: Board | None = None

    def unit(self) -> float:
        return UNIT

    def draw(self, state: CellBoardPosition, last: Sequence[str]) -> None:
        self.board = state.board
        self._draw_tiles(state)
        self._draw_subgames(state)
        self._draw_stones(state)
        self._draw_labels()
        self.mark_last(last)
        if state.outcome().over:
            for cells in state.winning_chains().values():
                self.mark_chain(cells)

    def target_at(self, point: QPointF) -> str | None:
        """The cell under a scene point: the nearest centre within a cell's radius."""
        if self.board is None:
            return None
        centres = np.array(self.board.centres) * (UNIT, -UNIT)
        d = np.hypot(centres[:, 0] - point.x(), centres[:, 1] - point.y())
        best = int(np.argmin(d))
        return self.board.names[best] if d[best] <= UNIT / math.sqrt(3.0) else None

    def target_centre(self, name: str) -> QPointF:
        assert self.board is not None
        return self._centre(self.board.index[name])

    def target_outline(self, name: str) -> QPolygonF:
        assert self.board is not None
        return self._hexagon(self.board.index[name], 0.9)

    def cell_at(self, x: float, y: float) -> str | None:
        """The cell under widget pixel (x, y)."""
        return self.target_at(self.mapToScene(int(x), int(y)))

    def click_cell(self, cell: str) -> object:
        return self.click_target(cell)

    # ---- drawing ----------------------------------------------------------------------

    def _centre(self, cell: int) -> QPointF:
        assert self.board is not None
        x, y = self.board.centres[cell]
        return QPointF(x * UNIT, -y * UNIT)

    def _hexagon(self, cell: int, scale: float = 1.0) -> QPolygonF:
        c = self._centre(cell)
        radius = UNIT / math.sqrt(3.0) * scale
        return QPolygonF([QPointF(c.x() + radius * math.cos(math.radians(a)),
                                  c.y() + radius * math.sin(math.radians(a)))
                          for a in range(30, 390, 60)])

    def _draw_tiles(self, state: CellBoardPosition) -> None:
        board = state.board
        borders: set[str] = set()
        for name, cells in state.regions().items():
            borders |= _border_cells(board, cells)
        pen = QPen(QColor(90, 80, 60))
        pen.setWidthF(1.0)
        for i, name in enumerate(board.names):
            self.scene().addPolygon(self._hexagon(i, 0.98), pen,
                                    QBrush(BORDER_TILE if name in borders else TILE))

    def _draw_subgames(self, state: CellBoardPosition) -> None:
        """Each finished quadrant shaded in its winner's colour; the whole-board game, which
        would tint everything, is shown as a frame in its winner's colour instead."""
        subgames = state.regions()
        whole = {name for name, cells in subgames.items() if len(cells) == len(state.board)}
        for result in state.outcome().subgames or ():
            if not result.winner or result.name not in subgames:
                continue
            colour = self.play.colour(result.winner)
            if result.name in whole:
                pen = QPen(qcolour(colour))
                pen.setWidthF(UNIT * 0.14)
                frame = self.scene().addPolygon(self._hull(subgames[result.name], 0.6), pen)
                frame.setZValue(1)
            else:
                shade = self.scene().addPath(self._area(subgames[result.name]),
                                            QPen(Qt.PenStyle.NoPen),
                                            QBrush(qcolour(colour, SHADE_ALPHA)))
                shade.setZValue(1)
        pen = QPen(QColor(70, 50, 30, 200))
        pen.setWidthF(3.0)
        for name, cells in subgames.items():
            if name not in whole:
                item = self.scene().addPolygon(self._hull(cells, 0.0), pen)
                item.setZValue(2)

    def _area(self, cells: frozenset[str]) -> QPainterPath:
        """The union of the cells' hexagons."""
        assert self.board is not None
        path = QPainterPath()
        path.setFillRule(Qt.FillRule.WindingFill)
        for name in cells:
            path.addPolygon(self._hexagon(self.board.index[name], 1.0))
        return path.simplified()

    def _hull(self, cells: frozenset[str], grow: float) -> QPolygonF:
        """The triangle through the outer cells' centres, its sides moved out by `grow` cell
        units (a 60-degree corner moves twice as far along its bisector)."""
        assert self.board is not None
        idx = [self.board.index[c] for c in cells]
        pts = np.array([self.board.centres[i] for i in idx]) * (UNIT, -UNIT)
        hull = convex_hull(pts)
        middle = hull.mean(axis=0)
        offset = hull - middle
        hull = hull + offset / np.linalg.norm(offset, axis=1, keepdims=True) * grow * UNIT * 2
        return QPolygonF([QPointF(x, y) for x, y in hull])

    def _draw_stones(self, state: CellBoardPosition) -> None:
        radius = UNIT * 0.4
        outline = QPen(QColor(30, 30, 30))
        outline.setWidthF(1.2)
        for i, name in enumerate(state.board.names):
            who = state.stone(name)
            if who is None:
                continue
            c = self._centre(i)
            item = self.scene().addEllipse(QRectF(c.x() - radius, c.y() - radius, 2 * radius,
                                                  2 * radius), outline,
                                           QBrush(qcolour(self.play.colour(who))))
            item.setZValue(3)

    def _draw_labels(self) -> None:
        """Row numbers on the left side; column letters at both ends of every column: under
        the base, and where the column meets the right side (a column runs from the right
        side down-left to the base, so the letter of a stone reads off either end)."""
        board = self.board
        assert board is not None
        font = QFont()
        font.setPixelSize(int(UNIT * 0.35))
        font.setBold(True)
        rows: dict[int, list[int]] = {}
        for i, (row, _) in enumerate(board.coords):
            rows.setdefault(row, []).append(i)
        for row, cells in rows.items():
            first = self._centre(cells[0])
            self._label(str(row + 1), font,
                        QPointF(first.x() - UNIT * 1.0, first.y()), align_right=True)
        last_row = max(rows)
        for i in rows[last_row]:
            c = self._centre(i)
            self._label(column_letters(board.coords[i][1]), font,
                        QPointF(c.x(), c.y() + UNIT * 0.95))
        for row in range(last_row):  # the top end of column `row` is the cell (row, row)
            top, below = self._centre(board.at[(row, row)]), self._centre(board.at[(row + 1, row)])
            up = top - below
            self._label(column_letters(row), font, top + up * 1.05)

    def _label(self, text: str, font: QFont, at: QPointF, align_right: bool = False) -> None:
        """A coordinate label centred on `at` (or ending there)."""
        item = self.scene().addSimpleText(text, font)
        item.setBrush(QColor(230, 222, 200))
        box = item.boundingRect()
        x = at.x() - box.width() if align_right else at.x() - box.width() / 2
        item.setPos(x, at.y() - box.height() / 2)


def _border_cells(board: Board, cells: frozenset[str]) -> set[str]:
    """Cells of a sub-game on its perimeter: fewer than six neighbours inside it."""
    inside = {board.index[c] for c in cells}
    return {board.names[i] for i in inside
            if sum(1 for n in board.neighbours[i] if n in inside) < 6}
