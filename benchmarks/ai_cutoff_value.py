"""What a game's measure of an unfinished playout is worth to the search: head to head at the
same number of iterations or the same time a move, a search that values playouts cut short by
the game's `playout_scores` against one that values them as an even share.

The search with the measure takes the even seats in even games and the odd seats in odd
games (as in `ai_strength.py`'s ladder); its score is a win 1, a draw 1/2 (a game still going
after `--max-plies` counts as even for everyone), with a 95% Wilson interval; with more than
two players its fair share is printed too.

    .venv/bin/python benchmarks/ai_cutoff_value.py druid "--parameters=-hex -size=4" \\
        [--players 3] [--iterations 200 | --seconds 1] [--games 30] [--jobs 2] [--max-plies 160]

With `--seconds` both sides think for the same time, so the measure's cost per playout
counts against it.
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import sys
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from megalith.rules import registry  # noqa: E402
from megalith.rules.ai import mcts, playouts  # noqa: E402
from megalith.rules.ai.values import Values, cut_off_values, even_share, final_values  # noqa: E402
from megalith.rules.ai.values import person_of_seat  # noqa: E402
from megalith.rules.protocol import GameState, Outcome  # noqa: E402
from benchmarks.ai_strength import wilson  # noqa: E402

# (game, parameters, players, iterations, seconds, game number, max plies)
Task = tuple[str, str, int, int | None, float | None, int, int]


def unmeasured(state: GameState, outcome: Outcome) -> Values:
    """A cut-off playout valued as if the game had no measure of who is ahead."""
    return even_share(state)


def play(task: Task) -> tuple[float, float, bool]:
    """One game; returns the measured side's score, its fair share, and whether the game was
    still going at the cap."""
    game, parameters, players, iterations, seconds, number, max_plies = task
    rng = random.Random(number)
    measured = tuple((seat + number) % 2 == 0 for seat in range(players))
    state = registry.new_game(game, parameters, players)
    while state.to_move is not None and state.ply < max_plies:
        person = person_of_seat(state, state.ply % players)
        # the playouts look the function up in their module at every cut-off playout
        playouts.cut_off_values = cut_off_values if measured[person] else unmeasured
        state.play(mcts.Search(state, rng.randrange(1 << 30)).run(iterations, seconds).move)
    playouts.cut_off_values = cut_off_values
    going = state.to_move is not None
    values = even_share(state) if going else final_values(state, state.outcome())
    score = sum(v for v, m in zip(values, measured) if m)
    return score, measured.count(True) / players, going


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--parameters", default="", help="challenge options: --parameters=-size=6")
    parser.add_argument("--players", type=int, default=2)
    budget = parser.add_mutually_exclusive_group()
    budget.add_argument("--iterations", type=int, default=200)
    budget.add_argument("--seconds", type=float, default=None,
                        help="think this long a move instead of a number of iterations")
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--max-plies", type=int, default=160)
    args = parser.parse_args(argv)
    iterations = None if args.seconds is not None else args.iterations
    tasks = [(args.game, args.parameters, args.players, iterations, args.seconds, number,
              args.max_plies) for number in range(args.games)]
    with multiprocessing.get_context("spawn").Pool(args.jobs) as pool:
        results = pool.map(play, tasks)
    score = sum(s for s, _, _ in results)
    fair = sum(f for _, f, _ in results) / args.games
    low, high = wilson(score, args.games)
    going = sum(1 for _, _, g in results if g)
    per_move = f"{iterations} iterations" if iterations is not None else f"{args.seconds} s"
    print(f"{args.game} {args.parameters} {args.players}p, {per_move} a move: with "
          f"the measure {score:.1f}/{args.games} = {score / args.games:.0%} [{low:.0%}-{high:.0%}]"
          f", fair share {fair:.0%}; {going} games still going at ply {args.max_plies}")


if __name__ == "__main__":
    main()
