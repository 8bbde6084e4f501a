"""The board stays put under the pointer: ten moves played by clicks in the real window
(with hints, a capture's banner and the status line coming and going) neither resize the 3D
view nor move its camera."""

from __future__ import annotations

from PySide6.QtCore import Qt

from megalith.desktop.game.session import GameChoice
from megalith.desktop.views.stack3d import StackView
from tests.desktop.app_support import real_window, session_of
from tests.desktop.window.test_app_play import click
from tests.desktop.window.test_app_study import analysed

MOVES = ["a1", "a2", "a1,a1", "f6", "f5", "b1", "c3,c4", "d3", "e6,e6", "a1"]


def test_the_view_does_not_move_after_ten_moves(qtbot, monkeypatch, tmp_path) -> None:
    window = real_window(qtbot, monkeypatch, tmp_path, size=(1100, 760))
    window.start_game(GameChoice("drogo", [], ["alice", "bob"], []))
    view = window.view
    assert isinstance(view, StackView)
    qtbot.wait(50)
    where = view.mapTo(window, view.rect().topLeft()), view.size()
    camera = view.camera()
    banners = 0
    for move in MOVES:
        first = move.split(",")[0]
        qtbot.mouseMove(view, view.cell_screen_pos(first))
        qtbot.waitUntil(lambda: first in window.hint_label.text())
        click(qtbot, window, first)
        if "," in move:
            click(qtbot, window, move.split(",")[1])
        elif session_of(window).record.moves[-1:] != [move]:  # held: right-click plays it alone
            click(qtbot, window, first, button=Qt.MouseButton.RightButton)
        assert session_of(window).record.moves[-1] == move
        banners += window.banner.isVisible()
        qtbot.wait(20)
        assert (view.mapTo(window, view.rect().topLeft()), view.size()) == where, move
        assert view.camera() == camera, move
    assert banners >= 1  # the capture was said over the board, which stayed put


def test_handing_a_seat_to_the_computer_does_not_move_the_board(qtbot, monkeypatch,
                                                                 tmp_path) -> None:
    """Issue 39, item 4: the players' labels grow ("bob  (computer, medium)") but the side
    panel keeps its width, so the board neither shifts nor shrinks; the long label is cut
    short where it must be and says it all in its tooltip."""
    from megalith.desktop.panels.elided_label import ElidedLabel
    from tests.desktop.game.test_computer import choose_seats

    window = real_window(qtbot, monkeypatch, tmp_path, size=(1100, 760))
    window.start_game(GameChoice("quady", ["-size=5"], ["alice", "bob"], []))
    try:
        view = window.view
        assert view is not None
        qtbot.wait(50)
        where = view.mapTo(window, view.rect().topLeft()), view.size()
        panel = window.dock.width()
        choose_seats(qtbot, window, {"O": "medium"})
        qtbot.wait(50)
        assert window.dock.width() == panel
        assert (view.mapTo(window, view.rect().topLeft()), view.size()) == where
        label = window.panel.findChild(ElidedLabel, "player_O")
        assert label is not None and label.toolTip() == "O  bob  (computer, medium)"
        assert label.shown_text() == "O  bob\ncomputer, medium"  # the level fits under
        choose_seats(qtbot, window, {"O": "hard", "X": "easy"})
        qtbot.wait(50)
        assert (view.mapTo(window, view.rect().topLeft()), view.size()) == where
        # a name far too long for the panel is cut short, not given room
        long_name = "bartholomew-the-very-patient-opponent"
        session_of(window).record.players[1] = long_name
        window.refresh()
        qtbot.wait(50)
        assert (view.mapTo(window, view.rect().topLeft()), view.size()) == where
        assert label.shown_text().startswith("O  bartholomew") and "…" in label.shown_text()
        assert label.toolTip() == f"O  {long_name}  (computer, hard)"
    finally:
        window.controller.computer_seats.computer.close()


def test_the_study_tabs_and_the_graph_coming_and_going_do_not_move_the_board(
        qtbot, monkeypatch, tmp_path) -> None:
    """Issue 39, item 4 (the side panel keeps its width): neither the Lines tab, which a
    first variation shows, nor the analysis graph and its review, nor deleting the variation
    again, moves the board."""
    window = real_window(qtbot, monkeypatch, tmp_path, size=(1100, 760))
    window.start_game(GameChoice("quady", ["-size=5"], ["alice", "bob"], []))
    view = window.view
    assert view is not None
    qtbot.wait(50)
    where = view.mapTo(window, view.rect().topLeft()), view.size()
    for move in ("c3", "b2", "d4"):
        assert window.play_move(move)
    window.show_ply(1)
    assert window.play_move("a1")  # variation 1: the Lines tab shows
    qtbot.wait(50)
    assert window.panel.lines.isVisible()
    assert (view.mapTo(window, view.rect().topLeft()), view.size()) == where
    analysed(window, {0: 0.5, 1: 0.6, 2: 0.3}, {})  # the graph and the review show
    qtbot.wait(50)
    assert window.panel.analysis_graph.isVisible() and window.panel.review.isVisible()
    assert (view.mapTo(window, view.rect().topLeft()), view.size()) == where
    window.controller.delete_line(1)
    qtbot.wait(50)
    assert not window.panel.study_tabs.isVisible()
    assert (view.mapTo(window, view.rect().topLeft()), view.size()) == where
