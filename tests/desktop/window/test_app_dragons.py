"""Dragons in the real window: a game started from the new-game dialog with its options,
played by clicks on the canvas and by typing, saved and opened again."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt, QTimer
from PySide6.QtWidgets import QApplication, QCheckBox, QDialogButtonBox, QSpinBox

from megalith.desktop.dialogs import NewGameDialog
from megalith.desktop.window.main_window import MainWindow
from megalith.desktop.views.dragons import DragonsView, cell_centre, edge_point
from tests.desktop.app_support import real_window

O_COLOUR, X_COLOUR = (225, 220, 200), (180, 60, 50)


@pytest.fixture
def window(qtbot, monkeypatch, tmp_path) -> MainWindow:
    return real_window(qtbot, monkeypatch, tmp_path, active=True)


def colour_at(view: DragonsView, point: QPoint) -> tuple[int, int, int]:
    c = view.grab_image().pixelColor(point.x(), point.y())
    return c.red(), c.green(), c.blue()


def near(a: tuple[int, int, int], b: tuple[int, int, int], slack: int = 12) -> bool:
    return all(abs(x - y) <= slack for x, y in zip(a, b))


def test_dragons_from_the_dialog_by_clicks_typing_save_and_open(qtbot, window,
                                                                tmp_path) -> None:
    def fill() -> None:
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, NewGameDialog)
        dialog.game_combo.setCurrentIndex(dialog.game_combo.findData("dragons"))
        assert set(dialog.option_widgets) == {"num_tiles", "tantrix", "cross", "tails",
                                              "start_tip", "start_joint"}
        tiles = dialog.option_widgets["num_tiles"]
        assert isinstance(tiles, QSpinBox)
        tiles.setValue(30)
        tantrix = dialog.option_widgets["tantrix"]
        assert isinstance(tantrix, QCheckBox)
        tantrix.setChecked(True)
        dialog.rows[0].name.setText("xena")
        dialog.rows[1].name.setText("otto")
        ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
        qtbot.mouseClick(ok, Qt.MouseButton.LeftButton)
    QTimer.singleShot(0, fill)
    window.commands.new_action.trigger()
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    session = window.session
    assert session.game == "dragons"
    assert session.record.parameters == ["-num_tiles=30", "-tantrix"]
    view = window.view
    assert isinstance(view, DragonsView)
    # X (xena) clicks place 1: the first fitting tile, b
    qtbot.mouseMove(view.viewport(), view.cell_screen_pos("0,-2"))
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=view.cell_screen_pos("0,-2"))
    assert list(window.session.record.moves) == ["b1"]
    # O (otto) types a move
    window.move_line.setText("d2")
    qtbot.keyClick(window.move_line, Qt.Key.Key_Return)
    assert list(window.session.record.moves) == ["b1", "d2"]
    state = window.session.current
    assert state.tile_at((0, -2)) == "b"
    assert state.pool_left == 30 - len(state.placed()) < 28   # d2 brought an auto tile
    # b: O on NE, SE, S, so its NE band is O's colour and its NW band X's
    centre = cell_centre((0, -2))
    assert near(colour_at(view, view.mapFromScene(edge_point(centre, 1, depth=0.7))), O_COLOUR)
    assert near(colour_at(view, view.mapFromScene(edge_point(centre, 5, depth=0.7))), X_COLOUR)
    assert view.info.text().splitlines()[0] == f"Pool: {state.pool_left} tiles left"
    assert window.panel.findChild(type(window.panel.result_label), "score_X").text() == "0"
    path = tmp_path / "dragons.txt"
    assert window.files.save_as(path)
    text = path.read_text()
    assert "(game dragons)" in text and "(players xena otto)" in text
    assert window.files.open_file(path)
    assert list(window.session.record.moves) == ["b1", "d2"]
    assert window.session.current.placed() == state.placed()


def test_the_side_panel_shows_the_pool_and_each_moves_auto_tiles(qtbot, window) -> None:
    from megalith.desktop.game.session import GameChoice

    window.start_game(GameChoice("dragons", ["-start_tip", "-num_tiles=20"], ["xena", "otto"],
                                 []))
    facts = window.panel.facts_label
    assert facts.isVisibleTo(window.panel) and facts.text() == "Pool: 19 tiles left"
    for move in ("c6", "b3"):  # the help page's example: b3 makes the rules place a tile
        window.move_line.setText(move)
        window.play_typed()
    state = window.session.current
    autos = [t for t in state.placed() if t.ply == 2 and t.auto]
    assert len(autos) == 1
    table = window.panel.table
    assert [table.item(0, 0).text(), table.item(0, 1).text()] == ["c6", "b3 (1 auto)"]
    assert table.item(0, 0).toolTip() == ""
    number = window.session.states[1].places().index(autos[0].coord) + 1
    assert table.item(0, 1).toolTip() == (f"Then the rules laid 1 tile by themselves: "
                                          f"{autos[0].letter} on place {number}. Click the "
                                          "move to see it on the board, dashed in cyan.")
    assert facts.text() == f"Pool: {state.pool_left} tiles left" and state.pool_left == 16
