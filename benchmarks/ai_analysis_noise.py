"""How far two analyses of one game differ: every ply of a recorded game of each family
analysed twice with different seeds (rules.ai.analysis, as "Analyse game" does it), and the
difference of the two win rates at each ply. The aim: under 0.08 at 95% of the plies.

The games are the golden records under tests/rules/golden/ (one per family, on its default
board where there is one). `--iterations` sets the least iterations per position (the
analysis's own figure by default); `--fresh` searches every position in a new tree (the
analysis before the tree was kept, to compare); `--plies` analyses only the first plies of
each game. Prints, per game, the plies searched, the 95th percentile and the largest
difference, the share of plies under 0.08, and the CPU seconds both analyses took.

    .venv/bin/python benchmarks/ai_analysis_noise.py [--iterations N] [--plies P] [--fresh]
                                                      [--only GAME]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from megalith.rules import registry  # noqa: E402
from megalith.rules.ai.analysis import ITERATIONS, RUN, searched_along, searched_position  # noqa: E402
from megalith.rules.protocol import GameState  # noqa: E402

GOLDEN = Path(__file__).resolve().parent.parent / "tests" / "rules" / "golden"
GAMES = ("druid/square10", "druid/hex5", "druid/y8", "druid/walk_square6", "druid/hex5_3p",
         "drogo/two_players", "drogo/four_players", "quady/size15_random", "dragons/default",
         "trichet/default_win_oh")
LIMIT = 0.08
SEEDS = (1, 2)


def positions(name: str, plies: int | None) -> list[GameState]:
    """The positions of a golden game, from the start, `plies` moves at most."""
    record = json.loads((GOLDEN / f"{name}.json").read_text())
    state = registry.new_game(record["game"], record["parameters"], record["players"])
    states = [state.copy()]
    for ply, move in enumerate(record["moves"]):
        if plies is not None and ply >= plies:
            break
        state.play(move)
        if ply == 0 and record["swapped"]:
            state.play("swap")
        states.append(state.copy())
    return states


def analysis(states: list[GameState], iterations: int, seed: int, fresh: bool
             ) -> list[float | None]:
    """The figures "Analyse game" gives: runs of RUN plies in kept trees (or each
    position alone with `fresh`), seeded by the run's first ply as the window does."""
    if fresh:
        return [searched_position(state, iterations, seed * 1000 + ply)[0]
                for ply, state in enumerate(states)]
    rates: list[float | None] = []
    for first in range(0, len(states), RUN):
        run = searched_along(states[first:first + RUN], iterations, seed * 1000 + first)
        rates += [rate for rate, _ in run]
    return rates


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=ITERATIONS)
    parser.add_argument("--plies", type=int, help="analyse only the first plies of each game")
    parser.add_argument("--fresh", action="store_true", help="a new tree for every position")
    parser.add_argument("--only", default="", help="games whose name contains this")
    args = parser.parse_args()
    how = "a new tree each position" if args.fresh else f"kept trees in runs of {RUN} plies"
    print(f"two analyses (seeds {SEEDS}), at least {args.iterations} iterations a position, "
          f"{how}")
    print(f"{'game':<24}{'plies':>6}{'95th pct':>10}{'largest':>9}{'under ' + str(LIMIT):>12}"
          f"{'cpu s':>8}")
    for name in GAMES:
        if args.only not in name:
            continue
        states = positions(name, args.plies)
        start = time.process_time()
        first, second = (analysis(states, args.iterations, seed, args.fresh) for seed in SEEDS)
        cpu = time.process_time() - start
        gaps = sorted(abs(a - b) for a, b in zip(first, second)
                      if a is not None and b is not None)
        if not gaps:
            print(f"{name:<24}  nothing to search")
            continue
        pct95 = gaps[min(len(gaps) - 1, int(0.95 * len(gaps)))]
        under = sum(gap < LIMIT for gap in gaps) / len(gaps)
        print(f"{name:<24}{len(gaps):>6}{pct95:>10.3f}{gaps[-1]:>9.3f}{under:>12.0%}"
              f"{cpu:>8.0f}", flush=True)


if __name__ == "__main__":
    main()
