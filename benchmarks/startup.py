"""Time from launching Megalith to its first frame on screen (aim: under 1.5 s).

Each run starts a fresh Python process, as `megalith` would be started, with empty private
settings and data folders, and measures in this process the wall time from the spawn to the
moment the child reports that its board view has drawn its first frame (interpreter start,
imports, QApplication, window, game and first paint all included).

    .venv/bin/python benchmarks/startup.py [--runs 5]
    xvfb-run -a .venv/bin/python benchmarks/startup.py      # without a display

Two cases: a fresh start (the default game: Druid on the 10x10 board, empty) and
`megalith FILE` with a crowded record (Druid 16x16, about 200 stones and lintels).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MARK = "FIRST-FRAME"


# ---- the child: a megalith start that reports its first frame -------------------------

def child(path: str | None) -> None:
    started = time.perf_counter()
    sys.path.insert(0, str(ROOT))
    from PySide6.QtCore import QEvent, QObject, QTimer

    from desktop.app import create_application
    from desktop.main_window import MainWindow

    app = create_application()
    window = MainWindow()
    window.show()
    window.start(path)
    view = window.view

    def report() -> None:
        print(f"{MARK} {time.perf_counter() - started:.4f}", flush=True)
        app.exit(0)

    if hasattr(view, "frameSwapped"):  # a QOpenGLWidget: the frame is on screen
        view.frameSwapped.connect(report)
    else:  # a painted widget: its first paint event, once it has finished
        class FirstPaint(QObject):
            def eventFilter(self, obj, event) -> bool:
                if event.type() == QEvent.Type.Paint:
                    QTimer.singleShot(0, report)
                    obj.removeEventFilter(self)
                return False
        target = view.viewport() if hasattr(view, "viewport") else view
        target.installEventFilter(FirstPaint(target))
    app.exec()


# ---- the parent: spawn, time, summarise -------------------------------------------------

def crowded_record(folder: Path) -> Path:
    """A Druid 16x16 game with about 200 moves, lintels included, seeded."""
    sys.path.insert(0, str(ROOT))
    from rules import record as records
    from rules.record import Record

    state = records.new_state(Record("druid", ["-size=16"], ["vera", "hugo"]))
    rng = random.Random(16)
    moves: list[str] = []
    while len(moves) < 200 and not state.outcome().over:
        legal = [m for m in state.legal_moves() if m != "--"]
        lintels = [m for m in legal if "-" in m]
        move = rng.choice(lintels if lintels and rng.random() < 0.5 else legal)
        moves.append(state.play(move))
    target = folder / "crowded-druid.txt"
    records.save(target, Record("druid", ["-size=16"], ["vera", "hugo"], moves))
    return target


def one_run(folder: Path, path: Path | None) -> tuple[float, float]:
    env = dict(os.environ, MEGALITH_CONFIG_DIR=str(folder / "config"),
               MEGALITH_DATA_DIR=str(folder / "data"))
    env.setdefault("QT_QPA_PLATFORM", "xcb")
    command = [sys.executable, __file__, "--child"] + ([str(path)] if path else [])
    begun = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True, env=env)
    assert process.stdout is not None
    for line in process.stdout:
        if line.startswith(MARK):
            wall = time.perf_counter() - begun
            process.wait(timeout=30)
            return wall, float(line.split()[1])
    process.wait(timeout=30)
    raise RuntimeError(f"the window never drew a frame:\n{process.stderr.read()}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--child", nargs="?", const="", default=None, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child is not None:
        child(args.child or None)
        return 0
    if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        print("no display: run it under xvfb-run -a", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as temp:
        folder = Path(temp)
        cases = [("fresh start (Druid 10x10, empty)", None),
                 ("megalith FILE (Druid 16x16, 200 moves)", crowded_record(folder))]
        one_run(folder, None)  # warm the disk cache once
        for name, path in cases:
            walls, insides = zip(*(one_run(folder, path) for _ in range(args.runs)))
            print(f"{name}: launch to first frame median {statistics.median(walls):.3f} s "
                  f"(best {min(walls):.3f}, worst {max(walls):.3f}; inside Python after "
                  f"start-up {statistics.median(insides):.3f} s) over {args.runs} runs; "
                  f"aim under 1.5 s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
