"""The pictures of docs/desktop.md's "Rough edges mended (#39): the monument": the Druid's
figure picked as its own cell (the whole window, so that the line under the board shows
what the pointer names), suggestions marked on the monument, a faded tower keeping its
height; and the window after a capture, whose banner moved. Called by `docs/screenshots.py --mended`, which sets up the application; the
window's settings and autosave go to a temporary folder, never the user's."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
from PySide6.QtCore import QEvent, QPointF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication

from docs.screenshots_study import grab, settle
from megalith.desktop.views.stack3d import StackView
from megalith.rules import registry
from megalith.rules.contracts import StackedPosition

if TYPE_CHECKING:
    from megalith.desktop.window.main_window import MainWindow

WINDOW = (1000, 720)
VIEW = (960, 640)
# Suggestions as Ctrl+H shows them (move, win rate); fixed here, so that the picture is the
# same on every run (the search's own choice depends on the machine's speed)
SUGGESTED = [("d5", 0.56), ("e4", 0.51), ("c6", 0.47)]


def _position(game: str, params: str, players: int, moves: list[str]) -> StackedPosition:
    state = registry.get(game).new(params, players)
    for move in moves:
        state.play(move)  # a MoveError here means the list went stale: fix it
    assert isinstance(state, StackedPosition)
    return state


def _view(app: QApplication, state: StackedPosition) -> StackView:
    view = StackView()
    view.resize(*VIEW)
    view.show()
    app.processEvents()
    view.set_position(state, {}, state.legal_moves(), state.moves[-1] if state.moves else None)
    view.reset_camera(animate=False)
    settle(app, 0.3)
    return view


def _save(view: StackView, path: Path) -> Path:
    if not view.grab_image().save(str(path)):
        raise SystemExit(f"could not write {path}")
    view.close()
    return path


def render_figure(app: QApplication, images: Path) -> Path:
    """Druid's Walk, V's Druid on d1 after V's d2: the pointer on the Druid's head names d1
    (the issue's case: it played e2 behind it)."""
    window = _window(app, WINDOW, "druid", ["-size=8", "-walk"], ["vera", "hugo"],
                     ["d1", "a5", "d2"])
    view = window.findChild(StackView)
    assert view is not None and view.board is not None and view.pick_scene is not None
    view.settle()
    board = view.board
    x, y = board.centres[board.index["d1"]]
    head = view.camera().project(np.array([[x, y, view.pick_scene.top("d1") + 0.75]]))[0]
    point = QPointF(float(head[0]), float(head[1]))
    app.sendEvent(view, QMouseEvent(QEvent.Type.MouseMove, point, view.mapToGlobal(point),
                                    Qt.MouseButton.NoButton, Qt.MouseButton.NoButton,
                                    Qt.KeyboardModifier.NoModifier))
    settle(app)
    path = images / "mended-druid-figure.png"
    grab(window, path)
    _close(window)
    return path


def render_suggestions(app: QApplication, images: Path) -> Path:
    """A Druid position with three suggestions marked: outlines and badges."""
    view = _view(app, _position("druid", "-size=8", 2,
                                ["d4", "c5", "d4", "e5", "c3", "f6", "c4", "e6", "d5"]))
    view.show_suggestions(SUGGESTED)
    settle(app, 0.3)
    return _save(view, images / "mended-suggestions.png")


def render_faded_height(app: QApplication, images: Path) -> Path:
    """Drogo for four: X's c3 tower of three, see-through before O's c4, with its height."""
    view = _view(app, _position("drogo", "", 4, ["c3", "e6", "a1", "f1", "c3,c3", "c4"]))
    return _save(view, images / "mended-faded-height.png")


def _window(app: QApplication, size: tuple[int, int], game: str, params: list[str],
            players: list[str], moves: list[str]) -> MainWindow:
    """The whole window playing `moves` as typed in the Move line, its settings and
    autosave in a temporary folder."""
    folder = Path(tempfile.mkdtemp(prefix="megalith-shots-"))
    os.environ["MEGALITH_CONFIG_DIR"] = str(folder / "config")
    os.environ["MEGALITH_DATA_DIR"] = str(folder / "data")
    from megalith.desktop.game.session import GameChoice  # after the folders are set
    from megalith.desktop.window.main_window import MainWindow

    window = MainWindow()
    window.resize(*size)
    window.show()
    settle(app)
    window.start_game(GameChoice(game, params, players, []))
    for move in moves:
        window.move_line.setText(move)
        window.play_typed()
    settle(app)
    return window


def _close(window: MainWindow) -> None:
    assert window.session is not None
    window.session.modified = False  # a picture's game: nothing to save on closing
    window.close()


def render_capture(app: QApplication, images: Path) -> Path:
    """Drogo, O's b1 has just taken X's three-high stack on a1: the banner says so over
    the top left corner of the board (docs/desktop.md, "The window: a capture said over
    the board"), the map beside the monument in a window 1600 pixels wide."""
    window = _window(app, (1600, 1000), "drogo", [], ["alice", "bob"],
                     ["a1", "a2", "a1,a1", "f6", "f5", "b1"])
    path = images / "window-capture.png"
    grab(window, path)
    _close(window)
    return path


def render_mended(app: QApplication, images: Path) -> list[Path]:
    return [render_figure(app, images), render_suggestions(app, images),
            render_faded_height(app, images), render_capture(app, images)]
