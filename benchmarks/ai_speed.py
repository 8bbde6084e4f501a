"""Search iterations per second, per game on its default options, on one core and on all.

One core: a search in this process for `--seconds`, counted against the process's CPU time
(what the search costs) and against the wall clock. All cores: the root-parallel search of
`rules.ai.parallel.Thinker`, one worker per core, against the wall clock (what a player gets).
Compare the two wall-clock columns, measured back to back: on a machine shared with other
work they are both far below the CPU figure. The load average is printed with the table. Each position
is the start of the game and the position after `--plies` random moves (seed 1).

    .venv/bin/python benchmarks/ai_speed.py [--seconds 3] [--plies 10] [--only GAME]
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from megalith.rules import registry  # noqa: E402
from megalith.rules.ai.mcts import Search, default_cap  # noqa: E402
from megalith.rules.ai.parallel import Thinker  # noqa: E402
from megalith.rules.protocol import GameState  # noqa: E402

# Default options of every game and variant family; games not registered yet are skipped.
GAMES = (("druid", "", 2), ("druid", "-hex", 2), ("druid", "-hex", 3), ("druid", "-y", 2),
         ("druid", "-walk", 2), ("drogo", "", 2), ("drogo", "", 4), ("quady", "", 2),
         ("dragons", "", 2), ("trichet", "", 2))


def position(game: str, parameters: str, players: int, plies: int) -> GameState:
    """The position after `plies` random moves, or the latest one before it that still
    needs a search (not over, and not a single or winning move)."""
    rng = random.Random(1)
    state = registry.new_game(game, parameters, players)
    positions = [state.copy()]
    while state.ply < plies and state.to_move is not None:
        state.play(state.random_move(rng))
        positions.append(state.copy())
    return next(s for s in reversed(positions)
                if s.to_move is not None and not Search(s, seed=1).forced)


def one_core(state: GameState, seconds: float) -> tuple[float, float]:
    """Iterations per CPU second and per wall-clock second."""
    search = Search(state, seed=1)
    cpu, wall = time.process_time(), time.perf_counter()
    result = search.run(seconds=seconds)
    return (result.iterations / (time.process_time() - cpu),
            result.iterations / (time.perf_counter() - wall))


def all_cores(thinker: Thinker, state: GameState, seconds: float) -> float:
    start = time.perf_counter()
    result = thinker.think(state, seconds=seconds, seed=1)
    return result.iterations / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--plies", type=int, default=10)
    parser.add_argument("--only", default="", help="one game's families (druid, drogo, ..)")
    args = parser.parse_args()
    known = {info.name for info in registry.available()}
    cores = os.cpu_count() or 1
    print(f"iterations per second, {args.seconds:g} s searches; all cores = {cores} workers; "
          f"load average {os.getloadavg()[0]:.1f}")
    print(f"{'game':<24}{'position':>10}{'cap':>6}{'1 core cpu':>12}{'1 core wall':>12}"
          f"{'all wall':>10}")
    with Thinker(cores) as thinker:
        thinker.think(position("quady", "-size=5", 2, 0), iterations=cores * 4)  # warm up
        for game, parameters, players in GAMES:
            if args.only and game != args.only:
                continue
            if game not in known:
                print(f"{game:<24}  not registered in this version")
                continue
            for plies in (0, args.plies):
                state = position(game, parameters, players, plies)
                label = f"{game} {parameters} {players}p"
                cpu, wall = one_core(state, args.seconds)
                print(f"{label:<24}{'ply ' + str(state.ply):>10}{default_cap(state):>6}"
                      f"{cpu:>12.0f}{wall:>12.0f}"
                      f"{all_cores(thinker, state, args.seconds):>10.0f}", flush=True)
    print(f"load average at the end {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
