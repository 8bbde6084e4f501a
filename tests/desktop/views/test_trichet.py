"""The Trichet canvas on a real (Xvfb) screen: tiles in the players' colours, pointing at a
corner to choose the orientation, clicks that play (an auto move and a corner-only tile
among them), refusals, the last move's marks, the winning region, and the real window."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QLineF, QPoint, QPointF, Qt
from PySide6.QtGui import QImage, QPolygonF
from PySide6.QtWidgets import QGraphicsSimpleTextItem, QLabel

from megalith.desktop.game.session import GameChoice
from megalith.desktop.window.main_window import MainWindow
from megalith.desktop.views.canvas2d import LAST_MOVE
from megalith.desktop.views.trichet import (AUTO_MARK, TrichetView, centroid, scene_point,
                                            triangle_polygon)
from megalith.rules import registry
from megalith.rules.trichet.game import TrichetState
from megalith.rules.trichet.tiles import corners, edge_neighbours
from tests.desktop.app_support import (board_view, child, header, item, new_position, real_window,
                                       spin_box)

DOT_RED, OH_STONE = (180, 60, 50), (225, 220, 200)  # the default colours of seats 1 and 2
LEFT = Qt.MouseButton.LeftButton
TWO_POINTS = {(-1, -1): "b", (0, -1): "a", (1, -1): "d", (-1, 0): "c", (1, 0): "d",
              (2, -1): "a", (3, -1): "c", (2, 0): "a"}


def near_corner(view: TrichetView, tri: tuple[int, int], corner: int, towards: float = 0.6
                ) -> QPoint:
    """Where, in widget pixels, a point of the triangle lies `towards` of the way from its
    centre to one of its corners: pointing there chooses the tile with its arc at that
    corner."""
    c = centroid(tri)
    spot = scene_point(corners(tri)[corner])
    return view.mapFromScene(c + (spot - c) * towards)


def point_screen_pos(view: TrichetView, point: tuple[int, int]) -> QPoint:
    """Where a lattice point is, in widget pixels."""
    return view.mapFromScene(scene_point(point))


def show(view: TrichetView, state: TrichetState) -> None:
    legal = None if state.outcome().over else state.legal_moves()
    last = state.moves[-1] if state.moves else None
    view.set_position(state, {}, legal, last)


def rgb(image: QImage, point: QPoint) -> tuple[int, int, int]:
    c = image.pixelColor(point.x(), point.y())
    return c.red(), c.green(), c.blue()


def close(a, b, tolerance: int = 8) -> bool:
    return max(abs(x - y) for x, y in zip(a, b)) <= tolerance


def along_inset_edges(view: TrichetView, tri, scale: float = 0.9, steps: int = 60
                      ) -> list[QPoint]:
    """Widget points along the outline the last-move marks draw (the triangle shrunk by
    `scale` towards its centre)."""
    c = centroid(tri)
    spots = [c + (scene_point(p) - c) * scale for p in corners(tri)]
    points = []
    for i in range(3):
        a, b = spots[i], spots[(i + 1) % 3]
        points += [view.mapFromScene(a + (b - a) * (k / steps)) for k in range(steps)]
    return points


@pytest.fixture
def view(qtbot) -> TrichetView:
    widget = board_view("trichet")
    assert isinstance(widget, TrichetView)
    qtbot.addWidget(widget)
    widget.resize(640, 560)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def test_each_tile_shows_its_two_regions_in_the_players_colours(view) -> None:
    show(view, new_position("trichet", TrichetState))
    image = view.grab_image()
    # The upper opening tile `a`: Oh's arc at its apex, Dot's colour along its base.
    assert close(rgb(image, near_corner(view, (0, 0), 0)), OH_STONE)
    assert close(rgb(image, near_corner(view, (0, 0), 1)), DOT_RED)
    assert close(rgb(image, near_corner(view, (0, 0), 2)), DOT_RED)
    # The lower one: Oh's arc at its bottom corner.
    assert close(rgb(image, near_corner(view, (0, 1), 0)), OH_STONE)
    # An empty place is neither.
    empty = rgb(image, near_corner(view, (2, 0), 0))
    assert not close(empty, OH_STONE, 40) and not close(empty, DOT_RED, 40)


def test_the_whole_table_is_fitted_in_the_view(view) -> None:
    state = new_position("trichet", TrichetState)
    state.play("f7")
    show(view, state)
    rect = view.viewport().rect()
    for tri in [t.coord for t in state.placed()] + list(state.places()):
        assert rect.contains(view.mapFromScene(centroid(tri)))


def test_a_game_by_clicks_with_an_auto_move_and_a_corner_only_tile(qtbot, view) -> None:
    state = new_position("trichet", TrichetState)
    show(view, state)
    # Dot points at the lower-left corner of place 7 (its corner is already `.`): f7.
    with qtbot.waitSignal(view.moveChosen) as chosen:
        qtbot.mouseClick(view.viewport(), LEFT, pos=near_corner(view, (2, 0), 2))
    assert chosen.args == ["f7"]
    state.play("f7")
    show(view, state)
    qtbot.waitUntil(lambda: not view.reveal.running)  # the auto tiles appear by themselves
    image = view.grab_image()
    # The auto tile `d` above the gap: Dot's arc at its apex, Oh's colour below.
    assert close(rgb(image, near_corner(view, (1, -1), 0)), DOT_RED)
    assert close(rgb(image, near_corner(view, (1, -1), 1)), OH_STONE)
    # The player's tile outlined in yellow, the auto tiles dashed in blue.
    own = [rgb(image, p) for p in along_inset_edges(view, (2, 0))]
    auto = [rgb(image, p) for p in along_inset_edges(view, (1, -1))]
    yellow = (LAST_MOVE.red(), LAST_MOVE.green(), LAST_MOVE.blue())
    blue = (AUTO_MARK.red(), AUTO_MARK.green(), AUTO_MARK.blue())
    assert sum(close(c, yellow, 30) for c in own) > len(own) // 2
    assert not any(close(c, yellow, 30) for c in auto)
    assert any(close(c, blue, 30) for c in auto)
    # Oh plays place 1 by a corner only: it touches the auto tile at (1, -1) and nothing else.
    assert all(state.tile(near) is None for near in edge_neighbours((0, -2)))
    with qtbot.waitSignal(view.moveChosen) as chosen:
        qtbot.mouseClick(view.viewport(), LEFT, pos=near_corner(view, (0, -2), 1))
    assert chosen.args == ["e1"]
    state.play("e1")
    show(view, state)
    image = view.grab_image()
    assert close(rgb(image, near_corner(view, (0, -2), 1)), DOT_RED)
    assert close(rgb(image, near_corner(view, (0, -2), 0)), OH_STONE)


def test_hovering_a_place_shows_the_ghost_and_the_letters_that_fit(qtbot, view) -> None:
    state = new_position("trichet", TrichetState)
    state.play("f7")
    show(view, state)
    hints: list[str] = []
    view.hint.connect(hints.append)
    before = rgb(view.grab_image(), near_corner(view, (0, -2), 1))
    qtbot.mouseMove(view.viewport(), near_corner(view, (0, -2), 1))
    qtbot.waitUntil(lambda: bool(hints))
    assert hints[-1] == "place 1: click to play e1 (point at another corner for a1, c1)"
    ghost = rgb(view.grab_image(), near_corner(view, (0, -2), 1))
    assert ghost != before and ghost[0] > ghost[1] + 40  # Dot's red arc, see-through
    qtbot.mouseMove(view.viewport(), near_corner(view, (0, -2), 0))
    qtbot.waitUntil(lambda: hints[-1].startswith("place 1: click to play a1"))


def test_a_click_where_no_tile_may_go_says_why(qtbot, view) -> None:
    state = TrichetState.from_tiles({(0, -1): "e", (1, 0): "d"})
    show(view, state)
    hints: list[str] = []
    view.hint.connect(hints.append)
    chosen: list[str] = []
    view.moveChosen.connect(chosen.append)
    qtbot.mouseClick(view.viewport(), LEFT, pos=view.mapFromScene(centroid((1, -1))))
    assert hints[-1] == ("no tile may go here: its three corners are already all Oh's, and "
                         "every tile has corners of both colours")
    qtbot.mouseClick(view.viewport(), LEFT, pos=view.mapFromScene(centroid((0, 0))))
    assert hints[-1] == "tile a: an opening tile"
    assert chosen == []


def test_the_winning_region_is_lightened_and_its_points_dotted(qtbot, view) -> None:
    state = TrichetState.from_tiles(TWO_POINTS)
    state.play(f"b{state.places().index((3, 0)) + 1}")
    assert state.outcome().winner == "o"
    show(view, state)
    image = view.grab_image()
    inside = rgb(image, near_corner(view, (0, 0), 0))  # Oh's arc around the point (0, 0)
    outside = rgb(image, near_corner(view, (0, 1), 0))  # Oh's arc at (0, 2): not the region
    assert close(outside, OH_STONE)
    assert inside[2] > OH_STONE[2] + 12 and all(a >= b for a, b in zip(inside, OH_STONE))
    assert close(rgb(image, point_screen_pos(view, (2, 0))), (255, 255, 255), 10)
    # Dot's parts of the same tiles are not lightened.
    assert close(rgb(image, near_corner(view, (0, 0), 1)), DOT_RED)
    # No place is numbered or playable any more.
    hints: list[str] = []
    view.hint.connect(hints.append)
    assert state.places() == []
    empty = next(near for tile in state.placed() for near in edge_neighbours(tile.coord)
                 if state.tile(near) is None)
    qtbot.mouseClick(view.viewport(), LEFT, pos=view.mapFromScene(centroid(empty)))
    assert hints[-1] == "the game is over"


# ---- the real window ------------------------------------------------------------------------

@pytest.fixture
def window(qtbot, monkeypatch, tmp_path) -> MainWindow:
    return real_window(qtbot, monkeypatch, tmp_path)


def test_trichet_in_the_window_by_click_and_by_typing(qtbot, window) -> None:
    window.start_game(GameChoice("trichet", [], ["dora", "otto"], []))
    view = window.view
    assert isinstance(view, TrichetView)
    assert window.panel.facts_label.text() == "Pool: 52 tiles left"
    qtbot.mouseClick(view.viewport(), LEFT, pos=near_corner(view, (2, 0), 2))
    assert list(window.session.record.moves) == ["f7"]
    assert window.panel.facts_label.text() == "Pool: 48 tiles left"
    assert item(window.panel.table, 0, 0).text() == "f7 (3 auto)"  # the help page's example
    window.move_line.setText("E1")
    qtbot.keyClick(window.move_line, Qt.Key.Key_Return)
    assert list(window.session.record.moves) == ["f7", "e1"]
    image = view.grab_image()
    assert close(rgb(image, near_corner(view, (0, -2), 1)), DOT_RED)


def test_the_players_are_dot_and_oh_in_every_text(qtbot, window) -> None:
    """The side letters `.` and `o` stay in the record; people read the help page's names."""
    window.start_game(GameChoice("trichet", [], ["dora", "otto"], []))
    assert window.message_label.text() == "New game of Trichet. Dot (dora) to move."
    panel = window.panel
    assert child(panel, QLabel, "player_.").text() == "Dot  dora"
    assert child(panel, QLabel, "player_o").text() == "Oh  otto"
    assert [header(panel.table, i).text() for i in range(2)] == ["Dot dora", "Oh otto"]
    window.move_line.setText("f7")
    qtbot.keyClick(window.move_line, Qt.Key.Key_Return)
    assert window.message_label.text() == "Dot (dora) played f7. Oh (otto) to move."
    window.move_line.setText("resign")
    qtbot.keyClick(window.move_line, Qt.Key.Key_Return)
    assert window.message_label.text() == ("Oh (otto) resigned. Dot (dora) wins: the other "
                                           "player resigned.")
    assert panel.result_label.text() == "Dot (dora) wins: the other player resigned"


