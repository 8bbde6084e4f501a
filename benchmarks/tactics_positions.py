"""Where the tactics tests' positions come from: every position of games played to their end
where the person to move has no win in one but a move that forces a win in three plies
(every reply leaves a win in one), with the replies to refute after it.

By default each side draws `playout_move` (random games). With `--search N` each side plays
what a search of N iterations chooses instead (seeded by the game and the ply): weak, but
purposeful enough that a game is not lost by a blunder at every turn, so a position one ply
before a forced win is more often one where the loser still had a defence.

The position one ply before such a win is a candidate "defend" position. With `--defend` it
is judged as `tests/rules/ai/test_tactics.py` needs: the side to move there threatens nothing,
and the moves that defend (`tests/rules/ai/tactics.defends`) are counted among the legal
moves; with `--medium` the search at the medium level (700 iterations, seeds 0 and 1, or
`--seeds N`) is asked too, with what it proved at the root, since a position lost anyway
deeper makes it prove the loss and play any move. `--position MOVES` judges the position
those moves reach instead of playing games (a crafted one, as the Walk's defence in the
tests). Trichet's positions in the tests are game 37's (ply 4, and ply 8 with 138
replies); the Dragons defence is a searched game's (see the tests). Options that begin
with a dash come after `--`, or argparse takes them for its own.

    .venv/bin/python benchmarks/tactics_positions.py trichet "" [--games 50] [--first 0]
    .venv/bin/python benchmarks/tactics_positions.py druid --games 5 --plies 700 -- -walk
    .venv/bin/python benchmarks/tactics_positions.py dragons "" --search 60 --last 0 \\
        --defend --medium --games 20
    .venv/bin/python benchmarks/tactics_positions.py druid --medium --seeds 10 \\
        --position "e1 a6 e10 b6,b6 e9 d9 e2,e2 c6,c6 e3,e3 f9 e4,e4 h3 e5,e5 b2 \\
        e6,e6 g8 e7,e7 i5 e8,e8" -- -walk
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from megalith.rules import registry  # noqa: E402
from megalith.rules.ai.mcts import Search  # noqa: E402
from megalith.rules.protocol import GameState  # noqa: E402
from tests.rules.ai.tactics import (after, defends, forces_win_in_three,  # noqa: E402
                                    has_win_in_one, threatens)

MEDIUM = 700  # the medium level's iterations, as in the tests


def play_game(game: str, options: str, seed: int, plies: int, iterations: int) -> GameState:
    """A game to its end (or `plies`): random moves, or each side's search of `iterations`."""
    rng = random.Random(seed)
    state = registry.new_game(game, options, 2)
    while state.to_move is not None and state.ply < plies:
        if iterations:
            move = Search(state, seed * 1000 + state.ply).run(iterations=iterations).move
        else:
            move = state.playout_move(rng)
        state.play(move)
    return state


def replay(game: str, options: str, moves: list[str]) -> GameState:
    state = registry.new_game(game, options, 2)
    for move in moves:
        state.play(move)
    return state


def judge_defence(state: GameState, seeds: int) -> str:
    """What a position holds for a "defend" test: whether its mover threatens a win within
    three (then it is no defence test), else how many legal moves defend, and for each of
    `seeds` seeds which move the search at the medium level plays and whether it
    defends."""
    if threatens(state):
        return "the side to move threatens a win itself"
    moves = state.legal_moves()
    defending = [move for move in moves if defends(state, move)]
    words = f"{len(defending)} of {len(moves)} moves defend: {' '.join(defending[:12])}"
    if defending:
        for seed in range(seeds):
            result = Search(state, seed).run(iterations=MEDIUM)
            proven = {stat.move: stat.proven for stat in result.moves
                      if stat.proven is not None}
            verdict = "defends" if defends(state, result.move) else "does NOT defend"
            words += (f"\n    seed {seed}: plays {result.move} ({verdict}), win rate "
                      f"{result.win_rate}, proven {proven}")
    return words


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("options", help='the game\'s options ("" for the defaults)')
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--first", type=int, default=0, help="the first game's seed")
    parser.add_argument("--plies", type=int, default=700, help="plies a game may run")
    parser.add_argument("--last", type=int, default=12,
                        help="plies before each game's end looked at (0: every ply)")
    parser.add_argument("--search", type=int, default=0, metavar="N",
                        help="each side plays a search of N iterations (0: random moves)")
    parser.add_argument("--defend", action="store_true",
                        help="judge the position one ply before each forced win")
    parser.add_argument("--medium", action="store_true",
                        help="with --defend or --position, ask the medium search there too")
    parser.add_argument("--seeds", type=int, default=2, help="the medium search's seeds")
    parser.add_argument("--position", metavar="MOVES",
                        help="judge the position these moves reach instead of playing games")
    args = parser.parse_args()
    seeds = args.seeds if args.medium else 0
    if args.position is not None:
        print(judge_defence(replay(args.game, args.options, args.position.split()), seeds))
        return
    for seed in range(args.first, args.first + args.games):
        state = play_game(args.game, args.options, seed, args.plies, args.search)
        moves = list(state.moves)
        start = max(0, len(moves) - args.last) if args.last else 0
        for ply in range(start, len(moves)):
            position = replay(args.game, args.options, moves[:ply])
            if has_win_in_one(position):
                continue
            for move in position.legal_moves():
                if forces_win_in_three(position, move):
                    replies = len(after(position, move).legal_moves())
                    print(f"game {seed} ply {ply}: {move} forces a win in three "
                          f"({replies} replies); moves so far: {' '.join(moves[:ply])}",
                          flush=True)
                    if args.defend and ply:
                        before = replay(args.game, args.options, moves[:ply - 1])
                        print(f"  ply {ply - 1}, against {moves[ply - 1]}: "
                              f"{judge_defence(before, seeds)}", flush=True)
                    break
        print(f"game {seed}: {len(moves)} plies, {state.outcome().reason or 'cut off'}",
              flush=True)


if __name__ == "__main__":
    main()
