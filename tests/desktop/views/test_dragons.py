"""The Dragons canvas on a real (Xvfb) screen: tiles in their colours, playing by pointing
(the palette, cycling, a gap move, an auto move), the marks and the winning loop."""

from __future__ import annotations

import os

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QImage, QPolygonF, QWheelEvent
from PySide6.QtTest import QTest

from megalith.desktop.views.dragons import (APOTHEM, AUTO_MARK, CROSS_SHIFT, DragonsView,
                                            cell_centre, edge_point, hexagon)
from megalith.rules.dragons.game import DragonsState
from megalith.rules.dragons.tiles import coord_text
from tests.desktop.app_support import board_view, new_position

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


def palette_screen_pos(view: DragonsView, letter: str) -> QPoint:
    """Where a tile of the palette is, in widget pixels (while a place is hovered)."""
    spot = next(spot for spot, found in view.palette_tiles if found == letter)
    return view.mapFromScene(spot)


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
    widget = board_view("dragons")
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
    table = Table(view, new_position("dragons", DragonsState))   # tile a: O on N, NE, SE
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
    Table(view, new_position("dragons", DragonsState, "-start_tip"))   # g: O tip N, X tip S
    image = view.grab_image()
    centre = cell_centre((0, 0))
    assert close(rgb(image, screen(view, edge_point(centre, 0, depth=0.7))), O_COLOUR)
    assert close(rgb(image, screen(view, edge_point(centre, 3, depth=0.7))), X_COLOUR)
    # the tips stop short of the centre: the centre itself lies on neither arc's band
    middle = rgb(image, screen(view, centre))
    assert not close(middle, O_COLOUR, 30)


def test_a_short_game_by_clicks_with_a_gap_and_an_auto_move(qtbot, view) -> None:
    table = Table(view, new_position("dragons", DragonsState))
    # X: point at place 1 (north of the opening tile); the palette offers b c d h j l
    qtbot.mouseMove(view.viewport(), cell(view, (0, -2)))
    qtbot.waitUntil(lambda: bool(table.hints) and "place 1" in table.hints[-1])
    assert "6 tiles fit: b c d h j l" in table.hints[-1]
    save(view, "dragons_palette.png")
    before = view.grab_image()
    assert rgb(before, palette_screen_pos(view, "d")) != (48, 52, 58)
    qtbot.keyClick(view.viewport(), Qt.Key.Key_Space)        # b -> c
    qtbot.mouseClick(view.viewport(), RIGHT, pos=cell(view, (0, -2)))   # c -> d
    qtbot.mouseClick(view.viewport(), LEFT, pos=cell(view, (0, -2)))
    assert table.chosen == ["d1"]
    table.play_chosen()
    # O: choose b from the palette over place 3 ((1, -3), upper right of d)
    target = cell(view, (1, -3))
    qtbot.mouseMove(view.viewport(), target)
    qtbot.waitUntil(lambda: "place 3" in table.hints[-1])
    qtbot.mouseMove(view.viewport(), palette_screen_pos(view, "b"))
    qtbot.waitUntil(lambda: "click to lay b" in table.hints[-1])
    qtbot.mouseClick(view.viewport(), LEFT, pos=palette_screen_pos(view, "b"))
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
    qtbot.waitUntil(lambda: not view.reveal.running)  # the auto tile appears by itself
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
    Table(view, new_position("dragons", DragonsState, "-tantrix -num_tiles=30"))
    assert view.info.text().splitlines() == ["Pool: 29 tiles left", "Best dragons: O 0, X 0"]


def test_cross_tails_join_the_tip_to_the_arc(view) -> None:
    """-cross g: O's tail runs from the N edge into the SE-SW arc and X's from the S edge
    into the NE-NW arc, side by side through the tile's middle; the default g's tips stop
    short, leaving the middle dark."""
    side = APOTHEM * CROSS_SHIFT
    centre = cell_centre((0, 0))
    left, right = QPointF(centre.x() - side, centre.y()), QPointF(centre.x() + side, centre.y())
    Table(view, new_position("dragons", DragonsState, "-cross -start_tip"))
    image = view.grab_image()
    assert close(rgb(image, screen(view, left)), O_COLOUR)
    assert close(rgb(image, screen(view, right)), X_COLOUR)
    Table(view, new_position("dragons", DragonsState, "-start_tip"))
    image = view.grab_image()
    for point in (left, right):
        colour = rgb(image, screen(view, point))
        assert not close(colour, O_COLOUR, 40) and not close(colour, X_COLOUR, 40)


