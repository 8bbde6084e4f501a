"""Edit > Set up position in the real window with the real views, driven by clicks as a player
would: a Druid position with a lintel set up, refused where the rules say no, started,
saved, reopened and answered by the computer; a Drogo position with a refusal and a removal;
Cancel leaving the game as it was; the tile games' menu item disabled."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QAbstractButton, QCheckBox, QComboBox

from megalith.desktop.game.session import GameChoice, Session
from megalith.desktop.window.main_window import MainWindow
from megalith.rules.protocol import Piece, Setup
from tests.desktop.app_support import board_of, install_dialogs, private_folders, view_of

RED, STONE = (180, 60, 50), (225, 220, 200)


@pytest.fixture
def window(qtbot, monkeypatch, tmp_path) -> MainWindow:
    private_folders(monkeypatch, tmp_path)
    install_dialogs(monkeypatch)
    window = MainWindow()
    qtbot.addWidget(window)
    window.resize(900, 600)
    window.show()
    qtbot.waitExposed(window)
    return window


def click(qtbot, window: MainWindow, cell: str, button=Qt.MouseButton.LeftButton) -> None:
    """Clicks the top of a cell's stack on the board view, where the view says it is."""
    view = view_of(window)
    qtbot.mouseClick(view.viewport() if hasattr(view, "viewport") else view, button,
                     Qt.KeyboardModifier.NoModifier, board_of(window).cell_screen_pos(cell))


def pixel(window: MainWindow, cell: str) -> tuple[int, int, int]:
    """The colour drawn on top of a cell's stack."""
    board = board_of(window)
    image = board.grab_image()
    point: QPoint = board.cell_screen_pos(cell)
    ratio = image.devicePixelRatio()
    colour = image.pixelColor(round(point.x() * ratio), round(point.y() * ratio))
    return colour.red(), colour.green(), colour.blue()


def near(colour: tuple[int, int, int], expected: tuple[int, int, int], slack: int = 12) -> bool:
    return all(abs(a - b) <= slack for a, b in zip(colour, expected))


