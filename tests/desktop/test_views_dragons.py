"""The Dragons canvas on a real (Xvfb) screen: tiles in their colours, playing by pointing
(the palette, cycling, a gap move, an auto move), the marks and the winning loop."""

from __future__ import annotations

import os

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QImage

from megalith.desktop.games import desk
from megalith.desktop.views.dragons import (APOTHEM, AUTO_MARK, CROSS_SHIFT, DragonsView, cell_centre,
                                   edge_point)
from megalith.rules import registry
from megalith.rules.dragons import DragonsState, coord_text

O_COLOUR, X_COLOUR = (225, 220, 200), (180, 60, 50)
WHITE, YELLOW = (255, 255, 255), (255, 215, 40)
LEFT, RIGHT = Qt.MouseButton.LeftButton, Qt.MouseButton.RightButton
# Six shoulders around (0, 0), each with its O band facing the centre (as in test_dragons)
O_RING = [((0, -2), "c"), ((1, -1), "d"), ((1, 1), "e"), ((0, 2), "f"), ((-1, 1), "a"),
          ((-1, -1), "b")]


def rgb(image: QImage, point: QPoint) -> tuple[int, int, int]:
    c = image.pixelColor(point.x(), point.y())
    return c.red(), c.green(), c.blue()


def close(a, b, tolerance: int = 8) -> bool:
    return max(abs(x - y) for x, y in zip(a, b)) <= tolerance


def screen(view: DragonsView, point: QPointF) -> QPoint:
    return view.mapFromScene(point)


def cell(view: DragonsView, coord: tuple[int, int]) -> QPoint:
    return view.cell_screen_pos(coord_text(coord))


class Table:
    """A stand-in for the window: keeps the game, shows it, plays what the view chooses."""

    def __init__(self, view: DragonsView, state: DragonsState) -> None:
        self.view, self.state = view, state
        self.chosen: list[str] = []
        self.hints: list[str] = []
        view.moveChosen.connect(self.chosen.append)
        view.hint.connect(self.hints.append)
        self.show()

    def show(self, last_cells: tuple[str, ...] | None = None) -> None:
        state = self.state
        legal = None if state.outcome().over else state.legal_moves()
        self.view.set_position(state, {}, legal, state.moves[-1] if state.moves else None,
                               last_cells)

    def play_chosen(self) -> str:
        move = self.chosen[-1]
        before = self.state.copy()
        self.state.play(move)
        self.show(before.move_cells(move))
        return move


@pytest.fixture
def view(qtbot) -> DragonsView:
    widget = desk("dragons").make_view(None)
    assert isinstance(widget, DragonsView)
    qtbot.addWidget(widget)
    widget.resize(700, 640)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def save(view: DragonsView, name: str) -> None:
    """Keeps a screenshot when MEGALITH_SCREENSHOTS names a folder (for a person to look)."""
    folder = os.environ.get("MEGALITH_SCREENSHOTS")
    if folder:
        view.grab_image().save(os.path.join(folder, name))


def test_a_tile_is_drawn_in_its_edge_colours(view) -> None:
    table = Table(view, registry.new_game("dragons"))   # tile a: O on N, NE, SE
    image = view.grab_image()
    centre = cell_centre((0, 0))
    for edge, colour in ((0, O_COLOUR), (1, O_COLOUR), (2, O_COLOUR),
                         (3, X_COLOUR), (4, X_COLOUR), (5, X_COLOUR)):
        point = screen(view, edge_point(centre, edge, depth=0.85))
        assert close(rgb(image, point), colour), (edge, rgb(image, point))
    # the middle of the tile, between the two bands, is the dark face
    face = rgb(image, screen(view, centre))
    assert not close(face, O_COLOUR, 40) and not close(face, X_COLOUR, 40)
    assert table.state.to_move == "X"
    assert view.info.text().startswith("Pool: 49 tiles left")


