"""The 3D view's camera as the player moves it: where it is, where it glides to, and the
framing that keeps the whole board in sight.

The pose lives in the pyqtgraph widget's `opts` (centre, distance, elevation, azimuth, and
`ortho` for the top view), where pyqtgraph reads it to draw; the rig is the only writer. It
starts high (desktop.views.look: about 58 degrees up, 30 degrees off the board's lines),
framed on the whole board, and moves only when the player moves it (or on Reset and Top
view, and to stay framed when the window is resized). Quarter turns, resets and the top view
glide; the top view is orthographic (desktop.views.camera.ortho_matrix).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import replace

import numpy as np
import pyqtgraph.opengl as gl
from PySide6.QtCore import QElapsedTimer, QTimer
from PySide6.QtGui import QMatrix4x4, QVector3D

from megalith.desktop.views import meshes
from megalith.desktop.views.camera import (ORTHO_FAR, Camera, Pose, blend, clamp_elevation, frame,
                                           nearest_turn, ortho_matrix)
from megalith.desktop.views.look import Look
from megalith.rules.geometry import Board

NORTH_UP = -90.0  # the top view's azimuth (turned by quarters): row 1 at the bottom
ANIMATION_MS = 260  # a quarter turn, a reset or the move to the top view
ANIMATION_STEP_MS = 15  # how often the camera moves while it glides
FRAME_REACH = 1.35  # the framed view keeps this much of the slab round the cells in sight


class CameraRig:
    """The camera of one `gl.GLViewWidget`. `moved()` is called after every change of the
    pose (each step of a glide included), `jumped()` after a move made at once (the view
    then checks what to fade); `tallest()` is the highest stack, which framing keeps in
    sight."""

    def __init__(self, widget: gl.GLViewWidget, look: Look, moved: Callable[[], None],
                 jumped: Callable[[], None], tallest: Callable[[], int]) -> None:
        self._widget = widget
        self._look = look
        self._moved = moved
        self._jumped = jumped
        self._tallest = tallest
        self.board: Board | None = None
        self.extent = 10.0  # the board's reach from its middle, set with each new board
        self.framed = False  # the camera is where reset or top_view put it
        self._goal: Pose | None = None  # where the running glide ends
        self._start: Pose | None = None
        # The glide: a plain timer and a clock (Qt's animation framework stops for good
        # once an event loop of the application has quit, as a test's may)
        self.timer = QTimer(widget)
        self.timer.setInterval(ANIMATION_STEP_MS)
        self.timer.timeout.connect(self.glide_step)
        self._clock = QElapsedTimer()

    def camera(self) -> Camera:
        """The camera as it is now, for projecting and picking."""
        w = self._widget
        c = w.opts["center"]
        return Camera((c.x(), c.y(), c.z()), w.opts["distance"], w.opts["elevation"],
                      w.opts["azimuth"], w.opts["fov"], max(1, w.width()),
                      max(1, w.height()), bool(w.opts["ortho"]))

    @property
    def animating(self) -> bool:
        return self._goal is not None

    # ---- the view's commands ------------------------------------------------------------

    def reset(self, animate: bool = True) -> None:
        """The default view: the look's elevation, a1 at the front left, the whole board
        framed (gliding from wherever the camera is)."""
        if self.board is None:
            return
        self.extent = board_extent(self.board)
        self._go(self._home(self._look.elevation, self._look.azimuth, False), animate)

    def top_view(self, animate: bool = True) -> None:
        """Straight down, orthographic, the board framed, turned to the nearest turn step
        from north up."""
        if self.board is None:
            return
        step = self.turn_step()
        nearest = NORTH_UP + step * round((self.target().azimuth - NORTH_UP) / step)
        self._go(self._home(90.0, nearest, True), animate)

    def turn_step(self) -> float:
        """Degrees a turn key turns: a quarter on square boards, a sixth on hex and Y
        boards, whose lines run every 60 degrees: from the default camera, every turn
        keeps the view 30 degrees off every line of cells."""
        return 90.0 if self.board is None or self.board.kind == "square" else 60.0

    def turn(self, quarters: int, animate: bool = True) -> None:
        """Turn the board by `quarters` turn steps (clockwise seen from above for
        positive); a framed view stays framed."""
        goal = self.target()
        azimuth = (nearest_turn(self._widget.opts["azimuth"], goal.azimuth)
                   + self.turn_step() * quarters)
        if self.framed and self.board is not None:
            pose = self._home(goal.elevation, azimuth, goal.ortho)
        else:
            pose = Pose(goal.center, goal.distance, goal.elevation, azimuth, goal.ortho)
        self._go(pose, animate, keep_framed=self.framed, exact=True)

    def settle(self) -> None:
        """End a running glide at once, where it was going."""
        if self._goal is not None:
            self.timer.stop()
            self._apply(self._goal)
            self._goal = None

    def refit(self) -> None:
        """The widget was resized: a framed view keeps the whole board in sight."""
        if self.framed and self.board is not None:
            goal = self.target()
            self._go(self._home(goal.elevation, goal.azimuth, goal.ortho), animate=False)

    # ---- the player's hand -----------------------------------------------------------

    def drag(self, dx: float, dy: float, panning: bool) -> None:
        """The pointer dragged by (dx, dy) pixels: slide the board (`panning`) or orbit."""
        self._by_hand()
        opts = self._widget.opts
        if panning:
            self._pan(dx, dy)
        else:
            opts["azimuth"] -= dx * 0.5
            opts["elevation"] = clamp_elevation(opts["elevation"] + dy * 0.5)
            if opts["elevation"] < 90.0:
                opts["ortho"] = False  # tilting leaves the top view's flat projection
        self._moved()

    def zoom(self, delta: int) -> None:
        """The wheel turned by `delta` eighths of a degree: nearer for positive."""
        self._by_hand()
        opts = self._widget.opts
        opts["distance"] = min(self.extent * 8.0,
                               max(self.extent * 0.6, opts["distance"] * 0.999 ** delta))
        self._moved()

    def tilt(self, step: float) -> None:
        """Raise the camera by `step` degrees (lower it for negative)."""
        self.settle()
        self._by_hand()
        opts = self._widget.opts
        opts["elevation"] = clamp_elevation(opts["elevation"] + step)
        opts["ortho"] = opts["ortho"] and opts["elevation"] >= 90.0
        self._moved()

    def projection(self, region: tuple[float, float, float, float],
                   viewport: tuple[float, float, float, float]) -> QMatrix4x4 | None:
        """In the top view, the orthographic box of the perspective's scale at the centre
        (camera.ortho_matrix, over the requested region); None: pyqtgraph's perspective."""
        if not self._widget.opts["ortho"]:
            return None
        x0, y0, w, h = viewport
        window = ((region[0] - x0) * 2.0 / w - 1.0, (region[0] + region[2] - x0) * 2.0 / w - 1.0,
                  (region[1] - y0) * 2.0 / h - 1.0, (region[1] + region[3] - y0) * 2.0 / h - 1.0)
        camera = self.camera()
        m = ortho_matrix(camera.half_width(), h / w, camera.distance * 0.001,
                         camera.distance * ORTHO_FAR, window)
        return QMatrix4x4(*m.flatten().tolist())

    # ---- the moves ------------------------------------------------------------------

    def pose(self) -> Pose:
        opts = self._widget.opts
        c = opts["center"]
        return Pose((c.x(), c.y(), c.z()), opts["distance"], opts["elevation"],
                    opts["azimuth"], bool(opts["ortho"]))

    def target(self) -> Pose:
        """Where the camera is going (the glide's end), or where it is."""
        return self._goal if self._goal is not None else self.pose()

    def _home(self, elevation: float, azimuth: float, ortho: bool) -> Pose:
        """The pose at this angle that frames the board (and its labels and stacks)."""
        assert self.board is not None
        if not self._look.framed:  # the first look: a fixed distance from the middle
            extent = board_extent(self.board)
            middle = np.array(self.board.centres).mean(axis=0)
            return Pose((float(middle[0]), float(middle[1]), 0.5), extent * 2.5, elevation,
                        azimuth, ortho)
        ring = meshes.board_hull(self.board, FRAME_REACH)
        cells = meshes.board_hull(self.board, 0.0)
        points = np.vstack([np.c_[ring, np.full(len(ring), meshes.SLAB_TOP)],
                            np.c_[cells, np.full(len(cells),
                                                 meshes.top_z(self._tallest()) + 0.5)]])
        w = self._widget
        start = Camera((0.0, 0.0, 0.0), 10.0, elevation, azimuth, w.opts["fov"],
                       max(1, w.width()), max(1, w.height()), ortho)
        fitted = frame(start, points)
        return Pose(fitted.center, fitted.distance, elevation, azimuth, ortho)

    def _go(self, pose: Pose, animate: bool, keep_framed: bool = True,
            exact: bool = False) -> None:
        """Go to `pose`, gliding if asked and shown; the azimuth turns the short way
        unless `exact` (a turn by quarters, counted from the current azimuth)."""
        self.framed = keep_framed
        if not animate or not self._widget.isVisible():
            self.timer.stop()
            self._goal = None
            self._apply(pose)
            self._jumped()
            return
        start = self.pose()
        if not exact:
            pose = replace(pose, azimuth=nearest_turn(start.azimuth, pose.azimuth))
        self._start, self._goal = start, pose
        self._clock.start()
        self.timer.start()

    def glide_step(self) -> None:
        """One step of the running glide (the timer's tick)."""
        if self._start is None or self._goal is None:
            self.timer.stop()
            return
        t = min(1.0, self._clock.elapsed() / ANIMATION_MS)
        self._apply(blend(self._start, self._goal, t))
        if t >= 1.0:
            self.timer.stop()
            self._goal = None

    def _apply(self, pose: Pose) -> None:
        opts = self._widget.opts
        opts["center"] = QVector3D(*pose.center)
        opts["distance"] = pose.distance
        opts["elevation"] = pose.elevation
        opts["azimuth"] = pose.azimuth % 360.0
        opts["ortho"] = pose.ortho
        self._moved()

    def _by_hand(self) -> None:
        """The player moves the camera: no glide, no automatic framing."""
        self.timer.stop()
        self._goal = None
        self.framed = False

    def _pan(self, dx: float, dy: float) -> None:
        """Slide the board with the pointer, in the board's plane (also from straight above),
        keeping the point looked at over the board."""
        opts = self._widget.opts
        a = math.radians(opts["azimuth"])
        forward = np.array([-math.cos(a), -math.sin(a)])
        right = np.array([-math.sin(a), math.cos(a)])
        scale = opts["distance"] * 2.0 * math.tan(math.radians(opts["fov"]) / 2)
        scale /= max(1, self._widget.width())
        c = opts["center"]
        moved = np.array([c.x(), c.y()]) + (-right * dx + forward * dy) * scale
        if self.board is not None:
            middle = np.array(self.board.centres).mean(axis=0)
            offset = moved - middle
            if np.linalg.norm(offset) > self.extent:
                moved = middle + offset / np.linalg.norm(offset) * self.extent
        opts["center"] = QVector3D(float(moved[0]), float(moved[1]), c.z())


def board_extent(board: Board) -> float:
    """How far the board reaches from its middle, plus a cell: the zoom and pan limits."""
    centres = np.array(board.centres)
    return float(np.linalg.norm(centres - centres.mean(axis=0), axis=1).max()) + 1.0
