"""The real window with the real views, played by mouse clicks as a person would: a Druid
game from the new-game dialog to the win (sarsens and a Shift+click lintel), a Drogo capture
and a Quadrant Y sub-game, with the pixels where the pieces should be, undo and redo, and
saving and reopening."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import QPoint, Qt, QTimer
from PySide6.QtWidgets import QApplication, QDialogButtonBox, QLabel

from megalith.desktop.dialogs import NewGameDialog
from megalith.desktop.game.session import GameChoice, Session
from megalith.desktop.views.summary import SummaryMap
from megalith.desktop.window.main_window import MainWindow
from tests.desktop.app_support import (board_of, crash, install_dialogs, map_of,
                                       private_folders, session_of, spin_box, view_of)

RED, STONE = (180, 60, 50), (225, 220, 200)
NO_KEYS = Qt.KeyboardModifier.NoModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier


@pytest.fixture
def dialogs(monkeypatch, tmp_path):
    private_folders(monkeypatch, tmp_path)
    return install_dialogs(monkeypatch)


@pytest.fixture
def window(qtbot, dialogs) -> MainWindow:
    window = MainWindow()
    qtbot.addWidget(window)
    window.resize(780, 560)
    window.show()
    qtbot.waitExposed(window)
    activate(qtbot, window)
    return window


def activate(qtbot, window: MainWindow) -> None:
    """Shortcuts (T, Ctrl+Z, ...) reach only the active window."""
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)


def click(qtbot, window: MainWindow, cell: str, modifier=NO_KEYS,
          button=Qt.MouseButton.LeftButton) -> None:
    """Clicks the top of a cell's stack on the board view, where the view says it is."""
    view = view_of(window)
    qtbot.mouseClick(view.viewport() if hasattr(view, "viewport") else view, button, modifier,
                     board_of(window).cell_screen_pos(cell))


def pixel(window: MainWindow, cell: str) -> tuple[int, int, int]:
    """The colour drawn on top of a cell's stack."""
    board = board_of(window)
    image = board.grab_image()
    point: QPoint = board.cell_screen_pos(cell)
    ratio = image.devicePixelRatio()
    colour = image.pixelColor(round(point.x() * ratio), round(point.y() * ratio))
    return colour.red(), colour.green(), colour.blue()


def near(colour: tuple[int, int, int], expected: tuple[int, int, int], slack: int = 40) -> bool:
    return all(abs(a - b) <= slack for a, b in zip(colour, expected))


def moves(window: MainWindow) -> list[str]:
    return list(session_of(window).record.moves)


# ---- Druid ----------------------------------------------------------------------------------

def start_from_dialog(qtbot, window: MainWindow, game: str, size: int) -> None:
    """Opens New game (Ctrl+N), fills the real dialog and presses OK."""
    def fill() -> None:
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, NewGameDialog)
        dialog.game_combo.setCurrentIndex(dialog.game_combo.findData(game))
        spin_box(dialog, "size").setValue(size)
        dialog.rows[0].name.setText("vera")
        dialog.rows[1].name.setText("hugo")
        ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
        qtbot.mouseClick(ok, Qt.MouseButton.LeftButton)
    QTimer.singleShot(0, fill)
    window.commands.new_action.trigger()
    activate(qtbot, window)


