"""The owners and heights map: in Druid with -nostack a cell topped by a sarsen carries a
darker ring on both maps; cells topped by a lintel, and every cell without -nostack, do not.
Coordinates on every side, hover and clicks that play (issue 13)."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QImage

from megalith.desktop.views.summary import HOVER_COLOUR, SARSEN_RING, TARGET_COLOUR, SummaryMap
from megalith.rules.druid.game import DruidState
from tests.desktop.app_support import new_position

RED, STONE = (180, 60, 50), (225, 220, 200)
SHIFT = Qt.KeyboardModifier.ShiftModifier
MOVES = ["c3", "d4", "c5", "d3", "c3-c5", "b2", "a1"]  # V's lintel covers c3 and c5


def rgb(image: QImage, point: QPoint) -> tuple[int, int, int]:
    c = image.pixelColor(point)
    return c.red(), c.green(), c.blue()


def close(a, b, tolerance: int = 8) -> bool:
    return max(abs(x - y) for x, y in zip(a, b)) <= tolerance


def ring_and_corner(summary: SummaryMap, cell: str, which: int) -> tuple[QPoint, QPoint]:
    """A point on the ring's upper side (where the sarsen ring is drawn) and one near the
    cell's corner (never under the ring or the text)."""
    rect = summary.cell_rect(cell, which)
    centre = rect.center()
    ring = QPoint(round(centre.x()), round(centre.y() - rect.height() / 2 * SARSEN_RING))
    corner = QPoint(round(rect.left() + rect.width() * 0.08),
                    round(rect.top() + rect.height() * 0.08))
    return ring, corner


def looks(params: str, qtbot) -> dict[tuple[str, int], tuple]:
    summary = SummaryMap()
    qtbot.addWidget(summary)
    summary.resize(700, 360)
    state = new_position("druid", DruidState, params, 2)
    for move in MOVES:
        state.play(move)
    summary.set_position(state, {}, None, MOVES[-1], ("a1",))
    image = summary.grab().toImage()
    out = {}
    for cell in ("b2", "a1", "c4", "d4"):
        for which in (0, 1):
            ring, corner = ring_and_corner(summary, cell, which)
            out[cell, which] = (rgb(image, ring), rgb(image, corner))
    return out


def test_with_nostack_cells_topped_by_a_sarsen_are_ringed_on_both_maps(qtbot) -> None:
    plain, marked = looks("-size=6", qtbot), looks("-size=6 -nostack", qtbot)
    for cell, owner in (("b2", STONE), ("a1", RED), ("d4", STONE)):
        ring, corner = marked[cell, 0]
        assert close(corner, owner) and close(ring, tuple(c * 0.55 for c in owner)), cell
        assert close(plain[cell, 0][0], owner), cell  # no ring without -nostack
        ring, corner = marked[cell, 1]  # the heights map: a darker shade of the cell's grey
        assert close(ring, tuple(c * 0.55 for c in corner)), cell
        assert close(plain[cell, 1][0], corner), cell
    assert marked["c4", 0] == plain["c4", 0] and marked["c4", 1] == plain["c4", 1]  # a lintel


LABEL = (245, 236, 160)


def shown_map(qtbot, params: str = "-size=6", moves=(), size=(700, 360),
              players: int = 2) -> SummaryMap:
    summary = SummaryMap()
    qtbot.addWidget(summary)
    summary.resize(*size)
    summary.show()
    qtbot.waitExposed(summary)
    state = new_position("druid", DruidState, params, players)
    for move in moves:
        state.play(move)
    legal = None if state.outcome().over else state.legal_moves()
    summary.set_position(state, {}, legal, moves[-1] if moves else None)
    return summary


def label_pixels(image: QImage, x: float, y: float, radius: int = 7) -> int:
    found = 0
    for dx in range(-radius, radius + 1):
        for dy in range(-radius, radius + 1):
            if close(rgb(image, QPoint(round(x) + dx, round(y) + dy)), LABEL, 40):
                found += 1
    return found