def choose(qtbot, window: MainWindow, name: str) -> None:
    """Clicks a button of the set-up palette by its object name."""
    button = window.setup_mode.dock.findChild(QAbstractButton, name)
    assert button is not None and button.isVisible(), f"no button {name} in the palette"
    # on its words, near the left: a radio button stretched across the palette is not
    # pressed by a click past its label
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton, pos=QPoint(12, button.height() // 2))


def status(window: MainWindow) -> str:
    return window.message_label.text()


def test_a_druid_position_with_a_lintel_set_up_saved_reopened_and_answered(
        qtbot, window: MainWindow, tmp_path) -> None:
    window.start_game(GameChoice("druid", ["-size=5"], ["vera", "hugo"], []))
    assert window.commands.setup_action.isEnabled()
    window.commands.setup_action.trigger()
    assert window.setup_mode.active and window.setup_mode.dock.isVisible()
    for cell in ("b3", "d3"):  # V sarsens (the palette starts on Sarsen, V)
        click(qtbot, window, cell)
    choose(qtbot, window, "setup_side_H")
    click(qtbot, window, "c3")
    assert near(pixel(window, "c3"), STONE) and near(pixel(window, "b3"), RED)
    # H's lintel over two V stones: the engine refuses it, in words, and nothing changes.
    choose(qtbot, window, "setup_kind_lintel")
    click(qtbot, window, "b3")
    click(qtbot, window, "d3")
    assert status(window) == (
        "Not set up: the H lintel at b3-d3 (level 2) cannot be there: a lintel must rest on "
        "exactly two of your stones: it would rest on 1 H stone (b3 V, c3 H, d3 V).")
    assert near(pixel(window, "c3"), STONE)
    choose(qtbot, window, "setup_side_V")
    click(qtbot, window, "b3")
    click(qtbot, window, "d3")
    assert near(pixel(window, "c3"), RED)  # V's lintel now tops c3
    # A right-click takes the top piece off (the lintel), and it goes back on.
    click(qtbot, window, "c3", Qt.MouseButton.RightButton)
    assert near(pixel(window, "c3"), STONE)
    click(qtbot, window, "b3")
    click(qtbot, window, "d3")
    to_move = window.setup_mode.dock.findChild(QComboBox, "setup_to_move")
    assert to_move is not None
    to_move.setCurrentIndex(to_move.findData("H"))
    swap = window.setup_mode.dock.findChild(QCheckBox, "setup_swap")
    assert swap is not None and swap.isEnabled() and not swap.isChecked()
    choose(qtbot, window, "setup_start")

    session = window.session
    assert session is not None and not window.setup_mode.active
    assert not window.setup_mode.dock.isVisible()
    assert session.record.moves == [] and session.shown.to_move == "H"
    assert session.record.setup == Setup("H", False, (
        Piece("sarsen", "V", "b3", 1), Piece("sarsen", "V", "d3", 1),
        Piece("sarsen", "H", "c3", 1), Piece("lintel", "V", "b3-d3", 2)))
    assert status(window) == "Started from the position set up: H (hugo) to move."
    assert near(pixel(window, "c3"), RED)

    target = tmp_path / "lintel.megalith"
    assert window.files.save_as(target)
    assert "(setup\nto_move H\nswap closed\n" in target.read_text()
    window.start_game(GameChoice("drogo", [], ["a", "b"], []))
    assert window.files.open_file(target)
    reopened = window.session
    assert reopened is not None and reopened.record == Session.load(target).record
    assert reopened.record.setup == session.record.setup
    assert near(pixel(window, "c3"), RED)

    legal = reopened.shown.legal_moves()
    window.commands.move_now_action.trigger()  # the computer plays H's move
    qtbot.waitUntil(lambda: window.session is not None and window.session.ply == 1,
                    timeout=30_000)
    played = window.session.record.moves[0]
    assert played in legal and played not in ("c3", "b3-d3")
    assert window.session.current.to_move == "V"
    assert status(window).startswith(f"H (hugo) played {played}.")
    table = window.panel.table  # H's move in H's column, the first row's V cell left empty
    first, second = table.item(0, 0), table.item(0, 1)
    assert (first is None or first.text() == "") and second is not None
    assert second.text() == played
    # The analysis runs from the set-up start too, H moving first.
    controller = window.controller
    controller.analysis.iterations = 60
    window.commands.analyse_action.trigger()
    qtbot.waitUntil(lambda: not controller.analysis.running, timeout=60_000)
    assert sorted(controller.analysis.best) == [0, 1] and controller.analysis.movers[0] == "H"
    assert controller.analysis.best[0] in legal


def test_a_drogo_position_refused_where_a_group_has_no_freedom(qtbot, window: MainWindow
                                                                ) -> None:
    window.start_game(GameChoice("drogo", ["-size=4"], ["xena", "otto"], []))
    window.commands.setup_action.trigger()
    window.commands.top_action.trigger()  # from above, so no stack hides a cell
    for cell in ("a1", "a1"):  # a stack of two X cubes
        click(qtbot, window, cell)
    choose(qtbot, window, "setup_side_O")
    click(qtbot, window, "b1")
    assert near(pixel(window, "b1"), STONE)
    click(qtbot, window, "a2")
    assert status(window) == ("Not set up: X's group at a1 has no freedom: after every move "
                              "each group keeps one.")
    assert not near(pixel(window, "a2"), STONE)
    choose(qtbot, window, "setup_kind_remove")
    click(qtbot, window, "b1")
    assert not near(pixel(window, "b1"), STONE)
    choose(qtbot, window, "setup_kind_cube")
    click(qtbot, window, "c3")
    swap = window.setup_mode.dock.findChild(QCheckBox, "setup_swap")
    assert swap is not None
    qtbot.mouseClick(swap, Qt.MouseButton.LeftButton)
    choose(qtbot, window, "setup_start")
    session = window.session
    assert session is not None and session.record.setup == Setup("X", True, (
        Piece("cube", "X", "a1", 1), Piece("cube", "X", "a1", 2), Piece("cube", "O", "c3", 1)))
    assert "swap" in session.shown.legal_moves()
    click(qtbot, window, "d4")  # held for a second cube; a right-click plays it alone
    click(qtbot, window, "d4", Qt.MouseButton.RightButton)
    assert session.record.moves == ["d4"] and session.current.to_move == "O"
    assert near(pixel(window, "d4"), RED)


def test_a_quadrant_y_position_set_up_on_the_canvas_with_a_game_of_y_won(
        qtbot, window: MainWindow) -> None:
    window.start_game(GameChoice("quady", ["-size=5"], ["xena", "otto"], []))
    window.commands.setup_action.trigger()
    for cell in ("a1", "a2", "b2", "a3"):  # X's stones join the top triangle's three sides
        click(qtbot, window, cell)
    choose(qtbot, window, "setup_side_O")
    click(qtbot, window, "c3")
    assert near(pixel(window, "c3"), STONE, 30) and near(pixel(window, "a2"), RED, 30)
    click(qtbot, window, "a2")  # a second stone on a cell: refused in words
    assert status(window) == "Not set up: two stones on a2."
    click(qtbot, window, "c3")  # once more: the same
    click(qtbot, window, "c3", Qt.MouseButton.RightButton)  # and off it comes
    assert not near(pixel(window, "c3"), STONE, 30)
    choose(qtbot, window, "setup_start")
    session = window.session
    assert session is not None and session.shown.outcome().scores == {"X": 1, "O": 0}
    assert "top: X (xena)" in window.panel.subgames_label.text()
    click(qtbot, window, "e5")
    assert session.record.moves == ["e5"] and session.current.to_move == "O"


def test_cancel_leaves_the_game_as_it_was(qtbot, window: MainWindow) -> None:
    window.start_game(GameChoice("druid", ["-size=5"], ["vera", "hugo"], []))
    click(qtbot, window, "a1")
    window.commands.setup_action.trigger()
    view = view_of(window)
    qtbot.mouseMove(view, board_of(window).cell_screen_pos("e5"))
    qtbot.waitUntil(lambda: "e5" in window.hint_label.text())
    assert window.hint_label.text() == ("e5 (empty): click to put V's sarsen on top; "
                                        "right-click takes the top piece off")
    click(qtbot, window, "e5")
    assert near(pixel(window, "e5"), RED)
    choose(qtbot, window, "setup_cancel")
    session = window.session
    assert session is not None and session.record.moves == ["a1"]
    assert session.record.setup is None and not window.setup_mode.active
    assert not near(pixel(window, "e5"), RED) and near(pixel(window, "a1"), RED)
    assert status(window) == "Set-up cancelled: the game is as it was."


def test_the_tile_games_cannot_be_set_up_yet(window: MainWindow) -> None:
    window.start_game(GameChoice("trichet", [], ["a", "b"], []))
    action = window.commands.setup_action
    assert not action.isEnabled()
    assert action.toolTip() == "Positions of the tile games cannot be set up yet"
    window.start_game(GameChoice("quady", ["-size=5"], ["a", "b"], []))
    assert action.isEnabled()


def test_a_window_closed_while_setting_up_opens_again_without_the_palette(
        qtbot, window: MainWindow) -> None:
    window.start_game(GameChoice("druid", ["-size=5"], ["vera", "hugo"], []))
    window.commands.setup_action.trigger()
    assert window.setup_mode.dock.isVisible()
    window.close()  # the layout is saved with the palette shown
    again = MainWindow()
    qtbot.addWidget(again)
    again.show()
    qtbot.waitExposed(again)
    assert again.setup_mode.dock.isHidden() and not again.setup_mode.active
