"""Why searching players draw Trichet: how often a position offers a win the search can see.

Plays games between two search levels and, at every position, counts the moves that win at
once and the moves that win in three plies (a move after which every reply leaves the mover
a win in one: a double threat, or a threat no reply stops). A search that takes wins in one
and never allows one (rules/ai/mcts.py) can only win where the other player missed such a
move, so if none exist the games are drawn however strong the stronger level is. Prints a
line per game and the totals.

    .venv/bin/python benchmarks/trichet_tactics.py [--games 4] [--size 54] [--levels 700,200]
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from megalith.rules import registry  # noqa: E402
from megalith.rules.ai.mcts import Search  # noqa: E402
from megalith.rules.protocol import GameState  # noqa: E402


def wins_now(state: GameState, side: str) -> list[str]:
    """The moves of the side to move (`side`) that end the game in its favour at once."""
    found = []
    for move in state.legal_moves():
        trial = state.copy()
        trial.play(move)
        if trial.outcome().winner == side:
            found.append(move)
    return found


def wins_in_three(state: GameState, side: str) -> list[str]:
    """The moves after which every reply leaves `side` (to move now) a win in one."""
    found = []
    for move in state.legal_moves():
        after = state.copy()
        after.play(move)
        if after.outcome().over:
            continue
        for reply in after.legal_moves():
            answered = after.copy()
            answered.play(reply)
            result = answered.outcome()
            if result.over and result.winner != side:
                break
            if not result.over and not wins_now(answered, side):
                break
        else:
            found.append(move)
    return found


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--size", type=int, default=54, help="tiles in the pool")
    parser.add_argument("--levels", default="700,200", help="iterations of the two levels")
    args = parser.parse_args(argv)
    levels = [int(x) for x in args.levels.split(",")]
    positions = with_win = with_forced = decisive = 0
    for game in range(args.games):
        rng = random.Random(game)
        state = registry.new_game("trichet", f"-size={args.size}", 2)
        seats = levels if game % 2 == 0 else levels[::-1]
        counts = []
        while state.to_move is not None:
            side = state.to_move
            now, three = len(wins_now(state, side)), len(wins_in_three(state, side))
            positions += 1
            with_win += now > 0
            with_forced += three > 0
            counts.append(f"{now}/{three}")
            iterations = seats[state.ply % 2]
            state.play(Search(state, rng.randrange(1 << 30)).run(iterations=iterations).move)
        outcome = state.outcome()
        decisive += outcome.status == "win"
        print(f"game {game + 1} ({seats[0]} vs {seats[1]}): {state.ply} plies, wins in one/three "
              f"per ply {' '.join(counts)}; {outcome.reason}", flush=True)
    print(f"{args.games} games, {positions} positions: a win in one at {with_win}, a win in "
          f"three at {with_forced}; {decisive} games decisive")


if __name__ == "__main__":
    main()
