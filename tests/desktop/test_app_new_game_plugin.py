"""A sixth game plugs in with its rules module and its desk module alone: registered in the
rules registry (the one table of games) and its desk in the desktop's table of desks, the toy
game opens and plays in the real window."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from megalith.desktop.game.session import GameChoice
from megalith.desktop import games
from megalith.rules import registry
from tests.desktop.app_support import real_window, session_of
from tests.desktop.toy_desk import RowView


@pytest.fixture
def toy_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry.GAME_MODULES, "toy", "tests.rules.toy_game")
    monkeypatch.setitem(games.DESK_MODULES, "toy", "tests.desktop.toy_desk")


def test_the_toy_game_plays_in_the_window(qtbot, monkeypatch, tmp_path, toy_registered
                                          ) -> None:
    window = real_window(qtbot, monkeypatch, tmp_path)
    assert window.start_game(GameChoice("toy", ["-size=5"], ["ann", "bob"], []))
    view = window.view
    assert isinstance(view, RowView)
    before = view.grab_image().pixelColor(view.cell_screen_pos("c1"))
    qtbot.mouseClick(view, Qt.MouseButton.LeftButton, pos=view.cell_screen_pos("c1"))
    assert session_of(window).record.moves == ["c1"]
    qtbot.waitUntil(lambda: view.grab_image().pixelColor(view.cell_screen_pos("c1")) != before)
    drawn = view.grab_image().pixelColor(view.cell_screen_pos("c1"))
    assert (drawn.red(), drawn.green(), drawn.blue()) == session_of(window).colours[0]  # X's
    for cell in ("a1", "d1", "b1", "e1"):  # X takes c1 d1 e1: three in a row
        qtbot.mouseClick(view, Qt.MouseButton.LeftButton, pos=view.cell_screen_pos(cell))
    assert session_of(window).record.moves == ["c1", "a1", "d1", "b1", "e1"]
    assert session_of(window).current.outcome().winner == "X"
    assert window.banner.isVisible() and "three in a row" in window.banner.text()
