"""TriangleView: the Quadrant Y board, a 2D canvas of hexagonal cells on a triangle.

Layers, bottom to top: tiles (sub-game border cells darker, as pbmserv marks them `+`),
each finished sub-game shaded in its winner's colour, the sub-game borders, stones, the last
move, winning chains, and the hover ghost or refusal sign.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
from PySide6.QtCore import QPoint, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import (QBrush, QColor, QFont, QImage, QKeyEvent, QMouseEvent, QPainter,
                           QPainterPath, QPen, QPolygonF)
from PySide6.QtWidgets import QFrame, QGraphicsItem, QGraphicsScene, QGraphicsView

from desktop.views.interaction import Interaction, marked_cells
from desktop.views.meshes import convex_hull
from desktop.views.move_builder import Action
from rules.geometry import Board, column_letters
from rules.protocol import GameState

UNIT = 40.0  # scene pixels between neighbouring cell centres
TILE = QColor(150, 140, 118)
BORDER_TILE = QColor(124, 114, 94)
BACKGROUND = QColor(48, 52, 58)
LAST_MOVE = QColor(255, 215, 40)
CHAIN = QColor(255, 255, 255)
SHADE_ALPHA = 110


def _qcolour(rgb: tuple[int, int, int], alpha: int = 255) -> QColor:
    return QColor(rgb[0], rgb[1], rgb[2], alpha)


class TriangleView(QGraphicsView):
    """The Quadrant Y canvas (the BoardView contract of desktop.views)."""

    moveChosen = Signal(str)
    hint = Signal(str)

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setScene(QGraphicsScene(self))
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.setBackgroundBrush(BACKGROUND)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setMouseTracking(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMinimumSize(200, 180)
        self.play = Interaction()
        self.board: Board | None = None
        self._hover: str | None = None
        self._overlay: list[QGraphicsItem] = []

    # ---- the contract ---------------------------------------------------------------

    def set_position(self, state: GameState, colours: dict[str, tuple[int, int, int]],
                     legal: list[str] | None, last_move: str | None,
                     last_cells: Sequence[str] | None = None) -> None:
        self.play.set_position(state, colours, legal)
        self.board = state.board
        self._overlay = []
        self._hover = None
        scene = self.scene()
        scene.clear()
        self._draw_tiles(state)
        self._draw_subgames(state)
        self._draw_stones(state, marked_cells(state, last_move, last_cells))
        self._draw_labels()
        rect = scene.itemsBoundingRect().adjusted(-10, -10, 10, 10)
        scene.setSceneRect(rect)
        self.fitInView(rect, Qt.AspectRatioMode.KeepAspectRatio)

    def set_lintel_mode(self, on: bool) -> None:
        """No lintels on this board."""

    def reset_camera(self) -> None:
        """A 2D board has no camera."""

    def top_view(self) -> None:
        """A 2D board is always seen from above."""

    def turn(self, quarters: int) -> None:
        """A 2D board does not turn."""

    def cancel_pending(self) -> None:
        if self.play.pending is not None:
            self.play.builder.cancel()

    def grab_image(self) -> QImage:
        return self.grab().toImage()

    def cell_screen_pos(self, name: str) -> QPoint:
        assert self.board is not None
        return self.mapFromScene(self._centre(self.board.index[name]))

    def cell_at(self, x: float, y: float) -> str | None:
        """The cell under widget pixel (x, y): the nearest centre within a cell's radius."""
        if self.board is None:
            return None
        p = self.mapToScene(QPoint(int(x), int(y)))
        centres = np.array(self.board.centres) * (UNIT, -UNIT)
        d = np.hypot(centres[:, 0] - p.x(), centres[:, 1] - p.y())
        best = int(np.argmin(d))
        return self.board.names[best] if d[best] <= UNIT / math.sqrt(3.0) else None

    # ---- drawing ----------------------------------------------------------------------

    def _centre(self, cell: int) -> QPointF:
        x, y = self.board.centres[cell]
        return QPointF(x * UNIT, -y * UNIT)

    def _hexagon(self, cell: int, scale: float = 1.0) -> QPolygonF:
        c = self._centre(cell)
        radius = UNIT / math.sqrt(3.0) * scale
        return QPolygonF([QPointF(c.x() + radius * math.cos(math.radians(a)),
                                  c.y() + radius * math.sin(math.radians(a)))
                          for a in range(30, 390, 60)])

    def _subgames(self, state: GameState) -> dict[str, frozenset[str]]:
        cells = getattr(state, "subgame_cells", None)
        return cells() if cells is not None else {}

    def _draw_tiles(self, state: GameState) -> None:
        board = self.board
        borders: set[str] = set()
        for name, cells in self._subgames(state).items():
            borders |= _border_cells(board, cells)
        pen = QPen(QColor(90, 80, 60))
        pen.setWidthF(1.0)
        for i, name in enumerate(board.names):
            self.scene().addPolygon(self._hexagon(i, 0.98), pen,
                                    QBrush(BORDER_TILE if name in borders else TILE))

    def _draw_subgames(self, state: GameState) -> None:
        """Each finished quadrant shaded in its winner's colour; the whole-board game, which
        would tint everything, is shown as a frame in its winner's colour instead."""
        subgames = self._subgames(state)
        whole = {name for name, cells in subgames.items() if len(cells) == len(self.board)}
        for result in state.outcome().subgames or ():
            if not result.winner or result.name not in subgames:
                continue
            colour = self.play.colour(result.winner)
            if result.name in whole:
                pen = QPen(_qcolour(colour))
                pen.setWidthF(UNIT * 0.14)
                item = self.scene().addPolygon(self._hull(subgames[result.name], 0.6), pen)
            else:
                item = self.scene().addPath(self._area(subgames[result.name]),
                                            QPen(Qt.PenStyle.NoPen),
                                            QBrush(_qcolour(colour, SHADE_ALPHA)))
            item.setZValue(1)
        pen = QPen(QColor(70, 50, 30, 200))
        pen.setWidthF(3.0)
        for name, cells in subgames.items():
            if name not in whole:
                item = self.scene().addPolygon(self._hull(cells, 0.0), pen)
                item.setZValue(2)

    def _area(self, cells: frozenset[str]) -> QPainterPath:
        """The union of the cells' hexagons."""
        path = QPainterPath()
        path.setFillRule(Qt.FillRule.WindingFill)
        for name in cells:
            path.addPolygon(self._hexagon(self.board.index[name], 1.0))
        return path.simplified()

    def _hull(self, cells: frozenset[str], grow: float) -> QPolygonF:
        """The triangle through the outer cells' centres, its sides moved out by `grow` cell
        units (a 60-degree corner moves twice as far along its bisector)."""
        idx = [self.board.index[c] for c in cells]
        pts = np.array([self.board.centres[i] for i in idx]) * (UNIT, -UNIT)
        hull = convex_hull(pts)
        middle = hull.mean(axis=0)
        offset = hull - middle
        hull = hull + offset / np.linalg.norm(offset, axis=1, keepdims=True) * grow * UNIT * 2
        return QPolygonF([QPointF(x, y) for x, y in hull])

    def _draw_stones(self, state: GameState, last: Sequence[str]) -> None:
        board = self.board
        radius = UNIT * 0.4
        outline = QPen(QColor(30, 30, 30))
        outline.setWidthF(1.2)
        for i, name in enumerate(board.names):
            who = state.stone(name)
            if who is None:
                continue
            c = self._centre(i)
            item = self.scene().addEllipse(QRectF(c.x() - radius, c.y() - radius, 2 * radius,
                                                  2 * radius), outline,
                                           QBrush(_qcolour(self.play.colour(who))))
            item.setZValue(3)
        for name in last:
            pen = QPen(LAST_MOVE)
            pen.setWidthF(3.5)
            item = self.scene().addPolygon(self._hexagon(board.index[name], 0.9), pen)
            item.setZValue(4)
        if state.outcome().over:
            chains = getattr(state, "winning_chains", None)
            for cells in (chains() if chains is not None else {}).values():
                for name in cells:
                    c = self._centre(board.index[name])
                    r = UNIT * 0.13
                    item = self.scene().addEllipse(QRectF(c.x() - r, c.y() - r, 2 * r, 2 * r),
                                                   QPen(QColor(20, 20, 20)), QBrush(CHAIN))
                    item.setZValue(5)

    def _draw_labels(self) -> None:
        board = self.board
        font = QFont()
        font.setPixelSize(int(UNIT * 0.35))
        font.setBold(True)
        rows: dict[int, list[int]] = {}
        for i, (r, c) in enumerate(board.coords):
            rows.setdefault(r, []).append(i)
        for r, cells in rows.items():
            first = self._centre(cells[0])
            text = self.scene().addSimpleText(str(r + 1), font)
            text.setBrush(QColor(230, 222, 200))
            box = text.boundingRect()
            text.setPos(first.x() - UNIT * 1.2 - box.width(), first.y() - box.height() / 2)
        last = rows[max(rows)]
        for i in last:
            c = self._centre(i)
            text = self.scene().addSimpleText(column_letters(board.coords[i][1]), font)
            text.setBrush(QColor(230, 222, 200))
            box = text.boundingRect()
            text.setPos(c.x() - box.width() / 2, c.y() + UNIT * 0.95)

    def _show_hover(self, cell: str | None, action: Action | None) -> None:
        for item in self._overlay:
            self.scene().removeItem(item)
        self._overlay = []
        if cell is None or action is None or self.board is None:
            return
        c = self._centre(self.board.index[cell])
        if action.kind == "play":
            r = UNIT * 0.4
            item = self.scene().addEllipse(QRectF(c.x() - r, c.y() - r, 2 * r, 2 * r),
                                           QPen(Qt.PenStyle.NoPen),
                                           QBrush(_qcolour(self.play.mover_colour(), 140)))
            self._overlay.append(item)
        elif action.kind == "refuse":
            path = QPainterPath()
            r = UNIT * 0.25
            path.moveTo(c.x() - r, c.y() - r)
            path.lineTo(c.x() + r, c.y() + r)
            path.moveTo(c.x() + r, c.y() - r)
            path.lineTo(c.x() - r, c.y() + r)
            pen = QPen(QColor(220, 30, 30))
            pen.setWidthF(5.0)
            self._overlay.append(self.scene().addPath(path, pen))
        for item in self._overlay:
            item.setZValue(6)

    # ---- pointing ----------------------------------------------------------------------

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        pos = event.position()
        cell = self.cell_at(pos.x(), pos.y())
        if cell == self._hover:
            return
        self._hover = cell
        if cell is None:
            self._show_hover(None, None)
            return
        if self.play.builder is None:
            self.hint.emit(self.play.describe(cell))
            self._show_hover(None, None)
            return
        action = self.play.builder.decide(cell)
        self.hint.emit(self.play.hover_sentence(cell, action))
        self._show_hover(cell, action)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        event.accept()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if event.button() != Qt.MouseButton.LeftButton:
            return
        pos = event.position()
        cell = self.cell_at(pos.x(), pos.y())
        if cell is not None:
            self.click_cell(cell)

    def click_cell(self, cell: str) -> Action | None:
        if self.play.builder is None:
            self.hint.emit("the game is over" if self.play.state is not None
                           and self.play.state.outcome().over else "no move can be made here")
            return None
        action = self.play.builder.click(cell)
        if action.kind == "play" and action.move:
            self.moveChosen.emit(action.move)
        else:
            self.hint.emit(self.play.click_sentence(action))
        return action

    def leaveEvent(self, event) -> None:
        self._hover = None
        self._show_hover(None, None)
        super().leaveEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Escape:
            self.cancel_pending()
            event.accept()
            return
        super().keyPressEvent(event)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        if self.board is not None:
            self.fitInView(self.scene().sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)


def _border_cells(board: Board, cells: frozenset[str]) -> set[str]:
    """Cells of a sub-game on its perimeter: fewer than six neighbours inside it."""
    inside = {board.index[c] for c in cells}
    return {board.names[i] for i in inside
            if sum(1 for n in board.neighbours[i] if n in inside) < 6}
