"""The owners and heights map: in Druid with -nostack a cell topped by a sarsen carries a
darker ring on both maps; cells topped by a lintel, and every cell without -nostack, do not."""

from __future__ import annotations

from PySide6.QtCore import QPoint
from PySide6.QtGui import QImage

from desktop.views.summary import SummaryMap
from desktop.views.summary import SARSEN_RING
from rules import registry

RED, STONE = (180, 60, 50), (225, 220, 200)
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
    state = registry.get("druid").new(params, 2)
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
