"""Where the tactics tests' positions come from: every position of random games (each side
drawing `playout_move`) where the person to move has no win in one but a move that forces a
win in three plies (every reply leaves a win in one), with the replies to refute after it.

The position one ply before such a win is a candidate "defend" position; whether a move
defends there is for `tests/rules/ai/tactics.defends` to say. Trichet's positions in
`tests/rules/ai/test_tactics.py` are game 37's (ply 4, and ply 8 with 138 replies).

    .venv/bin/python benchmarks/tactics_positions.py trichet "" [--games 50] [--first 0]
    .venv/bin/python benchmarks/tactics_positions.py druid -walk --games 5 --plies 700
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from megalith.rules import registry  # noqa: E402
from tests.rules.ai.tactics import after, forces_win_in_three, has_win_in_one  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("options", help='the game\'s options ("" for the defaults)')
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--first", type=int, default=0, help="the first game's seed")
    parser.add_argument("--plies", type=int, default=700, help="plies a game may run")
    parser.add_argument("--last", type=int, default=12,
                        help="plies before each game's end looked at (0: every ply)")
    args = parser.parse_args()
    for seed in range(args.first, args.first + args.games):
        rng = random.Random(seed)
        state = registry.new_game(args.game, args.options, 2)
        while state.to_move is not None and state.ply < args.plies:
            state.play(state.playout_move(rng))
        moves = list(state.moves)
        start = max(0, len(moves) - args.last) if args.last else 0
        for ply in range(start, len(moves)):
            position = registry.new_game(args.game, args.options, 2)
            for move in moves[:ply]:
                position.play(move)
            if has_win_in_one(position):
                continue
            for move in position.legal_moves():
                if forces_win_in_three(position, move):
                    replies = len(after(position, move).legal_moves())
                    print(f"game {seed} ply {ply}: {move} forces a win in three "
                          f"({replies} replies); moves so far: {' '.join(moves[:ply])}",
                          flush=True)
                    break
        print(f"game {seed}: {len(moves)} plies, {state.outcome().reason or 'cut off'}",
              flush=True)


if __name__ == "__main__":
    main()