def test_the_new_game_dialog_offers_the_pool_and_the_winning_size(qtbot) -> None:
    from megalith.desktop.dialogs import NewGameDialog

    dialog = NewGameDialog()
    qtbot.addWidget(dialog)
    dialog.game_combo.setCurrentIndex(dialog.game_combo.findData("trichet"))
    dialog.show()
    assert {"size", "num_tiles", "win_size"} <= set(dialog.option_widgets)
    for name in ("size", "num_tiles", "win_size"):  # each number says what it is, on show
        about = child(dialog, QLabel, f"about_{name}")
        spec = registry.get("trichet").option(name)
        assert spec is not None, name
        assert about.isVisible() and about.text() == spec.help
    assert "fewest tiles a closed region needs to win" in child(
        dialog, QLabel, "about_win_size").text()
    assert [row.side.text() for row in dialog.rows[:2]] == ["Dot", "Oh"]  # Dot moves first
    spin_box(dialog, "size").setValue(30)
    spin_box(dialog, "win_size").setValue(6)
    dialog.rows[0].name.setText("dora")
    dialog.rows[1].name.setText("otto")
    assert dialog.validate()
    assert dialog.choice().parameters == ["-size=30", "-win_size=6"]
    spin_box(dialog, "num_tiles").setValue(40)  # the same option, another value
    assert not dialog.validate()
    assert dialog.error == "-size and -num_tiles are the same option: give one of them"


