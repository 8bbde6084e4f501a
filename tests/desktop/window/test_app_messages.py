"""What the window says about text typed into its move line (issue 15): a pasted block of
thousands of characters, or one with control characters, is quoted short and escaped, in the
status bar, also at an earlier position (where a move would start a variation); nothing
changes."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from megalith.desktop.window.main_window import MainWindow
from tests.desktop.app_support import quady_window, session_of, stand_in_dialogs

PASTED = "c3\x1b[2J" + "é" * 100_000


@pytest.fixture
def dialogs(monkeypatch, tmp_path):
    return stand_in_dialogs(monkeypatch, tmp_path)


@pytest.fixture
def window(qtbot, dialogs) -> MainWindow:
    return quady_window(qtbot)


def type_move(qtbot, window: MainWindow, text: str) -> None:
    window.move_line.setText(text)
    qtbot.keyClick(window.move_line, Qt.Key.Key_Return)


def test_a_pasted_block_is_refused_and_quoted_short(qtbot, window: MainWindow) -> None:
    type_move(qtbot, window, PASTED)
    said = window.message_label.text()
    assert said.startswith("Illegal move c3\\x1b[2J") and " characters): no move is" in said
    assert len(said) < 200 and said.isprintable()
    assert session_of(window).ply == 0


def test_typed_text_at_an_earlier_position_is_refused_short_and_starts_nothing(
        qtbot, window: MainWindow, dialogs) -> None:
    for move in ("a1", "b2"):
        type_move(qtbot, window, move)
    window.show_ply(1)
    type_move(qtbot, window, PASTED)
    assert dialogs.texts("question") == []
    said = window.message_label.text()
    assert said.startswith("Illegal move c3\\x1b[2J") and len(said) < 200
    session = session_of(window)
    assert session.ply == 2 and session.record.variations == []
