"""Canvas2D: the shared base of the 2D board views (Quadrant Y's triangle, the tile tables).

A subclass draws a position into the scene (`draw`) and says where its targets are: the
cells or numbered places a player points at (`target_at`, `target_centre`,
`target_outline`). The base does the rest the same way for every 2D board:
- the view fits the whole drawing, again after every position and resize, until the player
  zooms (wheel, about the point under the pointer) or pans (drag); `reset_camera` (key 0)
  fits it again; the fitted drawing keeps clear of the boxes a view floats over its corner
  (`corner_widgets`, `free_area`);
- hovering a target tells the status bar what a click would do and draws the ghost of the
  piece in the mover's colour, or a red cross where the click would be refused;
- a click plays through the position's move builder (`Interaction`), or says why not;
- `mark_last` and `mark_chain` draw the last move's outline and the result's dots alike on
  every board, above the pieces;
- a move's automatic tiles appear one after the other (`reveal`, started by a tile view's
  `draw`); any click or key on the board shows them all at once first;
- `grab_image` is what is on screen without the buttons over the board.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Generic, TypeVar

from PySide6.QtCore import QEvent, QPoint, QPointF, QRectF, QSizeF, Qt, Signal
from PySide6.QtGui import (QBrush, QColor, QEnterEvent, QFont, QImage, QKeyEvent, QMouseEvent,
                           QPainter, QPainterPath, QPen, QPolygonF, QResizeEvent, QTransform,
                           QWheelEvent)
from PySide6.QtWidgets import (QAbstractButton, QFrame, QGraphicsItem, QGraphicsScene,
                               QGraphicsView, QWidget)

from megalith.desktop.views.interaction import Interaction, marked_cells
from megalith.desktop.views.move_builder import Action
from megalith.desktop.views.reveal import Reveal
from megalith.rules.contracts import Position

RGB = tuple[int, int, int]
P = TypeVar("P", bound=Position)
BACKGROUND = QColor(48, 52, 58)
LAST_MOVE = QColor(255, 215, 40)
# Magenta, unlike the yellow last move, the cyan auto tiles and every default player colour.
SUGGESTION = QColor(235, 80, 235)
CHAIN = QColor(255, 255, 255)
REFUSAL = QColor(220, 30, 30)
GHOST_ALPHA = 150
DRAG_START = 6.0       # pixels the pointer moves, button held, before a click becomes a pan
ZOOM_RANGE = (0.05, 40.0)  # view scale limits
# Z order of the layers every canvas shares; a subclass draws its own below MARK_Z.
MARK_Z, CHAIN_Z, SUGGESTION_Z, HOVER_Z = 40.0, 50.0, 55.0, 60.0


def qcolour(rgb: RGB, alpha: int = 255) -> QColor:
    return QColor(rgb[0], rgb[1], rgb[2], alpha)


def free_area(view: QRectF, corner: QRectF, content: QSizeF, gap: float = 6.0) -> QRectF:
    """Where a drawing of size `content` is fitted in `view` so that `corner`, a box
    floating over the view's top left corner, covers none of it: the part of the view
    right of the box or the part below it, whichever shows the drawing larger (the whole
    view when there is no box, or when the box leaves too little room either way)."""
    if corner.isEmpty() or content.isEmpty():
        return view
    right = QRectF(QPointF(corner.right() + gap, view.top()), view.bottomRight())
    below = QRectF(QPointF(view.left(), corner.bottom() + gap), view.bottomRight())

    def scale(area: QRectF) -> float:
        if area.width() <= 0 or area.height() <= 0:
            return 0.0
        return min(area.width() / content.width(), area.height() / content.height())

    best = max((right, below), key=scale)
    return best if scale(best) > 0.3 * scale(view) else view


class Canvas2D(QGraphicsView, Generic[P]):
    """A pannable, zoomable 2D board (the BoardView contract of desktop.views.base) showing
    positions read through contract `P`."""

    moveChosen = Signal(str)
    hint = Signal(str)
    # Whether a move puts a tile chosen by its letter on a numbered place (the tile games):
    # a suggestion then names the move and shows its tile.
    tile_moves = False

    def __init__(self, interaction: Interaction[P], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setScene(QGraphicsScene(self))
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.setBackgroundBrush(BACKGROUND)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        # the wheel keeps the point under the pointer in place itself (`wheelEvent`)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.NoAnchor)
        self.setMouseTracking(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMinimumSize(200, 180)
        self.play = interaction
        self._content = QRectF()
        self._fitted = True      # False once the player zooms or pans
        self._hover: str | None = None
        self._overlay: list[QGraphicsItem] = []
        self._press: QPointF | None = None
        self._dragging = False
        self.reveal = Reveal(self)

    # ---- for subclasses ---------------------------------------------------------------

    def draw(self, state: P, last: Sequence[str]) -> None:
        """Draw the position into the (cleared) scene; `last` are the last move's targets."""
        raise NotImplementedError

    def target_at(self, point: QPointF) -> str | None:
        """The target (cell or place name) under a scene point, if any."""
        raise NotImplementedError

    def target_centre(self, name: str) -> QPointF:
        raise NotImplementedError

    def target_outline(self, name: str) -> QPolygonF:
        """The target's outline in scene coordinates (for marks and the ghost)."""
        raise NotImplementedError

    def hover_items(self, name: str, action: Action) -> list[QGraphicsItem]:
        """What hovering a target shows: the ghost of the move in the mover's colour, or a
        red cross where a click is refused. Tile views override it to show their tiles."""
        if action.kind == "play":
            return [self.scene().addPolygon(self.target_outline(name), QPen(Qt.PenStyle.NoPen),
                                            QBrush(qcolour(self.play.mover_colour(),
                                                           GHOST_ALPHA)))]
        if action.kind == "refuse":
            return [self.refusal_sign(name)]
        return []

    # ---- shared drawing ---------------------------------------------------------------

    def mark_last(self, names: Iterable[str]) -> None:
        for name in dict.fromkeys(names):
            pen = QPen(LAST_MOVE)
            pen.setWidthF(self.unit() * 0.09)
            pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
            self.scene().addPolygon(self.target_outline(name), pen).setZValue(MARK_Z)

    def mark_chain(self, names: Iterable[str]) -> None:
        """A white dot on each target that shows the result (a winning chain or loop)."""
        r = self.unit() * 0.13
        for name in dict.fromkeys(names):
            c = self.target_centre(name)
            item = self.scene().addEllipse(QRectF(c.x() - r, c.y() - r, 2 * r, 2 * r),
                                           QPen(QColor(20, 20, 20)), QBrush(CHAIN))
            item.setZValue(CHAIN_Z)

    def refusal_sign(self, name: str) -> QGraphicsItem:
        c = self.target_centre(name)
        r = self.unit() * 0.25
        path = QPainterPath()
        path.moveTo(c.x() - r, c.y() - r)
        path.lineTo(c.x() + r, c.y() + r)
        path.moveTo(c.x() + r, c.y() - r)
        path.lineTo(c.x() - r, c.y() + r)
        pen = QPen(REFUSAL)
        pen.setWidthF(self.unit() * 0.12)
        return self.scene().addPath(path, pen)

    def unit(self) -> float:
        """Scene units of one cell, for line widths and marks; subclasses set their own."""
        return 40.0

    # ---- the BoardView contract ---------------------------------------------------------

    def set_position(self, state: P, colours: dict[str, RGB], legal: list[str] | None,
                     last_move: str | None, last_cells: Sequence[str] | None = None) -> None:
        self.play.set_position(state, colours, legal)
        self._overlay = []
        self._hover = None
        self.reveal.drop()
        self.scene().clear()
        self.draw(state, marked_cells(state, last_move, last_cells))
        self.extent_changed()

    def extent_changed(self) -> None:
        """The drawing was drawn, or grew or shrank (an overlay shown or hidden): what is
        shown of it counts from now on, and it is fitted again unless the player zoomed or
        panned."""
        self._content = self._shown_rect().adjusted(-10, -10, 10, 10)
        self._update_scene_rect()
        if self._fitted:
            self._fit()

    def reset_camera(self, animate: bool = True) -> None:
        """Fit the whole drawing in the view again (at once: a 2D fit does not glide)."""
        self._fitted = True
        self._fit()

    def top_view(self) -> None:
        """A 2D board is always seen from above: fit it."""
        self.reset_camera()

    def turn(self, quarters: int) -> None:
        """A 2D board does not turn."""

    def set_show_heights(self, on: bool) -> None:
        """A 2D board has no stacks."""

    def set_lintel_mode(self, on: bool) -> None:
        """No lintels on a 2D board."""

    def cancel_pending(self) -> None:
        builder = self.play.builder if self.play.pending is not None else None
        if builder is not None:
            builder.cancel()

    def show_suggestions(self, suggestions: Sequence[tuple[str, float]]) -> None:
        """Each suggested move's target outlined in magenta with its win rate in a badge,
        one move per place (desktop/game/suggestions.py chooses them). Where a move is a tile on
        a place (`tile_moves`), the place also shows its tile as a ghost
        (`suggestion_items`), and the badge, which then names the move, sits under the
        place's number."""
        state = self.play.state
        if state is None:
            return
        named = self.tile_moves
        font = QFont()
        font.setPixelSize(round(self.unit() * (0.22 if named else 0.32)))
        font.setBold(True)
        for move, rate in suggestions:
            cells = state.move_cells(move)
            if not cells:
                continue
            cell = cells[0]
            centre = self.target_centre(cell)
            pen = QPen(SUGGESTION)
            pen.setWidthF(self.unit() * 0.08)
            pen.setStyle(Qt.PenStyle.DashLine)
            self.scene().addPolygon(self.target_outline(cell), pen).setZValue(SUGGESTION_Z)
            for item in self.suggestion_items(move):
                item.setZValue(SUGGESTION_Z - 1)
            text = self.scene().addSimpleText(f"{move} {rate:.0%}" if named else f"{rate:.0%}",
                                              font)
            text.setBrush(QColor(10, 20, 30))
            box = text.boundingRect()
            pad = self.unit() * 0.06
            top = (centre.y() + self.unit() * 0.2 if named
                   else centre.y() - box.height() / 2)
            badge = QRectF(centre.x() - box.width() / 2 - pad, top, box.width() + 2 * pad,
                           box.height())
            back = self.scene().addRect(badge, QPen(Qt.PenStyle.NoPen), QBrush(SUGGESTION))
            back.setZValue(SUGGESTION_Z)
            text.setPos(badge.x() + pad, badge.y())
            text.setZValue(SUGGESTION_Z + 1)

    def suggestion_items(self, move: str) -> list[QGraphicsItem]:
        """What a suggested move shows on the board besides its outline and badge, drawn
        into the scene: nothing on a board of cells; the tile games' views draw the tile."""
        return []

    def grab_image(self) -> QImage:
        """What is on screen, without the buttons floating over the board (an image has
        nothing to press)."""
        buttons = [b for b in self.findChildren(QAbstractButton) if not b.isHidden()]
        for button in buttons:
            button.hide()
        image = self.grab().toImage()
        for button in buttons:
            button.show()
        return image

    def cell_screen_pos(self, name: str) -> QPoint:
        return self.mapFromScene(self.target_centre(name))

    # ---- pointing ---------------------------------------------------------------------

    def decide(self, name: str) -> Action | None:
        """What a click on a target would do; None when no move can be made here."""
        builder = self.play.builder
        return None if builder is None else builder.decide(name)

    def click_target(self, name: str) -> Action | None:
        builder = self.play.builder
        if builder is None:
            state = self.play.state
            self.hint.emit("the game is over" if state is not None and state.outcome().over
                           else "no move can be made here")
            return None
        action = builder.click(name)
        self.play.answer(action, self.moveChosen.emit, self.hint.emit)
        return action

    def show_hover(self, name: str | None) -> None:
        """Hover text and overlay for the target under the pointer (None: nothing)."""
        for item in self._overlay:
            self.scene().removeItem(item)
        self._overlay = []
        self._hover = name
        if name is None:
            return
        action = self.decide(name)
        if action is None:
            self.hint.emit(self.play.describe(name))
            return
        self.hint.emit(self.play.hover_sentence(name, action))
        self._overlay = self.hover_items(name, action)
        for item in self._overlay:
            item.setZValue(HOVER_Z)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if self.reveal.finish():  # the click only hurries the auto tiles in
            self._press = None
            event.accept()
            return
        self._press = event.position()
        self._dragging = False
        event.accept()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        pos = event.position()
        if self._press is not None and event.buttons() != Qt.MouseButton.NoButton:
            moved = pos - self._press
            if self._dragging or abs(moved.x()) + abs(moved.y()) > DRAG_START:
                self._pan(moved)
                self._press = pos
                self._dragging = True
                return
        name = self.target_at(self.mapToScene(pos.toPoint()))
        if name != self._hover:
            self.show_hover(name)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        dragged = self._dragging
        pressed = self._press is not None
        self._press = None
        self._dragging = False
        if dragged or not pressed or event.button() != Qt.MouseButton.LeftButton:
            return
        name = self.target_at(self.mapToScene(event.position().toPoint()))
        if name is not None:
            self.click_target(name)

    def wheelEvent(self, event: QWheelEvent) -> None:
        """Zoom about the point under the pointer, as the 3D view does: the wheel turned
        away from the player zooms in."""
        delta = event.angleDelta().y() or event.angleDelta().x()
        factor = 1.0015 ** delta
        scale = self.transform().m11() * factor
        if not ZOOM_RANGE[0] <= scale <= ZOOM_RANGE[1]:
            return
        self._fitted = False
        at = event.position()
        anchor = self.mapToScene(at.toPoint())
        self.scale(factor, factor)
        self._update_scene_rect()
        moved = self.mapFromScene(anchor) - at.toPoint()
        h, v = self.horizontalScrollBar(), self.verticalScrollBar()
        h.setValue(h.value() + moved.x())
        v.setValue(v.value() + moved.y())
        event.accept()

    def enterEvent(self, event: QEnterEvent) -> None:
        self.setFocus(Qt.FocusReason.MouseFocusReason)
        super().enterEvent(event)

    def leaveEvent(self, event: QEvent) -> None:
        self.show_hover(None)
        super().leaveEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if self.reveal.finish() or self.board_key(event):
            event.accept()
            return
        if event.key() == Qt.Key.Key_Escape:
            self.cancel_pending()
            event.accept()
            return
        super().keyPressEvent(event)

    def board_key(self, event: QKeyEvent) -> bool:
        """A key of the board's own (a tile view's L, Space); whether it was one."""
        return False

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self._fitted and not self._content.isEmpty():
            self._fit()

    def _shown_rect(self) -> QRectF:
        """The scene's visible items' extent (a hidden overlay does not count)."""
        rect = QRectF()
        for item in self.scene().items():
            if item.isVisible():
                rect = rect.united(item.sceneBoundingRect())
        return rect

    def corner_widgets(self) -> list[QWidget]:
        """What floats over the view's top left corner (a tile view's pool box and race
        button): the fitted drawing keeps clear of it."""
        return []

    def free_rect(self, size: QSizeF | None = None) -> QRectF:
        """The part of the view (in its pixels) clear of the corner widgets where the table
        is fitted, or where something of `size` shows largest (a palette laid over the
        table goes there)."""
        corner = QRectF()
        for widget in self.corner_widgets():
            if not widget.isHidden():
                corner = corner.united(QRectF(widget.geometry()))
        return free_area(QRectF(self.viewport().rect()), corner,
                         self._content.size() if size is None else size)

    def _fit(self) -> None:
        """The whole drawing as large as it goes in the part of the view the corner
        widgets leave free (`free_area`), centred there."""
        content = self._content
        if content.isEmpty():
            return
        view = QRectF(self.viewport().rect())
        area = self.free_rect()
        scale = min(area.width() / content.width(), area.height() / content.height())
        self.setTransform(QTransform.fromScale(scale, scale))
        self._update_scene_rect()
        self.centerOn(content.center() - (area.center() - view.center()) / scale)

    def _pan(self, moved: QPointF) -> None:
        self._fitted = False
        self._update_scene_rect()
        h, v = self.horizontalScrollBar(), self.verticalScrollBar()
        h.setValue(h.value() - round(moved.x()))
        v.setValue(v.value() - round(moved.y()))

    def _update_scene_rect(self) -> None:
        """Room around the drawing to pan and zoom into: its own size on every side, and at
        least the view's (so that a zoom can keep any point of the drawing under the
        pointer)."""
        c = self._content
        scale = max(self.transform().m11(), 1e-6)
        dx = max(c.width(), self.viewport().width() / scale)
        dy = max(c.height(), self.viewport().height() / scale)
        self.setSceneRect(c.adjusted(-dx, -dy, dx, dy))
