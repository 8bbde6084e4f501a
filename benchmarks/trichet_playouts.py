"""Random games of Trichet per second, through the real rules engine.

A game starts from the opening and plays uniformly random legal moves (every fitting letter
at every numbered place) until a region is closed or the pool is empty. Three ways are timed:

- `play`: the public protocol, `state.legal_moves()` and `state.play(text)` for every move, as
  the application and the CLI use it (the place numbering included);
- `engine`: a random place and a random fitting letter put down with the engine's own
  placement and win test (`_place_with_autos`, `_decide`), without move text;
- `search`: the search's own playout loop (`run_playout`), which takes a win in one where
  there is one and otherwise draws as `play` does, so more of its games are won.

Usage: python benchmarks/trichet_playouts.py [--size 54] [--win-size 10] [--seconds 3]
       [--seed 1] [--profile]
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
from megalith.rules.trichet.game import TrichetState  # noqa: E402

Playout = Callable[[int, int, random.Random], TrichetState]


def playout_play(size: int, win_size: int, rng: random.Random) -> TrichetState:
    """One game through `legal_moves` and `play`."""
    state = registry.new_game("trichet", f"-size={size} -win_size={win_size}")
    assert isinstance(state, TrichetState)
    while state.to_move is not None:
        state.play(rng.choice(state.legal_moves()))
    return state


def playout_engine(size: int, win_size: int, rng: random.Random) -> TrichetState:
    """One game through the engine's placement: the same choice of a uniformly random legal
    move, without the move text."""
    state = TrichetState(size, win_size)
    sides = state.turn_order
    ply = 0
    while not state._outcome.over:
        moves = [(tri, letter) for tri in sorted(state._places)
                 for letter in state._places[tri]]
        tri, letter = rng.choice(moves)
        ply += 1
        touched = state._place_with_autos(tri, letter, ply)
        state._outcome = state._decide(sides[(ply - 1) % 2], touched)
    return state


def playout_search(size: int, win_size: int, rng: random.Random) -> TrichetState:
    """One game through the search's playout loop, played to the end."""
    state = TrichetState(size, win_size)
    state.run_playout(rng, state.size, [])  # a move places at least one tile
    return state


def measure(playout: Playout, size: int, win_size: int, seconds: float, seed: int
            ) -> tuple[float, float, float, float, dict[str, int], int]:
    """Games per second of wall time and of this process's CPU time (steadier on a shared
    machine), average player moves, average tiles, results and the number of games,
    playing for `seconds`."""
    rng = random.Random(seed)
    count = moves = tiles = 0
    results: dict[str, int] = {}
    start, cpu_start = time.perf_counter(), time.process_time()
    while (elapsed := time.perf_counter() - start) < seconds:
        state = playout(size, win_size, rng)
        count += 1
        moves += max(tile.ply for tile in state.placed())
        tiles += len(state.placed())
        status = state.outcome().status
        results[status] = results.get(status, 0) + 1
    cpu = time.process_time() - cpu_start
    return count / elapsed, count / cpu, moves / count, tiles / count, results, count


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--size", type=int, default=54)
    parser.add_argument("--win-size", type=int, default=10)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--profile", action="store_true", help="profile the play() games")
    args = parser.parse_args()
    for label, playout in (("play", playout_play), ("engine", playout_engine),
                           ("search", playout_search)):
        rate, cpu_rate, moves, tiles, results, count = measure(
            playout, args.size, args.win_size, args.seconds, args.seed)
        shares = ", ".join(f"{k} {100 * v / count:.0f}%" for k, v in sorted(results.items()))
        print(f"size {args.size} win_size {args.win_size} {label:>6}: {rate:6.0f} games/s "
              f"({cpu_rate:.0f} per CPU second), {moves:4.1f} moves and {tiles:4.1f} tiles a "
              f"game ({shares}; {count} games)")
    if args.profile:
        profiler = cProfile.Profile()
        profiler.runcall(measure, playout_play, args.size, args.win_size, args.seconds,
                         args.seed)
        pstats.Stats(profiler).sort_stats("tottime").print_stats(12)


if __name__ == "__main__":
    main()
