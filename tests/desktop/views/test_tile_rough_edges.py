"""The tile games' canvases without rough edges (#39, items 8, 10 and 11): the wheel zooms
about the pointer, nothing the canvas lays over the board hides a place or a tile at any
window size, the palette is never larger than the board's tiles, and an exported image
holds the board without its buttons."""

from __future__ import annotations

import random
from typing import TypeVar

import pytest
from PySide6.QtCore import QPoint, QPointF, QRect, QRectF, Qt
from PySide6.QtGui import QPolygonF, QWheelEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (QApplication, QGraphicsEllipseItem, QGraphicsRectItem,
                               QGraphicsSimpleTextItem, QWidget)

from megalith.desktop.views.canvas2d import BACKGROUND, Canvas2D
from megalith.desktop.views.dragons import R, DragonsView, cell_centre, hexagon
from megalith.desktop.views.reveal import ORDER_PLATE
from megalith.desktop.views.trichet import TrichetView, triangle_polygon
from megalith.rules.dragons.game import DragonsState
from megalith.rules.dragons.tiles import coord_text
from megalith.rules.protocol import GameState
from megalith.rules.trichet.game import TrichetState
from tests.desktop.app_support import board_view, new_position

S = TypeVar("S", bound=GameState)
TileView = DragonsView | TrichetView
SIZES = [(360, 300), (460, 360), (560, 420), (700, 560)]


def played(game: str, kind: type[S], moves: int, seed: int) -> S:
    """A game `moves` random moves in, still going (the first such from `seed` on)."""
    for _ in range(50):
        state, rng = new_position(game, kind), random.Random(seed)
        for _ in range(moves):
            legal = state.legal_moves()
            if state.outcome().over or not legal:
                break
            state.play(rng.choice(legal))
        if not state.outcome().over and state.legal_moves():
            return state
        seed += 100
    raise AssertionError(f"no {game} game lasts {moves} random moves")


def show(view: Canvas2D, state: GameState) -> None:
    legal = None if state.outcome().over else state.legal_moves()
    view.set_position(state, {}, legal, state.moves[-1] if state.moves else None)


