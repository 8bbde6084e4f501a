"""The 3D monument view of the stacking games (Druid on square, hex and Y boards; Drogo).

The position is drawn as a few merged meshes (the board, cached until its goal edges or
targets change; the stones with the Druid figures and, in Druid with -nostack, a darker plate
on every uncovered sarsen, rebuilt for each position) plus line sets
for edges and marks; hovering only rebuilds the small ghost mesh and the highlights. Pointing
uses the numpy ray cast of desktop.views.picking and the move builder; nothing here knows a
game's rules.

The camera starts high (desktop.views.look: about 58 degrees up) and framed on the whole
board; quarter turns, resets and the top view are animated, and the top view is
orthographic. The last move carries a pin drawn over the picture, so no stone hides it;
stack heights may be written on the tops. Coordinate labels stand beyond both ends of every
column and row, on every side of square, hex and Y boards.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace
from functools import cache

import numpy as np
import pyqtgraph.opengl as gl
from OpenGL import GL
from OpenGL.raw.GL.VERSION.GL_1_0 import glReadPixels as raw_read_pixels
from PySide6.QtCore import QElapsedTimer, QPoint, QPointF, QRectF, QSize, Qt, QTimer, Signal
from PySide6.QtGui import (QBrush, QColor, QFont, QFontMetricsF, QImage, QKeyEvent,
                           QMatrix4x4, QMouseEvent, QOffscreenSurface, QOpenGLContext,
                           QPainter, QPen, QPolygonF, QStaticText, QVector3D, QWheelEvent)
from PySide6.QtOpenGL import QOpenGLFramebufferObject
from PySide6.QtWidgets import QWidget

from megalith.desktop.views import meshes
from megalith.desktop.views.camera import (ORTHO_FAR, Camera, Pose, blend, clamp_elevation, frame,
                                  nearest_turn, ortho_matrix)
from megalith.desktop.views.interaction import Interaction, describe_stack, marked_cells
from megalith.desktop.views.look import NEW, Look
from megalith.desktop.views.meshes import Mesh, PrismSet
from megalith.desktop.views.move_builder import Action
from megalith.desktop.views.picking import PickScene
from megalith.rules.geometry import Board
from megalith.rules.contracts import StackedPosition

BACKGROUND = (40, 46, 54)
SUGGESTION_COLOUR = (235, 80, 235)  # as the 2D boards mark suggested moves
EDGE_COLOUR = (0.07, 0.06, 0.05, 1.0)
LAST_MOVE_COLOUR = (1.0, 0.86, 0.2, 1.0)
CHAIN_COLOUR = (1.0, 1.0, 1.0, 1.0)
TARGET_COLOUR = (0.3, 0.9, 1.0, 1.0)
LABEL_COLOUR = (245, 236, 160)
LABEL_CLEARANCE = 0.3  # world units in front of a label that may not be occupied
DRAG_THRESHOLD = 4  # pixels a press may move and still count as a click
DEFAULT_AZIMUTH = -90.0  # looking north from below row 1: a1 at the bottom left
ANIMATION_MS = 260  # a quarter turn, a reset or the move to the top view
ANIMATION_STEP_MS = 15  # how often the camera moves while it glides
LABEL_REACH = 0.95  # a label's distance beyond the centre of the cell ending its line
FRAME_REACH = 1.35  # the framed view keeps this much of the slab round the cells in sight
MARKER_LIFT = 0.03  # the top outline the last-move pin stands over, above the top face
MARKER_SIZE = 11.0  # the pin's half width, pixels (its height is twice that)
HEIGHT_CLEARANCE = 0.12  # a height number shows if nothing lies this near in front of it
GHOST_EDGE = (1.0, 1.0, 1.0, 1.0)
CHAIN_TRIM = 0.38  # the winning chain's links stop at the cells' outlines: tops stay clear


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

    def __init__(self, parent: QWidget | None = None, look: Look = NEW,
                 repeat_completes: bool = True) -> None:
        super().__init__(parent)
        self.look = look
        # the samples asked for (format() later tells the context's, which has none: the
        # widget's own framebuffer is the one multisampled)
        self.samples = (look.msaa(software_renderer()) if look.samples or look.software_samples
                        else 0)
        if self.samples:
            surface = self.format()
            surface.setSamples(self.samples)
            self.setFormat(surface)
        self.opts["ortho"] = False
        self.setMouseTracking(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setBackgroundColor(BACKGROUND)
        self.setMinimumSize(200, 150)
        self.play: Interaction[StackedPosition] = Interaction(describe_stack,
                                                              repeat_completes)
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
        self._framed = False  # the camera is where reset_camera or top_view put it
        self._goal: Pose | None = None  # where the running animation ends
        self._start: Pose | None = None
        # The camera's glide: a plain timer and a clock (Qt's animation framework stops
        # for good once an event loop of the application has quit, as a test's may)
        self._animation = QTimer(self)
        self._animation.setInterval(ANIMATION_STEP_MS)
        self._animation.timeout.connect(self._animation_step)
        self._clock = QElapsedTimer()
        self._markers: list[np.ndarray] = []  # the last move's cells' top outlines (k, 3)
        # suggested moves: the top middle of each one's first cell, and its win rate's text
        self._suggestions: list[tuple[np.ndarray, str]] = []
        self._show_heights = False
        self._height_points = np.zeros((0, 3))
        self._height_texts: list[QStaticText] = []
        self._height_shown = np.zeros(0, bool)
        self._height_key: tuple | None = None

        self.board_item = _mesh_item()
        self.stone_item = _mesh_item()  # stones and Druid figures
        self.edge_item = _line_item(1.0, EDGE_COLOUR)
        self.mark_item = _line_item(3.0, LAST_MOVE_COLOUR)
        self.chain_item = _line_item(4.0, CHAIN_COLOUR)
        self.target_item = _line_item(2.5, TARGET_COLOUR)
        self.ghost_item = _mesh_item(translucent=True)
        self.ghost_item.setDepthValue(10)
        self.ghost_edge_item = _line_item(2.0, GHOST_EDGE)
        self.ghost_edge_item.setDepthValue(11)
        # Stones first, the board after them: llvmpipe's early depth test then skips the
        # tiles and slab hidden under the monument.
        self.stone_item.setDepthValue(-2)
        self.board_item.setDepthValue(-1)
        for item in (self.board_item, self.stone_item, self.edge_item, self.mark_item,
                     self.chain_item, self.target_item, self.ghost_item,
                     self.ghost_edge_item):
            self.addItem(item)

    # ---- the contract ---------------------------------------------------------------

    def set_position(self, state: StackedPosition, colours: dict[str, tuple[int, int, int]],
                     legal: list[str] | None, last_move: str | None,
                     last_cells: Sequence[str] | None = None) -> None:
        new_board = self.board is not state.board
        self._suggestions = []  # they belong to the position they were searched for
        self.play.set_position(state, colours, legal)
        self.board = state.board
        stones = state.stones()
        druids = {side: cell for side, cell in state.druids.items() if cell}
        self.pick_scene = PickScene(self.board, stones, druids.values())
        edges, marked = self._board_marks(state)
        board_key = (self.board, edges, marked)
        if board_key != self._board_key:  # the board changes only with goals and targets
            _set_mesh(self.board_item, meshes.board_prisms(self.board, edges, marked,
                                                           self.look.board).mesh())
            self._board_key = board_key
        colours = self.stone_colours()
        prisms = meshes.stone_prisms(self.board, stones, colours, self.look.beams,
                                     self.look.stone_scale)
        figures = [meshes.druid_mesh(self.board, cell, self.pick_scene.top(cell),
                                     self.play.colour(side)) for side, cell in druids.items()]
        marks = (meshes.sarsen_marks(self.board, stones, colours)
                 if state.sarsens_marked else Mesh())
        shadows = (meshes.gap_shadows(self.board, stones, colours, self.look.board)
                   if self.look.beams else Mesh())
        _set_mesh(self.stone_item, Mesh.concat([prisms.mesh(self.look.sides, self.look.rim),
                                                marks, shadows, *figures]))
        _set_lines(self.edge_item, prisms.edges() if self.look.lines else np.zeros((0, 3)))
        self._set_marks(state, marked_cells(state, last_move, last_cells))
        self._height_texts = []  # laid out again on the next frame that shows them
        self._position_version += 1
        if new_board:
            self._labels = _labels(self.board)
            self._label_points = np.array([p for p, _ in self._labels]).reshape(-1, 3)
            self._label_texts = [(self._static_text(text), 4.0 * len(text))
                                 for _, text in self._labels]
            self._label_screen = (None, np.zeros((0, 2)))
            self.reset_camera(animate=False)
        self._hover = None
        self._hover_action = None
        self._refresh_overlay()
        self.update()

    def set_lintel_mode(self, on: bool) -> None:
        self.play.set_lintel_mode(on)
        self._hover = None
        self._refresh_overlay()

    def set_show_heights(self, on: bool) -> None:
        """Write each stack's height on its top (where the top is in sight)."""
        self._show_heights = on
        self._height_key = None
        self.update()

    def stone_colours(self) -> dict[str, tuple[int, int, int]]:
        """The players' colours as the stones show them: with the look's contrast, a colour
        too near the board's tiles is moved away from them (meshes.legible)."""
        if not self.look.contrast:
            return self.play.colours
        return {side: meshes.legible(colour, self.look.board) for side, colour in
                self.play.colours.items()}

    def reset_camera(self, animate: bool = True) -> None:
        """The default view: the look's elevation, a1 at the front left, the whole board
        framed (animated from wherever the camera is)."""
        if self.board is None:
            return
        self._extent = _extent(self.board)
        self._move_camera(self._home(self.look.elevation, DEFAULT_AZIMUTH, False), animate)

    def top_view(self, animate: bool = True) -> None:
        """Straight down, orthographic, the board framed, turned to the nearest quarter."""
        if self.board is None:
            return
        quarter = DEFAULT_AZIMUTH + 90.0 * round((self._target().azimuth - DEFAULT_AZIMUTH)
                                                 / 90.0)
        self._move_camera(self._home(90.0, quarter, True), animate)

    def turn(self, quarters: int, animate: bool = True) -> None:
        """Turn the board by quarter turns (clockwise seen from above for positive); a
        framed view stays framed."""
        goal = self._target()
        azimuth = nearest_turn(self.opts["azimuth"], goal.azimuth) + 90.0 * quarters
        if self._framed and self.board is not None:
            pose = self._home(goal.elevation, azimuth, goal.ortho)
        else:
            pose = Pose(goal.center, goal.distance, goal.elevation, azimuth, goal.ortho)
        self._move_camera(pose, animate, keep_framed=self._framed, exact=True)

    def settle(self) -> None:
        """End a running camera animation at once, where it was going."""
        if self._goal is not None:
            self._animation.stop()
            self._apply(self._goal)
            self._goal = None

    @property
    def animating(self) -> bool:
        return self._goal is not None

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
                      max(1, self.height()), bool(self.opts["ortho"]))

    def projectionMatrix(self, region, viewport) -> QMatrix4x4:
        """pyqtgraph's perspective, or in the top view the orthographic box of the same
        scale at the centre (camera.ortho_matrix, over the requested region)."""
        if not self.opts["ortho"]:
            return super().projectionMatrix(region, viewport)
        x0, y0, w, h = viewport
        window = ((region[0] - x0) * 2.0 / w - 1.0, (region[0] + region[2] - x0) * 2.0 / w - 1.0,
                  (region[1] - y0) * 2.0 / h - 1.0, (region[1] + region[3] - y0) * 2.0 / h - 1.0)
        camera = self.camera()
        m = ortho_matrix(camera.half_width(), h / w, camera.distance * 0.001,
                         camera.distance * ORTHO_FAR, window)
        return QMatrix4x4(*m.flatten().tolist())

    def resizeGL(self, w: int, h: int) -> None:
        super().resizeGL(w, h)
        if self._framed and self.board is not None:  # keep the whole board in sight
            goal = self._target()
            self._move_camera(self._home(goal.elevation, goal.azimuth, goal.ortho),
                              animate=False)

    # ---- the camera's moves ------------------------------------------------------------

    def _pose(self) -> Pose:
        c = self.opts["center"]
        return Pose((c.x(), c.y(), c.z()), self.opts["distance"], self.opts["elevation"],
                    self.opts["azimuth"], bool(self.opts["ortho"]))

    def _target(self) -> Pose:
        """Where the camera is going (the animation's end), or where it is."""
        return self._goal if self._goal is not None else self._pose()

    def _home(self, elevation: float, azimuth: float, ortho: bool) -> Pose:
        """The pose at this angle that frames the board (and its labels and stacks)."""
        assert self.board is not None
        if not self.look.framed:  # the first look: a fixed distance from the middle
            extent = _extent(self.board)
            middle = np.array(self.board.centres).mean(axis=0)
            return Pose((float(middle[0]), float(middle[1]), 0.5), extent * 2.5, elevation,
                        azimuth, ortho)
        tallest = max(self.pick_scene.heights) if self.pick_scene is not None else 0
        ring = meshes.board_hull(self.board, FRAME_REACH)
        points = np.vstack([np.c_[ring, np.full(len(ring), meshes.SLAB_TOP)],
                            np.c_[meshes.board_hull(self.board, 0.0),
                                  np.full(len(meshes.board_hull(self.board, 0.0)),
                                          meshes.top_z(tallest) + 0.5)]])
        start = Camera((0.0, 0.0, 0.0), 10.0, elevation, azimuth, self.opts["fov"],
                       max(1, self.width()), max(1, self.height()), ortho)
        fitted = frame(start, points)
        return Pose(fitted.center, fitted.distance, elevation, azimuth, ortho)

    def _move_camera(self, pose: Pose, animate: bool, keep_framed: bool = True,
                     exact: bool = False) -> None:
        """Go to `pose`, animated if asked and shown; the azimuth turns the short way
        unless `exact` (a turn by quarters, counted from the current azimuth)."""
        self._framed = keep_framed
        if not animate or not self.isVisible():
            self._animation.stop()
            self._goal = None
            self._apply(pose)
            return
        start = self._pose()
        if not exact:
            pose = replace(pose, azimuth=nearest_turn(start.azimuth, pose.azimuth))
        self._start, self._goal = start, pose
        self._clock.start()
        self._animation.start()

    def _animation_step(self) -> None:
        if self._start is None or self._goal is None:
            self._animation.stop()
            return
        t = min(1.0, self._clock.elapsed() / ANIMATION_MS)
        self._apply(blend(self._start, self._goal, t))
        if t >= 1.0:
            self._animation.stop()
            self._goal = None

    def _apply(self, pose: Pose) -> None:
        self.opts["center"] = QVector3D(*pose.center)
        self.opts["distance"] = pose.distance
        self.opts["elevation"] = pose.elevation
        self.opts["azimuth"] = pose.azimuth % 360.0
        self.opts["ortho"] = pose.ortho
        self._after_camera_move()

    def _user_moved(self) -> None:
        """The player moved the camera by hand: no animation, no automatic framing."""
        self._animation.stop()
        self._goal = None
        self._framed = False

    def cell_screen_pos(self, name: str) -> QPoint:
        """Where a click lands on the top of this cell's stack: the centre of its top face if
        nothing hides it, else the first visible point of that face (once a camera
        animation has ended: it is ended at once)."""
        assert self.board is not None and self.pick_scene is not None
        self.settle()
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
        cells = list(dict.fromkeys(last))
        _set_lines(self.mark_item, meshes.outline_segments(
            self.board, [(c, scene.top(c)) for c in cells], 0.97))
        self._markers = [np.c_[meshes.footprint(self.board, self.board.index[c], 0.9),
                               np.full(4 if self.board.kind == "square" else 6,
                                       scene.top(c) + MARKER_LIFT)] for c in cells]
        outcome = state.outcome()
        chain = outcome.chain if outcome.over else ()
        tops = [scene.top(c) for c in chain]
        _set_lines(self.chain_item, np.concatenate([
            meshes.outline_segments(self.board, list(zip(chain, tops)), 0.75, lift=0.05),
            meshes.chain_segments(self.board, chain, tops, trim=CHAIN_TRIM)]))

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
        _set_mesh(self.ghost_item, Mesh.concat([p.mesh(self.look.sides) for p in parts]))
        if self.look.ghost_outline:
            _set_lines(self.ghost_edge_item, np.concatenate(
                [p.edges(0.01, uprights=True) for p in parts] or [np.zeros((0, 3))]))
        self.update()

    def _ghost(self, cells: Sequence[str], extra: int = 1) -> PrismSet:
        """A translucent piece in the mover's colour on top of `cells` (`extra` levels up)."""
        assert self.play.state is not None and self.board is not None
        level = max(self.play.state.height(c) for c in cells) + extra
        return meshes.ghost_prisms(self.board, cells, level, self.play.mover_colour(),
                                   self.look.ghost_alpha, self.look.stone_scale)

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
            return [meshes.ghost_prisms(self.board, names, level, self.play.mover_colour(),
                                        self.look.ghost_alpha)]
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
            self._label_shown = self._unhidden(camera, self._label_points, points,
                                               LABEL_CLEARANCE)
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
        if self._show_heights:
            if not self._height_texts:
                self._set_heights()
            self._paint_heights(painter, camera, key)
        if self.look.marker and len(self._markers):
            self._paint_markers(painter, camera)
        if self._suggestions:
            self._paint_suggestions(painter, camera)
        painter.end()

    def show_suggestions(self, suggestions: Sequence[tuple[str, float]]) -> None:
        """A magenta badge with the win rate over each suggested move's (first) cell."""
        state, scene = self.play.state, self.pick_scene
        if state is None or scene is None or self.board is None:
            return
        self._suggestions = []
        for move, rate in suggestions:
            cells = state.move_cells(move)
            if cells:
                x, y = self.board.centres[self.board.index[cells[0]]]
                top = np.array([x, y, scene.top(cells[0]) + 0.05])
                self._suggestions.append((top, f"{move} {rate:.0%}"))
        self.update()

    def _paint_suggestions(self, painter: QPainter, camera: Camera) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        metrics = QFontMetricsF(self._label_font)
        points = camera.project(np.array([p for p, _ in self._suggestions]))
        for (x, y), (_, text) in zip(points, self._suggestions):
            width, height = metrics.horizontalAdvance(text) + 8.0, metrics.height() + 2.0
            box = QRectF(float(x) - width / 2, float(y) - height / 2, width, height)
            painter.setPen(QPen(QColor(10, 20, 30)))
            painter.setBrush(QBrush(QColor(*SUGGESTION_COLOUR)))
            painter.drawRoundedRect(box, 4.0, 4.0)
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)

    def _paint_markers(self, painter: QPainter, camera: Camera) -> None:
        """The last move's pins: a yellow arrow over each of its cells, pointing down at
        the top of the stack from just above its top face on the screen (never over the
        face, whose colour tells the owner), drawn over the picture so that no stone can
        hide it."""
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        pen = QPen(QColor(20, 16, 8))
        pen.setWidthF(1.5)
        painter.setPen(pen)
        painter.setBrush(QBrush(QColor(*(round(c * 255) for c in LAST_MOVE_COLOUR[:3]))))
        w = MARKER_SIZE
        for ring in self._markers:
            shown = camera.project(ring)
            x, y = float(shown[:, 0].mean()), float(shown[:, 1].min()) - 2.0
            painter.drawPolygon(QPolygonF([QPointF(x, y), QPointF(x - w, y - 1.6 * w),
                                           QPointF(x - 0.45 * w, y - 1.6 * w),
                                           QPointF(x - 0.45 * w, y - 2.4 * w),
                                           QPointF(x + 0.45 * w, y - 2.4 * w),
                                           QPointF(x + 0.45 * w, y - 1.6 * w),
                                           QPointF(x + w, y - 1.6 * w)]))
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)

    def _set_heights(self) -> None:
        """Where each stack's height number goes: the middle of its top, just above it."""
        assert self.board is not None and self.pick_scene is not None
        scene = self.pick_scene
        tall = [i for i, h in enumerate(scene.heights) if h > 0]
        self._height_points = np.array([(*self.board.centres[i],
                                         meshes.top_z(scene.heights[i]) + 0.02)
                                        for i in tall]).reshape(-1, 3)
        self._height_texts = [self._static_text(str(scene.heights[i])) for i in tall]
        self._height_key = None

    def _paint_heights(self, painter: QPainter, camera: Camera, key: tuple) -> None:
        if not len(self._height_points):
            return
        points = camera.project(self._height_points)
        if key != self._height_key:
            self._height_shown = self._unhidden(camera, self._height_points, points,
                                                HEIGHT_CLEARANCE)
            self._height_key = key
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(20, 20, 24, 190))
        half = self._label_ascent * 0.75
        for i in np.flatnonzero(self._height_shown):
            x, y = points[i]
            painter.drawEllipse(QPointF(x, y), half + 1.5, half + 1.5)
        painter.setPen(QColor(250, 245, 225))
        for i in np.flatnonzero(self._height_shown):
            x, y = points[i]
            text = self._height_texts[i]
            size = text.size()
            painter.drawStaticText(QPointF(x - size.width() / 2, y - size.height() / 2), text)

    def _static_text(self, text: str) -> QStaticText:
        """A label laid out once for the board, not again on every frame."""
        static = QStaticText(text)
        static.setTextFormat(Qt.TextFormat.PlainText)
        static.prepare(font=self._label_font)
        return static

    def _unhidden(self, camera: Camera, world: np.ndarray, points: np.ndarray,
                  clearance: float) -> np.ndarray:
        """Which of the world points (labels, height numbers) no stone hides, read from the
        depth buffer just drawn: a point shows if nothing lies nearer than `clearance` in
        front of it. Done only when the camera or the position changes."""
        ratio = self.devicePixelRatioF()
        width, height = self.width(), self.height()
        limit = camera.depth(world + camera.toward_viewer(world) * clearance)
        inside = (points[:, 0] >= 0) & (points[:, 0] < width) & (points[:, 1] >= 0) & (
            points[:, 1] < height)
        found = np.ones(len(points), np.float32)
        copy = None
        try:  # one read of the rectangle round the labels (one read per label stalled the
            # renderer once per label: about 4 ms a move on the 16x16 board)
            copy = self._resolved_depth()
            shown = np.flatnonzero(inside)
            if len(shown):
                px = (points[shown, 0] * ratio).astype(int)
                py = ((height - points[shown, 1]) * ratio).astype(int) - 1
                x0, y0 = int(px.min()), max(int(py.min()), 0)
                w, h = int(px.max()) - x0 + 1, int(py.max()) - y0 + 1
                block = np.ones((h, w), np.float32)
                raw_read_pixels(x0, y0, w, h, GL.GL_DEPTH_COMPONENT, GL.GL_FLOAT, block)
                found[shown] = block[py - y0, px - x0]
        except GL.GLError:  # drivers without depth read-back (OpenGL ES): show them all
            return inside
        finally:
            GL.glBindFramebuffer(GL.GL_FRAMEBUFFER, self.defaultFramebufferObject())
            del copy  # freed here, while this widget's context is current
        return inside & (found >= limit)

    def _resolved_depth(self) -> QOpenGLFramebufferObject | None:
        """With multisampling the widget's depth buffer cannot be read pixel by pixel: copy
        it into a plain framebuffer of the same size, bound for reading, and return it (the
        caller frees it). Without multisampling, None: the widget's own buffer is read."""
        if self.samples <= 0:
            return None
        ratio = self.devicePixelRatioF()
        w, h = int(self.width() * ratio), int(self.height() * ratio)
        copy = QOpenGLFramebufferObject(
            QSize(w, h), QOpenGLFramebufferObject.Attachment.CombinedDepthStencil)
        GL.glBindFramebuffer(GL.GL_READ_FRAMEBUFFER, self.defaultFramebufferObject())
        GL.glBindFramebuffer(GL.GL_DRAW_FRAMEBUFFER, copy.handle())
        GL.glBlitFramebuffer(0, 0, w, h, 0, 0, w, h,
                             GL.GL_DEPTH_BUFFER_BIT | GL.GL_STENCIL_BUFFER_BIT, GL.GL_NEAREST)
        GL.glBindFramebuffer(GL.GL_READ_FRAMEBUFFER, copy.handle())
        return copy

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
        self.play.answer(action, self.moveChosen.emit, self.hint.emit)
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
        self._user_moved()
        if panning:
            self._pan(diff.x(), diff.y())
        else:
            self.opts["azimuth"] -= diff.x() * 0.5
            self.opts["elevation"] = clamp_elevation(self.opts["elevation"] + diff.y() * 0.5)
            if self.opts["elevation"] < 90.0:
                self.opts["ortho"] = False  # tilting leaves the top view's flat projection
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
        self._user_moved()
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
            self.settle()
            self._user_moved()
            self.opts["elevation"] = clamp_elevation(self.opts["elevation"] + step)
            self.opts["ortho"] = self.opts["ortho"] and self.opts["elevation"] >= 90.0
            self._after_camera_move()
        else:  # Left/Right/Home/End walk the moves in the window
            ev.ignore()
            return
        ev.accept()

    def hideEvent(self, ev) -> None:
        self.settle()  # no animation runs on for a hidden (or closing) view
        super().hideEvent(ev)

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


