"""Random games of Dragons per second, through the real rules engine.

A random game starts from the opening tile and plays a uniformly random legal move (any
fitting orientation at any numbered place, or at a gap when the gap duty applies) until the
game ends; the auto moves, the gap duty and the win test run as in play. Two ways are timed:

- `play`: the public protocol, `state.legal_moves()` and `state.play(text)` every ply, as
  the application and the CLI use them (numbering, move text, parsing included);
- `engine`: the engine's own calls a playout-based player would make: a random place among
  the gap places (or all numbered places), a random fitting orientation, `Table.lay` (the
  tile, the auto moves and the win test), without move text.

Usage: python benchmarks/dragons_playouts.py [--options "-tantrix"] [--seconds 3] [--seed 1]
       [--profile]
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from megalith.rules import registry  # noqa: E402
from megalith.rules.dragons.game import DragonsState  # noqa: E402

Result = tuple[int, int]  # (player moves, auto tiles)


def new(options: str) -> DragonsState:
    state = registry.new_game("dragons", options)
    assert isinstance(state, DragonsState)
    return state


def playout_play(options: str, rng: random.Random) -> Result:
    """One game through legal_moves() and play()."""
    state = new(options)
    while state.to_move is not None:
        state.play(rng.choice(state.legal_moves()))
    return state.ply, sum(tile.auto for tile in state.placed())


def playout_engine(options: str, rng: random.Random) -> Result:
    """One game through the engine's placement, auto moves and win test."""
    state = new(options)
    table = state._table
    ts = table.tile_set
    ply = 0
    while not table.outcome.over:
        places = state.gap_places() or state.places()
        coord = rng.choice(places)
        index = ts.letters.index(rng.choice(ts.fit_letters[ts.fits[table.keys[coord]]]))
        ply += 1
        table.lay(coord, index, ply)
    return ply, sum(tile.auto for tile in state.placed())


def measure(playout: Callable[[str, random.Random], Result], options: str, seconds: float,
            seed: int) -> tuple[float, float, float, int]:
    """Games per second, average player moves, average auto tiles, games run."""
    rng = random.Random(seed)
    count = moves = autos = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        played, auto = playout(options, rng)
        moves += played
        autos += auto
        count += 1
    return count / elapsed, moves / count, autos / count, count


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--options", default="", help='challenge options, e.g. "-tantrix"')
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--profile", action="store_true", help="profile the play() games")
    args = parser.parse_args()
    label = args.options or "default options"
    for name, playout in (("play", playout_play), ("engine", playout_engine)):
        rate, moves, autos, count = measure(playout, args.options, args.seconds, args.seed)
        print(f"{label} {name:>6}: {rate:7.0f} games/s, {moves:5.1f} player moves and "
              f"{autos:5.1f} auto tiles on average ({count} games)")
    if args.profile:
        profiler = cProfile.Profile()
        profiler.runcall(measure, playout_play, args.options, args.seconds, args.seed)
        pstats.Stats(profiler).sort_stats("tottime").print_stats(12)


if __name__ == "__main__":
    main()
