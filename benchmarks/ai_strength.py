"""How strong the search is: against a uniformly random player, and each level against the
one below, on small boards of every game and variant family. Prints a table.

Levels are bounded by iterations (not time), so the figures do not depend on the machine's
load: `--levels 200,700,2800` by default, the fewest iterations each named level searches
(rules/ai/levels.py: easy, medium and hard search 0.3, 1 and 4 seconds, but never fewer
iterations than these). Against random the
computer takes one seat, rotating from game to game, and every other seat plays random
moves; its wins are counted (a draw is not a win). In the ladder the stronger level takes
the even seats in even games and the odd seats in odd games (`match`'s rule) and its score
is a win 1, a draw 1/2, with a 95% Wilson interval. The criterion (issue 28): the stronger
level scores at least 65% with two players, and at least 10 points over its seats' fair share
with three or four. Each ladder step plays at most `--ladder-games` games, two at a time, and
stops as soon as a sequential probability ratio test (SPRT, as chess engines are tested:
hypotheses 5 points either side of the criterion, 5% errors each way) decides whether the
level meets it.

A game still going after `--max-plies` is adjudicated by the game's own measure of who is
ahead, the `playout_scores` a search values a cut-off playout by: Drogo's heights, Quadrant
Y's points, the cost of each Druid side's cheapest connection (the steps left in Druid's
Walk). The leader wins, equal leaders draw; Dragons and Trichet have no measure, so such a
game is even. The table says how many games that decided. Drogo under its default rules
seldom ends (a random player keeps finding room, and captures empty the board again;
between searching players whoever covers the board is wiped out and the game starts over:
benchmarks/drogo_cycles.py), so its `-in_place` families, whose games end, show whether
the levels are apart.
Games run in parallel in `--jobs` spawned processes, each one game on one core.

    .venv/bin/python benchmarks/ai_strength.py [--games 100] [--ladder-games 100] [--no-sprt]
        [--jobs 2]
        [--only NAMES [--exact]] [--parameters OPTIONS] [--levels 200,700,2800]
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from megalith.rules import registry  # noqa: E402
from megalith.rules.ai.mcts import Search  # noqa: E402
from megalith.rules.ai.values import final_values, person_of_seat  # noqa: E402

FAMILIES = (
    ("druid square 6", "druid", "-size=6", 2),
    ("druid hex 4", "druid", "-hex -size=4", 2),
    ("druid hex 4, 3p", "druid", "-hex -size=4", 3),
    ("druid Y 8", "druid", "-y -size=8", 2),
    ("druid walk 6", "druid", "-walk -size=6", 2),
    ("drogo 4", "drogo", "-size=4", 2),
    ("drogo 4, 4p", "drogo", "-size=4", 4),
    ("drogo 4 in place", "drogo", "-size=4 -in_place", 2),
    ("drogo 4 in place, 4p", "drogo", "-size=4 -in_place", 4),
    ("quady 9", "quady", "-size=9", 2),
    ("dragons", "dragons", "", 2),
    ("trichet", "trichet", "", 2),
)

# (game, parameters, players, levels per seat (0 = random), seed, max plies)
Task = tuple[str, str, int, tuple[int, ...], int, int]
# (values per seat, plies, adjudicated)
Played = tuple[tuple[float, ...], int, bool]


def play(task: Task) -> Played:
    """One game; each seat searches with its number of iterations, or plays randomly."""
    game, parameters, players, levels, seed, max_plies = task
    rng = random.Random(seed)
    state = registry.new_game(game, parameters, players)
    while state.to_move is not None and state.ply < max_plies:
        iterations = levels[person_of_seat(state, state.ply % players)]
        if iterations == 0:
            move = state.random_move(rng)
        else:
            move = Search(state, rng.randrange(1 << 30)).run(iterations=iterations).move
        state.play(move)
    if state.to_move is None:
        return final_values(state, state.outcome()), state.ply, False
    scores = state.playout_scores() or {}
    points = [scores.get(side, 0) for side in state.turn_order]
    leaders = [seat for seat, p in enumerate(points) if p == max(points)] if scores else []
    values = [0.0] * players
    for seat in leaders or range(players):
        values[person_of_seat(state, seat)] = 1.0 / len(leaders or range(players))
    return tuple(values), state.ply, True


def wilson(score: float, n: int) -> tuple[float, float]:
    z = 1.96
    p = score / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def versus_random(pool: multiprocessing.pool.Pool, family: tuple[str, str, str, int],
                  level: int, games: int, max_plies: int) -> str:
    _, game, parameters, players = family
    tasks = []
    for index in range(games):
        levels = [0] * players
        levels[index % players] = level
        tasks.append((game, parameters, players, tuple(levels), 1000 + index, max_plies))
    results = pool.map(play, tasks)
    wins = sum(1 for (values, _, _), task in zip(results, tasks)
               if values[task[3].index(level)] == 1.0)
    judged = sum(1 for _, _, adjudicated in results if adjudicated)
    plies = sum(p for _, p, _ in results) / games
    note = f", {judged} adjudicated" if judged else ""
    return f"{wins}/{games} = {wins / games:.0%} (avg {plies:.0f} plies{note})"


# The ladder's criterion: the stronger level scores at least this much in two-player games,
# and this much over its seats' fair share with three or four players.
TWO_PLAYER_TARGET = 0.65
MANY_PLAYER_MARGIN = 0.10
SPRT_WIDTH = 0.05  # the hypotheses sit this far either side of the criterion
SPRT_ERROR = 0.05  # alpha = beta


def sprt_llr(scores: Sequence[float], low: float, high: float) -> float:
    """Wald's log-likelihood ratio of a mean score `high` against `low` after `scores` (each
    in [0, 1]: a win 1, a draw 1/2, several seats' shares summed), each game a trial won
    with that probability and a fraction counting as that part of a win: the sum of
    x log(high / low) + (1 - x) log((1 - high) / (1 - low)). Every game moves it by a
    bounded step, so a handful of games cannot decide (a normal approximation with the
    sample's variance would let two straight wins decide: their variance is nil)."""
    win, loss = math.log(high / low), math.log((1 - high) / (1 - low))
    return sum(x * win + (1 - x) * loss for x in scores)


def criterion(played: Sequence[Task], players: int, strong: int) -> tuple[float, float]:
    """The stronger level's fair share of the games `played` (its seats over all seats) and
    the score it must reach: TWO_PLAYER_TARGET, or that share plus MANY_PLAYER_MARGIN."""
    share = sum(task[3].count(strong) for task in played) / (players * len(played))
    return share, TWO_PLAYER_TARGET if players == 2 else share + MANY_PLAYER_MARGIN


def ladder(pool: multiprocessing.pool.Pool, family: tuple[str, str, str, int], strong: int,
           weak: int, games: int, max_plies: int, jobs: int, sequential: bool) -> str:
    """`strong` against `weak` over at most `games` games, played `jobs` at a time; with
    `sequential`, stopped as soon as a sequential probability ratio test (SPRT) decides
    whether the stronger level meets the criterion (TWO_PLAYER_TARGET, or its fair share
    plus MANY_PLAYER_MARGIN), hypotheses SPRT_WIDTH either side of it."""
    _, game, parameters, players = family
    tasks = []
    for index in range(games):
        levels = tuple(strong if (seat + index) % 2 == 0 else weak for seat in range(players))
        tasks.append((game, parameters, players, levels, 5000 + index, max_plies))
    bound = math.log((1 - SPRT_ERROR) / SPRT_ERROR)
    results: list[Played] = []
    scores: list[float] = []
    while len(results) < games:
        batch = tasks[len(results):len(results) + jobs]
        for (values, plies, adjudicated), task in zip(pool.map(play, batch), batch):
            results.append((values, plies, adjudicated))
            scores.append(sum(v for v, level in zip(values, task[3]) if level == strong))
        share, target = criterion(tasks[:len(results)], players, strong)
        llr = sprt_llr(scores, target - SPRT_WIDTH, target + SPRT_WIDTH)
        if sequential and abs(llr) >= bound:
            break
    if llr >= bound:
        verdict = f"SPRT: meets {target:.0%} after {len(results)} games"
    elif llr <= -bound:
        verdict = f"SPRT: below {target:.0%} after {len(results)} games"
    else:
        meets = "meets" if sum(scores) / len(scores) >= target else "below"
        verdict = f"SPRT undecided; {meets} {target:.0%} over {len(results)} games"
    count = len(results)
    score = sum(scores)
    low, high = wilson(score, count)
    judged = sum(1 for _, _, adjudicated in results if adjudicated)
    note = f", {judged} adj." if judged else ""
    fair = f", fair share {share:.0%}" if players > 2 else ""
    tally = ""
    if players == 2:
        tally = (f" (won {scores.count(1.0)}, drawn {scores.count(0.5)}, "
                 f"lost {scores.count(0.0)})")
    return f"{score / count:.0%} [{low:.0%}-{high:.0%}] of {count}{tally}{fair}{note}; {verdict}"


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100,
                        help="games against random (0: none)")
    parser.add_argument("--ladder-games", type=int, default=100,
                        help="most games per ladder step (fewer where the SPRT decides)")
    parser.add_argument("--no-sprt", action="store_true",
                        help="play every ladder game, not stopping when the SPRT decides")
    parser.add_argument("--levels", default="200,700,2800", help="iterations per level")
    parser.add_argument("--jobs", type=int, default=2, help="games played at once")
    parser.add_argument("--max-plies", type=int, default=160)
    parser.add_argument("--only", default="",
                        help="families whose name contains one of these (comma-separated)")
    parser.add_argument("--exact", action="store_true",
                        help="--only is one whole family name ('drogo 4' without 'drogo 4, 4p')")
    parser.add_argument("--parameters", default=None,
                        help="challenge options instead of the families' own (with --only: "
                             "'--only trichet --parameters=-size=96')")
    args = parser.parse_args(argv)
    levels = [int(x) for x in args.levels.split(",")]
    known = {info.name for info in registry.available()}
    print(f"levels (iterations): {levels}; {args.games} games against random, "
          f"at most {args.ladder_games} per ladder step (SPRT); adjudication after {args.max_plies} plies")
    context = multiprocessing.get_context("spawn")
    with context.Pool(args.jobs) as pool:
        for family in FAMILIES:
            name, game = family[0], family[1]
            if not (name == args.only if args.exact
                    else any(part in name for part in args.only.split(","))):
                continue
            if args.parameters is not None:
                name = f"{name} {args.parameters}".strip()
                family = (name, game, args.parameters, family[3])
            if game not in known:
                print(f"{name:<18} not registered in this version", flush=True)
                continue
            start = time.perf_counter()
            row = [f"{name:<18}"]
            if args.games:
                row.append(f"{levels[0]} vs random: "
                           f"{versus_random(pool, family, levels[0], args.games, args.max_plies)}")
            for weak, strong in zip(levels, levels[1:]):
                if args.ladder_games:
                    row.append(f"{strong} vs {weak}: "
                               f"{ladder(pool, family, strong, weak, args.ladder_games, args.max_plies, args.jobs, not args.no_sprt)}")
            row.append(f"({time.perf_counter() - start:.0f} s)")
            print(" | ".join(row), flush=True)


if __name__ == "__main__":
    main()
