"""SIGTERM and SIGINT close Megalith without a question nobody may be there to answer: a
saved game closes as with the close button (test_app_launch.py starts a real process for
that), a game with unsaved changes quits at once and stays in the autosave for the next
start."""

from __future__ import annotations

import os
import signal

import pytest
from PySide6.QtCore import Qt

from megalith.desktop import app as desktop_app
from megalith.desktop.game import autosave
from megalith.desktop.window import main_window
from megalith.desktop.game.session import GameChoice
from megalith.desktop.window.main_window import MainWindow
from tests.desktop.app_support import fake_desk, install_dialogs, private_folders, session_of


@pytest.fixture
def handlers_restored(qapp):
    """close_on_terminate changes this process's signal handling: put it back."""
    saved = {number: signal.getsignal(number) for number in (signal.SIGTERM, signal.SIGINT)}
    wakeup = signal.set_wakeup_fd(-1)
    signal.set_wakeup_fd(wakeup)
    yield
    reader, writer, notifier = qapp._terminate_socket
    notifier.setEnabled(False)
    notifier.deleteLater()
    reader.close()
    writer.close()
    signal.set_wakeup_fd(wakeup)
    for number, handler in saved.items():
        signal.signal(number, handler)


@pytest.mark.parametrize("number", [signal.SIGTERM, signal.SIGINT])
def test_a_signal_with_unsaved_changes_quits_without_asking_and_keeps_the_autosave(
        qtbot, qapp, monkeypatch, tmp_path, handlers_restored, number) -> None:
    private_folders(monkeypatch, tmp_path)
    monkeypatch.setattr(main_window, "desk", fake_desk)
    dialogs = install_dialogs(monkeypatch)
    window = MainWindow()
    qtbot.addWidget(window)
    window.start_game(GameChoice("quady", ["-size=5"], ["alice", "bob"], []))
    window.move_line.setText("c5")
    qtbot.keyClick(window.move_line, Qt.Key.Key_Return)
    assert session_of(window).modified and autosave.path().exists()
    quits: list[bool] = []
    monkeypatch.setattr(qapp, "quit", lambda: quits.append(True))
    closes: list[bool] = []
    monkeypatch.setattr(window, "close", lambda: closes.append(True))

    desktop_app.close_on_terminate(qapp, window)
    os.kill(os.getpid(), number)
    qtbot.waitUntil(lambda: bool(quits), timeout=5000)
    assert closes == [] and dialogs.shown == []
    assert autosave.path().exists()  # offered back at the next start
