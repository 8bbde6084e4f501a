"""What the 3D view paints over its picture with QPainter: the coordinate labels, the stack
heights, the last move's pins and the suggestion badges.

Coordinate labels stand beyond both ends of every column and row, on every side of square,
hex and Y boards; heights may be written on the stacks' tops. Which of them a stone hides
is read back from the depth buffer just drawn, once for the camera and position (and, with
the look's `labels_at_rest`, again only when the camera rests). The pins and badges are
drawn over the picture, so no stone hides them.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pyqtgraph.opengl as gl
from OpenGL import GL
from OpenGL.raw.GL.VERSION.GL_1_0 import glReadPixels as raw_read_pixels
from PySide6.QtCore import QPointF, QRectF, QSize, Qt, QTimer
from PySide6.QtGui import (QBrush, QColor, QFont, QFontMetricsF, QPainter, QPen, QPolygonF,
                           QStaticText)
from PySide6.QtOpenGL import QOpenGLFramebufferObject

from megalith.desktop.views import meshes
from megalith.desktop.views.camera import Camera
from megalith.desktop.views.look import Look
from megalith.desktop.views.picking import PickScene
from megalith.desktop.views.stack_scene import LAST_MOVE_COLOUR
from megalith.rules.contracts import Position
from megalith.rules.geometry import Board

SUGGESTION_COLOUR = (235, 80, 235)  # as the 2D boards mark suggested moves
LABEL_COLOUR = (245, 236, 160)
LABEL_CLEARANCE = 0.3  # world units in front of a label that may not be occupied
LABEL_REACH = 0.95  # a label's distance beyond the centre of the cell ending its line
MARKER_LIFT = 0.03  # the top outline the last-move pin stands over, above the top face
MARKER_SIZE = 11.0  # the pin's half width, pixels (its height is twice that)
HEIGHT_CLEARANCE = 0.12  # a height number shows if nothing lies this near in front of it
REST_MS = 120  # hidden labels are checked again this long after the camera stops

# what a check of hidden labels was made for: the camera and the position's number
CheckKey = tuple[Camera, int]
Badge = tuple[np.ndarray, str]  # a suggestion's point (the top middle of a cell), its text


def suggestion_badges(state: Position, scene: PickScene,
                      suggestions: Sequence[tuple[str, float]]) -> tuple[list[str], list[Badge]]:
    """The first cell of each suggested move (win rate) that points at one, and its badge:
    the move and its rate over the top of that cell's stack."""
    cells: list[str] = []
    badges: list[Badge] = []
    for move, rate in suggestions:
        move_cells = state.move_cells(move)
        if move_cells:
            cell = move_cells[0]
            cells.append(cell)
            x, y = scene.board.centres[scene.board.index[cell]]
            badges.append((np.array([x, y, scene.top(cell) + 0.05]), f"{move} {rate:.0%}"))
    return cells, badges