def test_a_druid_game_played_by_clicks_from_the_dialog_to_the_win(qtbot, window, tmp_path
                                                                  ) -> None:
    window.start_game(GameChoice("drogo", [], ["a", "b"], []))
    start_from_dialog(qtbot, window, "druid", 4)
    assert window.session.game == "druid" and window.session.record.parameters == ["-size=4"]
    assert window.session.record.players == ["vera", "hugo"]
    assert pixel(window, "a1") != RED
    for cell in ("a1", "d4"):
        click(qtbot, window, cell)
    assert near(pixel(window, "a1"), RED, 10) and near(pixel(window, "d4"), STONE, 10)
    for cell in ("c1", "d3"):  # (the last move's pin over d3 then hides d4 from this side)
        click(qtbot, window, cell)
    assert moves(window) == ["a1", "d4", "c1", "d3"]
    # The lintel: Shift+click one end, then the other.
    click(qtbot, window, "a1", SHIFT)
    assert moves(window) == ["a1", "d4", "c1", "d3"]
    click(qtbot, window, "c1", SHIFT)
    assert moves(window)[-1] == "a1-c1"
    assert window.session.current.height("b1") == 2
    assert near(pixel(window, "b1"), RED, 10)  # the lintel's top over the gap at b1
    # The lintel now hides a2 from the default camera: look from above (T), as a player would.
    qtbot.keyClick(window.view, Qt.Key.Key_T)
    for cell in ("d2", "a2", "d1", "a3", "c4", "a4"):
        click(qtbot, window, cell)
    assert moves(window) == ["a1", "d4", "c1", "d3", "a1-c1", "d2", "a2", "d1", "a3", "c4",
                             "a4"]
    outcome = window.session.current.outcome()
    assert outcome.status == "win" and outcome.winner == "V"
    assert window.banner.isVisible() and window.banner.text().startswith("V (vera)")
    assert window.message_label.text().startswith("V (vera) played a4. V (vera)")
    # After the end nothing more can be played by clicking.
    click(qtbot, window, "b3")
    assert len(moves(window)) == 11

    # Undo takes the winning move back (the pixel goes back to the board), redo plays it.
    qtbot.keyClick(window.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert len(moves(window)) == 10 and not window.banner.isVisible()
    assert not near(pixel(window, "a4"), RED, 10)
    window.commands.redo_action.trigger()
    assert moves(window)[-1] == "a4" and near(pixel(window, "a4"), RED, 10)

    # Save, reopen, compare.
    target = tmp_path / "druid.txt"
    assert window.files.save_as(target)
    saved = Session.load(target)
    assert saved.record.moves == moves(window)
    window.start_game(GameChoice("drogo", [], ["a", "b"], []))
    assert window.files.open_file(target)
    assert window.session.record == saved.record
    assert window.session.current.render() == saved.current.render()
    assert near(pixel(window, "b1"), RED, 10) and window.banner.isVisible()


# ---- Drogo ----------------------------------------------------------------------------------

def test_a_drogo_capture_by_clicks_with_undo_redo_and_save(qtbot, window, tmp_path) -> None:
    window.start_game(GameChoice("drogo", ["-size=4"], ["xena", "otto"], []))
    click(qtbot, window, "a2")            # the opening places one piece: played at once
    assert moves(window) == ["a2"]
    click(qtbot, window, "a1")            # two-piece moves exist: the piece is held...
    assert moves(window) == ["a2"]
    qtbot.keyClick(window.view, Qt.Key.Key_Return)  # ...and Enter plays it alone
    assert moves(window) == ["a2", "a1"]
    assert near(pixel(window, "a1"), STONE, 10)
    click(qtbot, window, "b1")
    click(qtbot, window, "b1", button=Qt.MouseButton.RightButton)  # right-click: alone
    assert moves(window) == ["a2", "a1", "b1"]
    # O's a1 had no freedom left: captured, the cell is empty board again.
    assert window.session.current.height("a1") == 0
    board = pixel(window, "a1")
    assert not near(board, STONE, 10) and not near(board, RED, 10)
    assert near(pixel(window, "b1"), RED, 10) and near(pixel(window, "a2"), RED, 10)
    # O stacks two pieces on one cell: click it, then click it again.
    click(qtbot, window, "c3")
    click(qtbot, window, "c3")
    assert moves(window)[-1] == "c3,c3" and window.session.current.height("c3") == 2
    assert near(pixel(window, "c3"), STONE, 10)
    assert window.panel.findChild(QLabel, "score_O").text() == "2"

    window.commands.undo_action.trigger()
    window.commands.undo_action.trigger()
    assert moves(window) == ["a2", "a1"] and near(pixel(window, "a1"), STONE, 10)
    window.commands.redo_action.trigger()
    assert window.session.current.height("a1") == 0
    window.commands.redo_action.trigger()
    assert moves(window)[-1] == "c3,c3"

    target = tmp_path / "drogo.txt"
    assert window.files.save_as(target)
    window.start_game(GameChoice("quady", ["-size=5"], ["a", "b"], []))
    assert window.files.open_file(target)
    assert moves(window) == ["a2", "a1", "b1", "c3,c3"]
    assert near(pixel(window, "c3"), STONE, 10) and near(pixel(window, "b1"), RED, 10)


YELLOW = (255, 219, 51)  # the last move's outline


def yellow_near(image, point: QPoint, radius: int = 4) -> int:
    """How many last-move-yellow pixels lie within `radius` of a point."""
    found = 0
    for x in range(point.x() - radius, point.x() + radius + 1):
        for y in range(point.y() - radius, point.y() + radius + 1):
            c = image.pixelColor(x, y)
            found += near((c.red(), c.green(), c.blue()), YELLOW, 45)
    return found


def test_a_druid_step_by_clicks_is_marked_where_that_druid_went(qtbot, window) -> None:
    window.start_game(GameChoice("druid", ["-size=5", "-walk"], ["vera", "hugo"], []))
    for move in ("c1", "a3", "c2", "b3"):  # typed: a click on c2 would hold it for a step
        assert window.play_move(move)
    assert window.session.current.druids == {"V": "c1", "H": "a3"}
    window.commands.top_action.trigger()  # from the side V's Druid hides c2
    click(qtbot, window, "c1")  # the Druid, then where it steps
    click(qtbot, window, "c2")
    assert moves(window)[-1] == "n" and window.session.current.druids["V"] == "c2"
    view = window.view
    image = view.grab_image()

    def edge(cell: str, dy: float) -> QPoint:  # middle of a cell's north or south edge
        cx, cy = view.board.centres[view.board.index[cell]]
        x, y = view.camera().project(np.array([[cx, cy + dy, view.pick_scene.top(cell)]]))[0]
        return QPoint(round(x), round(y))

    assert yellow_near(image, edge("c2", 0.485)) > 3  # where V's Druid stands
    assert yellow_near(image, edge("c1", -0.485)) > 3  # where it came from
    for cell in ("a3", "a4"):  # H's Druid, which `n` would move now
        assert yellow_near(image, edge(cell, 0.485)) == 0
        assert yellow_near(image, edge(cell, -0.485)) == 0
    window.commands.map_action.trigger()  # the owners map beside the board marks the same cells
    owners_map = map_of(window, SummaryMap)
    picture = owners_map.grab().toImage()
    for cell, marked in (("c2", True), ("c1", True), ("a3", False), ("a4", False)):
        rect = owners_map.cell_rect(cell)
        top = QPoint(round(rect.center().x()), round(rect.top()))
        assert (yellow_near(picture, top, 2) > 2) == marked, cell


def test_the_owners_and_heights_map_is_one_click_away(qtbot, window) -> None:
    window.start_game(GameChoice("drogo", ["-size=4"], ["xena", "otto"], []))
    click(qtbot, window, "b2")
    assert not window.map_shown  # off at first
    window.commands.map_action.trigger()
    assert window.map_shown
    owners_map = map_of(window, SummaryMap)
    image = owners_map.grab().toImage()
    rect = owners_map.cell_rect("b2")
    corner = QPoint(round(rect.left() + rect.width() * 0.2),
                    round(rect.top() + rect.height() * 0.2))  # clear of the owner's letter
    colour = image.pixelColor(corner)
    assert near((colour.red(), colour.green(), colour.blue()), RED, 10)
    window.commands.map_action.trigger()
    assert not window.map_shown


# ---- Quadrant Y -----------------------------------------------------------------------------

def test_a_quadrant_y_sub_game_won_by_clicks_on_the_canvas(qtbot, window, tmp_path) -> None:
    window.start_game(GameChoice("quady", ["-size=5"], ["xena", "otto"], []))
    before = pixel(window, "a3")
    for cell in ("a3", "e5", "b3", "d5", "c3"):
        click(qtbot, window, cell)
    assert moves(window) == ["a3", "e5", "b3", "d5", "c3"]
    assert near(pixel(window, "b3"), RED, 30) and near(pixel(window, "e5"), STONE, 30)
    assert before != pixel(window, "a3")
    outcome = window.session.current.outcome()
    assert outcome.scores == {"X": 2, "O": 0}
    assert "top: X (xena)" in window.panel.subgames_label.text()
    # The won sub-game is shaded in X's colour: a1 (top triangle, empty) turns reddish.
    a1 = pixel(window, "a1")
    assert a1[0] > a1[2] + 20
    click(qtbot, window, "b3")  # taken: refused with the engine's reason in the status bar
    assert len(moves(window)) == 5
    for cell in ("c4", "a4", "b4", "a5"):
        click(qtbot, window, cell)
    outcome = window.session.current.outcome()
    assert outcome.status == "win" and outcome.winner == "X"
    assert window.banner.isVisible() and "X (xena)" in window.banner.text()
    window.commands.undo_action.trigger()
    assert not window.banner.isVisible() and len(moves(window)) == 8


# ---- records and safety -------------------------------------------------------------------

def test_unreadable_file_export_and_autosave_recovery_in_the_real_window(
        qtbot, window, dialogs, tmp_path) -> None:
    from PySide6.QtGui import QImage
    from PySide6.QtWidgets import QMessageBox

    window.start_game(GameChoice("drogo", ["-size=4", "-single"], ["xena", "otto"], []))
    for cell in ("b2", "c3"):
        click(qtbot, window, cell)
    bad = tmp_path / "bad.txt"
    bad.write_text("(game drogo)\n(players a b)\n(parameters -size=4 -wobbly)\n")
    assert not window.files.open_file(bad)
    assert dialogs.texts("warning") == [
        "bad.txt: line 3: drogo has no option -wobbly (its options: -size -single -in_place "
        "-easy_free)"]
    assert moves(window) == ["b2", "c3"] and near(pixel(window, "b2"), RED, 10)

    assert window.files.export_image(tmp_path / "board.png")
    image = QImage(str(tmp_path / "board.png"))
    point = window.view.cell_screen_pos("c3")
    colour = image.pixelColor(point.x(), point.y())
    assert near((colour.red(), colour.green(), colour.blue()), STONE, 10)

    crash()  # as if this run had died: a new run finds the autosave
    again = MainWindow()
    qtbot.addWidget(again)
    again.resize(780, 560)
    again.show()
    qtbot.waitExposed(again)
    dialogs.answers = [QMessageBox.StandardButton.Yes]
    again.start()
    assert session_of(again).record.moves == ["b2", "c3"]
    assert session_of(again).record.parameters == ["-size=4", "-single"]
    assert near(pixel(again, "b2"), RED, 10) and near(pixel(again, "c3"), STONE, 10)