# ---- the race overlay: open regions --------------------------------------------------------

RING = {(-1, -1): "b", (0, -1): "a", (1, -1): "c", (-1, 0): "c", (0, 0): "a", (1, 0): "b"}


def region_badges(view: TrichetView) -> dict[str, QGraphicsSimpleTextItem]:
    return {item.text(): item for item in view.scene().items()
            if isinstance(item, QGraphicsSimpleTextItem) and item.isVisible()
            and item.text().endswith("\u25b5")}


def test_each_open_regions_count_is_the_engines_and_the_nearest_is_marked(qtbot, view) -> None:
    """Oh's point (0, 0) ringed by five arcs: one triangle from closing."""
    state = TrichetState.from_tiles({t: l for t, l in RING.items() if t != (1, 0)})
    show(view, state)
    assert region_badges(view) == {}  # off until asked, and not even drawn
    assert not any(isinstance(item, QGraphicsSimpleTextItem) and item.text().endswith("\u25b5")
                   for item in view.scene().items())
    off = view.grab_image()
    qtbot.keyClick(view.viewport(), Qt.Key.Key_L)
    labels = sorted(item.text() for item in view.scene().items()
                    if isinstance(item, QGraphicsSimpleTextItem) and item.isVisible()
                    and item.text().endswith("\u25b5"))
    closable = [r for r in state.open_regions() if r.closable]
    assert labels == sorted(f"{len(r.missing)}\u25b5" for r in closable)
    # the ring's badge, in Oh's colour, framed and bold: the nearest
    badge = region_badges(view)["1\u25b5"]
    assert badge.font().bold()
    image = view.grab_image()
    plate = view.mapFromScene(badge.parentItem().sceneBoundingRect()).boundingRect()
    inside = [QPoint(x, y) for x in range(plate.left() + 1, plate.right())
              for y in range(plate.top() + 1, plate.bottom())]
    assert sum(close(rgb(image, p), OH_STONE, 12) for p in inside) > len(inside) // 3
    assert sum(rgb(image, p) == (15, 15, 15) for p in inside) > 10  # its frame and text
    assert sum(rgb(off, p) == rgb(image, p) for p in inside) < len(inside) // 2
    # beside its point, over no tile and no place (#39: a label hides nothing)
    centre = view.mapFromScene(scene_point((0, 0)))
    assert view.viewport().rect().contains(plate)
    assert QLineF(QPointF(plate.center()), QPointF(centre)).length() < 3.5 * view.unit() * \
        view.transform().m11()
    scene_plate = QPolygonF(badge.parentItem().sceneBoundingRect())
    for tri in [*(t.coord for t in state.placed()), *state.places()]:
        assert not scene_plate.intersects(triangle_polygon(tri)), tri
    # its missing triangle (1, 0) is outlined, dashed, in Oh's colour
    edges = [rgb(image, p) for p in along_inset_edges(view, (1, 0), 0.8)]
    assert sum(close(c, OH_STONE, 30) for c in edges) > len(edges) // 4


