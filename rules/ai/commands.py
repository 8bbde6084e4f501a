"""`megalith ai` and `megalith match`: the computer opponent from the command line.

    megalith ai FILE [--seconds S | --iterations N] [--seed K] [--workers W] [--top T] [--json]
    megalith match GAME [OPTIONS] --first LEVEL --second LEVEL --games N [--players P] [--seed K]

`ai` searches the record's last position (all cores for a time limit; one process for a
number of iterations, so that a seed gives the same move everywhere, unless --workers says
otherwise). `match` plays headless games between two levels, the seats alternating from game
to game (with more than two players, the first level takes every other seat), and prints
wins, draws and a 95% interval of the first level's score (a win 1, a draw 1/2).

SIGINT (Ctrl+C) and SIGTERM end either command cleanly: the search's worker processes are
stopped and closed, and the command exits with 128 + the signal's number (130, 143), the
status a shell gives a command a signal ended, printing nothing more.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import signal
import sys
from collections.abc import Callable
from dataclasses import dataclass

from megalith.rules import record as records
from megalith.rules import registry
from megalith.rules.ai.levels import Level, parse_level, play_level
from megalith.rules.ai.mcts import Search, SearchResult
from megalith.rules.ai.parallel import Thinker
from megalith.rules.ai.values import final_values, person_of_seat
from megalith.rules.protocol import GameState, OptionError
from megalith.rules.record import Record, RecordError

COMMANDS = ("ai", "match")
ENDING_SIGNALS = (signal.SIGINT, signal.SIGTERM)


class Interrupted(BaseException):
    """SIGINT or SIGTERM arrived: unwinds the command through its clean-up (the `finally`
    and `with` blocks that close the worker processes). A BaseException, as
    KeyboardInterrupt is, so that no `except Exception` stops it."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


def _interrupt(signum: int, frame: object) -> None:
    for ending in ENDING_SIGNALS:  # a second Ctrl+C must not cut the clean-up short
        signal.signal(ending, signal.SIG_IGN)
    raise Interrupted(signum)


