"""The pictures of docs/desktop.md's "Rough edges mended (#39): the tile games", drawn by
the whole window at small sizes (640x480, 760x520): the wheel zooming about the pointer,
the table fitted clear of the pool box and the race button, the palette no larger than the
table's tiles, the race labels beside the tiles, and the result banner put away by a click.
Called by `docs/screenshots.py --tiles`, which sets up the application; the window's settings
and autosave go to a temporary folder, never the user's.

The games are random games from fixed seeds (`random.Random(seed)` choosing among the legal
moves), so every run of the same engine draws the same pictures."""

from __future__ import annotations

import os
import random
import tempfile
from pathlib import Path

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from docs.screenshots_study import grab, settle
from megalith.rules import registry

SMALL, MEDIUM = (640, 480), (760, 520)


def record(game: str, seed: int, moves: int | None = None) -> str:
    """A random game's record text: `moves` moves, or up to its end."""
    state, rng = registry.get(game).new("", 2), random.Random(seed)
    played: list[str] = []
    while not state.outcome().over and state.legal_moves() and (moves is None
                                                                or len(played) < moves):
        played.append(rng.choice(state.legal_moves()))
        state.play(played[-1])
    lines = "\n".join(played)
    return f"(game {game})\n(version 1)\n(players dora otto)\n(moves\n{lines}\n)\n"


def render_tiles(app: QApplication, images: Path) -> list[Path]:
    folder = Path(tempfile.mkdtemp(prefix="megalith-shots-"))
    os.environ["MEGALITH_CONFIG_DIR"] = str(folder / "config")
    os.environ["MEGALITH_DATA_DIR"] = str(folder / "data")
    from megalith.desktop.views.dragons import DragonsView
    from megalith.desktop.views.trichet import TrichetView
    from megalith.desktop.window.main_window import MainWindow  # after the folders are set

    window = MainWindow()
    window.show()
    paths: list[Path] = []

    def open_game(game: str, seed: int, moves: int | None, size: tuple[int, int]
                  ) -> DragonsView | TrichetView:
        path = folder / f"{game}-{seed}.txt"
        path.write_text(record(game, seed, moves))
        window.resize(*size)
        settle(app)
        if not window.files.open_file(path):
            raise SystemExit(f"could not open {path}")
        settle(app)
        view = window.view
        assert isinstance(view, (DragonsView, TrichetView))
        view.reveal.finish()
        return view

    def shot(name: str) -> None:
        settle(app, 0.4)
        paths.append(images / name)
        grab(window, paths[-1])

    # the table fitted clear of the pool box and the race button, the palette over a place
    view = open_game("dragons", 3, 16, SMALL)
    assert isinstance(view, DragonsView) and view.state is not None
    place = next(c for c in view.state.places() if len(view.state.fitting(c)) >= 3)
    view.show_hover(f"{place[0]},{place[1]}")
    shot("tiles-dragons-640x480.png")
    view.show_hover(None)
    view.race.button.setChecked(True)
    window.resize(*MEDIUM)
    shot("tiles-dragons-race-760x520.png")
    # three notches of the wheel over place 1: it stays under the pointer
    view.race.button.setChecked(False)
    view.reset_camera()
    settle(app)
    first = view.state.places()[0]
    at = view.cell_screen_pos(f"{first[0]},{first[1]}")
    for _ in range(3):
        QApplication.sendEvent(view.viewport(), QWheelEvent(
            QPointF(at), QPointF(view.viewport().mapToGlobal(at)), QPoint(0, 0),
            QPoint(0, 120), Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier,
            Qt.ScrollPhase.NoScrollPhase, False))
    view.show_hover(f"{first[0]},{first[1]}")
    shot("tiles-dragons-zoom-760x520.png")

    # Trichet's open regions labelled beside the table, at 640x480
    view = open_game("trichet", 31, 6, SMALL)
    view.race.button.setChecked(True)
    shot("tiles-trichet-race-640x480.png")
    # the end: the result says who wins, then a click puts the banner away
    view = open_game("trichet", 31, None, MEDIUM)
    view.race.button.setChecked(True)
    shot("tiles-trichet-end-760x520.png")
    QTest.mouseClick(window.banner, Qt.MouseButton.LeftButton, pos=window.banner.rect().center())
    shot("tiles-trichet-end-cleared-760x520.png")
    window.close()
    return paths
