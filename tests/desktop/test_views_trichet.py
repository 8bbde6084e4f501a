"""The Trichet canvas on a real (Xvfb) screen: tiles in the players' colours, pointing at a
corner to choose the orientation, clicks that play (an auto move and a corner-only tile
among them), refusals, the last move's marks, the winning region, and the real window."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QImage

from megalith.desktop.dialogs import GameChoice
from megalith.desktop.games import desk
from megalith.desktop.main_window import MainWindow
from megalith.desktop.views.canvas2d import LAST_MOVE
from megalith.desktop.views.trichet import AUTO_MARK, TrichetView, centroid, scene_point
from megalith.rules import registry
from megalith.rules.trichet import TrichetState
from megalith.rules.trichet_tiles import corners, edge_neighbours
from tests.desktop.app_support import real_window

DOT_RED, OH_STONE = (180, 60, 50), (225, 220, 200)  # the default colours of seats 1 and 2
LEFT = Qt.MouseButton.LeftButton
TWO_POINTS = {(-1, -1): "b", (0, -1): "a", (1, -1): "d", (-1, 0): "c", (1, 0): "d",
              (2, -1): "a", (3, -1): "c", (2, 0): "a"}


def show(view: TrichetView, state: TrichetState) -> None:
    legal = None if state.outcome().over else state.legal_moves()
    last = state.moves[-1] if state.moves else None
    view.set_position(state, {}, legal, last)


def rgb(image: QImage, point: QPoint) -> tuple[int, int, int]:
    c = image.pixelColor(point.x(), point.y())
    return c.red(), c.green(), c.blue()


def close(a, b, tolerance: int = 8) -> bool:
    return max(abs(x - y) for x, y in zip(a, b)) <= tolerance


def along_inset_edges(view: TrichetView, tri, steps: int = 60) -> list[QPoint]:
    """Widget points along the outline the last-move marks draw (the triangle shrunk by 0.9
    towards its centre)."""
    c = centroid(tri)
    spots = [c + (scene_point(p) - c) * 0.9 for p in corners(tri)]
    points = []
    for i in range(3):
        a, b = spots[i], spots[(i + 1) % 3]
        points += [view.mapFromScene(a + (b - a) * (k / steps)) for k in range(steps)]
    return points


@pytest.fixture
def view(qtbot) -> TrichetView:
    widget = desk("trichet").make_view(None)
    assert isinstance(widget, TrichetView)
    qtbot.addWidget(widget)
    widget.resize(640, 560)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def test_each_tile_shows_its_two_regions_in_the_players_colours(view) -> None:
    show(view, registry.new_game("trichet"))
    image = view.grab_image()
    # The upper opening tile `a`: Oh's arc at its apex, Dot's colour along its base.
    assert close(rgb(image, view.near_corner((0, 0), 0)), OH_STONE)
    assert close(rgb(image, view.near_corner((0, 0), 1)), DOT_RED)
    assert close(rgb(image, view.near_corner((0, 0), 2)), DOT_RED)
    # The lower one: Oh's arc at its bottom corner.
    assert close(rgb(image, view.near_corner((0, 1), 0)), OH_STONE)
    # An empty place is neither.
    empty = rgb(image, view.near_corner((2, 0), 0))
    assert not close(empty, OH_STONE, 40) and not close(empty, DOT_RED, 40)


def test_the_whole_table_is_fitted_in_the_view(view) -> None:
    state = registry.new_game("trichet")
    state.play("f7")
    show(view, state)
    rect = view.viewport().rect()
    for tri in [t.coord for t in state.placed()] + list(state.places()):
        assert rect.contains(view.mapFromScene(centroid(tri)))


def test_a_game_by_clicks_with_an_auto_move_and_a_corner_only_tile(qtbot, view) -> None:
    state = registry.new_game("trichet")
    show(view, state)
    # Dot points at the lower-left corner of place 7 (its corner is already `.`): f7.
    with qtbot.waitSignal(view.moveChosen) as chosen:
        qtbot.mouseClick(view.viewport(), LEFT, pos=view.near_corner((2, 0), 2))
    assert chosen.args == ["f7"]
    state.play("f7")
    show(view, state)
    image = view.grab_image()
    # The auto tile `d` above the gap: Dot's arc at its apex, Oh's colour below.
    assert close(rgb(image, view.near_corner((1, -1), 0)), DOT_RED)
    assert close(rgb(image, view.near_corner((1, -1), 1)), OH_STONE)
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
        qtbot.mouseClick(view.viewport(), LEFT, pos=view.near_corner((0, -2), 1))
    assert chosen.args == ["e1"]
    state.play("e1")
    show(view, state)
    image = view.grab_image()
    assert close(rgb(image, view.near_corner((0, -2), 1)), DOT_RED)
    assert close(rgb(image, view.near_corner((0, -2), 0)), OH_STONE)


def test_hovering_a_place_shows_the_ghost_and_the_letters_that_fit(qtbot, view) -> None:
    state = registry.new_game("trichet")
    state.play("f7")
    show(view, state)
    hints: list[str] = []
    view.hint.connect(hints.append)
    before = rgb(view.grab_image(), view.near_corner((0, -2), 1))
    qtbot.mouseMove(view.viewport(), view.near_corner((0, -2), 1))
    qtbot.waitUntil(lambda: bool(hints))
    assert hints[-1] == "place 1: click to play e1 (point at another corner for a1, c1)"
    ghost = rgb(view.grab_image(), view.near_corner((0, -2), 1))
    assert ghost != before and ghost[0] > ghost[1] + 40  # Dot's red arc, see-through
    qtbot.mouseMove(view.viewport(), view.near_corner((0, -2), 0))
    qtbot.waitUntil(lambda: hints[-1].startswith("place 1: click to play a1"))


def test_a_click_where_no_tile_may_go_says_why(qtbot, view) -> None:
    state = TrichetState.from_tiles({(0, -1): "e", (1, 0): "d"})
    show(view, state)
    hints: list[str] = []
    view.hint.connect(hints.append)
    chosen: list[str] = []
    view.moveChosen.connect(chosen.append)
    qtbot.mouseClick(view.viewport(), LEFT, pos=view.mapFromScene(centroid((1, -1))))
    assert hints[-1] == ("no tile may go here: its three corners are already all oh (o), and "
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
    inside = rgb(image, view.near_corner((0, 0), 0))  # Oh's arc around the point (0, 0)
    outside = rgb(image, view.near_corner((0, 1), 0))  # Oh's arc at (0, 2): not the region
    assert close(outside, OH_STONE)
    assert inside[2] > OH_STONE[2] + 12 and all(a >= b for a, b in zip(inside, OH_STONE))
    assert close(rgb(image, view.point_screen_pos((2, 0))), (255, 255, 255), 10)
    # Dot's parts of the same tiles are not lightened.
    assert close(rgb(image, view.near_corner((0, 0), 1)), DOT_RED)
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
    qtbot.mouseClick(view.viewport(), LEFT, pos=view.near_corner((2, 0), 2))
    assert list(window.session.record.moves) == ["f7"]
    assert window.panel.facts_label.text() == "Pool: 48 tiles left"
    assert window.panel.table.item(0, 0).text() == "f7 +3 auto"  # the help page's example
    window.move_line.setText("E1")
    qtbot.keyClick(window.move_line, Qt.Key.Key_Return)
    assert list(window.session.record.moves) == ["f7", "e1"]
    image = view.grab_image()
    assert close(rgb(image, view.near_corner((0, -2), 1)), DOT_RED)


def test_the_new_game_dialog_offers_the_pool_and_the_winning_size(qtbot) -> None:
    from megalith.desktop.dialogs import NewGameDialog

    dialog = NewGameDialog()
    qtbot.addWidget(dialog)
    dialog.game_combo.setCurrentIndex(dialog.game_combo.findData("trichet"))
    assert {"size", "num_tiles", "win_size"} <= set(dialog.option_widgets)
    assert [row.side.text() for row in dialog.rows[:2]] == [".", "o"]  # Dot moves first
    dialog.option_widgets["size"].setValue(30)
    dialog.option_widgets["win_size"].setValue(6)
    dialog.rows[0].name.setText("dora")
    dialog.rows[1].name.setText("otto")
    assert dialog.validate()
    assert dialog.choice().parameters == ["-size=30", "-win_size=6"]
    dialog.option_widgets["num_tiles"].setValue(40)  # the same option, another value
    assert not dialog.validate()
    assert dialog.error == "-size and -num_tiles are the same option: give one of them"
