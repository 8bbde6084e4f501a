"""The shared 2D canvas base, driven through the Quadrant Y view: fit, zoom, pan, hover
marks, and that a drag is never taken for a click."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication

from megalith.desktop.views.triangle import TriangleView
from megalith.rules.quady.game import QuadYState
from tests.desktop.app_support import new_position

LEFT = Qt.MouseButton.LeftButton


def quady(moves: list[str], size: int = 7) -> QuadYState:
    state = new_position("quady", QuadYState, f"-size={size}", 2)
    for move in moves:
        state.play(move)
    return state


def show(view: TriangleView, state: QuadYState) -> None:
    view.set_position(state, {}, state.legal_moves(), state.moves[-1] if state.moves else None)


def spacing(view: TriangleView) -> float:
    """Screen pixels between two neighbouring cells."""
    a, b = view.cell_screen_pos("a7"), view.cell_screen_pos("b7")
    return float(b.x() - a.x())


def wheel(view: TriangleView, at: QPoint, steps: int) -> None:
    event = QWheelEvent(QPointF(at), QPointF(view.mapToGlobal(at)), QPoint(0, 0),
                        QPoint(0, 120 * steps), Qt.MouseButton.NoButton,
                        Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(view.viewport(), event)


@pytest.fixture
def view(qtbot) -> TriangleView:
    widget = TriangleView()
    qtbot.addWidget(widget)
    widget.resize(600, 540)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def test_the_board_is_fitted_and_stays_fitted_through_resizes(qtbot, view) -> None:
    show(view, quady([]))
    fitted = spacing(view)
    apex, left, right = (view.cell_screen_pos(c) for c in ("a1", "a7", "g7"))
    assert 0 < apex.y() and 0 < left.x() and right.x() < 600 and right.y() < 540
    assert right.x() - left.x() > 400  # and large: fitted, not merely inside
    view.resize(300, 270)
    qtbot.waitUntil(lambda: abs(spacing(view) - fitted / 2) < 3)


def test_wheel_zoom_keeps_its_scale_until_fit_again(qtbot, view) -> None:
    show(view, quady([]))
    fitted = spacing(view)
    wheel(view, view.cell_screen_pos("d4"), 3)
    zoomed = spacing(view)
    assert zoomed > fitted * 1.5
    show(view, quady(["d4"]))  # a new position keeps the player's zoom
    assert abs(spacing(view) - zoomed) < 1
    view.reset_camera()
    assert abs(spacing(view) - fitted) < 1


def test_a_drag_pans_and_plays_nothing(qtbot, view) -> None:
    show(view, quady([]))
    played: list[str] = []
    view.moveChosen.connect(played.append)
    wheel(view, view.cell_screen_pos("d4"), 3)  # zoomed in: room to pan
    before = view.cell_screen_pos("d4")
    start = before
    qtbot.mousePress(view.viewport(), LEFT, pos=start)
    for k in range(1, 6):
        qtbot.mouseMove(view.viewport(), start + QPoint(12 * k, 8 * k))
    qtbot.mouseRelease(view.viewport(), LEFT, pos=start + QPoint(60, 40))
    after = view.cell_screen_pos("d4")
    assert abs(after.x() - before.x() - 60) <= 3 and abs(after.y() - before.y() - 40) <= 3
    assert played == []
    qtbot.mouseClick(view.viewport(), LEFT, pos=after)  # a click still plays
    assert played == ["d4"]


def test_hover_shows_the_ghost_or_the_refusal_and_leaving_clears_it(qtbot, view) -> None:
    show(view, quady(["d4"]))
    hints: list[str] = []
    view.hint.connect(hints.append)
    empty, taken = view.cell_screen_pos("c5"), view.cell_screen_pos("d4")
    plain = view.grab_image().pixelColor(empty)
    # the pointer may already rest on the board: come from off it, and let the moves arrive
    qtbot.mouseMove(view.viewport(), QPoint(2, 2))
    qtbot.mouseMove(view.viewport(), empty)
    qtbot.waitUntil(lambda: bool(hints) and hints[-1].startswith("c5"))
    assert hints[-1] == "c5 (empty): click to play c5"
    ghost = view.grab_image().pixelColor(empty)
    assert ghost != plain  # the mover's translucent stone
    qtbot.mouseMove(view.viewport(), taken)
    qtbot.waitUntil(lambda: hints[-1].startswith("d4"))
    assert hints[-1].startswith("d4 (X): ") and "already taken" in hints[-1]
    image = view.grab_image()
    reds = sum(1 for dx in range(-12, 13) for dy in range(-12, 13)
               if (c := image.pixelColor(taken + QPoint(dx, dy))).red() > 200
               and c.green() < 60 and c.blue() < 60)
    assert reds > 20  # the red cross
    view.show_hover(None)
    assert view.grab_image().pixelColor(empty) == plain