def test_tails_tile_shows_its_tip_and_arcs(view) -> None:
    Table(view, registry.new_game("dragons", "-start_tip"))   # g: O tip N, X tip S
    image = view.grab_image()
    centre = cell_centre((0, 0))
    assert close(rgb(image, screen(view, edge_point(centre, 0, depth=0.7))), O_COLOUR)
    assert close(rgb(image, screen(view, edge_point(centre, 3, depth=0.7))), X_COLOUR)
    # the tips stop short of the centre: the centre itself lies on neither arc's band
    middle = rgb(image, screen(view, centre))
    assert not close(middle, O_COLOUR, 30)


def test_a_short_game_by_clicks_with_a_gap_and_an_auto_move(qtbot, view) -> None:
    table = Table(view, registry.new_game("dragons"))
    # X: point at place 1 (north of the opening tile); the palette offers b c d h j l
    qtbot.mouseMove(view.viewport(), cell(view, (0, -2)))
    qtbot.waitUntil(lambda: bool(table.hints) and "place 1" in table.hints[-1])
    assert "6 tiles fit: b c d h j l" in table.hints[-1]
    save(view, "dragons_palette.png")
    before = view.grab_image()
    assert rgb(before, view.palette_screen_pos("d").toPoint()) != (48, 52, 58)
    qtbot.keyClick(view.viewport(), Qt.Key.Key_Space)        # b -> c
    qtbot.mouseClick(view.viewport(), RIGHT, pos=cell(view, (0, -2)))   # c -> d
    qtbot.mouseClick(view.viewport(), LEFT, pos=cell(view, (0, -2)))
    assert table.chosen == ["d1"]
    table.play_chosen()
    # O: choose b from the palette over place 3 ((1, -3), upper right of d)
    target = cell(view, (1, -3))
    qtbot.mouseMove(view.viewport(), target)
    qtbot.waitUntil(lambda: "place 3" in table.hints[-1])
    qtbot.mouseMove(view.viewport(), view.palette_screen_pos("b").toPoint())
    qtbot.waitUntil(lambda: "click to lay b" in table.hints[-1])
    qtbot.mouseClick(view.viewport(), LEFT, pos=view.palette_screen_pos("b").toPoint())
    assert table.chosen[-1] == "b3"
    table.play_chosen()
    # X must fill the gap (1, -1): elsewhere a click is refused with the engine's reason
    assert table.state.required_places() == frozenset({(1, -1)})
    image = view.grab_image()
    gap_rim = [rgb(image, cell(view, (1, -1)) + QPoint(dx, 0)) for dx in range(-70, 71)]
    assert any(close(c, (255, 150, 40), 30) for c in gap_rim)
    qtbot.mouseClick(view.viewport(), LEFT, pos=cell(view, (0, -4)))
    assert table.chosen[-1] == "b3"
    assert table.hints[-1] == "a gap must be filled first: play at place 7"
    qtbot.mouseMove(view.viewport(), cell(view, (1, -1)))
    qtbot.waitUntil(lambda: "place 7" in table.hints[-1])
    qtbot.mouseClick(view.viewport(), LEFT, pos=cell(view, (1, -1)))
    assert table.chosen[-1] == "g7"
    table.play_chosen()
    # O: a at (1, -5) leaves (0, -4) with one fit: e is laid there automatically
    number = table.state.places().index((1, -5)) + 1
    qtbot.mouseMove(view.viewport(), cell(view, (1, -5)))
    qtbot.waitUntil(lambda: f"place {number}" in table.hints[-1])
    qtbot.mouseClick(view.viewport(), LEFT, pos=cell(view, (1, -5)))
    assert table.chosen[-1] == f"a{number}"
    table.play_chosen()
    assert [(t.coord, t.letter, t.auto) for t in table.state.tiles_of_move(4)] == [
        ((1, -5), "a", False), ((0, -4), "e", True)]
    save(view, "dragons_game.png")
    image = view.grab_image()
    # the auto tile is drawn (e: O on SW, NW, N) and ringed in cyan; the move's own tile in
    # yellow
    auto_centre = cell_centre((0, -4))
    assert close(rgb(image, screen(view, edge_point(auto_centre, 0, depth=0.7))), O_COLOUR)
    assert close(rgb(image, screen(view, edge_point(auto_centre, 2, depth=0.7))), X_COLOUR)
    cyan = (AUTO_MARK.red(), AUTO_MARK.green(), AUTO_MARK.blue())
    ring = [rgb(image, cell(view, (0, -4)) + QPoint(dx, 0)) for dx in range(-70, 71)]
    assert any(close(c, cyan, 40) for c in ring)
    ring = [rgb(image, cell(view, (1, -5)) + QPoint(dx, 0)) for dx in range(-70, 71)]
    assert any(close(c, YELLOW, 40) for c in ring)


