"""The Quadrant Y canvas and the owners-and-heights map, on a real (Xvfb) screen."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QImage

from megalith.desktop.views.summary import SummaryMap
from megalith.desktop.views.triangle import TriangleView
from megalith.rules import registry
from megalith.rules.druid.game import DruidState
from megalith.rules.protocol import GameState, MoveError
from tests.desktop.app_support import board_view

RED, STONE = (180, 60, 50), (225, 220, 200)
LEFT = Qt.MouseButton.LeftButton


def quady(moves: list[str], size: int = 5) -> GameState:
    state = registry.get("quady").new(f"-size={size}", 2)
    for move in moves:
        state.play(move)
    return state


def show(view, state: GameState) -> None:
    legal = None if state.outcome().over else state.legal_moves()
    view.set_position(state, {}, legal, state.moves[-1] if state.moves else None)


def rgb(image: QImage, point: QPoint) -> tuple[int, int, int]:
    c = image.pixelColor(point.x(), point.y())
    return c.red(), c.green(), c.blue()


def close(a, b, tolerance: int = 6) -> bool:
    return max(abs(x - y) for x, y in zip(a, b)) <= tolerance


def tile(view: TriangleView, cell: str) -> QPoint:
    """A point of the cell's tile off the sub-game border lines (which run through centres
    horizontally and at 60 degrees)."""
    centre = view.cell_screen_pos(cell)
    return QPoint(centre.x(), centre.y() - 12)


@pytest.fixture
def view(qtbot) -> TriangleView:
    widget = board_view("quady")
    assert isinstance(widget, TriangleView)
    qtbot.addWidget(widget)
    widget.resize(600, 540)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def test_stones_in_their_colours_and_a_click_plays(qtbot, view) -> None:
    show(view, quady(["c3", "a1"]))
    image = view.grab_image()
    assert close(rgb(image, view.cell_screen_pos("c3")), RED)
    assert close(rgb(image, view.cell_screen_pos("a1")), STONE)
    empty = rgb(image, tile(view, "b4"))
    assert not close(empty, RED) and not close(empty, STONE)
    with qtbot.waitSignal(view.moveChosen) as signal:
        qtbot.mouseClick(view.viewport(), LEFT, pos=view.cell_screen_pos("b4"))
    assert signal.args == ["b4"]


def test_a_click_on_a_stone_says_why_not(qtbot, view) -> None:
    show(view, quady(["c3"]))
    hints: list[str] = []
    view.hint.connect(hints.append)
    chosen: list[str] = []
    view.moveChosen.connect(chosen.append)
    qtbot.mouseClick(view.viewport(), LEFT, pos=view.cell_screen_pos("c3"))
    assert chosen == [] and hints
    with pytest.raises(MoveError) as error:
        quady(["c3"]).play("c3")
    assert hints[-1] == error.value.reason


def test_the_last_move_is_ringed(view) -> None:
    show(view, quady(["c3", "a1"]))
    image = view.grab_image()
    centre = view.cell_screen_pos("a1")
    ring = [rgb(image, QPoint(centre.x() + dx, centre.y())) for dx in range(-70, 71)]
    assert any(close(c, (255, 215, 40), 40) for c in ring)
    centre = view.cell_screen_pos("c3")
    ring = [rgb(image, QPoint(centre.x() + dx, centre.y())) for dx in range(-70, 71)]
    assert not any(close(c, (255, 215, 40), 40) for c in ring)


def test_a_won_sub_game_is_shaded_in_its_winners_colour(view) -> None:
    # X connects the top triangle's three sides with a1, a2, a3; O plays far away
    before = quady(["a1", "e5", "a2", "d5"])
    show(view, before)
    plain = rgb(view.grab_image(), tile(view, "b3"))
    after = quady(["a1", "e5", "a2", "d5", "a3"])
    subgames = after.outcome().subgames
    assert subgames is not None
    assert any(r.name == "top" and r.winner == "X" for r in subgames)
    show(view, after)
    image = view.grab_image()
    shaded = rgb(image, tile(view, "b3"))  # empty, inside the top triangle
    assert shaded != plain
    assert shaded[0] - shaded[2] > plain[0] - plain[2] + 15  # towards X's red-brown
    outside = rgb(image, tile(view, "c4"))  # empty, in no won sub-game
    assert outside[0] - outside[2] < shaded[0] - shaded[2]


def test_winning_chains_are_marked_at_the_end(view) -> None:
    state = registry.get("quady").new("-size=5", 2)
    import random
    rng = random.Random(4)
    while not state.outcome().over:
        state.play(rng.choice(state.legal_moves()))
    show(view, state)
    assert view.play.builder is None
    image = view.grab_image()
    for cell in state.outcome().chain:
        assert close(rgb(image, view.cell_screen_pos(cell)), (255, 255, 255), 10)


def test_summary_map_shows_owners_and_heights(qtbot) -> None:
    summary = SummaryMap()
    qtbot.addWidget(summary)
    summary.resize(520, 280)
    state = registry.get("druid").new("-size=5", 2)
    assert isinstance(state, DruidState)
    for move in ("c3", "--", "c3", "b2"):
        state.play(move)
    summary.set_position(state, {"V": (30, 150, 200)}, None, "b2")
    image = summary.grab().toImage()
    owners_c3 = summary.cell_rect("c3", 0)
    corner = QPoint(round(owners_c3.left() + 4), round(owners_c3.top() + 4))
    assert close(rgb(image, corner), (30, 150, 200))
    owners_b2 = summary.cell_rect("b2", 0)
    inside = QPoint(round(owners_b2.left() + 6), round(owners_b2.top() + 6))
    assert close(rgb(image, inside), STONE)
    tall = summary.cell_rect("c3", 1)
    low = summary.cell_rect("b2", 1)
    tall_shade = rgb(image, QPoint(round(tall.left() + 4), round(tall.top() + 4)))
    low_shade = rgb(image, QPoint(round(low.left() + 6), round(low.top() + 6)))
    assert sum(tall_shade) < sum(low_shade)  # taller stacks are darker


def test_hover_shows_a_ghost_stone_or_a_red_cross(qtbot, view) -> None:
    show(view, quady(["c3"]))  # O to move
    hints: list[str] = []
    view.hint.connect(hints.append)
    before = rgb(view.grab_image(), tile(view, "b4"))
    qtbot.mouseMove(view.viewport(), view.cell_screen_pos("b4"))
    qtbot.waitUntil(lambda: bool(hints) and "b4" in hints[-1])
    after = rgb(view.grab_image(), tile(view, "b4"))
    assert after != before and sum(after) > sum(before)  # O's light stone, half seen
    qtbot.mouseMove(view.viewport(), view.cell_screen_pos("c3"))
    qtbot.waitUntil(lambda: "c3" in hints[-1])
    image = view.grab_image()
    centre = view.cell_screen_pos("c3")
    reds = [rgb(image, QPoint(centre.x() + d, centre.y() + d)) for d in range(-12, 13)]
    assert any(close(c, (220, 30, 30), 30) for c in reds)