def mid_game(moves: int = 12, seed: int = 3) -> DragonsState:
    import random

    state, rng = new_position("dragons", DragonsState), random.Random(seed)
    for _ in range(moves):
        state.play(rng.choice(state.legal_moves()))
    assert isinstance(state, DragonsState) and state.to_move is not None
    return state


def wheel(view: DragonsView, delta: int) -> None:
    """A turn of the mouse wheel over the middle of the view (positive zooms in), the
    pointer moved there first: the view zooms about the point under the pointer, which
    earlier tests leave anywhere."""
    centre = view.viewport().rect().center()
    QTest.mouseMove(view.viewport(), centre)
    view.wheelEvent(QWheelEvent(QPointF(centre), QPointF(view.mapToGlobal(centre)),
                                QPoint(0, 0), QPoint(0, delta), Qt.MouseButton.NoButton,
                                Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase,
                                False))


def neighbourhood(coord: tuple[int, int]) -> list[tuple[int, int]]:
    from megalith.rules.dragons.tiles import neighbour

    return [coord] + [neighbour(coord, d) for d in range(6)]


@pytest.mark.parametrize("size", [(460, 380), (800, 640), (1300, 900)])
def test_the_palette_never_covers_the_place_or_its_neighbours(qtbot, view, size) -> None:
    view.resize(*size)
    qtbot.waitUntil(lambda: (view.viewport().width(), view.viewport().height()) == size)
    state = mid_game()
    table = Table(view, state)
    places = [coord for coord in state.places() if state.fitting(coord)]
    for zoom in (0, 240, -240, 600):  # fitted, then wheel steps in, out, far in
        view.reset_camera()
        if zoom:
            wheel(view, zoom)
        visible = view.mapToScene(view.viewport().rect()).boundingRect()
        shown = [c for c in places if visible.contains(cell_centre(c))]
        assert shown, (size, zoom)
        for coord in shown[::max(1, len(shown) // 8)]:  # eight places round the table
            view.show_hover(None)
            before = view.grab_image()
            view.show_hover(coord_text(coord))
            rect = view.palette_rect
            assert not rect.isEmpty()
            for near in neighbourhood(coord):
                assert not hexagon(cell_centre(near)).intersects(QPolygonF(rect)), (
                    size, zoom, coord, near)
            # and by pixels: around each neighbour's centre nothing changed
            image = view.grab_image()
            for near in neighbourhood(coord)[1:]:
                spot = cell(view, near)
                if view.viewport().rect().contains(spot):
                    assert rgb(image, spot) == rgb(before, spot), (size, zoom, coord, near)
            # and the palette is on screen, where the pointer can reach it
            on_screen = view.mapFromScene(rect).boundingRect()
            assert view.viewport().rect().intersects(on_screen)
    assert table.chosen == []


def test_the_place_stays_hovered_on_the_way_to_its_palette(qtbot, view) -> None:
    state = mid_game()
    table = Table(view, state)
    coord = next(c for c in state.places() if len(state.fitting(c)) >= 2)
    number = state.places().index(coord) + 1
    start = cell(view, coord)
    qtbot.mouseMove(view.viewport(), start)
    qtbot.waitUntil(lambda: bool(table.hints) and f"place {number}:" in table.hints[-1])
    last = state.fitting(coord)[-1]
    goal = palette_screen_pos(view, last)
    for k in range(1, 21):
        qtbot.mouseMove(view.viewport(), start + (goal - start) * (k / 20))
        assert f"place {number}:" in table.hints[-1], k
    qtbot.waitUntil(lambda: f"click to lay {last}" in table.hints[-1])
    qtbot.mouseClick(view.viewport(), LEFT, pos=goal)
    assert table.chosen == [f"{last}{number}"]


# ---- the race overlay: loops and dragons ------------------------------------------------------

def race_texts(view: DragonsView) -> list[str]:
    from PySide6.QtWidgets import QGraphicsSimpleTextItem

    return sorted(item.text() for item in view.scene().items()
                  if isinstance(item, QGraphicsSimpleTextItem) and item.isVisible()
                  and "hole" in item.text())


def test_a_loop_is_drawn_on_the_tiles_it_passes_through(qtbot, view) -> None:
    """Three shoulders turning their O bands around one vertex: O's loop of three."""
    state = DragonsState.arranged([((0, 0), "a"), ((1, -1), "c"), ((1, 1), "f"),
                                   ((0, -2), "d")])
    (loop,) = state.loops()
    assert loop.colour == "O" and len(loop.tiles) == 3
    Table(view, state)
    assert not view.race.shown
    off = view.grab_image()
    was = {coord: cell(view, coord) for coord in (*loop.tiles, (0, -2))}
    qtbot.keyClick(view.viewport(), Qt.Key.Key_L)
    assert view.race.shown  # (the table is fitted again, with room for the labels)
    on = view.grab_image()
    for coord in loop.tiles:  # the loop's tube, in O's colour, through each tile's centre
        assert close(rgb(on, cell(view, coord)), O_COLOUR), coord
        assert not close(rgb(off, was[coord]), O_COLOUR), coord
    # with its dark rim beside it, where the tile's own bands do not reach
    assert rgb(on, cell(view, (0, -2))) == rgb(off, was[(0, -2)])  # not on the loop
    qtbot.mouseClick(view.race.button, LEFT)
    assert not view.race.shown and view.grab_image() == off


def test_each_open_dragon_says_its_holes_and_the_tiles_it_needs(qtbot, view) -> None:
    state = DragonsState.arranged(O_RING)
    Table(view, state)
    view.race.button.setChecked(True)
    (ring,) = [d for d in state.dragons() if d.colour == "O"]
    expected = [f"{d.holes} hole{'s' if d.holes > 1 else ''} · needs {len(d.open_cells)}"
                for d in state.dragons()]
    assert race_texts(view) == sorted(expected)
    assert "1 hole · needs 1" in race_texts(view)
    # its one open cell, the centre, is ringed (dashed) in O's colour: the nearest to closing
    image = view.grab_image()
    centre = cell_centre((0, 0))
    spot = screen(view, QPointF(centre.x(), centre.y() - APOTHEM * 0.62))
    assert close(rgb(image, spot), O_COLOUR, 30)


def test_tantrix_labels_give_each_dragons_score(qtbot, view) -> None:
    state = DragonsState.arranged(O_RING, {"tantrix": True})
    Table(view, state)
    view.race.button.setChecked(True)
    assert "1 hole · needs 1 · 1 pt" in race_texts(view)


def test_the_overlay_comes_on_after_a_move_that_changes_the_race(qtbot, view) -> None:
    state = DragonsState.arranged(O_RING[:5], {"tantrix": True})
    table = Table(view, state)
    assert not view.race.shown and race_texts(view) == []
    last = O_RING[5]
    table.chosen.append(f"{last[1]}{state.places().index(last[0]) + 1}")
    table.play_chosen()  # closes O's ring: a loop and a dragon with a hole
    assert view.race.shown and "1 hole · needs 1 · 1 pt" in race_texts(view)
    qtbot.keyClick(view.viewport(), Qt.Key.Key_L)
    assert not view.race.shown
    table.show()  # the same position again: the player's choice stays
    assert not view.race.shown


# ---- a move's auto tiles, one after the other ---------------------------------------------------

def tile_shown(image: QImage, view: DragonsView, coord) -> bool:
    """Whether a tile covers the cell: its face and bands, not the bare table, half way
    from its centre to each edge."""
    centre = cell_centre(coord)
    spots = [screen(view, edge_point(centre, d, depth=0.55)) for d in range(6)]
    return sum(not close(rgb(image, s), (48, 52, 58), 4) for s in spots) >= 5


def test_dragons_auto_tiles_appear_in_order_and_a_key_finishes_them(qtbot, view) -> None:
    import random

    rng = random.Random(4)
    state = new_position("dragons", DragonsState)
    while True:  # a random game up to a move that makes the rules lay three tiles or more
        before = state.copy()
        state.play(rng.choice(state.legal_moves()))
        autos = [t.coord for t in state.tiles_of_move(state.ply) if t.auto]
        if len(autos) >= 3:
            break
    view.reveal.step_ms = 700  # every step seen, even on a busy machine
    table = Table(view, before)
    table.state = state
    table.show()
    view.race.button.setChecked(False)  # its labels might fall on the tiles watched
    seen: list[tuple[bool, ...]] = []

    def look() -> bool:
        image = view.grab_image()
        shown = tuple(tile_shown(image, view, c) for c in autos[:2])
        if not seen or seen[-1] != shown:
            seen.append(shown)
        return all(shown)

    qtbot.waitUntil(look, timeout=5000)
    assert seen == [(False, False), (True, False), (True, True)]
    assert view.reveal.running  # the third is still to come: a key shows it at once
    qtbot.keyClick(view.viewport(), Qt.Key.Key_Escape)
    assert not view.reveal.running
    image = view.grab_image()
    assert all(tile_shown(image, view, c) for c in autos)
