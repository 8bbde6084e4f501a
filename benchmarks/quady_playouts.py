"""Random playouts of Quadrant Y per second, through the real rules engine.

A playout starts from the empty board and plays the empty cells in a random order (every empty
cell is a legal move) until a player has 3 points. Two ways are timed:

- `play`: the public protocol, `state.play(name)` and `state.outcome()` for every move, as the
  application and the CLI use it;
- `engine`: the placement the protocol calls (`QuadYState._place`) with the turn's colour and
  the cached outcome, without parsing text or recording the move list: what a playout-based
  player would call.

Usage: python benchmarks/quady_playouts.py [--size 15] [--seconds 3] [--seed 1] [--profile]
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from megalith.rules import registry  # noqa: E402
from megalith.rules.quady.game import QuadYState  # noqa: E402


def playout_play(size: int, rng: random.Random) -> int:
    """One playout through `play`; returns its number of plies."""
    state = registry.new_game("quady", f"-size={size}")
    order = list(state.board.names)
    rng.shuffle(order)
    for name in order:
        state.play(name)
        if state.outcome().over:
            return state.ply
    raise AssertionError("a full board always gives someone 3 points")


def playout_engine(size: int, rng: random.Random) -> int:
    """One playout through the engine's placement; returns its number of plies."""
    state = QuadYState(size)
    order = list(range(len(state.board)))
    rng.shuffle(order)
    for ply, index in enumerate(order):
        state._place(index, 1 + ply % 2)
        if state._outcome.over:
            return ply + 1
    raise AssertionError("a full board always gives someone 3 points")


def measure(playout, size: int, seconds: float, seed: int) -> tuple[float, float, int]:
    """Playouts per second, average plies and the number of playouts run for `seconds`."""
    rng = random.Random(seed)
    count = plies = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        plies += playout(size, rng)
        count += 1
    return count / elapsed, plies / count, count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=15)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--profile", action="store_true", help="profile the play() playouts")
    args = parser.parse_args()
    for label, playout in (("play", playout_play), ("engine", playout_engine)):
        rate, plies, count = measure(playout, args.size, args.seconds, args.seed)
        print(f"size {args.size} {label:>6}: {rate:7.0f} playouts/s, "
              f"{plies:5.1f} plies on average ({count} playouts)")
    if args.profile:
        profiler = cProfile.Profile()
        profiler.runcall(measure, playout_play, args.size, args.seconds, args.seed)
        pstats.Stats(profiler).sort_stats("tottime").print_stats(12)


if __name__ == "__main__":
    main()
