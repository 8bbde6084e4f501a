"""The set-up picture of docs/desktop.md ("Setting up a position"), drawn by the whole window
in set-up mode: a Druid position with two lintels placed through the palette, and the
engine's refusal of an H sarsen on V's stone in the status bar. Called by
`docs/screenshots.py --setup`, which sets up the application; the window's settings and
autosave go to a temporary folder, never the user's.

Each piece is placed as a click on its cell places it (`SetupMode.click`, which the board
views' clicks reach), with the palette's buttons clicked for the kind and the side."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from PySide6.QtWidgets import QAbstractButton, QApplication

from docs.screenshots_study import grab, settle

SIZE = (1280, 860)
# (kind, side, where) in the order a player would place them: the lintels last, on their
# supports (b4-d4 over V, H, V; c2-e2 over H, V, H).
PIECES = (
    ("sarsen", "V", "b2"), ("sarsen", "V", "b3"), ("sarsen", "V", "b4"), ("sarsen", "V", "d4"),
    ("sarsen", "V", "d2"), ("sarsen", "V", "d5"), ("sarsen", "H", "c4"), ("sarsen", "H", "c2"),
    ("sarsen", "H", "e2"), ("sarsen", "H", "e3"), ("sarsen", "H", "f3"),
    ("lintel", "V", "b4-d4"), ("lintel", "H", "c2-e2"),
)


def render_setup(app: QApplication, images: Path) -> list[Path]:
    folder = Path(tempfile.mkdtemp(prefix="megalith-shots-"))
    os.environ["MEGALITH_CONFIG_DIR"] = str(folder / "config")
    os.environ["MEGALITH_DATA_DIR"] = str(folder / "data")
    from megalith.desktop.game.session import GameChoice
    from megalith.desktop.window.main_window import MainWindow  # after the folders are set

    window = MainWindow()
    window.resize(*SIZE)
    window.show()
    settle(app)
    window.start_game(GameChoice("druid", ["-size=6"], ["alice", "bob"], []))
    window.commands.setup_action.trigger()
    mode = window.setup_mode

    def press(name: str) -> None:
        button = mode.dock.findChild(QAbstractButton, name)
        if button is None:
            raise SystemExit(f"the palette has no {name}")
        button.click()

    for kind, side, where in PIECES:
        press(f"setup_kind_{kind}")
        press(f"setup_side_{side}")
        if not mode.click(where):
            raise SystemExit(f"{kind} {side} {where} was refused: {window.message_label.text()}")
    press("setup_kind_sarsen")
    press("setup_side_H")
    mode.click("b3")  # refused: the status bar gives the engine's reason
    settle(app)
    path = images / "setup-mode.png"
    grab(window, path)
    window.close()
    return [path]