def add_commands(commands: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add `ai` and `match` to the main parser's subcommands."""
    ai = commands.add_parser("ai", help="the move the computer would play in a record's last "
                                        "position")
    ai.add_argument("file", help="a pbmserv game file or a bare move list ('-': stdin)")
    limit = ai.add_mutually_exclusive_group()
    limit.add_argument("--seconds", type=float, help="thinking time (default 1)")
    limit.add_argument("--iterations", type=int, help="a fixed number of search iterations")
    ai.add_argument("--seed", type=int, default=0, help="the search's random seed (default 0)")
    ai.add_argument("--workers", type=int, help="search processes (default: every core for "
                                                "--seconds, one for --iterations)")
    ai.add_argument("--top", type=int, default=5, help="alternatives listed (default 5)")
    ai.add_argument("--json", action="store_true", help="print the answer as JSON")
    # No -h here: game options such as -hex would be read as -h with a value.
    match = commands.add_parser("match", add_help=False,
                                help="headless games between two levels (game options such "
                                     "as -size=5 follow the game's name)")
    match.add_argument("--help", action="help", help="show this help and exit")
    match.add_argument("game", help="the game's short name: druid, drogo, quady, ...")
    match.add_argument("--first", required=True, help="level of the first: random, easy, "
                                                      "medium, hard, 400 (iterations), 0.5s")
    match.add_argument("--second", required=True, help="level of the second")
    match.add_argument("--games", type=int, required=True, help="number of games")
    match.add_argument("--players", type=int, help="number of players (default: the fewest)")
    match.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    match.add_argument("--max-plies", type=int, default=2000,
                       help="a game still going after this many plies is scored a draw")
    match.add_argument("--quiet", action="store_true", help="print only the summary")


def run(args: argparse.Namespace, extra: list[str],
        read: Callable[[str], Record]) -> int:
    """Run `ai` or `match`; `extra` holds the game options of `match`."""
    previous = {ending: signal.signal(ending, _interrupt) for ending in ENDING_SIGNALS}
    try:
        if args.command == "ai":
            if extra:
                raise OptionError(f"unrecognized arguments: {' '.join(extra)}")
            return _ai(args, read)
        return _match(args, extra)
    except RecordError:
        raise  # reported by rules.cli as for every command that reads a record
    except ValueError as exc:  # a MegalithError too: a bad game, option or move
        if getattr(args, "json", False):
            print(json.dumps({"error": {"reason": str(exc)}}))
        else:
            print(f"megalith {args.command}: {exc}", file=sys.stderr)
        return 2
    except Interrupted as exc:
        return 128 + exc.signum
    finally:
        for ending, handler in previous.items():
            signal.signal(ending, handler)


# ---- megalith ai ------------------------------------------------------------------------

def _ai(args: argparse.Namespace, read: Callable[[str], Record]) -> int:
    if args.iterations is not None and args.iterations < 1:
        raise ValueError("--iterations must be at least 1")
    if args.seconds is not None and args.seconds <= 0:
        raise ValueError("--seconds must be more than 0")
    if args.workers is not None and args.workers < 1:
        raise ValueError("--workers must be at least 1")
    record = read(args.file)
    state = records.final_state(record)
    if state.to_move is None:
        raise ValueError(f"{args.file}: the game is over ({state.outcome().reason})")
    seconds = 1.0 if args.seconds is None and args.iterations is None else args.seconds
    workers = args.workers or (1 if seconds is None else None)
    if workers == 1:
        result = Search(state, args.seed).run(args.iterations, seconds)
        used = 1
    else:
        with Thinker(workers) as thinker:
            result = thinker.think(state, args.iterations, seconds, args.seed)
            used = thinker.workers
    side = state.to_move
    player = record.players[state.sides.index(side)] if record.players else side
    answer = {
        "move": result.move,
        "side": side,
        "player": player,
        "win_rate": result.win_rate,
        "iterations": result.iterations,
        "workers": used,
        "alternatives": [{"move": m.move, "visits": m.visits, "win_rate": round(m.win_rate, 4)}
                         for m in result.moves[:args.top]],
    }
    if args.json:
        print(json.dumps(answer))
        return 0
    rate = "forced" if result.win_rate is None else f"win rate {result.win_rate:.1%}"
    print(f"{state.side_name(side)} ({player}) to move: {result.move}  {rate}  "
          f"({result.iterations} iterations, {used} worker{'s' if used > 1 else ''})")
    for m in result.moves[:args.top]:
        print(f"  {m.move:<12} {m.win_rate:6.1%} {m.visits:>8} visits")
    return 0


# ---- megalith match ---------------------------------------------------------------------

@dataclass
class Tally:
    first: float = 0.0  # points: a win 1, a draw 1/2 (shared among the drawn)
    first_wins: int = 0
    second_wins: int = 0
    draws: int = 0
    games: int = 0

    def interval(self) -> tuple[float, float, float]:
        """The first level's mean score and a 95% Wilson interval around it."""
        n = self.games
        if n == 0:
            return 0.0, 0.0, 1.0
        p, z = self.first / n, 1.96
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        return p, max(0.0, centre - half), min(1.0, centre + half)


def first_seats(game_index: int, players: int) -> list[bool]:
    """Which seats (people) the first level plays in game `game_index`: the even seats in
    even games and the odd seats in odd games."""
    return [(seat + game_index) % 2 == 0 for seat in range(players)]


def play_game(state: GameState, levels: list[Level], rng: random.Random, max_plies: int,
              thinker: Thinker | None = None) -> tuple[float, ...]:
    """One game from `state` with a level per seat (person); the final value per person
    (a draw after `max_plies`)."""
    while state.to_move is not None and state.ply < max_plies:
        level = levels[person_of_seat(state, state.seat_of_move(state.ply + 1))]
        if thinker is not None and level.seconds is not None:
            result: SearchResult = thinker.think(state, level.iterations, level.seconds,
                                                 rng.randrange(1 << 30), level.least_iterations)
        else:
            result = play_level(level, state, rng)
        state.play(result.move)
    if state.to_move is not None:
        players = len(state.turn_order)
        return tuple([1.0 / players] * players)
    return final_values(state, state.outcome())


def _match(args: argparse.Namespace, options: list[str]) -> int:
    if args.games < 1:
        raise ValueError("--games must be at least 1")
    info = registry.get(args.game)
    first, second = parse_level(args.first), parse_level(args.second)
    info.new(options, args.players)  # refuse bad options before anything starts
    players = args.players or info.min_players
    rng = random.Random(args.seed)
    tally = Tally()
    timed = first.seconds is not None or second.seconds is not None
    thinker = Thinker() if timed else None
    try:
        for index in range(args.games):
            ours = first_seats(index, players)
            levels = [first if mine else second for mine in ours]
            values = play_game(info.new(options, players), levels, rng, args.max_plies, thinker)
            tally.games += 1
            tally.first += sum(v for v, mine in zip(values, ours) if mine)
            best = max(values)
            winners = [p for p, v in enumerate(values) if v == best]
            if len(winners) > 1:
                tally.draws += 1
                outcome = "draw"
            elif ours[winners[0]]:
                tally.first_wins += 1
                outcome = f"{first.name} (first) wins"
            else:
                tally.second_wins += 1
                outcome = f"{second.name} (second) wins"
            if not args.quiet:
                seats = " ".join(level.name for level in levels)
                print(f"game {index + 1}: seats {seats}: {outcome}")
    finally:
        if thinker is not None:
            thinker.close()
    score, low, high = tally.interval()
    label = " ".join([args.game, *options])
    print(f"{label} {players} players: {first.name} (first) vs "
          f"{second.name} (second), {tally.games} games: {tally.first_wins} wins, "
          f"{tally.second_wins} losses, {tally.draws} draws; first's score {score:.1%} "
          f"(95% interval {low:.1%} to {high:.1%})")
    return 0