@cache
def software_renderer() -> bool:
    """Whether OpenGL is drawn by the CPU (Mesa's llvmpipe, softpipe or swrast): there 4x
    multisampling costs 5 to 9 ms a frame on the crowded monument (benchmarks/frame_time.py),
    more than the 10 ms budget leaves, so the view draws without it."""
    context = QOpenGLContext()
    surface = QOffscreenSurface()
    surface.create()
    if not context.create() or not context.makeCurrent(surface):
        return True  # no context to ask: be frugal
    try:
        name = GL.glGetString(GL.GL_RENDERER)
    finally:
        context.doneCurrent()
    text = name.decode(errors="replace").lower() if name else ""
    return any(word in text for word in ("llvmpipe", "softpipe", "swrast", "software"))


def _extent(board: Board) -> float:
    """How far the board reaches from its middle, plus a cell: the zoom and pan limits."""
    centres = np.array(board.centres)
    return float(np.linalg.norm(centres - centres.mean(axis=0), axis=1).max()) + 1.0


def _labels(board: Board) -> list[tuple[np.ndarray, str]]:
    """The coordinate labels (meshes.coordinate_labels) on the slab round the board."""
    z = meshes.SLAB_TOP + 0.01
    return [(np.array([x, y, z]), text)
            for (x, y), text in meshes.coordinate_labels(board, LABEL_REACH)]