def test_the_region_overlay_comes_on_after_a_move_that_changes_it(qtbot, view) -> None:
    state = new_position("trichet", TrichetState)
    show(view, state)
    assert not view.race.shown
    state.play("f7")
    show(view, state)
    assert view.race.shown and region_badges(view)
    qtbot.mouseClick(view.race.button, LEFT)
    assert not view.race.shown and region_badges(view) == {}


# ---- a move's auto tiles, one after the other ---------------------------------------------------

def tile_shown(image: QImage, view: TrichetView, tri) -> bool:
    """Whether a tile's colours are at two of the triangle's corners."""
    spots = [near_corner(view, tri, corner, 0.7) for corner in range(3)]
    return sum(close(rgb(image, s), DOT_RED, 12) or close(rgb(image, s), OH_STONE, 12)
               for s in spots) >= 2


def after_f7(view: TrichetView) -> list:
    """The help page's move f7 shown after the opening: its three auto tiles, in order."""
    state = new_position("trichet", TrichetState)
    show(view, state)
    state.play("f7")
    show(view, state)
    own, autos = state.tiles_of_move(1)
    assert [t.coord for t in autos] == [(1, -1), (1, 0), (3, 0)]
    return [t.coord for t in autos]


def test_auto_tiles_appear_one_after_the_other_in_the_rules_order(qtbot, view) -> None:
    view.reveal.step_ms = 700  # every step seen, even on a busy machine
    autos = after_f7(view)
    seen: list[tuple[bool, ...]] = []

    def look() -> bool:
        image = view.grab_image()
        shown = tuple(tile_shown(image, view, tri) for tri in autos)
        if not seen or seen[-1] != shown:
            seen.append(shown)
        return all(shown)

    qtbot.waitUntil(look, timeout=5000)
    assert seen == [(False, False, False), (True, False, False), (True, True, False),
                    (True, True, True)]
    assert not view.reveal.running
    # they stay marked, dashed and numbered 1, 2, 3 in that order, until the next move
    numbers = {item.text(): item for item in view.scene().items()
               if isinstance(item, QGraphicsSimpleTextItem) and item.text() in "123"
               and item.parentItem() is not None}
    for number, tri in zip("123", autos):
        spot = view.mapFromScene(numbers[number].sceneBoundingRect().center())
        assert view.mapFromScene(triangle_polygon(tri)).containsPoint(
            spot, Qt.FillRule.OddEvenFill)


