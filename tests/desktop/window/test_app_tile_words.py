"""The tile games' words in the real window (#39, items 9, 10 and 11): Trichet's sides are
Dot and Oh wherever a player reads (browsing, the Seats dialog, a refused move), a result
says who wins, the move list names the places of a move's auto tiles, and the result banner
can be put away from over the board."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt, QTimer
from PySide6.QtWidgets import QApplication, QDialogButtonBox, QLabel

from megalith.desktop.dialogs import SeatsDialog
from megalith.desktop.game.session import GameChoice
from megalith.desktop.window.main_window import MainWindow
from megalith.rules.dragons.game import DragonsState
from megalith.rules.trichet.game import TrichetState
from tests.desktop.app_support import child, new_position, real_window, session_of

O_RING = [((0, -2), "c"), ((1, -1), "d"), ((1, 1), "e"), ((0, 2), "f"), ((-1, 1), "a"),
          ((-1, -1), "b")]
TWO_POINTS = {(-1, -1): "b", (0, -1): "a", (1, -1): "d", (-1, 0): "c", (1, 0): "d",
              (2, -1): "a", (3, -1): "c", (2, 0): "a"}


@pytest.fixture
def window(qtbot, monkeypatch, tmp_path) -> MainWindow:
    return real_window(qtbot, monkeypatch, tmp_path)


def start(window: MainWindow, game: str, moves: list[str]) -> None:
    players = ["dora", "otto"]
    window.start_game(GameChoice(game, [], players, []))
    for move in moves:
        window.move_line.setText(move)
        window.play_typed()
        assert session_of(window).record.moves[-1].lower() == move, window.message_label.text()


# ---- item 9: Dot and Oh, never `.` and `o` --------------------------------------------------

def test_browsing_says_dot_and_oh(qtbot, window) -> None:
    start(window, "trichet", ["f7", "e1"])
    window.controller.show_ply(1)
    assert window.message_label.text().startswith("Showing round 1, after Dot's f7 (move 1 "
                                                  "of 2).")
    window.controller.show_ply(2)
    assert "after Oh's e1" in window.message_label.text()


def test_the_seats_dialog_says_dot_and_oh(qtbot, window) -> None:
    start(window, "trichet", [])
    seen: list[list[str]] = []

    def read() -> None:
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, SeatsDialog)
        seen.append([label.text() for label in dialog.findChildren(QLabel)])
        child(dialog, QDialogButtonBox).button(QDialogButtonBox.StandardButton.Cancel).click()

    QTimer.singleShot(0, read)
    window.commands.seats_action.trigger()
    assert seen and "Dot (dora)" in seen[0] and "Oh (otto)" in seen[0]
    assert not any(text.startswith((". ", "o (")) for text in seen[0])


def test_a_refused_tile_names_the_colours(qtbot, window) -> None:
    start(window, "trichet", [])
    window.move_line.setText("g3")
    window.play_typed()
    said = window.message_label.text()
    assert "a, b, c (Oh's colour on one corner) and d, e, f (Dot's colour on one corner)" in said
    assert "(o on" not in said and "(. on" not in said
    assert session_of(window).record.moves == []
    window.move_line.setText("a6")  # Oh's colour on a corner already Dot's
    window.play_typed()
    said = window.message_label.text()
    assert "tile a puts Oh's colour on the bottom corner, which is already Dot's" in said
    assert "(o)" not in said and "(.)" not in said


# ---- item 11: who wins, where the auto tiles went -------------------------------------------

def test_a_dragons_loop_and_a_trichet_region_say_who_wins(qtbot, window) -> None:
    start(window, "dragons", [])
    state = DragonsState.arranged(O_RING[:5])
    coord, letter = O_RING[5]
    state.play(f"{letter}{state.places().index(coord) + 1}")
    said = session_of(window).result_text(state.outcome())
    assert said.startswith("O (otto) wins: closed a loop of 6 tiles"), said
    start(window, "trichet", [])
    tiles = TrichetState.from_tiles(TWO_POINTS)
    tiles.play(f"b{tiles.places().index((3, 0)) + 1}")
    said = session_of(window).result_text(tiles.outcome())
    assert said == "Oh (otto) wins: closed a region of 10 tiles (Dot's move closed it)", said


def test_the_move_list_names_the_places_of_the_auto_tiles(qtbot, window) -> None:
    start(window, "trichet", ["f7", "e1"])
    before = new_position("trichet", TrichetState)
    numbers = [before.places().index(c) + 1 for c in ((1, -1), (1, 0))]
    cell = window.panel.table.item(0, 0)
    assert cell.toolTip().startswith(
        f"Then the rules laid 3 tiles by themselves: d on place {numbers[0]}, d on place "
        f"{numbers[1]} and f on a new place."), cell.toolTip()


def test_a_move_cell_has_one_plus_mark_only(qtbot, window) -> None:
    """`f7 +3 auto * +1` read as two counts of the same thing: the auto tiles are counted
    in words, the other lines' moves alone get a `+`."""
    start(window, "trichet", ["f7", "e1"])
    session = session_of(window)
    window.controller.set_note(1, "the help page's example")
    window.controller.show_ply(0)
    other = next(m for m in session.shown.legal_moves() if m != "f7")
    window.move_line.setText(other)
    window.play_typed()
    window.controller.switch_line(0)
    text = window.panel.table.item(0, 0).text()
    assert text == "f7 (3 auto) * +1", text
    assert sum(token.startswith("+") for token in text.split()) == 1


# ---- item 10: the result banner can be put away ---------------------------------------------

def test_the_result_banner_goes_away_on_a_click_and_stays_away(qtbot, window) -> None:
    start(window, "dragons", ["b1", "resign"])
    banner = window.banner
    assert banner.isVisible() and "wins" in banner.text()
    spot = banner.mapTo(window, banner.rect().center())
    covered = window.grab().toImage().pixelColor(spot)
    qtbot.mouseClick(banner, Qt.MouseButton.LeftButton, pos=QPoint(5, 5))
    qtbot.waitUntil(lambda: not banner.isVisible(), timeout=2000)
    window.refresh()  # anything that redraws the same position keeps it away
    assert not banner.isVisible()
    assert window.grab().toImage().pixelColor(spot) != covered  # the board shows there
    # the result is still said beside the board
    assert "wins" in window.panel.result_label.text()
    window.controller.show_ply(1)  # back before the end, and to the end again: said again
    window.controller.show_ply(2)
    assert banner.isVisible()