@pytest.mark.parametrize("params,players", [("-size=6", 2), ("-hex -size=5", 3),
                                            ("-y -size=6", 2)])
def test_both_maps_have_coordinates_on_every_side(qtbot, params, players) -> None:
    summary = shown_map(qtbot, params, players=players)
    image = summary.grab().toImage()
    layout, state = summary._layout(), summary.state
    assert layout is not None and state is not None, "the map shows no position"
    board = state.board
    labels = summary._labels
    rows = {name[1:] for name in board.names}
    assert {text for _, text in labels} >= rows  # every row named, the upper hex rows too
    for which in (0, 1):
        points = layout.to_screen(np.array([p for p, _ in labels]), which)
        for (x, y), (_, text) in zip(points, labels):
            assert label_pixels(image, x, y) >= 3, (text, which)
            assert summary.cell_at(x, y) is None  # beside the board, not on a cell


def test_the_map_answers_a_click_with_the_move_the_3d_view_would_play(qtbot) -> None:
    summary = shown_map(qtbot, moves=["c3"])
    for which in (0, 1):  # either map
        with qtbot.waitSignal(summary.moveChosen) as signal:
            qtbot.mouseClick(summary, Qt.MouseButton.LeftButton,
                             pos=summary.cell_rect("d4", which).center().toPoint())
        assert signal.args == ["d4"]


def test_the_map_lays_a_lintel_by_shift_clicks_and_refuses_with_the_engines_reason(qtbot
                                                                                   ) -> None:
    summary = shown_map(qtbot, moves=["b2", "--", "d2", "--"])
    hints: list[str] = []
    summary.hint.connect(hints.append)
    qtbot.mouseClick(summary, Qt.MouseButton.LeftButton, SHIFT,
                     summary.cell_rect("b2").center().toPoint())
    assert "other end" in hints[-1]
    image = summary.grab().toImage()  # the other end is outlined as a target
    d2 = summary.cell_rect("d2")
    assert close(rgb(image, QPoint(round(d2.center().x()), round(d2.top() + 0.5))),
                 TARGET_COLOUR, 60)
    with qtbot.waitSignal(summary.moveChosen) as signal:
        qtbot.mouseClick(summary, Qt.MouseButton.LeftButton, SHIFT,
                         summary.cell_rect("d2").center().toPoint())
    assert signal.args == ["b2-d2"]
    summary = shown_map(qtbot, moves=["c3"])  # H to move: no sarsen on V's stone
    summary.hint.connect(hints.append)
    qtbot.mouseClick(summary, Qt.MouseButton.LeftButton,
                     pos=summary.cell_rect("c3").center().toPoint())
    assert "sarsens go on the ground or on your own stones" in hints[-1]


def test_hover_outlines_the_cell_on_both_maps_and_says_what_a_click_does(qtbot) -> None:
    summary = shown_map(qtbot, moves=["c3"])
    hints: list[str] = []
    summary.hint.connect(hints.append)
    qtbot.mouseMove(summary, summary.cell_rect("e4", 1).center().toPoint())
    qtbot.waitUntil(lambda: bool(hints))
    assert summary.hover == "e4" and "click to play e4" in hints[-1]
    image = summary.grab().toImage()
    for which in (0, 1):
        rect = summary.cell_rect("e4", which)
        assert close(rgb(image, QPoint(round(rect.center().x()), round(rect.top() + 0.5))),
                     HOVER_COLOUR, 40)
    state = summary.state
    assert isinstance(state, DruidState)
    summary.set_position(state, {}, state.legal_moves())
    assert summary.hover is None  # a new position starts without the old hover


def test_the_maps_stack_when_the_widget_is_tall(qtbot) -> None:
    wide = shown_map(qtbot, size=(700, 300))
    tall = shown_map(qtbot, size=(300, 700))
    assert wide.cell_rect("a1", 1).left() > wide.cell_rect("f1", 0).right()
    assert tall.cell_rect("a6", 1).top() > tall.cell_rect("a1", 0).bottom()
    assert tall.cell_rect("a1").width() > 25  # larger than side by side would draw them
