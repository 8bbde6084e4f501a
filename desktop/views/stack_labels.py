"""What the 3D view paints over its picture with QPainter: the coordinate labels, the stack
heights, the last move's pins and the suggestion badges.

Coordinate labels stand beyond both ends of every column and row, on every side of square,
hex and Y boards, moved further out where a stone or a ghost piece would cover them
(desktop.views.label_places); heights may be written on the stacks' tops, where a stone in
front may hide them (read back from the depth buffer just drawn). Both are checked once for
the camera and position (and, with the look's `labels_at_rest`, again only when the camera
rests). The pins and badges are drawn over the picture, so no stone hides them.
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
from megalith.desktop.views.label_places import (Places, moved, outward, overlapping,
                                                 place_labels, text_boxes)
from megalith.desktop.views.look import Look
from megalith.desktop.views.meshes import PrismSet
from megalith.desktop.views.picking import PickScene
from megalith.desktop.views.stack_scene import LAST_MOVE_COLOUR, SUGGESTION_COLOUR
from megalith.rules.contracts import Position
from megalith.rules.geometry import Board

LABEL_COLOUR = (245, 236, 160)
LABEL_REACH = 0.95  # a label's distance beyond the centre of the cell ending its line
MARKER_LIFT = 0.03  # the top outline the last-move pin stands over, above the top face
MARKER_SIZE = 11.0  # the pin's half width, pixels (its height is twice that)
HEIGHT_CLEARANCE = 0.12  # a height number shows if nothing lies this near in front of it
LABEL_CLEARANCE = 0.3  # the looks before #39: a label shows if this much before it is free
REST_MS = 120  # labels are placed again this long after the camera stops
BADGE_POINTER = 7.0  # the height of a suggestion badge's pointer, pixels
BADGE_PAD = 6.0  # the badge's margin left and right of its text

# what a placing of the labels was made for: the camera and the position's number
CheckKey = tuple[Camera, int]
# a suggestion's badge: the cell it stands over, that cell's top outline (k, 3), its text
Badge = tuple[str, np.ndarray, str]


def suggestion_badges(state: Position, scene: PickScene,
                      suggestions: Sequence[tuple[str, float]]) -> tuple[list[str], list[Badge]]:
    """The cells of the suggested moves (win rate) that point at cells, and a badge for
    each move naming it and its rate, over its first cell."""
    cells: list[str] = []
    badges: list[Badge] = []
    board = scene.board
    for move, rate in suggestions:
        move_cells = state.move_cells(move)
        if move_cells:
            cells.extend(c for c in move_cells if c not in cells)
            cell = move_cells[0]
            ring = meshes.footprint(board, board.index[cell], 0.9)
            badges.append((cell, np.c_[ring, np.full(len(ring), scene.top(cell) + MARKER_LIFT)],
                           f"{move} {rate:.0%}"))
    return cells, badges


def badge_boxes(anchors: Sequence[tuple[float, float]], sizes: Sequence[tuple[float, float]],
                keep_clear: Sequence[QRectF] = ()) -> list[QRectF]:
    """Where the badges go on the screen: each (width, height) centred over its anchor
    (the screen point it points down at), its bottom that far above it, and moved up
    clear of the badges placed before it and of the `keep_clear` boxes (the tops of the
    suggested cells, so that no badge is written across one)."""
    boxes: list[QRectF] = []
    for (x, y), (width, height) in zip(anchors, sizes):
        box = QRectF(x - width / 2, y - BADGE_POINTER - height, width, height)
        while True:
            hit = [other.top() for other in [*boxes, *keep_clear] if other.intersects(box)]
            if not hit:
                break
            box.moveBottom(min(hit) - 2.0)
        boxes.append(box)
    return boxes


def rounded(box: QRectF, radius: float) -> QPolygonF:
    """A rectangle with rounded corners as a polygon. The painter fills polygons on this
    GL widget, but drew its rounded rectangles and ellipses made after other marks as
    nothing (seen on Mesa llvmpipe)."""
    corners = ((box.right() - radius, box.bottom() - radius, 0.0),
               (box.left() + radius, box.bottom() - radius, 90.0),
               (box.left() + radius, box.top() + radius, 180.0),
               (box.right() - radius, box.top() + radius, 270.0))
    return QPolygonF([QPointF(x + radius * np.cos(np.radians(start + a)),
                              y + radius * np.sin(np.radians(start + a)))
                      for x, y, start in corners for a in (0.0, 30.0, 60.0, 90.0)])


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
        self._label_ways = np.zeros((0, 2))  # each label's way out of the board
        self._label_offsets = np.zeros((0, 4))  # its text's box round its screen point
        self._places: Places | None = None  # how far out each label moved, which are covered
        self._label_key: CheckKey | None = None
        self._ghosts: list[np.ndarray] = []  # the ghost pieces' corners (k, 3), kept clear
        self._version = 0  # the position's number (fading, ghosts), for the labels' checks
        self._markers: list[np.ndarray] = []  # the last move's cells' top outlines (k, 3)
        self._pinned: set[str] = set()  # the cells with a last-move pin
        self._suggestions: list[Badge] = []
        self.show_heights = False
        self._scene: PickScene | None = None
        self._height_points = np.zeros((0, 3))
        self._height_texts: list[QStaticText] = []
        self._height_shown = np.zeros(0, bool)
        self._height_key: CheckKey | None = None
        # the heights of the faded towers (desktop.views.fading), always written
        self._faded_points = np.zeros((0, 3))
        self._faded_texts: list[QStaticText] = []
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
        self._label_ways = outward(np.array(board.centres), self._label_points)
        rise = 5.0 - self._ascent  # static text is placed by its top, not its baseline
        self._label_offsets = np.array([
            (-left, rise, -left + text.size().width(), rise + text.size().height())
            for text, left in self._label_texts]).reshape(-1, 4)
        self._places = None

    def set_position(self, scene: PickScene, last: Sequence[str]) -> None:
        """A new position: its stacks (heights are laid out again on the next frame that
        shows them), the pins over the `last` move's cells; suggestions are dropped."""
        board = scene.board
        self._scene = scene
        self._suggestions = []
        self._pinned = set(last) if self._look.marker else set()
        self._markers = [np.c_[meshes.footprint(board, board.index[c], 0.9),
                               np.full(4 if board.kind == "square" else 6,
                                       scene.top(c) + MARKER_LIFT)] for c in last]
        self._height_texts = []
        self._version += 1

    def set_show_heights(self, on: bool) -> None:
        self.show_heights = on
        self._height_key = None

    def set_ghosts(self, ghosts: Sequence[PrismSet]) -> None:
        """The ghost pieces on show (a held piece, the hover's): the labels they would
        cover move out of their way while they show."""
        self._ghosts = [np.concatenate([np.c_[poly, np.full(len(poly), z)]
                                        for poly, z0, z1 in zip(g.polys, g.bottoms, g.tops)
                                        for z in (z0, z1)]) for g in ghosts if len(g)]

    def set_faded(self, faded: frozenset[int]) -> None:
        """Write the height of every faded stack of two or more on its top: drawn
        see-through, a tower's stones are too faint to count (a single stone still reads
        as one)."""
        scene = self._scene
        tall = [] if scene is None else sorted(i for i in faded if scene.heights[i] > 1)
        self._faded_points = np.array([self._top_point(i) for i in tall]).reshape(-1, 3)
        self._faded_texts = [self._static_text(str(scene.heights[i]))
                             for i in tall] if scene is not None else []

    def _top_point(self, cell: int) -> tuple[float, float, float]:
        """Where a stack's height is written: the middle of its top, just above it."""
        assert self._scene is not None
        x, y = self._scene.board.centres[cell]
        return x, y, meshes.top_z(self._scene.heights[cell]) + 0.02

    def set_suggestions(self, badges: list[Badge]) -> None:
        """The suggestion badges (suggestion_badges) to paint until the next position."""
        self._suggestions = badges

    def paint(self, camera: Camera) -> None:
        """Paint the marks over the frame just drawn (in paintGL, after the scene)."""
        if not self.labels:
            return
        key = (camera, self._version)
        if key != self._label_key and not self._keep_places():
            self._places = self._place_labels(camera)
            self._label_key = key
        painter = QPainter(self._widget)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        painter.setFont(self.font)
        self._paint_labels(painter, camera)
        if self.show_heights:
            if not self._height_texts:
                self._set_heights()
            self._paint_heights(painter, camera, key)
        if self._faded_texts:
            self._paint_numbers(painter, camera.project(self._faded_points), self._faded_texts)
        if self._look.marker and len(self._markers):
            self._paint_markers(painter, camera)
        if self._suggestions:
            self._paint_suggestions(painter, camera)
        painter.end()

    def _keep_places(self) -> bool:
        """Whether to keep the labels where the last frame put them, because the look
        places them again only once the camera rests and the position has settled (for a
        crowded board that takes tens of milliseconds, which the frame after a move or
        during a turn need not wait for): a timer then asks for it. A first frame, or a
        new board, is always placed, and so are the labels once the timer says the camera
        rests (it forgets the last placing's key)."""
        if (not self._look.labels_at_rest or self._places is None or self._label_key is None
                or len(self._places.steps) != len(self.labels)):
            return False
        self.timer.start()
        return True

    def _place_labels(self, camera: Camera) -> Places:
        """Where the labels go for this camera (desktop.views.label_places), clear of the
        stones and figures (faded ones too: they still stand there)."""
        assert self._scene is not None
        if not self._look.labels_clear:
            return Places.where_they_belong(self._unhidden(
                camera, self._label_points, camera.project(self._label_points),
                LABEL_CLEARANCE))
        return place_labels(self._scene, camera, self._label_points, self._label_ways,
                            self._label_offsets)

    def label_steps(self) -> np.ndarray:
        """How many steps out each coordinate label was last placed (label_places)."""
        return self._places.steps if self._places is not None else np.zeros(len(self.labels), int)

    def label_boxes(self, camera: Camera) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Each coordinate label's text box on the screen (n, 4) as the last placing put
        it, and moved out of the way of the ghost pieces; which of them are written on a
        backdrop (covered wherever they go); and which are drawn."""
        n = len(self.labels)
        places = (self._places if self._places is not None
                  else Places.where_they_belong(np.ones(n, bool)))
        boxes = text_boxes(camera.project(moved(self._label_points, self._label_ways,
                                                places.steps)), self._label_offsets)
        if self._ghosts and self._scene is not None and self._look.labels_clear:
            ghosts = [camera.project(corners) for corners in self._ghosts]
            keep_clear = np.array([(*g.min(axis=0), *g.max(axis=0)) for g in ghosts])
            hit = np.flatnonzero(overlapping(boxes, keep_clear).any(axis=1))
            if len(hit):  # those the ghosts would cover move out of their way
                again = place_labels(self._scene, camera, self._label_points[hit],
                                     self._label_ways[hit], self._label_offsets[hit],
                                     keep_clear=keep_clear)
                steps, covered = places.steps.copy(), places.covered.copy()
                steps[hit], covered[hit] = again.steps, again.covered
                places = Places(steps, covered, places.shown)
                boxes[hit] = text_boxes(camera.project(moved(
                    self._label_points[hit], self._label_ways[hit], steps[hit])),
                    self._label_offsets[hit])
        return boxes, places.covered, places.shown

    def _paint_labels(self, painter: QPainter, camera: Camera) -> None:
        boxes, covered, shown = self.label_boxes(camera)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QBrush(QColor(28, 26, 22)))
        for left, top, right, bottom in boxes[covered]:  # polygons: see _paint_numbers
            painter.drawPolygon(QPolygonF([QPointF(left - 3, top), QPointF(right + 3, top),
                                           QPointF(right + 3, bottom),
                                           QPointF(left - 3, bottom)]))
        painter.setPen(QColor(*LABEL_COLOUR))
        for (left, top, _, _), (text, _), drawn in zip(boxes, self._label_texts, shown):
            if drawn:
                painter.drawStaticText(QPointF(left, top), text)

    def suggestion_boxes(self, camera: Camera) -> list[QRectF]:
        """Each suggestion badge's box on the screen (badge_boxes): over the top of its
        cell's stack, above the last move's pin where there is one, never over the top."""
        metrics = QFontMetricsF(self._badge_font())
        anchors, sizes, tops = [], [], []
        for cell, ring, text in self._suggestions:
            shown = camera.project(ring)
            left, top = shown.min(axis=0)
            right, bottom = shown.max(axis=0)
            tops.append(QRectF(float(left), float(top), float(right - left),
                               float(bottom - top)))
            y = float(top) - 2.0
            if cell in self._pinned:
                y -= 2.4 * MARKER_SIZE
            anchors.append((float(shown[:, 0].mean()), y))
            sizes.append((metrics.horizontalAdvance(text) + 2 * BADGE_PAD,
                          metrics.height() + 4.0))
        return badge_boxes(anchors, sizes, tops)

    def _badge_font(self) -> QFont:
        font = QFont(self.font)
        font.setPixelSize(14)
        return font

    def _paint_suggestions(self, painter: QPainter, camera: Camera) -> None:
        """Each suggestion's badge, with a pointer down to the top of its cell's stack
        (whose outline the scene draws in the same colour)."""
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setFont(self._badge_font())
        stem = QPen(QColor(*SUGGESTION_COLOUR))
        stem.setWidthF(2.0)
        painter.setBrush(QBrush(QColor(*SUGGESTION_COLOUR)))
        for box, (_, ring, text) in zip(self.suggestion_boxes(camera), self._suggestions):
            shown = camera.project(ring)
            x, tip = box.center().x(), float(shown[:, 1].min()) - 2.0
            if tip - box.bottom() > BADGE_POINTER + 1.0:  # lifted clear of a pin or badge
                painter.setPen(stem)
                painter.drawLine(QPointF(x, box.bottom()), QPointF(x, tip - BADGE_POINTER))
            painter.setPen(Qt.PenStyle.NoPen)  # (outlines of polygons come out as dots here)
            start = min(box.bottom(), tip - BADGE_POINTER)
            painter.drawPolygon(QPolygonF([QPointF(x - 6.0, start), QPointF(x + 6.0, start),
                                           QPointF(x, start + BADGE_POINTER)]))
            painter.drawPolygon(rounded(box, 5.0))
            painter.setPen(QColor(15, 10, 20))
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)
        painter.setFont(self.font)
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
        self._height_points = np.array([self._top_point(i) for i in tall]).reshape(-1, 3)
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
        shown = np.flatnonzero(self._height_shown)
        self._paint_numbers(painter, points[shown], [self._height_texts[i] for i in shown])

    def _paint_numbers(self, painter: QPainter, points: np.ndarray,
                       texts: Sequence[QStaticText]) -> None:
        """Height numbers, light on a dark disc (a polygon: `rounded`), centred on their
        screen points."""
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QBrush(QColor(28, 28, 34)))
        r = self._ascent * 0.75 + 2.5
        for x, y in points:
            painter.drawPolygon(rounded(QRectF(float(x) - r, float(y) - r, 2 * r, 2 * r), r))
        painter.setPen(QColor(250, 245, 225))
        for (x, y), text in zip(points, texts):
            size = text.size()
            painter.drawStaticText(QPointF(x - size.width() / 2, y - size.height() / 2), text)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)

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