@pytest.mark.parametrize("how", ["key", "click"])
def test_a_key_or_a_click_finishes_the_auto_tiles_at_once(qtbot, view, how) -> None:
    autos = after_f7(view)
    assert view.reveal.running
    image = view.grab_image()
    assert not any(tile_shown(image, view, tri) for tri in autos)
    chosen: list[str] = []
    view.moveChosen.connect(chosen.append)
    if how == "key":
        qtbot.keyClick(view.viewport(), Qt.Key.Key_A)
    else:
        qtbot.mouseClick(view.viewport(), LEFT, pos=near_corner(view, (0, -2), 1))
    assert not view.reveal.running
    image = view.grab_image()
    assert all(tile_shown(image, view, tri) for tri in autos)
    assert chosen == []  # the click only hurried the tiles: it played nothing


def test_the_move_lists_auto_tiles_are_named_on_hover_and_shown_on_click(qtbot, window) -> None:
    window.start_game(GameChoice("trichet", [], ["dora", "otto"], []))
    for move in ("f7", "e1"):
        window.move_line.setText(move)
        qtbot.keyClick(window.move_line, Qt.Key.Key_Return)
    table = window.panel.table
    cell = table.item(0, 0)
    assert cell.text() == "f7 (3 auto)"
    assert cell.toolTip() == ("Then the rules laid 3 tiles by themselves: d on place 3, d on "
                              "place 6 and f on a new place. Click the move to see them on "
                              "the board, dashed in cyan, numbered in that order.")
    _, autos = window.session.current.tiles_of_move(2)
    assert table.item(0, 1).toolTip().startswith(
        f"Then the rules laid {len(autos)} tiles by themselves: {autos[0].letter} on ")
    qtbot.mouseClick(table.viewport(), LEFT, pos=table.visualItemRect(cell).center())
    assert window.session.viewed == 1
    view = window.view
    view.reveal.finish()
    image = view.grab_image()
    for number, tri in zip("123", [(1, -1), (1, 0), (3, 0)]):
        dashes = [rgb(image, p) for p in along_inset_edges(view, tri)]
        blue = (AUTO_MARK.red(), AUTO_MARK.green(), AUTO_MARK.blue())
        assert any(close(c, blue, 30) for c in dashes), tri
        label = next(item for item in view.scene().items()
                     if isinstance(item, QGraphicsSimpleTextItem) and item.text() == number
                     and item.parentItem() is not None)
        assert view.mapFromScene(triangle_polygon(tri)).containsPoint(
            view.mapFromScene(label.sceneBoundingRect().center()), Qt.FillRule.OddEvenFill)
