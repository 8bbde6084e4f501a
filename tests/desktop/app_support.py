"""Helpers shared by the application tests: a private settings/data folder, scripted
answers for QMessageBox (so no test ever blocks on a dialog), a stand-in board view that
follows the view contract, for tests about the window rather than the drawing, and typed
accessors for what a test knows is there (the window's game and view, a named child, an
option's spin box) that fail the test with a sentence when it is not."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

import pytest
from PySide6.QtCore import QObject, QPoint, Signal
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import (QCheckBox, QMessageBox, QSpinBox, QTableWidget, QTableWidgetItem,
                               QWidget)

from megalith.desktop.games import GameDesk, desk
from megalith.desktop.games.desk import Desk
from megalith.desktop.views.base import BoardControls, widget_of
from megalith.rules import registry
from megalith.rules.contracts import StackedPosition
from megalith.rules.protocol import GameState

if TYPE_CHECKING:
    from pytestqt.qtbot import QtBot

    from megalith.desktop.views.picking import PickScene
    from megalith.desktop.views.stack3d import StackView
    from megalith.rules.geometry import Board

    from megalith.desktop.dialogs import NewGameDialog
    from megalith.desktop.window.main_window import MainWindow
    from megalith.desktop.game.session import Session

W = TypeVar("W", bound=QObject)
S = TypeVar("S", bound=GameState)


@dataclass
class Dialogs:
    """Every QMessageBox the window raised (kind, title, text); `answers` are given in turn
    to questions (Discard when none is left, so closing a test window never blocks)."""

    shown: list[tuple[str, str, str]] = field(default_factory=list)
    answers: list[QMessageBox.StandardButton] = field(default_factory=list)

    def texts(self, kind: str) -> list[str]:
        return [text for k, _, text in self.shown if k == kind]


def install_dialogs(monkeypatch: pytest.MonkeyPatch) -> Dialogs:
    dialogs = Dialogs()

    def question(parent, title, text, *args, **kwargs):
        dialogs.shown.append(("question", title, text))
        return dialogs.answers.pop(0) if dialogs.answers else QMessageBox.StandardButton.Discard

    def note(kind: str):
        def show(parent, title, text, *args, **kwargs):
            dialogs.shown.append((kind, title, text))
            return QMessageBox.StandardButton.Ok
        return show

    monkeypatch.setattr(QMessageBox, "question", staticmethod(question))
    for kind in ("warning", "information", "critical", "about"):
        monkeypatch.setattr(QMessageBox, kind, staticmethod(note(kind)))
    return dialogs


DEAD_PID = 999_999_999  # larger than any process id a system hands out


def crash() -> None:
    """Leaves this process's autosave as a process that died would leave it."""
    from megalith.desktop.game import autosave

    autosave.path().rename(autosave.path(DEAD_PID))


