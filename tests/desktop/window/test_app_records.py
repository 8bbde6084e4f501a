"""Records in the window: why a file was refused stays in the status bar."""

from __future__ import annotations

import pytest

from megalith.desktop.window.main_window import MainWindow
from tests.desktop.app_support import stand_in_dialogs


@pytest.fixture
def dialogs(monkeypatch, tmp_path):
    return stand_in_dialogs(monkeypatch, tmp_path)


def status(window: MainWindow) -> str:
    return window.message_label.text()


def test_the_reason_a_file_was_refused_at_start_stays_in_the_status_bar(
        qtbot, dialogs, tmp_path) -> None:
    path = tmp_path / "utf16.txt"
    path.write_bytes("druid\nc3\n".encode("utf-16-le"))
    window = MainWindow()
    qtbot.addWidget(window)
    window.start(str(path))
    assert dialogs.texts("warning")[0].startswith("utf16.txt: the file is not UTF-8 text")
    assert status(window).startswith("utf16.txt was not opened: the file is not UTF-8 text")
    assert status(window).endswith("A new game was started instead.")
    assert window.session is not None and window.session.ply == 0


def test_a_missing_file_at_start_is_said_in_the_status_bar_too(qtbot, dialogs, tmp_path) -> None:
    window = MainWindow()
    qtbot.addWidget(window)
    window.start(str(tmp_path / "gone.txt"))
    assert status(window).startswith("gone.txt was not opened: No such file")


def test_a_refused_file_at_start_says_two_sentences_and_offers_no_moves_meanwhile(
        qtbot, dialogs, monkeypatch, tmp_path) -> None:
    """Issue 39, item 14: the reason ends its sentence before "A new game was started
    instead."; while the dialog about it is up there is no game, so nothing that walks or
    changes one is offered."""
    from PySide6.QtWidgets import QMessageBox

    path = tmp_path / "utf16.txt"
    path.write_bytes("druid\nc3\n".encode("utf-16-le"))
    window = MainWindow()
    qtbot.addWidget(window)
    commands = window.commands
    walks_or_changes = {
        "Undo": commands.undo_action, "Redo": commands.redo_action,
        "Start": commands.first_action, "Back": commands.previous_action,
        "Forward": commands.next_action, "End": commands.last_action,
        "Pass": commands.pass_action, "Swap": commands.swap_action,
        "Resign": commands.resign_action, "Move now": commands.move_now_action,
        "Suggest": commands.suggest_action, "Analyse": commands.analyse_action,
        "Seats": commands.seats_action, "Save": commands.save_action,
        "Save as": commands.save_as_action, "Export": commands.export_action,
        "Copy image": commands.copy_image_action, "Copy move": commands.mail_action,
        "Reset camera": commands.reset_action, "Top view": commands.top_action,
        "Turn left": commands.left_action, "Turn right": commands.right_action,
        "Map": commands.map_action, "Heights": commands.heights_action,
        "Lintel": commands.lintel_action}
    offered: list[list[str]] = []

    def warning(parent, title, text, *args, **kwargs):
        offered.append([name for name, action in walks_or_changes.items()
                        if action.isEnabled()]
                       + ["Start position button"] * window.panel.start_button.isEnabled())
        return QMessageBox.StandardButton.Ok

    monkeypatch.setattr(QMessageBox, "warning", staticmethod(warning))
    window.show()
    window.start(str(path))
    assert offered == [[]]
    assert status(window) == ("utf16.txt was not opened: the file is not UTF-8 text (it holds "
                              "NUL characters, as UTF-16 text does). A new game was started "
                              "instead.")
    on_a_new_game = {name for name, action in walks_or_changes.items() if action.isEnabled()}
    assert on_a_new_game >= {"Resign", "Move now", "Suggest", "Analyse", "Seats", "Save",
                             "Save as", "Export", "Copy image", "Copy move", "Reset camera"}
    assert not on_a_new_game & {"Undo", "Redo", "Start", "Back", "Forward", "End"}
