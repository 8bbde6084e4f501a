"""Time from launching Megalith to its first frame on screen (aim: under 1.5 s).

Each run starts the program as a person would, in a fresh process with empty private
settings and data folders, and measures the wall time from the spawn to the moment the
program says (MEGALITH_REPORT_FIRST_FRAME=1, desktop/app.py) that its board view has drawn
its first frame: interpreter start, imports, QApplication, window, game and first paint.

    .venv/bin/python benchmarks/startup.py [--runs 5] [--program dist/megalith/megalith]
    xvfb-run -a .venv/bin/python benchmarks/startup.py      # without a display

Programs timed: the venv's `megalith`; the standalone build (packaging/build.sh) when it
exists; and `./run.sh` once the venv is installed (its second launch: the install check, then
the same program). Cases: a fresh start (the default game, Druid on the 10x10 board, empty)
and `megalith FILE` with a crowded record (Druid 16x16, about 200 stones and lintels).
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
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MARK = "FIRST-FRAME"  # desktop.app.FIRST_FRAME_MARK (not imported: no Qt in this process)
STANDALONE = ROOT / "dist" / "megalith" / "megalith"


def crowded_record(folder: Path) -> Path:
    """A Druid 16x16 game with about 200 moves, lintels included, seeded."""
    sys.path.insert(0, str(ROOT))
    from megalith.rules import record as records
    from megalith.rules.record import Record

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


def launch_env(folder: Path) -> dict[str, str]:
    """The environment of a timed launch: private folders, the first-frame report, xcb."""
    env = dict(os.environ, MEGALITH_CONFIG_DIR=str(folder / "config"),
               MEGALITH_DATA_DIR=str(folder / "data"), MEGALITH_REPORT_FIRST_FRAME="1")
    env.setdefault("QT_QPA_PLATFORM", "xcb")
    return env


def start(command: Sequence[str], folder: Path) -> tuple[subprocess.Popen[str], float]:
    """Starts a program and waits for its first frame; returns the process, still running,
    and the seconds from the spawn to the report."""
    begun = time.perf_counter()
    process = subprocess.Popen(list(command), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True, env=launch_env(folder), cwd=ROOT)
    assert process.stdout is not None and process.stderr is not None  # both are pipes
    for line in process.stdout:
        if line.strip() == MARK:
            return process, time.perf_counter() - begun
    process.wait(timeout=30)
    raise RuntimeError(f"{command[0]} never drew a frame:\n{process.stderr.read()}")


def one_run(folder: Path, path: Path | None, program: Sequence[str] | None = None) -> float:
    """One timed launch of `program` (default: this checkout's `megalith` under this Python)
    with the record at `path`, closed right after its first frame."""
    command = list(program or [sys.executable, "-m", "megalith.desktop.launch"])
    process, seconds = start(command + ([str(path)] if path else []), folder)
    process.terminate()  # closes the window as its close button would (desktop/app.py)
    process.wait(timeout=30)
    return seconds


def programs(standalone: Path) -> list[tuple[str, list[str]]]:
    found = []
    venv_megalith = ROOT / ".venv" / "bin" / "megalith"
    if venv_megalith.exists():
        found.append(("venv: .venv/bin/megalith", [str(venv_megalith)]))
    else:
        found.append((f"venv: {Path(sys.executable).name} -m megalith.desktop.launch",
                      [sys.executable, "-m", "megalith.desktop.launch"]))
    if standalone.exists():
        found.append((f"standalone: {standalone.relative_to(ROOT)}"
                      if standalone.is_relative_to(ROOT) else str(standalone),
                      [str(standalone)]))
    else:
        print(f"(no standalone build at {standalone}: packaging/build.sh makes it)")
    if venv_megalith.exists():
        found.append(("second ./run.sh", [str(ROOT / "run.sh")]))
    else:
        print("(no .venv: the first ./run.sh makes it; then a second one is timed)")
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--program", type=Path, default=STANDALONE,
                        help="the standalone program to time (default: %(default)s)")
    args = parser.parse_args()
    if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        print("no display: run it under xvfb-run -a", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as temp:
        folder = Path(temp)
        cases = [("fresh start (Druid 10x10, empty)", None),
                 ("megalith FILE (Druid 16x16, 200 moves)", crowded_record(folder))]
        for label, program in programs(args.program.resolve()):
            one_run(folder, None, program)  # warm the disk cache once
            for name, path in cases:
                times = [one_run(folder, path, program) for _ in range(args.runs)]
                print(f"{label}, {name}: launch to first frame median "
                      f"{statistics.median(times):.3f} s (best {min(times):.3f}, worst "
                      f"{max(times):.3f}) over {args.runs} runs; aim under 1.5 s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