def test_a_cell_where_nothing_fits_says_why(qtbot, view) -> None:
    state = DragonsState.arranged([((0, 0), "a"), ((1, 1), "e"), ((1, 3), "b"), ((0, 4), "c")])
    table = Table(view, state)
    qtbot.mouseMove(view.viewport(), cell(view, (0, 2)))
    qtbot.waitUntil(lambda: bool(table.hints) and "no tile fits here" in table.hints[-1])
    qtbot.mouseClick(view.viewport(), LEFT, pos=cell(view, (0, 2)))
    assert table.chosen == []
    assert table.hints[-1].startswith("no tile fits here: the tiles to the north and to the "
                                      "south both show X")


def test_the_winning_loop_is_traced(qtbot, view) -> None:
    state = DragonsState.arranged(O_RING[:5])
    coord, letter = O_RING[5]
    state.play(f"{letter}{state.places().index(coord) + 1}")
    assert state.outcome().winner == "O"
    table = Table(view, state)
    save(view, "dragons_loop.png")
    image = view.grab_image()
    for name in state.outcome().chain:      # a white dot on every tile of the loop
        assert close(rgb(image, view.cell_screen_pos(name)), WHITE, 10)
    # the line runs from each tile through the edge it shares with the next
    a, b = cell_centre((0, -2)), cell_centre((1, -1))
    between = QPointF((3 * a.x() + b.x()) / 4, (3 * a.y() + b.y()) / 4)
    assert close(rgb(image, screen(view, between)), WHITE, 10)
    # no tile is laid by clicking now
    qtbot.mouseClick(view.viewport(), LEFT, pos=cell(view, (0, -4)))
    assert table.chosen == [] and table.hints[-1] == "the game is over"


def test_tantrix_scores_and_pool_in_the_info(view) -> None:
    Table(view, registry.new_game("dragons", "-tantrix -num_tiles=30"))
    assert view.info.text().splitlines() == ["Pool: 29 tiles left", "Best dragons: O 0, X 0"]


def test_cross_tails_join_the_tip_to_the_arc(view) -> None:
    """-cross g: O's tail runs from the N edge into the SE-SW arc and X's from the S edge
    into the NE-NW arc, side by side through the tile's middle; the default g's tips stop
    short, leaving the middle dark."""
    side = APOTHEM * CROSS_SHIFT
    centre = cell_centre((0, 0))
    left, right = QPointF(centre.x() - side, centre.y()), QPointF(centre.x() + side, centre.y())
    Table(view, registry.new_game("dragons", "-cross -start_tip"))
    image = view.grab_image()
    assert close(rgb(image, screen(view, left)), O_COLOUR)
    assert close(rgb(image, screen(view, right)), X_COLOUR)
    Table(view, registry.new_game("dragons", "-start_tip"))
    image = view.grab_image()
    for point in (left, right):
        colour = rgb(image, screen(view, point))
        assert not close(colour, O_COLOUR, 40) and not close(colour, X_COLOUR, 40)
