"""Random Drogo playouts per second on the real rules code.

Each playout starts from the empty board and plays moves drawn uniformly from the legal moves
(`DrogoState.random_move`, which `legal_moves` agrees with) through `play`, until the game is
over or 1000 plies have been played. Run: `.venv/bin/python benchmarks/drogo_playouts.py`.
With the default rules random games practically never end (random players fill their own
eyes, captures empty the board again), so every game runs to the cap and plies per second is
the figure to compare; `--parameters=-in_place` or `-easy_free` gives games that end.
"""

from __future__ import annotations

import argparse
import random
import time

from megalith.rules import registry

PLY_CAP = 1000


def playout(parameters: str, players: int, rng: random.Random) -> tuple[int, bool]:
    """One random game; returns its number of plies and whether it hit the cap."""
    state = registry.new_game("drogo", parameters, players)
    while state.to_move is not None and state.ply < PLY_CAP:
        state.play(state.random_move(rng))
    return state.ply, state.to_move is not None


def measure(parameters: str, players: int, games: int, seed: int) -> None:
    rng = random.Random(seed)
    start = time.perf_counter()
    results = [playout(parameters, players, rng) for _ in range(games)]
    elapsed = time.perf_counter() - start
    plies = sum(ply for ply, _ in results)
    capped = sum(hit for _, hit in results)
    label = f"drogo {parameters or '(defaults)'}, {players} players"
    print(f"{label}: {games / elapsed:.1f} playouts/s, {plies / elapsed:.0f} plies/s "
          f"({elapsed / plies * 1e6:.1f} us a ply), average {plies / games:.1f} plies, "
          f"{capped}/{games} hit the {PLY_CAP}-ply cap")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--parameters", default="", help="challenge options, e.g. -size=8")
    args = parser.parse_args()
    for players in (2, 4):
        measure(args.parameters, players, args.games, args.seed)


if __name__ == "__main__":
    main()
