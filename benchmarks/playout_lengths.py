"""How long the search's playouts would run if nothing cut them short, per family of
`ai_strength.py`: games of the game's `playout_move` from the start, to the end or
`--cap` plies. Prints the median and 90th percentile of the plies, how many games were won
(the rest drawn or still going at the cap), and how many ended within the playout cap the
search uses at the start (`rules.ai.playouts.default_cap`). A playout that does not end within
its cap is valued by the game's `playout_scores`, or as an even share where it has none.

    .venv/bin/python benchmarks/playout_lengths.py [--games 300] [--cap 1000] [--only NAMES]
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.ai_strength import FAMILIES  # noqa: E402
from megalith.rules import registry  # noqa: E402
from megalith.rules.ai.playouts import default_cap  # noqa: E402


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--cap", type=int, default=1000)
    parser.add_argument("--only", default="",
                        help="families whose name contains one of these (comma-separated)")
    args = parser.parse_args(argv)
    print(f"{args.games} playouts per family from the start, at most {args.cap} plies")
    for name, game, parameters, players in FAMILIES:
        if not any(part in name for part in args.only.split(",")):
            continue
        start = registry.new_game(game, parameters, players)
        cap = default_cap(start)
        plies, won = [], 0
        for number in range(args.games):
            rng = random.Random(number)
            state = start.copy()
            while state.to_move is not None and state.ply < args.cap:
                state.play(state.playout_move(rng))
            plies.append(state.ply)
            won += state.outcome().status == "win"
        plies.sort()
        within = sum(1 for p in plies if p <= cap)
        print(f"{name:<22} median {plies[len(plies) // 2]:>4}, 90% {plies[len(plies) * 9 // 10]:>4}"
              f" plies; {won} won; {within} ended within the search's cap of {cap}", flush=True)


if __name__ == "__main__":
    main()
