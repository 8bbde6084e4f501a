"""What the tile views' race overlay costs on every new position (issue 26).

Dragons and Trichet now draw, with every position, what is closing: the engines count the
facts afresh (Dragons' `loops()` and `dragons()`, Trichet's `open_regions()`) and the canvas
draws them once the toggle shows them. For tables of growing size (random games with a fixed
seed, stopped at a number of tiles), this prints the engine's time for the facts and the
view's `set_position` without the overlay (before: its code left out), with it switched off
and with it on, side by side from one run, medians of repeated runs in milliseconds.

    xvfb-run -a -s "-screen 0 1280x1024x24" .venv/bin/python benchmarks/race_overlay.py
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("QT_QPA_PLATFORM", "xcb")

from PySide6.QtWidgets import QApplication  # noqa: E402

from megalith.desktop.games import desk  # noqa: E402
from megalith.rules import registry  # noqa: E402
from megalith.rules.protocol import GameState  # noqa: E402

SETUPS = (("dragons", "-num_tiles=120 -tantrix", (30, 60, 110)),
          ("trichet", "-size=200 -win_size=200", (30, 80, 160)))


def table(game: str, parameters: str, tiles: int, seed: int) -> GameState:
    """A random game of `game` stopped once `tiles` tiles are down (or at its end)."""
    state, rng = registry.new_game(game, parameters), random.Random(seed)
    while state.to_move is not None and len(state.placed()) < tiles:  # type: ignore[attr-defined]
        state.play(rng.choice(state.legal_moves()))
    return state


def median_ms(actions: list[Callable[[], object]], repeats: int) -> list[float]:
    """Each action's median time in ms, the actions taken in turn on every round (so that
    the load of a shared machine weighs on all alike)."""
    times: list[list[float]] = [[] for _ in actions]
    for _ in range(repeats):
        for action, kept in zip(actions, times):
            start = time.perf_counter()
            action()
            kept.append(time.perf_counter() - start)
    return [statistics.median(kept) * 1000 for kept in times]


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--repeats", type=int, default=15)
    parser.add_argument("--seed", type=int, default=26)
    args = parser.parse_args()
    app = QApplication.instance() or QApplication(sys.argv[:1])
    print(f"{'game':9}{'tiles':>6}{'facts':>8}{'view: before':>14}{'off':>8}{'on':>8}")
    for game, parameters, sizes in SETUPS:
        plain, off, on = (desk(game).make_view(None) for _ in range(3))
        plain._draw_race = lambda _state: None  # type: ignore[attr-defined]  # before
        on.race.button.setChecked(True)  # type: ignore[attr-defined]
        for view in (plain, off, on):
            view.resize(900, 700)
            view.show()
        app.processEvents()
        for size in sizes:
            state = table(game, parameters, size, args.seed)
            legal = None if state.outcome().over else state.legal_moves()
            facts = (lambda: (state.loops(), state.dragons())) if game == "dragons" \
                else state.open_regions  # type: ignore[attr-defined]
            shows = [lambda view=view: view.set_position(state, {}, legal, None)
                     for view in (plain, off, on)]
            times = median_ms([facts, *shows], args.repeats)
            print(f"{game:9}{len(state.placed()):>6}"
                  + "".join(f"{t:>{w}.2f}" for t, w in zip(times, (8, 14, 8, 8))))
        for view in (plain, off, on):
            view.close()


if __name__ == "__main__":
    main()
