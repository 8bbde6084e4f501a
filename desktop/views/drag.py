"""A mouse button's press until its release, told apart as a click or a drag: a press that
moves less than DRAG_THRESHOLD pixels (Manhattan) before its release is a click."""

from __future__ import annotations

from PySide6.QtCore import QPointF

DRAG_THRESHOLD = 4  # pixels a press may move and still count as a click


class DragGesture:
    """The pointer's press, and the steps of the drag it became."""

    def __init__(self) -> None:
        self._press: QPointF | None = None
        self._last: QPointF | None = None
        self._dragging = False

    @property
    def pressed(self) -> bool:
        return self._press is not None

    def press(self, pos: QPointF) -> None:
        self._press = pos
        self._last = pos
        self._dragging = False

    def step(self, pos: QPointF) -> QPointF | None:
        """The pointer moved to `pos` with the button held: how far since the last step of
        the drag, or None while the press still counts as a click."""
        if self._press is None:
            return None
        if not self._dragging and (pos - self._press).manhattanLength() < DRAG_THRESHOLD:
            return None
        self._dragging = True
        diff = pos - (self._last or pos)
        self._last = pos
        return diff

    def release(self) -> bool:
        """The button was let go: whether the press was a click."""
        was_click = self._press is not None and not self._dragging
        self._press = None
        self._dragging = False
        return was_click
