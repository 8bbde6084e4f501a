"""Issue #39, item 7: the banner over the board keeps clear of the board's top label and
never breaks a word at its hyphen; Drogo's captures are counted in cubes; a two-player
resignation names the one other player."""

from __future__ import annotations

import re

import pytest
from PySide6.QtCore import QRect
from PySide6.QtWidgets import QGraphicsSimpleTextItem, QGraphicsView

from megalith.desktop.window.main_window import MainWindow
from tests.desktop.app_support import real_window
from tests.desktop.window.test_app_events import play, window  # noqa: F401 (fixture)


def label_rects(window: MainWindow) -> dict[str, QRect]:
    """Each coordinate label of the Quadrant Y canvas, where it shows in the window."""
    view = window.board_pane.board
    assert isinstance(view, QGraphicsView)
    found = {}
    for item in view.scene().items():
        if isinstance(item, QGraphicsSimpleTextItem) and len(item.text()) <= 2:
            rect = view.mapFromScene(item.sceneBoundingRect()).boundingRect().translated(
                view.viewport().mapTo(window.banner.parentWidget(), view.rect().topLeft()))
            found.setdefault(item.text(), rect)
            if rect.top() < found[item.text()].top():
                found[item.text()] = rect
    return found


@pytest.mark.parametrize("size", [(1000, 700), (760, 560)])
def test_the_sub_game_banner_keeps_clear_of_the_top_label_and_whole_words(
        qtbot, monkeypatch, tmp_path, size) -> None:
    window = real_window(qtbot, monkeypatch, tmp_path, size)
    play(window, "quady", ["-size=5"], ["c3", "swap", "a5", "a3", "b5", "b3"])
    assert window.banner.isVisible() and "sub" in window.banner.text()
    qtbot.wait(50)
    top = min(label_rects(window).values(), key=lambda r: r.top())  # the apex's letter
    banner = window.banner.geometry()
    # a hyphen the text may break at (Qt wraps "sub-game" after "sub-")
    breakable = re.findall(r"\w-\w", window.banner.text())
    assert not banner.intersects(top) and not breakable, (banner, top, breakable)


def test_a_drogo_capture_is_counted_in_cubes(qtbot, window) -> None:
    play(window, "drogo", [], ["a1", "a2", "a1,a1", "f6", "f5", "b1"])
    assert window.banner.text() == "O (bob) captured 3 cubes."


def test_a_two_player_resignation_names_the_other_player(qtbot, window) -> None:
    play(window, "druid", ["-size=5"], ["c3"], ("vera", "hugo"))
    window.move_line.setText("resign")
    window.play_typed()
    assert window.banner.text() == "V (vera) wins: the other player resigned"


def test_a_resignation_among_three_still_says_every_other_player(qtbot, window) -> None:
    play(window, "drogo", [], ["c3", "Resign"], ("ann", "ben", "cat"))
    window.move_line.setText("resign")
    window.play_typed()
    assert window.banner.text() == "X (ann) wins: every other player resigned"