class StackLabels:
    """The painted marks of one 3D view (`widget`, whose framebuffer has `samples`)."""

    def __init__(self, widget: gl.GLViewWidget, look: Look, samples: int) -> None:
        self._widget = widget
        self._look = look
        self._samples = samples
        self.font = QFont()
        self.font.setPixelSize(12)
        self.font.setBold(True)
        self._ascent = QFontMetricsF(self.font).ascent()
        self.labels: list[tuple[np.ndarray, str]] = []
        self._label_points = np.zeros((0, 3))
        self._label_texts: list[tuple[QStaticText, float]] = []  # text, start left of point
        self._label_screen: tuple[Camera | None, np.ndarray] = (None, np.zeros((0, 2)))
        self._label_shown = np.zeros(0, bool)
        self._label_key: CheckKey | None = None
        self._version = 0  # the position's number, for the checks of hidden labels
        self._markers: list[np.ndarray] = []  # the last move's cells' top outlines (k, 3)
        self._suggestions: list[Badge] = []
        self.show_heights = False
        self._scene: PickScene | None = None
        self._height_points = np.zeros((0, 3))
        self._height_texts: list[QStaticText] = []
        self._height_shown = np.zeros(0, bool)
        self._height_key: CheckKey | None = None
        self.timer = QTimer(widget)  # labels are checked again once the camera rests
        self.timer.setSingleShot(True)
        self.timer.setInterval(REST_MS)
        self.timer.timeout.connect(self._rested)

    def set_board(self, board: Board) -> None:
        """The coordinate labels (meshes.coordinate_labels) on the slab round the board."""
        z = meshes.SLAB_TOP + 0.01
        self.labels = [(np.array([x, y, z]), text)
                       for (x, y), text in meshes.coordinate_labels(board, LABEL_REACH)]
        self._label_points = np.array([p for p, _ in self.labels]).reshape(-1, 3)
        self._label_texts = [(self._static_text(text), 4.0 * len(text))
                             for _, text in self.labels]
        self._label_screen = (None, np.zeros((0, 2)))

    def set_position(self, scene: PickScene, last: Sequence[str]) -> None:
        """A new position: its stacks (heights are laid out again on the next frame that
        shows them), the pins over the `last` move's cells; suggestions are dropped."""
        board = scene.board
        self._scene = scene
        self._suggestions = []
        self._markers = [np.c_[meshes.footprint(board, board.index[c], 0.9),
                               np.full(4 if board.kind == "square" else 6,
                                       scene.top(c) + MARKER_LIFT)] for c in last]
        self._height_texts = []
        self._version += 1

    def set_show_heights(self, on: bool) -> None:
        self.show_heights = on
        self._height_key = None

    def set_suggestions(self, badges: list[Badge]) -> None:
        """The suggestion badges (suggestion_badges) to paint until the next position."""
        self._suggestions = badges

    def paint(self, camera: Camera) -> None:
        """Paint the marks over the frame just drawn (in paintGL, after the scene)."""
        if not self.labels:
            return
        if self._label_screen[0] != camera:  # the labels move only with the camera
            self._label_screen = (camera, camera.project(self._label_points))
        points = self._label_screen[1]
        key = (camera, self._version)
        if key != self._label_key and not self._moving(
                key, self._label_key, len(self._label_shown), len(points)):
            self._label_shown = self._unhidden(camera, self._label_points, points,
                                               LABEL_CLEARANCE)
            self._label_key = key
        painter = QPainter(self._widget)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        painter.setFont(self.font)
        painter.setPen(QColor(*LABEL_COLOUR))
        rise = 5.0 - self._ascent  # static text is placed by its top, not its baseline
        for i in np.flatnonzero(self._label_shown):
            x, y = points[i]
            text, left = self._label_texts[i]
            painter.drawStaticText(QPointF(x - left, y + rise), text)
        if self.show_heights:
            if not self._height_texts:
                self._set_heights()
            self._paint_heights(painter, camera, key)
        if self._look.marker and len(self._markers):
            self._paint_markers(painter, camera)
        if self._suggestions:
            self._paint_suggestions(painter, camera)
        painter.end()

    def _paint_suggestions(self, painter: QPainter, camera: Camera) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        metrics = QFontMetricsF(self.font)
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
        scene = self._scene
        assert scene is not None
        tall = [i for i, h in enumerate(scene.heights) if h > 0]
        self._height_points = np.array([(*scene.board.centres[i],
                                         meshes.top_z(scene.heights[i]) + 0.02)
                                        for i in tall]).reshape(-1, 3)
        self._height_texts = [self._static_text(str(scene.heights[i])) for i in tall]
        self._height_key = None

    def _paint_heights(self, painter: QPainter, camera: Camera, key: CheckKey) -> None:
        if not len(self._height_points):
            return
        points = camera.project(self._height_points)
        if key != self._height_key and not self._moving(
                key, self._height_key, len(self._height_shown), len(points)):
            self._height_shown = self._unhidden(camera, self._height_points, points,
                                                HEIGHT_CLEARANCE)
            self._height_key = key
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(20, 20, 24, 190))
        half = self._ascent * 0.75
        for i in np.flatnonzero(self._height_shown):
            x, y = points[i]
            painter.drawEllipse(QPointF(x, y), half + 1.5, half + 1.5)
        painter.setPen(QColor(250, 245, 225))
        for i in np.flatnonzero(self._height_shown):
            x, y = points[i]
            text = self._height_texts[i]
            size = text.size()
            painter.drawStaticText(QPointF(x - size.width() / 2, y - size.height() / 2), text)

    def _moving(self, key: CheckKey, last: CheckKey | None, shown: int, count: int) -> bool:
        """Whether to keep the labels (or height numbers) that showed on the last frame
        (checked for `last`, `shown` of them) because only the camera moved: the look
        checks them again once it rests, which a timer then asks for. A new position or a
        first frame is always checked."""
        if (not self._look.labels_at_rest or last is None or last[1] != key[1]
                or shown != count):
            return False
        self.timer.start()
        return True

    def _rested(self) -> None:
        self._label_key = None
        self._height_key = None
        self._widget.update()

    def _static_text(self, text: str) -> QStaticText:
        """A label laid out once for the board, not again on every frame."""
        static = QStaticText(text)
        static.setTextFormat(Qt.TextFormat.PlainText)
        static.prepare(font=self.font)
        return static

    def _unhidden(self, camera: Camera, world: np.ndarray, points: np.ndarray,
                  clearance: float) -> np.ndarray:
        """Which of the world points (labels, height numbers) no stone hides, read from the
        depth buffer just drawn: a point shows if nothing lies nearer than `clearance` in
        front of it. Done only when the camera or the position changes."""
        widget = self._widget
        ratio = widget.devicePixelRatioF()
        width, height = widget.width(), widget.height()
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
            result: np.ndarray = inside
            return result
        finally:
            GL.glBindFramebuffer(GL.GL_FRAMEBUFFER, widget.defaultFramebufferObject())
            del copy  # freed here, while this widget's context is current
        shown_now: np.ndarray = inside & (found >= limit)
        return shown_now

    def _resolved_depth(self) -> QOpenGLFramebufferObject | None:
        """With multisampling the widget's depth buffer cannot be read pixel by pixel: copy
        it into a plain framebuffer of the same size, bound for reading, and return it (the
        caller frees it). Without multisampling, None: the widget's own buffer is read."""
        if self._samples <= 0:
            return None
        widget = self._widget
        ratio = widget.devicePixelRatioF()
        w, h = int(widget.width() * ratio), int(widget.height() * ratio)
        copy = QOpenGLFramebufferObject(
            QSize(w, h), QOpenGLFramebufferObject.Attachment.CombinedDepthStencil)
        GL.glBindFramebuffer(GL.GL_READ_FRAMEBUFFER, widget.defaultFramebufferObject())
        GL.glBindFramebuffer(GL.GL_DRAW_FRAMEBUFFER, copy.handle())
        GL.glBlitFramebuffer(0, 0, w, h, 0, 0, w, h,
                             GL.GL_DEPTH_BUFFER_BIT | GL.GL_STENCIL_BUFFER_BIT, GL.GL_NEAREST)
        GL.glBindFramebuffer(GL.GL_READ_FRAMEBUFFER, copy.handle())
        return copy
