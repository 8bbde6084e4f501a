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
