"""The 3D monument view of the stacking games (contracts.StackedPosition): stacks of stones
on square, hex and Y boards, with the figures of a position that has them
(contracts.FigurePosition).

The widget holds the position and answers the pointer and the keys; the work is split by
seam, one module each:
- desktop.views.camera_rig: the camera, its glides and the framing of the whole board;
- desktop.views.stack_scene: the merged meshes and line sets handed to OpenGL;
- desktop.views.stack_labels: what is painted over the picture (coordinates, heights, the
  last move's pins, suggestion badges);
- desktop.views.stack_hover: the ghost pieces and outlines of the move being pointed at;
- desktop.views.picking: the numpy ray cast against the solids as drawn, which names the
  cell under the pointer; desktop.views.interaction and move_builder turn clicks into
  moves. Nothing here knows a game's rules.
Stones in front of what matters (the last move, the pointed cell, suggestions, the winning
chain; near the pointer while Ctrl is held) are drawn see-through and the pointer passes
them (desktop.views.fading).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

import numpy as np
import pyqtgraph.opengl as gl
from OpenGL import GL
from PySide6.QtCore import QEvent, QPoint, Qt, QTimer, Signal
from PySide6.QtGui import (QCursor, QHideEvent, QImage, QKeyEvent, QMatrix4x4, QMouseEvent,
                           QOffscreenSurface, QOpenGLContext, QWheelEvent)
from PySide6.QtWidgets import QWidget

from megalith.desktop.views import meshes
from megalith.desktop.views.camera import Camera
from megalith.desktop.views.camera_rig import CameraRig
from megalith.desktop.views.drag import DragGesture
from megalith.desktop.views.fading import faded_cells, near_pointer
from megalith.desktop.views.interaction import (Interaction, describe_stack, figures,
                                                marked_cells, sarsens_marked)
from megalith.desktop.views.look import NEW, Look
from megalith.desktop.views.move_builder import Action
from megalith.desktop.views.picking import PickScene
from megalith.desktop.views.stack_hover import half_move
from megalith.desktop.views.stack_labels import StackLabels, suggestion_badges
from megalith.desktop.views.stack_scene import StackScene, board_marks, stone_extras
from megalith.rules.contracts import StackedPosition
from megalith.rules.geometry import Board

RGB = tuple[int, int, int]
BACKGROUND = (40, 46, 54)
FADE_DELAY_MS = 120  # fading follows a camera move this long after it stops


class StackView(gl.GLViewWidget):
    """A turnable 3D board of stacks (the BoardView contract of desktop.views)."""

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
        self.rig = CameraRig(self, look, self._after_camera_move, self._update_fading,
                             self._tallest)
        self.scene_items = StackScene(self, look)
        self.marks = StackLabels(self, look, self.samples)
        self._hover: str | None = None
        self._hover_action: Action | None = None
        self._drag = DragGesture()
        # what is drawn see-through (desktop.views.fading) and the pointer reaches past
        self.faded: frozenset[int] = frozenset()
        self.cleared: frozenset[int] = frozenset()  # of them, those Ctrl clears: figures too
        self._suggested_cells: list[str] = []  # the cells of the suggested moves
        self._see_through_at: tuple[float, float] | None = None  # the pointer, Ctrl held
        self.last_cells: tuple[str, ...] = ()
        self._fade_timer = QTimer(self)  # fading follows the camera once it comes to rest
        self._fade_timer.setSingleShot(True)
        self._fade_timer.setInterval(FADE_DELAY_MS)
        self._fade_timer.timeout.connect(self._update_fading)

    # ---- the contract ---------------------------------------------------------------

    def set_position(self, state: StackedPosition, colours: dict[str, RGB],
                     legal: list[str] | None, last_move: str | None,
                     last_cells: Sequence[str] | None = None) -> None:
        new_board = self.board is not state.board
        self._suggested_cells = []  # they belong to the position they were searched for
        self.scene_items.show_suggestions(None, [])
        self.play.set_position(state, colours, legal)
        board = self.board = self.rig.board = state.board
        stones = state.stones()
        standing = figures(state)
        scene = self.pick_scene = PickScene(board, stones, standing.values(), self.look.beams,
                                            self.look.stone_scale)
        self.scene_items.show_board(board, *board_marks(state, self.play.colour))
        rgb = self.stone_colours()
        extras = stone_extras(board, stones, rgb, sarsens_marked(state), self.look)
        self.scene_items.set_stones(stones, rgb, extras,
                                    [(cell, scene.top(cell), self.play.colour(side))
                                     for side, cell in standing.items()])
        self.last_cells = tuple(marked_cells(state, last_move, last_cells))
        last = list(dict.fromkeys(self.last_cells))
        outcome = state.outcome()
        self.scene_items.show_marks(scene, last, outcome.chain if outcome.over else ())
        self.marks.set_position(scene, last)
        if new_board:
            self.marks.set_board(board)
            self.reset_camera(animate=False)
        self._hover = None
        self._hover_action = None
        self.faded, self.cleared = self._wanted_fading(state)
        self.scene_items.show_stones(board, self.faded, self.cleared)
        self.marks.set_faded(self.faded)
        self._refresh_overlay()
        self.update()

    def set_lintel_mode(self, on: bool) -> None:
        self.play.set_lintel_mode(on)
        self._hover = None
        self._refresh_overlay()

    def set_show_heights(self, on: bool) -> None:
        """Write each stack's height on its top (where the top is in sight)."""
        self.marks.set_show_heights(on)
        self.update()

    def stone_colours(self) -> dict[str, RGB]:
        """The players' colours as the stones show them: with the look's contrast, a colour
        too near the board's tiles is moved away from them (meshes.legible)."""
        if not self.look.contrast:
            return self.play.colours
        return {side: meshes.legible(colour, self.look.board) for side, colour in
                self.play.colours.items()}

    def show_suggestions(self, suggestions: Sequence[tuple[str, float]]) -> None:
        """Each suggested move's cells outlined in magenta, and a badge naming the move and
        its win rate over its first cell."""
        state, scene = self.play.state, self.pick_scene
        if state is None or scene is None:
            return
        self._suggested_cells, badges = suggestion_badges(state, scene, suggestions)
        self.marks.set_suggestions(badges)
        self.scene_items.show_suggestions(scene, self._suggested_cells)
        self._update_fading()
        self.update()

    def cancel_pending(self) -> None:
        builder = self.play.builder if self.play.pending is not None else None
        if builder is not None:
            action = builder.cancel()
            if action.message:
                self.hint.emit(action.message)
        self._refresh_overlay()

    def grab_image(self) -> QImage:
        image: QImage = self.grabFramebuffer()
        return image

    # ---- the camera (desktop.views.camera_rig) --------------------------------------

    def reset_camera(self, animate: bool = True) -> None:
        """The default view, the whole board framed (gliding from wherever it is)."""
        self.rig.reset(animate)

    def top_view(self, animate: bool = True) -> None:
        """Straight down, orthographic, the board framed."""
        self.rig.top_view(animate)

    def turn(self, quarters: int, animate: bool = True) -> None:
        """Turn the board by `quarters` turn steps; a framed view stays framed."""
        self.rig.turn(quarters, animate)

    def settle(self) -> None:
        """End a running camera glide at once, where it was going."""
        self.rig.settle()

    @property
    def animating(self) -> bool:
        return self.rig.animating

    def camera(self) -> Camera:
        return self.rig.camera()

    def projectionMatrix(self, region: tuple[float, float, float, float],
                         viewport: tuple[float, float, float, float]) -> QMatrix4x4:
        """pyqtgraph's perspective, or the top view's orthographic box (camera_rig)."""
        ortho = self.rig.projection(region, viewport)
        if ortho is not None:
            return ortho
        perspective: QMatrix4x4 = super().projectionMatrix(region, viewport)
        return perspective

    def resizeGL(self, w: int, h: int) -> None:
        super().resizeGL(w, h)
        self.rig.refit()

    def paintGL(self) -> None:
        GL.glDepthMask(GL.GL_TRUE)  # the see-through stones turned it off: the clear needs it
        super().paintGL()
        self.marks.paint(self.camera())

    def _tallest(self) -> int:
        return max(self.pick_scene.heights) if self.pick_scene is not None else 0

    def _after_camera_move(self) -> None:
        self._hover = None
        self._hover_action = None
        self._fade_timer.start()
        self.update()

    # ---- pointing ----------------------------------------------------------------------

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
            if self.pick_scene.pick_at(camera, x, y, self.faded, self.cleared) == name:
                return QPoint(round(x), round(y))
        return QPoint(round(points[0][0]), round(points[0][1]))

    def cell_at(self, x: float, y: float) -> str | None:
        if self.pick_scene is None:
            return None
        return self.pick_scene.pick_at(self.camera(), x, y, self.faded, self.cleared)

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

    def _update_hover(self, x: float, y: float, shift: bool) -> None:
        cell = self.cell_at(x, y)
        if cell == self._hover and self._hover_action is not None:
            return
        self._hover = cell
        self._update_fading()
        if cell is None or self.play.builder is None:
            self._hover_action = None
            # off the cells (a border, beyond the board) the line says nothing: a click
            # there does nothing either
            self.hint.emit(self.play.describe(cell) if cell is not None else "")
        else:
            self._hover_action = self.play.builder.decide(cell, shift)
            self.hint.emit(self.play.hover_sentence(cell, self._hover_action))
        self._refresh_overlay()

    def mousePressEvent(self, ev: QMouseEvent) -> None:
        self._drag.press(ev.position())

    def mouseMoveEvent(self, ev: QMouseEvent) -> None:
        pos = ev.position()
        if ev.buttons() == Qt.MouseButton.NoButton or not self._drag.pressed:
            self._see_through((pos.x(), pos.y()) if ev.modifiers()
                              & Qt.KeyboardModifier.ControlModifier else None)
            self._update_hover(pos.x(), pos.y(),
                               bool(ev.modifiers() & Qt.KeyboardModifier.ShiftModifier))
            return
        diff = self._drag.step(pos)
        if diff is None:
            return
        panning = bool((ev.buttons() & Qt.MouseButton.MiddleButton) or (
            ev.modifiers() & (Qt.KeyboardModifier.ShiftModifier
                              | Qt.KeyboardModifier.ControlModifier)))
        self.rig.drag(diff.x(), diff.y(), panning)

    def mouseReleaseEvent(self, ev: QMouseEvent) -> None:
        pos = ev.position()
        if not self._drag.release():
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
        self.rig.zoom(ev.angleDelta().y() or ev.angleDelta().x())

    def keyPressEvent(self, ev: QKeyEvent) -> None:
        key = ev.key()
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self._confirm()
        elif key == Qt.Key.Key_Escape:
            self.cancel_pending()
        elif key in (Qt.Key.Key_BracketLeft, Qt.Key.Key_BracketRight):
            self.turn(-1 if key == Qt.Key.Key_BracketLeft else 1)  # the window's keys too
        elif key == Qt.Key.Key_Control:
            where = self.mapFromGlobal(QCursor.pos())
            if self.rect().contains(where):
                self._see_through((float(where.x()), float(where.y())))
        elif key in (Qt.Key.Key_Up, Qt.Key.Key_Down):
            self.rig.tilt(10.0 if key == Qt.Key.Key_Up else -10.0)
        else:  # Left/Right/Home/End walk the moves in the window
            ev.ignore()
            return
        ev.accept()

    def hideEvent(self, ev: QHideEvent) -> None:
        self.settle()  # no glide runs on for a hidden (or closing) view
        super().hideEvent(ev)

    def keyReleaseEvent(self, ev: QKeyEvent) -> None:
        if ev.key() == Qt.Key.Key_Control:
            self._see_through(None)
        ev.ignore()

    def leaveEvent(self, ev: QEvent) -> None:
        if self._hover is not None:
            self.hint.emit("")  # what was under the pointer is no longer
        self._hover = None
        self._hover_action = None
        self._see_through_at = None
        self._update_fading()
        self._refresh_overlay()
        super().leaveEvent(ev)

    def _confirm(self) -> None:
        if self.play.builder is None:
            return
        action = self.play.builder.confirm()
        if action.kind == "play" and action.move:
            self.moveChosen.emit(action.move)
        self._refresh_overlay()

    def _refresh_overlay(self) -> None:
        """The ghost piece, the refusal sign and the highlighted cells of a half-built move."""
        scene = self.pick_scene
        targets, ghosts = (half_move(self.play, scene, self.look, self._hover,
                                     self._hover_action) if scene is not None else ([], []))
        self.scene_items.show_half_move(scene, targets, ghosts)
        self.marks.set_ghosts(ghosts)
        self.update()

    # ---- fading ------------------------------------------------------------------------

    def _see_through(self, pointer: tuple[float, float] | None) -> None:
        """Ctrl held (pointer given) or let go: the stacks near the pointer clear."""
        if pointer == self._see_through_at:
            return
        self._see_through_at = pointer
        self._hover = None
        self._update_fading()
        if pointer is not None:
            self._update_hover(*pointer, False)
        else:
            self._refresh_overlay()

    def _wanted_fading(self, state: StackedPosition | None = None
                       ) -> tuple[frozenset[int], frozenset[int]]:
        """The cells to draw see-through now (desktop.views.fading), and those of them
        Ctrl clears, whose figures are see-through too."""
        state = state or self.play.state
        scene = self.pick_scene
        if (scene is None or state is None or not self.scene_items.stones
                or not self.look.fading):
            return frozenset(), frozenset()
        outcome = state.outcome()
        wanted = [*self.last_cells, *(outcome.chain if outcome.over else ()),
                  *self._suggested_cells]
        camera = self.camera()
        cleared = (near_pointer(scene, camera, *self._see_through_at)
                   if self._see_through_at is not None else frozenset())
        return faded_cells(scene, camera, wanted, self._hover) | cleared, cleared

    def _update_fading(self) -> None:
        faded, cleared = self._wanted_fading()
        if (faded, cleared) != (self.faded, self.cleared):
            self.faded, self.cleared = faded, cleared
            assert self.board is not None
            self.scene_items.show_stones(self.board, faded, cleared)
            self.marks.set_faded(faded)
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
