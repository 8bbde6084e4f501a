"""The study pictures of docs/desktop.md ("Studying a game"), drawn by the whole window:
a Druid game with variations and notes, and the review after "Analyse game". Called by
`docs/screenshots.py --study`, which sets up the application; the window's settings and
autosave go to a temporary folder, never the user's.

The analysis is the window's own (400 iterations a position, seeded by the ply), so the
review is the same on every run of the same engine."""

from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path

from PySide6.QtWidgets import QApplication, QWidget

# c3 f6 d4 e5 c5 f4 d6 e3 was played; d5 instead of d4 (variation 1, noted, with a
# sub-variation e6), and f5 c6 instead of c5 f4 (variation 2)
STUDY = """(game druid)
(version 1)
(players alice bob)
(moves
c3
f6
d4
e5
c5
f4
d6
e3
)
(parameters -size=8)
(notes
3 d4 makes a diagonal with c3
)
(variations
0 2 d5 e4 c4
note 3 d5 instead: straighter, and the e-file stays open
0 4 f5 c6
1 4 e6
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
    from desktop.main_window import MainWindow  # after the folders are set

    record = folder / "study.txt"
    record.write_text(STUDY)
    window = MainWindow()
    window.resize(*SIZE)
    window.show()
    settle(app)
    if not window.open_file(record):
        raise SystemExit(f"could not open {record}")
    window.controller.switch_line(1)
    window.controller.show_ply(3)  # d5, with its note
    settle(app)
    paths = [images / "study-variations.png"]
    grab(window, paths[0])

    window.controller.switch_line(0)
    window.analyse_action.trigger()
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