def private_folders(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("MEGALITH_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("MEGALITH_DATA_DIR", str(tmp_path / "data"))


class FakeView(QWidget):
    """Records what the window asks of a board view; draws nothing."""

    moveChosen = Signal(str)
    hint = Signal(str)

    def __init__(self, game: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.game = game
        self.positions: list[tuple[int, dict, list[str] | None, str | None,
                                   tuple[str, ...] | None]] = []
        self.calls: list[tuple] = []

    def set_position(self, state, colours, legal, last_move, last_cells=None) -> None:
        self.positions.append((state.ply, dict(colours), legal, last_move,
                               None if last_cells is None else tuple(last_cells)))

    def reset_camera(self, animate: bool = True) -> None:
        self.calls.append(("reset_camera",) if animate else ("reset_camera", "at once"))

    def top_view(self) -> None:
        self.calls.append(("top_view",))

    def turn(self, quarters: int) -> None:
        self.calls.append(("turn", quarters))

    def set_show_heights(self, on: bool) -> None:
        self.calls.append(("heights", on))

    def show_suggestions(self, suggestions) -> None:
        self.calls.append(("suggestions", tuple(suggestions)))

    def cancel_pending(self) -> None:
        self.calls.append(("cancel_pending",))

    def set_lintel_mode(self, on: bool) -> None:
        self.calls.append(("lintel", on))

    def grab_image(self) -> QImage:
        image = QImage(40, 30, QImage.Format.Format_RGB32)
        image.fill(QColor(10, 200, 30))
        return image

    def cell_screen_pos(self, name: str) -> QPoint:
        return QPoint(0, 0)


class FakeMap(FakeView):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("map", parent)


_FAKE_DESKS: dict[str, GameDesk] = {}


def fake_desk(game: str) -> GameDesk:
    """The game's real desk entry with views that record instead of drawing."""
    if game not in _FAKE_DESKS:
        real = desk(game)
        assert isinstance(real, Desk), f"the {game} desk is not a Desk"
        _FAKE_DESKS[game] = replace(
            real, make_view=lambda parent: FakeView(game, parent),
            make_map=(lambda parent: FakeMap(parent)) if real.make_map is not None else None)
    return _FAKE_DESKS[game]


def real_window(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                size: tuple[int, int] = (820, 600), active: bool = False) -> MainWindow:
    """The real MainWindow with private folders and scripted dialogs, shown on the (Xvfb)
    screen at `size`; `active` waits until it is the active window (shortcuts need that)."""
    from megalith.desktop.window.main_window import MainWindow

    private_folders(monkeypatch, tmp_path)
    install_dialogs(monkeypatch)
    window = MainWindow()
    qtbot.addWidget(window)
    window.resize(*size)
    window.show()
    qtbot.waitExposed(window)
    if active:
        window.activateWindow()
        qtbot.waitUntil(window.isActiveWindow)
    return window


def stand_in_dialogs(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Dialogs:
    """Private folders, board views that record instead of drawing, scripted dialogs: for
    tests about the window rather than the drawing."""
    from megalith.desktop.window import main_window

    private_folders(monkeypatch, tmp_path)
    monkeypatch.setattr(main_window, "desk", fake_desk)
    return install_dialogs(monkeypatch)


def quady_window(qtbot: QtBot) -> MainWindow:
    """A window (not shown) with a new Quadrant Y game of size 5 between alice and bob."""
    from megalith.desktop.game.session import GameChoice
    from megalith.desktop.window.main_window import MainWindow

    window = MainWindow()
    qtbot.addWidget(window)
    window.start_game(GameChoice("quady", ["-size=5"], ["alice", "bob"], []))
    return window


# ---- typed accessors: what a test knows is there, checked ----------------------------------

def session_of(window: MainWindow) -> Session:
    """The window's game, which the test has started."""
    session = window.session
    assert session is not None, "the window has no game"
    return session


def view_of(window: MainWindow) -> QWidget:
    """The window's board view, as the widget it is."""
    view = window.view
    assert view is not None, "the window shows no board"
    return view


def map_of(window: MainWindow, kind: type[W]) -> W:
    """The window's owners/heights map, as the kind of widget the test knows it is."""
    views = window.board_pane.views
    found = views.map_widget if views is not None else None
    assert isinstance(found, kind), f"the window's map is not a {kind.__name__}"
    return found


def board_of(window: MainWindow) -> BoardControls:
    """The window's board view, as what the window asks of it (grab, where a cell is)."""
    board = window.board_pane.board
    assert board is not None, "the window shows no board"
    return board


def board_view(game: str, parent: QWidget | None = None) -> QWidget:
    """A new board view of the game, made by its desk entry as the window makes it."""
    entry = desk(game)
    assert isinstance(entry, Desk), f"the {game} desk is not a Desk"
    return widget_of(entry.make_view(parent))


def new_position(game: str, kind: type[S], parameters: str = "", players: int | None = None
                 ) -> S:
    """A new game's starting position, as the engine class the test reads it through."""
    return position_as(registry.new_game(game, parameters, players), kind)


def position_as(state: GameState, kind: type[S]) -> S:
    """The position as the engine class the test reads it through."""
    assert isinstance(state, kind), f"the position is a {type(state).__name__}"
    return state


def stacked(state: GameState) -> StackedPosition:
    """The position as a 3D view reads it (a board of stacks: Druid, Drogo)."""
    assert isinstance(state, StackedPosition), f"a {type(state).__name__} has no stacks"
    return state


def stack_view(game: str, parent: QWidget | None = None) -> StackView:
    """A new 3D board view of the game, made by its desk entry."""
    from megalith.desktop.views.stack3d import StackView

    view = board_view(game, parent)
    assert isinstance(view, StackView), f"the {game} board is not a StackView"
    return view


def shown_board(view: StackView) -> Board:
    """The board of the position the 3D view shows."""
    assert view.board is not None, "the view shows no position"
    return view.board


def pick_scene(view: StackView) -> PickScene:
    """What the 3D view's pointer picks in, for the position it shows."""
    assert view.pick_scene is not None, "the view shows no position"
    return view.pick_scene


def child(parent: QObject, kind: type[W], name: str = "") -> W:
    """The child widget (or object) of that kind and object name (any name when "")."""
    found = parent.findChild(kind, name)
    assert found is not None, f"no {kind.__name__} named {name!r}"
    return found


def item(table: QTableWidget, row: int, column: int) -> QTableWidgetItem:
    """The table's cell item at (row, column)."""
    cell = table.item(row, column)
    assert cell is not None, f"no item at ({row}, {column})"
    return cell


def header(table: QTableWidget, column: int) -> QTableWidgetItem:
    """The table's column header item."""
    cell = table.horizontalHeaderItem(column)
    assert cell is not None, f"no header item in column {column}"
    return cell


def spin_box(dialog: NewGameDialog, option: str) -> QSpinBox:
    """The new-game dialog's field for a number option."""
    widget = dialog.option_widgets[option]
    assert isinstance(widget, QSpinBox), f"-{option} is not a number"
    return widget


def check_box(dialog: NewGameDialog, option: str) -> QCheckBox:
    """The new-game dialog's field for a flag option."""
    widget = dialog.option_widgets[option]
    assert isinstance(widget, QCheckBox), f"-{option} is not a flag"
    return widget
