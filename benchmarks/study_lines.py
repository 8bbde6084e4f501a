"""What variations cost a move: the same long game without and with variations, side by side.

The game is the crowded Druid 16x16 monument of benchmarks/frame_time.py (about 420 moves).
"with variations" gives it `--variations` variations of 3 to 12 moves parting at random
plies, some from other variations. For each, at the end of the main line:
- play: Session.play of a legal move and Session.undo (the record, the replay cache and
  the variations bookkeeping of a move at the end of a line);
- branch: Session.play of another move 10 moves back (a new variation), and undo;
- panel: the side panel's show_session after a move (the table with its `+n` marks and the
  Lines tree), in a window that is not shown;
- open: reading the record's text and replaying it, every variation included (what opening
  the file costs before the window draws).

    xvfb-run -a -s "-screen 0 1280x1024x24" .venv/bin/python benchmarks/study_lines.py
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))
os.environ.setdefault("QT_QPA_PLATFORM", "xcb")

from frame_time import crowded_monument, ms  # noqa: E402  (Qt's GL sharing)
from PySide6.QtWidgets import QApplication  # noqa: E402

from megalith.desktop.panels.side_panel import SidePanel  # noqa: E402
from megalith.desktop.game.session import Session  # noqa: E402
from megalith.rules import record as records  # noqa: E402
from megalith.rules import variations  # noqa: E402
from megalith.rules.record import Record  # noqa: E402


def game(moves: list[str], count: int, seed: int) -> Session:
    """The monument's moves as a session, with `count` random variations."""
    session = Session.from_record(Record("druid", ["-size=16"], ["alice", "bob"], list(moves)))
    rng = random.Random(seed)
    for _ in range(count):
        line = rng.randrange(variations.count(session.record))
        session.switch(line, 0)
        session.view(rng.randrange(max(1, session.ply - 12), session.ply))
        for _ in range(rng.randrange(3, 13)):
            legal = [m for m in session.shown.legal_moves() if m not in ("--", "swap")]
            if not legal or session.shown.outcome().over:
                break
            session.play(rng.choice(legal))
    session.switch(0, len(moves))
    return session


def timed(action: Callable[[], object], repeats: int) -> list[float]:
    samples = []
    for _ in range(repeats):
        start = time.perf_counter()
        action()
        samples.append(time.perf_counter() - start)
    return samples


def measure(session: Session, panel: SidePanel, repeats: int) -> dict[str, list[float]]:
    end = session.ply
    move = next(m for m in session.shown.legal_moves() if m not in ("--", "swap"))

    def play() -> None:
        session.play(move)
        session.undo()

    def branch() -> None:
        session.view(end - 10)
        other = next(m for m in session.shown.legal_moves()
                     if m not in ("--", "swap", session.moves[end - 10]))
        session.play(other)
        session.undo()
        session.switch(0, end)

    panel.show_session(session)
    shown = []
    for _ in range(repeats):
        session.play(move)
        shown += timed(lambda: panel.show_session(session), 1)
        session.undo()
        panel.show_session(session)
    text = records.dumps(session.record)
    opened = timed(lambda: Session.from_record(records.parse(text)), max(3, repeats // 5))
    return {"play": timed(play, repeats), "branch": timed(branch, repeats), "panel": shown,
            "open": opened}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variations", type=int, default=40)
    parser.add_argument("--repeats", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    app = QApplication.instance() or QApplication(sys.argv[:1])
    moves = list(crowded_monument(args.seed).moves)
    print(f"Druid 16x16 monument, {len(moves)} moves; {args.repeats} samples each "
          "(open: a fifth as many)")
    results = {}
    for label, count in (("no variations", 0), (f"{args.variations} variations", args.variations)):
        session = game(moves, count, args.seed)
        panel = SidePanel()
        panel.resize(300, 700)
        results[label] = measure(session, panel, args.repeats)
        app.processEvents()
    for step in ("play", "branch", "panel", "open"):
        for label, figures in results.items():
            print(f"{step:7} {label:16} {ms(figures[step])}")


if __name__ == "__main__":
    main()
