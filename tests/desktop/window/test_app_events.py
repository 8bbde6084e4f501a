"""Events said where the player looks: a banner over the board and a mark in the move list
for captures (with their count), Druids entering, sub-games won, forced passes, swaps and
the result; the banner floats over the board, which keeps its size."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from megalith.desktop.window import event_banner
from megalith.desktop.game.session import GameChoice
from megalith.desktop.window.main_window import MainWindow
from tests.desktop.app_support import session_of, stand_in_dialogs

# A Drogo game on size 4 with three players whose last move leaves the next player no move.
FORCED = ["d1", "c3,c3", "a2,a1", "b2,c2", "d2,d3", "c1", "b4,b4", "c4,d4", "d1", "b4", "d4",
          "a4,a4", "c4", "b3,a3", "b2,a2", "b4,a4", "a3,b3", "b3", "b4,b4", "d4", "d2,d1",
          "a4", "c3", "a2,a2", "a3,a3", "d2", "c1,c1", "b3,c3", "c2,c2", "c2,c2", "b4", "c4",
          "b4", "a4,a4", "c4,c4", "b3,c3", "d3,d4", "a3,a3", "a3,a3", "d4"]


@pytest.fixture
def window(qtbot, monkeypatch, tmp_path) -> MainWindow:
    stand_in_dialogs(monkeypatch, tmp_path)
    window = MainWindow()
    qtbot.addWidget(window)
    window.resize(1000, 700)
    window.show()
    qtbot.waitExposed(window)
    return window


def play(window: MainWindow, game: str, params: list[str], moves: list[str],
         players: tuple[str, ...] = ("alice", "bob")) -> None:
    window.start_game(GameChoice(game, params, list(players), []))
    for move in moves:
        window.move_line.setText(move)
        window.play_typed()
        assert move in session_of(window).record.moves or move == "swap", move


def listed(window: MainWindow) -> list[str]:
    table = window.panel.table
    return [cell.text() for r in range(table.rowCount())
            for c in range(table.columnCount()) if (cell := table.item(r, c)) is not None]


def test_a_capture_is_said_over_the_board_and_marked_with_its_count(qtbot, window) -> None:
    play(window, "drogo", [], ["a1", "a2", "a1,a1", "f6", "f5"])  # no capture yet
    assert not window.banner.isVisible()
    board = window.board_pane.geometry()
    window.move_line.setText("b1")  # O takes X's three-high stack on a1
    window.play_typed()
    assert window.banner.isVisible()
    assert window.banner.text() == "O (bob) captured 3 cubes."
    assert listed(window)[-1] == "b1 ×3"
    # over the board, inside it, and the board kept its place and size
    assert window.board_pane.geometry() == board
    assert board.contains(window.banner.geometry())
    assert window.banner.y() - board.y() < 20


def test_the_banner_goes_after_a_while_and_the_result_stays(qtbot, window,
                                                             monkeypatch) -> None:
    monkeypatch.setattr(event_banner, "EVENT_MS", 50)
    play(window, "druid", ["-size=8", "-walk"], ["d1"], ("vera", "hugo"))
    assert window.banner.text() == "V (vera)'s Druid enters the board on d1."
    assert listed(window) == ["d1 Druid in"]
    qtbot.waitUntil(lambda: not window.banner.isVisible(), timeout=2000)
    window.move_line.setText("Resign")
    window.play_typed()
    assert window.banner.text() == "V (vera) wins: the other player resigned"
    qtbot.wait(150)
    assert window.banner.isVisible()  # the result stays while the end is on screen
    assert listed(window)[-1] == "Resign end"
    qtbot.keyClick(window.move_line, Qt.Key.Key_Left)  # back to move 1: its events again
    assert window.session.viewed == 1 and window.banner.text().startswith("V (vera)'s Druid")


def test_sub_games_won_and_a_swap(qtbot, window) -> None:
    play(window, "quady", ["-size=5"], ["c3", "swap"])
    text = window.banner.text()
    assert text.startswith("Swap: bob now plays X") and "alice now plays O" in text
    assert listed(window) == ["c3 swap"]
    for move in ("a5", "a3", "b5", "b3"):  # bob, now X, takes the top row
        window.move_line.setText(move)
        window.play_typed()
    assert listed(window)[-1] == "b3 top won centre won"
    assert window.banner.text() == ("X (bob) wins the top sub\u2011game. "
                                    "X (bob) wins the centre sub\u2011game.")


def test_a_forced_pass_is_said(qtbot, window) -> None:
    play(window, "drogo", ["-size=4"], FORCED, ("ann", "ben", "cat"))
    assert window.session.record.moves[-1] == "--"
    assert "has no legal move and passes." in window.banner.text()
    assert window.banner.isVisible()
