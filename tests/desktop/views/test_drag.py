"""A press is a click until the pointer moves DRAG_THRESHOLD pixels; then each step of the
drag reports how far it went since the last."""

from __future__ import annotations

from PySide6.QtCore import QPointF

from megalith.desktop.views.drag import DRAG_THRESHOLD, DragGesture


def test_a_small_wobble_stays_a_click() -> None:
    gesture = DragGesture()
    gesture.press(QPointF(10, 10))
    assert gesture.step(QPointF(10 + DRAG_THRESHOLD - 1, 10)) is None
    assert gesture.release() and not gesture.pressed


def test_a_drag_reports_its_steps_and_is_no_click() -> None:
    gesture = DragGesture()
    gesture.press(QPointF(10, 10))
    assert gesture.step(QPointF(12, 13)) == QPointF(2, 3)  # past the threshold: from the press
    assert gesture.step(QPointF(13, 13)) == QPointF(1, 0)  # then from the last step
    assert not gesture.release()
    assert gesture.step(QPointF(20, 20)) is None  # nothing pressed


def test_a_release_without_a_press_is_no_click() -> None:
    assert not DragGesture().release()
