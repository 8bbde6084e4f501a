"""The 3D monument view of the stacking games (Druid on square, hex and Y boards; Drogo).

The position is drawn as a few merged meshes (the board, cached until its goal edges or
targets change; the stones with the Druid figures and, in Druid with -nostack, a darker plate
on every uncovered sarsen, rebuilt for each position) plus line sets
for edges and marks; hovering only rebuilds the small ghost mesh and the highlights. Pointing
uses the numpy ray cast of desktop.views.picking and the move builder; nothing here knows a
game's rules.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
import pyqtgraph.opengl as gl
from OpenGL import GL
from OpenGL.raw.GL.VERSION.GL_1_0 import glReadPixels as raw_read_pixels
from PySide6.QtCore import QPoint, QPointF, Qt, Signal
from PySide6.QtGui import (QColor, QFont, QFontMetricsF, QImage, QKeyEvent, QMouseEvent,
                           QPainter, QStaticText, QWheelEvent)
from PySide6.QtGui import QVector3D

from desktop.views import meshes
from desktop.views.camera import Camera, clamp_elevation
from desktop.views.interaction import Interaction, describe_stack, marked_cells, marks_sarsens
from desktop.views.meshes import Mesh, PrismSet
from desktop.views.move_builder import Action
from desktop.views.picking import PickScene
from rules.geometry import Board, column_letters
from rules.contracts import StackedPosition

BACKGROUND = (40, 46, 54)
EDGE_COLOUR = (0.07, 0.06, 0.05, 1.0)
LAST_MOVE_COLOUR = (1.0, 0.86, 0.2, 1.0)
CHAIN_COLOUR = (1.0, 1.0, 1.0, 1.0)
TARGET_COLOUR = (0.3, 0.9, 1.0, 1.0)
LABEL_COLOUR = (245, 236, 160)
LABEL_CLEARANCE = 0.3  # world units in front of a label that may not be occupied
DRAG_THRESHOLD = 4  # pixels a press may move and still count as a click
DEFAULT_ELEVATION = 38.0
DEFAULT_AZIMUTH = -90.0  # looking north from below row 1: a1 at the bottom left


# Closed prisms wound counter-clockwise seen from outside: back faces are culled, which
# halves the triangles llvmpipe fills.
SOLID = {GL.GL_DEPTH_TEST: True, GL.GL_BLEND: False, GL.GL_CULL_FACE: True}


def _mesh_item(translucent: bool = False) -> gl.GLMeshItem:
    item = gl.GLMeshItem(smooth=True, computeNormals=False, shader=None,
                         glOptions="translucent" if translucent else dict(SOLID))
    item.setVisible(False)
    return item


def _set_mesh(item: gl.GLMeshItem, mesh: Mesh) -> None:
    if len(mesh.faces) == 0:
        item.setVisible(False)
        return
    item.setMeshData(vertexes=mesh.vertices, faces=mesh.faces, vertexColors=mesh.colours)
    item.setVisible(True)


def _line_item(width: float, colour: tuple[float, float, float, float]) -> gl.GLLinePlotItem:
    item = gl.GLLinePlotItem(mode="lines", width=width, color=colour, antialias=False,
                             glOptions="opaque")
    item.setVisible(False)
    return item


def _set_lines(item: gl.GLLinePlotItem, segments: np.ndarray) -> None:
    if len(segments) == 0:
        item.setVisible(False)
        return
    item.setData(pos=segments)
    item.setVisible(True)


class StackView(gl.GLViewWidget):
    """A turnable 3D board for Druid and Drogo (the BoardView contract of desktop.views)."""

    moveChosen = Signal(str)
    hint = Signal(str)

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setMouseTracking(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setBackgroundColor(BACKGROUND)
        self.setMinimumSize(200, 150)
        self.play: Interaction[StackedPosition] = Interaction(describe_stack)
        self.board: Board | None = None
        self.pick_scene: PickScene | None = None
        self._labels: list[tuple[np.ndarray, str]] = []
        self._label_points = np.zeros((0, 3))
        self._label_texts: list[tuple[QStaticText, float]] = []  # text, start left of point
        self._label_font = QFont()
        self._label_font.setPixelSize(12)
        self._label_font.setBold(True)
        self._label_ascent = QFontMetricsF(self._label_font).ascent()
        self._label_screen: tuple[Camera | None, np.ndarray] = (None, np.zeros((0, 2)))
        self._label_shown = np.zeros(0, bool)
        self._label_key: tuple | None = None
        self._position_version = 0
        self._board_key: tuple | None = None
        self._hover: str | None = None
        self._hover_action: Action | None = None
        self._press: QPointF | None = None
        self._last_drag: QPointF | None = None
        self._dragging = False
        self._extent = 10.0  # the board's reach from its middle, set with each new board

        self.board_item = _mesh_item()
        self.stone_item = _mesh_item()  # stones and Druid figures
        self.edge_item = _line_item(1.0, EDGE_COLOUR)
        self.mark_item = _line_item(3.0, LAST_MOVE_COLOUR)
        self.chain_item = _line_item(4.0, CHAIN_COLOUR)
        self.target_item = _line_item(2.5, TARGET_COLOUR)
        self.ghost_item = _mesh_item(translucent=True)
        self.ghost_item.setDepthValue(10)
        # Stones first, the board after them: llvmpipe's early depth test then skips the
        # tiles and slab hidden under the monument.
        self.stone_item.setDepthValue(-2)
        self.board_item.setDepthValue(-1)
        for item in (self.board_item, self.stone_item, self.edge_item, self.mark_item,
                     self.chain_item, self.target_item, self.ghost_item):
            self.addItem(item)

    # ---- the contract ---------------------------------------------------------------

    def set_position(self, state: StackedPosition, colours: dict[str, tuple[int, int, int]],
                     legal: list[str] | None, last_move: str | None,
                     last_cells: Sequence[str] | None = None) -> None:
        new_board = self.board is not state.board
        self.play.set_position(state, colours, legal)
        self.board = state.board
        stones = state.stones()
        druids = {side: cell for side, cell in state.druids.items() if cell}
        self.pick_scene = PickScene(self.board, stones, druids.values())
        edges, marked = self._board_marks(state)
        board_key = (self.board, edges, marked)
        if board_key != self._board_key:  # the board changes only with goals and targets
            _set_mesh(self.board_item, meshes.board_prisms(self.board, edges, marked).mesh())
            self._board_key = board_key
        prisms = meshes.stone_prisms(self.board, stones, self.play.colours)
        figures = [meshes.druid_mesh(self.board, cell, self.pick_scene.top(cell),
                                     self.play.colour(side)) for side, cell in druids.items()]
        marks = (meshes.sarsen_marks(self.board, stones, self.play.colours)
                 if marks_sarsens(state) else Mesh())
        _set_mesh(self.stone_item, Mesh.concat([prisms.mesh(), marks, *figures]))
        _set_lines(self.edge_item, prisms.edges())
        self._set_marks(state, marked_cells(state, last_move, last_cells))
        self._position_version += 1
        if new_board:
            self._labels = _labels(self.board)
            self._label_points = np.array([p for p, _ in self._labels]).reshape(-1, 3)
            self._label_texts = [(self._static_text(text), 4.0 * len(text))
                                 for _, text in self._labels]
            self._label_screen = (None, np.zeros((0, 2)))
            self.reset_camera()
        self._hover = None
        self._hover_action = None
        self._refresh_overlay()
        self.update()

    def set_lintel_mode(self, on: bool) -> None:
        self.play.set_lintel_mode(on)
        self._hover = None
        self._refresh_overlay()

    def reset_camera(self) -> None:
        if self.board is None:
            return
        centres = np.array(self.board.centres)
        middle = centres.mean(axis=0)
        extent = float(np.linalg.norm(centres - middle, axis=1).max()) + 1.0
        self.opts["center"] = QVector3D(float(middle[0]), float(middle[1]), 0.5)
        self.opts["distance"] = extent * 2.5
        self.opts["elevation"] = DEFAULT_ELEVATION
        self.opts["azimuth"] = DEFAULT_AZIMUTH
        self._extent = extent
        self._after_camera_move()

    def top_view(self) -> None:
        self.opts["elevation"] = 90.0
        self._after_camera_move()

    def turn(self, quarters: int) -> None:
        self.opts["azimuth"] = (self.opts["azimuth"] + 90.0 * quarters) % 360.0
        self._after_camera_move()

    def cancel_pending(self) -> None:
        builder = self.play.builder if self.play.pending is not None else None
        if builder is not None:
            action = builder.cancel()
            if action.message:
                self.hint.emit(action.message)
        self._refresh_overlay()

    def grab_image(self) -> QImage:
        return self.grabFramebuffer()

    def camera(self) -> Camera:
        c = self.opts["center"]
        return Camera((c.x(), c.y(), c.z()), self.opts["distance"], self.opts["elevation"],
                      self.opts["azimuth"], self.opts["fov"], max(1, self.width()),
                      max(1, self.height()))

    def cell_screen_pos(self, name: str) -> QPoint:
        """Where a click lands on the top of this cell's stack: the centre of its top face if
        nothing hides it, else the first visible point of that face."""
        assert self.board is not None and self.pick_scene is not None
        camera = self.camera()
        ring = meshes.footprint(self.board, self.board.index[name], 0.8)
        centre = ring.mean(axis=0)
        z = self.pick_scene.top(name)
        samples = [centre] + [centre + (p - centre) * f for f in (0.5, 0.9) for p in ring]
        points = camera.project(np.array([(x, y, z) for x, y in samples]))
        for x, y in points:
            if self.pick_scene.pick_at(camera, x, y) == name:
                return QPoint(round(x), round(y))
        return QPoint(round(points[0][0]), round(points[0][1]))

    def cell_at(self, x: float, y: float) -> str | None:
        if self.pick_scene is None:
            return None
        return self.pick_scene.pick_at(self.camera(), x, y)

    # ---- drawing ----------------------------------------------------------------------

    def _board_marks(self, state: StackedPosition) -> tuple[tuple, tuple]:
        """The goal edges in their owners' colours and the Walk targets, as hashable
        ((cells, colour), ...) tuples."""
        edges: list[tuple[tuple[str, ...], tuple[int, int, int]]] = []
        for side, lists in state.goal_sides().items():
            edges.extend((tuple(cells), self.play.colour(side)) for cells in lists if cells)
        marked = tuple((tuple(cells), self.play.colour(side))
                       for side, cells in state.targets.items() if cells)
        return tuple(edges), marked

    def _set_marks(self, state: StackedPosition, last: Sequence[str]) -> None:
        """The last move's cells outlined on their stacks, and a finished game's result."""
        assert self.pick_scene is not None and self.board is not None
        scene = self.pick_scene
        _set_lines(self.mark_item, meshes.outline_segments(
            self.board, [(c, scene.top(c)) for c in dict.fromkeys(last)], 0.97))
        outcome = state.outcome()
        chain = outcome.chain if outcome.over else ()
        tops = [scene.top(c) for c in chain]
        _set_lines(self.chain_item, np.concatenate([
            meshes.outline_segments(self.board, list(zip(chain, tops)), 0.75, lift=0.05),
            meshes.chain_segments(self.board, chain, tops)]))

    def _refresh_overlay(self) -> None:
        """The ghost piece, the refusal sign and the highlighted cells of a half-built move."""
        parts: list[PrismSet] = []
        targets: list[str] = []
        pending = self.play.pending
        if pending is not None:
            targets = [c for c in pending.targets if c != pending.cell] + [pending.cell]
            if pending.mode == "hold":
                parts.append(self._ghost([pending.cell], 1))
        action = self._hover_action
        if action is not None and self._hover is not None and self.play.builder is not None:
            parts.extend(self._hover_parts(self._hover, action))
        _set_lines(self.target_item, meshes.outline_segments(
            self.board, [(c, self.pick_scene.top(c)) for c in targets], 0.9)
            if self.board is not None and self.pick_scene is not None else np.zeros((0, 3)))
        _set_mesh(self.ghost_item, Mesh.concat([p.mesh() for p in parts]))
        self.update()

    def _ghost(self, cells: Sequence[str], extra: int = 1) -> PrismSet:
        """A translucent piece in the mover's colour on top of `cells` (`extra` levels up)."""
        assert self.play.state is not None and self.board is not None
        level = max(self.play.state.height(c) for c in cells) + extra
        return meshes.ghost_prisms(self.board, cells, level, self.play.mover_colour())

    def _hover_parts(self, cell: str, action: Action) -> list[PrismSet]:
        state = self.play.state
        assert state is not None and self.board is not None and self.pick_scene is not None
        pending = self.play.pending
        if action.kind == "refuse":
            return [meshes.refusal_prisms(self.board, cell, self.pick_scene.top(cell))]
        if action.kind != "play" or action.move is None:
            return []
        move = action.move
        cells = state.move_cells(move)
        if state.move_kind(move) == "lintel":
            a, b = (self.board.index[c] for c in cells)
            line = self.board.line_through(a, b)
            names = [self.board.names[i] for i in line] if line else list(cells)
            level = state.height(cells[0]) + 1
            return [meshes.ghost_prisms(self.board, names, level, self.play.mover_colour())]
        if len(cells) == 1:
            return [self._ghost(cells)] if pending is None else []
        if "," in move and not hasattr(state, "druids"):  # a second piece
            first, second = cells
            return [self._ghost([second], 2 if second == first else 1)]
        return []  # a Druid step: its destination is already highlighted

    def paintGL(self) -> None:
        super().paintGL()
        if not self._labels:
            return
        camera = self.camera()
        if self._label_screen[0] != camera:  # the labels move only with the camera
            self._label_screen = (camera, camera.project(self._label_points))
        points = self._label_screen[1]
        key = (camera, self._position_version)
        if key != self._label_key:
            self._label_shown = self._unhidden(camera, points)
            self._label_key = key
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        painter.setFont(self._label_font)
        painter.setPen(QColor(*LABEL_COLOUR))
        rise = 5.0 - self._label_ascent  # static text is placed by its top, not its baseline
        for i in np.flatnonzero(self._label_shown):
            x, y = points[i]
            text, left = self._label_texts[i]
            painter.drawStaticText(QPointF(x - left, y + rise), text)
        painter.end()

    def _static_text(self, text: str) -> QStaticText:
        """A label laid out once for the board, not again on every frame."""
        static = QStaticText(text)
        static.setTextFormat(Qt.TextFormat.PlainText)
        static.prepare(font=self._label_font)
        return static

    def _unhidden(self, camera: Camera, points: np.ndarray) -> np.ndarray:
        """Which labels no stone hides, read from the depth buffer just drawn: a label shows
        if nothing lies nearer than LABEL_CLEARANCE in front of it. Done only when the
        camera or the position changes."""
        ratio = self.devicePixelRatioF()
        width, height = self.width(), self.height()
        toward = camera.eye() - self._label_points
        toward /= np.linalg.norm(toward, axis=1, keepdims=True)
        limit = camera.depth(self._label_points + toward * LABEL_CLEARANCE)
        inside = (points[:, 0] >= 0) & (points[:, 0] < width) & (points[:, 1] >= 0) & (
            points[:, 1] < height)
        found = np.ones(len(points), np.float32)
        try:  # one pixel per label, by the unwrapped call (a third of the wrapped one's cost)
            for i in np.flatnonzero(inside):
                x, y = points[i]
                raw_read_pixels(int(x * ratio), int((height - y) * ratio) - 1, 1, 1,
                                GL.GL_DEPTH_COMPONENT, GL.GL_FLOAT, found[i:i + 1])
        except GL.GLError:  # drivers without depth read-back (OpenGL ES): show them all
            return inside
        return inside & (found >= limit)

    # ---- pointing ----------------------------------------------------------------------

    def _update_hover(self, x: float, y: float, shift: bool) -> None:
        cell = self.cell_at(x, y)
        if cell == self._hover and self._hover_action is not None:
            return
        self._hover = cell
        if cell is None or self.play.builder is None:
            self._hover_action = None
            if cell is not None:
                self.hint.emit(self.play.describe(cell))
        else:
            self._hover_action = self.play.builder.decide(cell, shift)
            self.hint.emit(self.play.hover_sentence(cell, self._hover_action))
        self._refresh_overlay()

    def click_cell(self, cell: str, lintel: bool = False) -> Action | None:
        """Act on a click on `cell` (Shift held: `lintel`)."""
        builder = self.play.builder
        if builder is None:
            self.hint.emit("the game is over" if self.play.state is not None
                           and self.play.state.outcome().over else "no move can be made here")
            return None
        action = builder.click(cell, lintel)
        self._hover_action = None
        self._hover = None
        if action.kind == "play" and action.move:
            self.moveChosen.emit(action.move)
        else:
            sentence = self.play.click_sentence(action)
            if sentence:
                self.hint.emit(sentence)
        self._refresh_overlay()
        return action

    def mousePressEvent(self, ev: QMouseEvent) -> None:
        self._press = ev.position()
        self._last_drag = ev.position()
        self._dragging = False

    def mouseMoveEvent(self, ev: QMouseEvent) -> None:
        pos = ev.position()
        if ev.buttons() == Qt.MouseButton.NoButton or self._press is None:
            self._update_hover(pos.x(), pos.y(),
                               bool(ev.modifiers() & Qt.KeyboardModifier.ShiftModifier))
            return
        if not self._dragging and (pos - self._press).manhattanLength() < DRAG_THRESHOLD:
            return
        self._dragging = True
        diff = pos - (self._last_drag or pos)
        self._last_drag = pos
        panning = (ev.buttons() & Qt.MouseButton.MiddleButton) or (
            ev.modifiers() & (Qt.KeyboardModifier.ShiftModifier
                              | Qt.KeyboardModifier.ControlModifier))
        if panning:
            self._pan(diff.x(), diff.y())
        else:
            self.opts["azimuth"] -= diff.x() * 0.5
            self.opts["elevation"] = clamp_elevation(self.opts["elevation"] + diff.y() * 0.5)
        self._after_camera_move()

    def mouseReleaseEvent(self, ev: QMouseEvent) -> None:
        pos = ev.position()
        was_click = self._press is not None and not self._dragging
        self._press = None
        self._dragging = False
        if not was_click:
            return
        if ev.button() == Qt.MouseButton.RightButton:
            self._confirm()
            return
        if ev.button() != Qt.MouseButton.LeftButton:
            return
        cell = self.cell_at(pos.x(), pos.y())
        if cell is None:
            return
        self.click_cell(cell, bool(ev.modifiers() & Qt.KeyboardModifier.ShiftModifier))

    def wheelEvent(self, ev: QWheelEvent) -> None:
        delta = ev.angleDelta().y() or ev.angleDelta().x()
        extent = self._extent
        self.opts["distance"] = min(extent * 8.0, max(extent * 0.6,
                                                      self.opts["distance"] * 0.999 ** delta))
        self._after_camera_move()

    def keyPressEvent(self, ev: QKeyEvent) -> None:
        key = ev.key()
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self._confirm()
        elif key == Qt.Key.Key_Escape:
            self.cancel_pending()
        elif key in (Qt.Key.Key_BracketLeft, Qt.Key.Key_BracketRight):
            self.turn(-1 if key == Qt.Key.Key_BracketLeft else 1)  # the window's keys too
        elif key in (Qt.Key.Key_Up, Qt.Key.Key_Down):
            step = 10.0 if key == Qt.Key.Key_Up else -10.0
            self.opts["elevation"] = clamp_elevation(self.opts["elevation"] + step)
            self._after_camera_move()
        else:  # Left/Right/Home/End walk the moves in the window
            ev.ignore()
            return
        ev.accept()

    def keyReleaseEvent(self, ev: QKeyEvent) -> None:
        ev.ignore()

    def leaveEvent(self, ev) -> None:
        self._hover = None
        self._hover_action = None
        self._refresh_overlay()
        super().leaveEvent(ev)

    def _confirm(self) -> None:
        if self.play.builder is None:
            return
        action = self.play.builder.confirm()
        if action.kind == "play" and action.move:
            self.moveChosen.emit(action.move)
        self._refresh_overlay()

    def _pan(self, dx: float, dy: float) -> None:
        """Slide the board with the pointer, in the board's plane (also from straight above),
        keeping the point looked at over the board."""
        a = math.radians(self.opts["azimuth"])
        forward = np.array([-math.cos(a), -math.sin(a)])
        right = np.array([-math.sin(a), math.cos(a)])
        scale = self.opts["distance"] * 2.0 * math.tan(math.radians(self.opts["fov"]) / 2)
        scale /= max(1, self.width())
        c = self.opts["center"]
        moved = np.array([c.x(), c.y()]) + (-right * dx + forward * dy) * scale
        if self.board is not None:
            middle = np.array(self.board.centres).mean(axis=0)
            reach = self._extent
            offset = moved - middle
            if np.linalg.norm(offset) > reach:
                moved = middle + offset / np.linalg.norm(offset) * reach
        self.opts["center"] = QVector3D(float(moved[0]), float(moved[1]), c.z())

    def _after_camera_move(self) -> None:
        self._hover = None
        self._hover_action = None
        self.update()


def _labels(board: Board) -> list[tuple[np.ndarray, str]]:
    """Coordinate labels on the slab around the board: column letters below (and above, on
    square boards) each column, row numbers beside the first and last columns."""
    z = meshes.SLAB_TOP + 0.01
    columns: dict[int, list[int]] = {}
    for i, (x, _) in enumerate(board.coords):
        columns.setdefault(x, []).append(i)
    out: list[tuple[np.ndarray, str]] = []
    for x, cells in sorted(columns.items()):
        low = min(cells, key=lambda i: board.centres[i][1])
        cx, cy = board.centres[low]
        out.append((np.array([cx, cy - 0.95, z]), column_letters(x)))
        if board.kind == "square":
            high = max(cells, key=lambda i: board.centres[i][1])
            hx, hy = board.centres[high]
            out.append((np.array([hx, hy + 0.95, z]), column_letters(x)))
    first, last = min(columns), max(columns)
    for x, dx in ((first, -0.95), (last, 0.95)):
        for i in columns[x]:
            cx, cy = board.centres[i]
            row = board.names[i][len(column_letters(x)):]
            out.append((np.array([cx + dx, cy, z]), row))
    return out