@pytest.fixture(params=["dragons", "trichet"])
def view(request, qtbot) -> TileView:
    widget = board_view(request.param)
    assert isinstance(widget, (DragonsView, TrichetView))
    qtbot.addWidget(widget)
    widget.resize(700, 560)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def game_of(view: Canvas2D, moves: int = 14, seed: int = 5):
    if isinstance(view, DragonsView):
        return played("dragons", DragonsState, moves, seed)
    return played("trichet", TrichetState, moves // 2, seed)  # a pool of 54 goes fast


def place_outline(view: Canvas2D, coord) -> QPolygonF:
    """A numbered place's outline in scene units."""
    if isinstance(view, DragonsView):
        return hexagon(cell_centre(coord), 0.9)
    return triangle_polygon(coord)


def place_centre(view: Canvas2D, coord) -> QPointF:
    return place_outline(view, coord).boundingRect().center()


def resized(qtbot, view: Canvas2D, size: tuple[int, int]) -> None:
    view.resize(*size)
    qtbot.waitUntil(lambda: (view.viewport().width(), view.viewport().height()) == size)


def spin(view: Canvas2D, at: QPoint, delta: int) -> None:
    """The pointer moved to `at`, then a turn of the wheel there (positive: away from the
    player, which zooms in), sent as the window system sends it."""
    QTest.mouseMove(view.viewport(), at)
    event = QWheelEvent(QPointF(at), QPointF(view.viewport().mapToGlobal(at)), QPoint(0, 0),
                        QPoint(0, delta), Qt.MouseButton.NoButton,
                        Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(view.viewport(), event)


# ---- item 8: the wheel zooms about the pointer -------------------------------------------------

def test_the_wheel_zooms_about_the_point_under_the_pointer(qtbot, view) -> None:
    state = game_of(view)
    show(view, state)
    places = list(state.places())
    top = min(places, key=lambda c: place_centre(view, c).y())  # near place 1, at the top
    for delta in (240, 240, -120, 360, -480):
        at = view.mapFromScene(place_centre(view, top))
        scale = view.transform().m11()
        spin(view, at, delta)
        assert (view.transform().m11() > scale) == (delta > 0)
        after = view.mapFromScene(place_centre(view, top))
        assert abs(after.x() - at.x()) <= 2 and abs(after.y() - at.y()) <= 2, (delta, at, after)
    # and about a point low on the board, off centre
    low = max(places, key=lambda c: place_centre(view, c).y() + place_centre(view, c).x())
    view.reset_camera()
    at = view.mapFromScene(place_centre(view, low))
    spin(view, at, 360)
    after = view.mapFromScene(place_centre(view, low))
    assert abs(after.x() - at.x()) <= 2 and abs(after.y() - at.y()) <= 2


# ---- item 10: nothing laid over the board hides a place or a tile ------------------------------

def corner_widgets(view: TileView) -> list[QRect]:
    """What floats over the board's corner: the race button, and Dragons' pool box."""
    widgets: list[QWidget] = [view.race.button]
    if isinstance(view, DragonsView):
        widgets.append(view.info)
    return [w.geometry() for w in widgets if w.isVisible()]


@pytest.mark.parametrize("size", SIZES)
def test_the_corner_boxes_never_cover_a_place_when_the_board_is_fitted(qtbot, view, size
                                                                       ) -> None:
    resized(qtbot, view, size)
    for seed in (5, 8):
        state = game_of(view, 14, seed)
        show(view, state)
        boxes = corner_widgets(view)
        assert boxes
        for coord in state.places():
            outline = view.mapFromScene(place_outline(view, coord)).boundingRect()
            for box in boxes:
                assert not box.intersects(outline), (size, coord, box, outline)
            assert view.viewport().rect().contains(outline), (size, coord)


def label_plates(view: Canvas2D) -> list[QRectF]:
    """The race overlay's labels, as plates in scene units."""
    return [item.sceneBoundingRect() for item in view.scene().items()
            if isinstance(item, QGraphicsRectItem) and item.isVisible()
            and any(isinstance(child, QGraphicsSimpleTextItem) for child in item.childItems())]


def test_race_labels_cover_no_tile_and_no_place(qtbot, view) -> None:
    for seed in (5, 8, 11):
        state = game_of(view, 16, seed)
        show(view, state)
        view.race.button.setChecked(True)
        plates = label_plates(view)
        assert plates, seed
        taken = [place_outline(view, t.coord) for t in state.placed()]
        taken += [place_outline(view, c) for c in state.places()]
        for plate in plates:
            for outline in taken:
                assert not QPolygonF(plate).intersects(outline), (seed, plate)


def test_a_race_label_stays_out_of_the_won_region(qtbot) -> None:
    from tests.desktop.views.test_trichet import TWO_POINTS

    widget = board_view("trichet")
    assert isinstance(widget, TrichetView)
    qtbot.addWidget(widget)
    widget.resize(640, 560)
    widget.show()
    state = TrichetState.from_tiles(TWO_POINTS)
    state.play(f"b{state.places().index((3, 0)) + 1}")
    assert state.outcome().winner == "o"
    show(widget, state)
    widget.race.button.setChecked(True)
    won = [triangle_polygon(t.coord) for t in state.placed()]
    for plate in label_plates(widget):
        assert not any(QPolygonF(plate).intersects(t) for t in won)


def test_an_auto_tiles_number_is_not_under_the_winning_loops_dot(qtbot) -> None:
    """The result's white dots sit on each loop tile's centre; an auto tile's order number
    sits aside, so a winning move's auto tiles keep their numbers in sight."""
    widget = board_view("dragons")
    assert isinstance(widget, DragonsView)
    qtbot.addWidget(widget)
    widget.resize(700, 560)
    widget.show()
    rng = random.Random(4)
    state = new_position("dragons", DragonsState)
    while not any(t.auto for t in state.tiles_of_move(state.ply)):
        state.play(rng.choice(state.legal_moves()))
    show(widget, state)
    widget.reveal.finish()
    discs = [item.sceneBoundingRect() for item in widget.scene().items()
             if isinstance(item, QGraphicsEllipseItem) and item.brush().color() == ORDER_PLATE]
    autos = [t.coord for t in state.tiles_of_move(state.ply) if t.auto]
    assert len(discs) == len(autos)
    dot = R * 0.3  # the chain dot's reach around a tile's centre (canvas2d.mark_chain)
    for coord in autos:
        c = cell_centre(coord)
        centre_dot = QRectF(c.x() - dot, c.y() - dot, 2 * dot, 2 * dot)
        mine = [d for d in discs if hexagon(c).containsPoint(d.center(),
                                                            Qt.FillRule.OddEvenFill)]
        assert len(mine) == 1 and not mine[0].intersects(centre_dot), coord


def test_the_palette_is_never_larger_than_the_boards_tiles(qtbot) -> None:
    widget = board_view("dragons")
    assert isinstance(widget, DragonsView)
    qtbot.addWidget(widget)
    widget.show()
    for size, moves in (((420, 330), 24), ((560, 420), 20), ((900, 700), 6)):
        resized(qtbot, widget, size)
        state = played("dragons", DragonsState, moves, 3)
        show(widget, state)
        board_radius = R * widget.transform().m11()  # a board tile's radius, in pixels
        place = next(c for c in state.places() if len(state.fitting(c)) >= 2)
        widget.show_hover(coord_text(place))
        spots = [widget.mapFromScene(spot) for spot, _ in widget.palette_tiles]
        assert len(spots) >= 2
        step = spots[1].x() - spots[0].x()  # palette tiles are 2.1 radii apart
        assert step / 2.1 <= board_radius + 0.5, (size, step / 2.1, board_radius)


# ---- item 11: the exported image holds the board, not its buttons -----------------------------

def test_the_exported_image_has_no_buttons_on_it(qtbot, view) -> None:
    state = game_of(view)
    show(view, state)
    view.race.button.setChecked(True)
    image = view.grab_image()
    box = view.race.button.geometry()
    colours = {image.pixelColor(x, y).name() for x in range(box.left(), box.right())
               for y in range(box.top(), box.bottom())}
    assert colours == {BACKGROUND.name()}, sorted(colours)[:5]


def test_the_palette_keeps_clear_of_the_corner_boxes(qtbot) -> None:
    widget = board_view("dragons")
    assert isinstance(widget, DragonsView)
    qtbot.addWidget(widget)
    widget.show()
    resized(qtbot, widget, (420, 330))
    state = played("dragons", DragonsState, 16, 3)
    show(widget, state)
    boxes = corner_widgets(widget)
    for place in [c for c in state.places() if state.fitting(c)]:
        widget.show_hover(coord_text(place))
        palette = widget.mapFromScene(widget.palette_rect).boundingRect()
        for box in boxes:
            assert not box.intersects(palette), (place, box, palette)
