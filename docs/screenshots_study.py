"""The study pictures of docs/desktop.md ("Studying a game"), drawn by the whole window:
a Druid game with variations and notes, and the review after "Analyse game". Called by
`docs/screenshots.py --study`, which sets up the application; the window's settings and
autosave go to a temporary folder, never the user's.

The analysis is the window's own (seeded by the first ply of each run), so the review is
the same on every run of the same engine."""

from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path

from PySide6.QtWidgets import QApplication, QWidget

# c1 a6 c2 b6 c3 f1 c4 a5 c5 f2 c6 was played on a 6x6 board: H let V's column through with
# a5 (c6 was the block). Variation 1 blocks with c4 at once (noted; sub-variation 3 goes on
# with b4), variation 2 blocks with c6 a move later.
STUDY = """(game druid)
(version 1)
(players alice bob)
(moves
c1
a6
c2
b6
c3
f1
c4
a5
c5
f2
c6
)
(parameters -size=6)
(notes
5 three stones up the c column: H must block soon
)
(variations
0 5 c4 d3
note 6 c4 blocks the column at once
0 7 c6 c5
1 7 b4
)
"""
SIZE = (1400, 900)


def settle(app: QApplication, seconds: float = 0.5) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        app.processEvents()
        time.sleep(0.02)


def grab(window: QWidget, path: Path) -> None:
    """The window as the screen shows it: a widget's own grab leaves out what the 3D view
    paints over its GL frame (coordinates, the pin)."""
    if not window.screen().grabWindow(window.winId()).save(str(path)):
        raise SystemExit(f"could not write {path}")


def render_study(app: QApplication, images: Path) -> list[Path]:
    folder = Path(tempfile.mkdtemp(prefix="megalith-shots-"))
    os.environ["MEGALITH_CONFIG_DIR"] = str(folder / "config")
    os.environ["MEGALITH_DATA_DIR"] = str(folder / "data")
    from megalith.desktop.window.main_window import MainWindow  # after the folders are set

    record = folder / "study.txt"
    record.write_text(STUDY)
    window = MainWindow()
    window.resize(*SIZE)
    window.show()
    settle(app)
    if not window.files.open_file(record):
        raise SystemExit(f"could not open {record}")
    window.controller.switch_line(1)
    window.controller.show_ply(6)  # c4, with its note
    settle(app)
    paths = [images / "study-variations.png"]
    grab(window, paths[0])

    window.controller.switch_line(0)
    window.commands.analyse_action.trigger()
    while window.controller.analysis.running:
        settle(app, 0.2)
    settle(app)
    review = window.panel.review
    review.list.setCurrentRow(0)  # as a click on the first drop does
    settle(app)
    paths.append(images / "study-review.png")
    grab(window, paths[1])
    window.close()
    return paths
