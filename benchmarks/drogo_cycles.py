"""What a Drogo game between two search levels looks like: the side that covers the board is
eventually captured whole, and the game starts over.

Under the default rules (no `-in_place`, no `-easy_free`) a player who holds the whole board
but two one-cell eyes has no voluntary pass: it must raise its stacks and then fill an eye,
and the other player then takes every stack at once. Plays games between two levels to a ply
cap (160, as `ai_strength.py` adjudicates) and prints, per game, the plies at which a side
lost stacks of `--wipe` or more in height in one move, who led at the cap, and who led for
more of the plies. If the wipes come again and again, a result at the cap says where in the
cycle the game stopped more than who played better.

    .venv/bin/python benchmarks/drogo_cycles.py [--games 6] [--size 4] [--levels 700,200]
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


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--size", type=int, default=4)
    parser.add_argument("--levels", default="700,200", help="iterations of the two levels")
    parser.add_argument("--max-plies", type=int, default=160)
    parser.add_argument("--wipe", type=int, default=20, help="a loss of this much height at once")
    args = parser.parse_args(argv)
    levels = [int(x) for x in args.levels.split(",")]
    for game in range(args.games):
        rng = random.Random(game)
        state = registry.new_game("drogo", f"-size={args.size}", 2)
        seats = levels if game % 2 == 0 else levels[::-1]  # seat 0 is X
        wipes: list[str] = []
        led = {"X": 0, "O": 0}
        before = {"X": 0, "O": 0}
        while state.to_move is not None and state.ply < args.max_plies:
            iterations = seats[state.ply % 2]
            state.play(Search(state, rng.randrange(1 << 30)).run(iterations=iterations).move)
            scores = state.outcome().scores or {}
            for side in ("X", "O"):
                if before[side] - scores.get(side, 0) >= args.wipe:
                    wipes.append(f"{side} {before[side]}->{scores.get(side, 0)} at {state.ply}")
                before[side] = scores.get(side, 0)
            if before["X"] != before["O"]:
                led["X" if before["X"] > before["O"] else "O"] += 1
        strong = "X" if seats[0] == max(levels) else "O"
        final = ("X" if before["X"] > before["O"] else "O" if before["O"] > before["X"]
                 else "nobody")
        print(f"game {game + 1} (X {seats[0]}, O {seats[1]}; the stronger is {strong}): "
              f"{len(wipes)} wipes ({'; '.join(wipes) or 'none'}); scores at ply {state.ply} "
              f"X {before['X']} O {before['O']}, so {final} leads; X led {led['X']} plies, "
              f"O {led['O']}", flush=True)


if __name__ == "__main__":
    main()
