"""Random Druid playouts per second on one core.

Each playout starts on an empty board and plays uniformly random legal placements (sarsens and
lintels; no passes, no Druid steps) until someone connects their sides. Moves go through
`DruidState.play`, the same path as any player's move: the benchmark times the real rules.

Random play can deadlock for a very long time (two walls of ever higher stacks that random
lintels seldom break), so a playout also stops at `--cap` plies; the timing includes those
games and the report counts them.

    .venv/bin/python benchmarks/druid_playouts.py [--seconds 5] [--seed 1] [--profile]
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from megalith.rules import registry  # noqa: E402
from megalith.rules.druid.game import DruidState  # noqa: E402

VARIANTS = (("square 10", ""), ("hex 5", "-hex"), ("Y 8", "-y"))


def playout(parameters: str, rng: random.Random, cap: int) -> int:
    """Play one random game to its end or to `cap` plies; return its number of plies."""
    state = registry.new_game("druid", parameters)
    assert isinstance(state, DruidState)
    while not state.outcome().over and state.ply < cap:
        pid = state.random_placement(rng)
        if pid is None:  # nobody can place any more: only passes are left
            break
        state.play(state.placement_text(pid))
    return state.ply


def measure(parameters: str, seconds: float, rng: random.Random, cap: int
            ) -> tuple[float, list[int]]:
    """(playouts per second, the length of every game) over about `seconds` of play."""
    lengths: list[int] = []
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds or not lengths:
        lengths.append(playout(parameters, rng, cap))
    return len(lengths) / elapsed, lengths


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="time per variant")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--cap", type=int, default=5000,
                        help="stop a playout after this many plies")
    parser.add_argument("--profile", action="store_true", help="cProfile square 10 instead")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    if args.profile:
        profile = cProfile.Profile()
        profile.runcall(measure, "", args.seconds, rng, args.cap)
        pstats.Stats(profile).sort_stats("tottime").print_stats(14)
        return
    for label, parameters in VARIANTS:
        rate, lengths = measure(parameters, args.seconds, rng, args.cap)
        capped = sum(length >= args.cap for length in lengths)
        print(f"{label:>9}: {rate:7.1f} playouts/s, {statistics.mean(lengths):6.1f} plies per "
              f"game (median {statistics.median(lengths):.0f}; {len(lengths)} games, {capped} "
              f"stopped at {args.cap} plies)")


if __name__ == "__main__":
    main()
