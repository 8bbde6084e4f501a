"""`megalith puzzles make` and `megalith puzzles check`.

    megalith puzzles make GAME|FAMILY [OPTIONS] --count N --seed S [--out DIR]
                          [--first LEVEL] [--second LEVEL] [--depths 1,3,5] [--budget MOVES]
    megalith puzzles check PATH ... | --shipped [FAMILY]

`make` plays games between two levels (iterations or random, so a seed gives the same files)
and writes each puzzle found as a record with its facts (generate.py says which positions
are kept); a family's key (`druid-square`) stands for its game, options and levels. Progress
goes to stderr. `check` runs the full-width check on puzzle files (or folders of them, or the
shipped set) and prints what does not hold; exit status 1 if anything does not.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from megalith.rules import record as records
from megalith.rules.ai.levels import parse_level
from megalith.rules.puzzles.families import FAMILIES, family
from megalith.rules.puzzles.generate import Settings, make
from megalith.rules.puzzles.puzzle import SUFFIX, Puzzle, load, problems, shipped
from megalith.rules.puzzles.verify import DEPTHS

COMMANDS = ("puzzles",)


def add_commands(commands: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add `puzzles` (with `make` and `check`) to the main parser's subcommands."""
    puzzles = commands.add_parser("puzzles", help="make puzzles from games between the "
                                                  "computer's levels, or check them")
    actions = puzzles.add_subparsers(dest="action", required=True)
    # No -h here: game options such as -hex would be read as -h with a value.
    making = actions.add_parser("make", add_help=False,
                                help="play games and keep positions with a short forced win "
                                     "(game options such as -size=6 follow the game's name)")
    making.add_argument("--help", action="help", help="show this help and exit")
    making.add_argument("game", help="a game (druid, ...) or a family: "
                                     + ", ".join(f.key for f in FAMILIES))
    making.add_argument("--count", type=int, required=True, help="puzzles to make")
    making.add_argument("--seed", type=int, required=True, help="the random seed")
    making.add_argument("--out", default="puzzles", help="folder to write (default: puzzles)")
    making.add_argument("--first", help="level of the first player (iterations or random; "
                                        "default 100, or the family's)")
    making.add_argument("--second", help="level of the second (default 200, or the family's)")
    making.add_argument("--depths", help="plies of the wins (default 1,3,5, or the family's)")
    making.add_argument("--budget", type=int,
                        help="moves one check may play before a position is passed over "
                             "(default 50000, or the family's)")
    making.add_argument("--max-games", type=int, default=1000, help="games to play at most")
    making.add_argument("--most-answers", type=int,
                        help="winning first moves a kept puzzle may have (default 4, or the "
                             "family's)")
    making.add_argument("--every-position", action="store_true",
                        help="look at every position of every game, not only the winner's "
                             "last ones (the family's choice otherwise)")
    checking = actions.add_parser("check", help="check puzzle files with the full-width search")
    checking.add_argument("paths", nargs="*", help="puzzle files or folders of them")
    checking.add_argument("--shipped", action="store_true",
                          help="check the shipped puzzles (of the families named as paths)")


def run(args: argparse.Namespace, extra: list[str]) -> int:
    try:
        if args.action == "make":
            return _make(args, extra)
        if extra:
            raise ValueError(f"unrecognized arguments: {' '.join(extra)}")
        return _check(args)
    except ValueError as exc:  # a MegalithError too: a bad game, option, level or record
        print(f"megalith puzzles {args.action}: {exc}", file=sys.stderr)
        return 2


def _make(args: argparse.Namespace, options: list[str]) -> int:
    if args.count < 1:
        raise ValueError("--count must be at least 1")
    game, first, second, budget, most, depths = args.game, "100", "200", 50_000, 4, DEPTHS
    every = False
    if any(f.key == args.game for f in FAMILIES):
        chosen = family(args.game)
        if options:
            raise ValueError(f"the family {chosen.key} has its options ({chosen.label})")
        game, options = chosen.game, list(chosen.parameters)
        first, second, budget = chosen.first, chosen.second, chosen.budget
        most, depths, every = chosen.most_answers, chosen.depths, chosen.every_position
    if args.depths is not None:
        depths = _depths(args.depths)
    settings = Settings(game, tuple(options), args.count, args.seed,
                        parse_level(args.first or first), parse_level(args.second or second),
                        depths, args.budget or budget, args.most_answers or most,
                        max_games=args.max_games,
                        every_position=every or args.every_position)
    started = time.monotonic()
    found_puzzles = make(settings, lambda line: print(line, file=sys.stderr, flush=True))
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    written = 0
    for found in found_puzzles:
        written += 1
        records.save(out / f"{args.seed}-{written:03d}{SUFFIX}", found)
    print(f"{written} puzzles written to {out} in {time.monotonic() - started:.0f} s",
          file=sys.stderr)
    return 0 if written == args.count else 1


def _depths(text: str) -> tuple[int, ...]:
    depths = tuple(int(d) for d in text.split(",") if d.strip().isdigit())
    if not depths or any(d not in DEPTHS for d in depths) or len(set(depths)) != len(depths):
        raise ValueError(f"--depths takes some of 1,3,5, not {text!r}")
    return depths


def _check(args: argparse.Namespace) -> int:
    if args.shipped:
        puzzles = [p for key in (args.paths or [f.key for f in FAMILIES])
                   for p in shipped(family(key).key)]
    elif args.paths:
        puzzles = [load(path) for path in _files(args.paths)]
    else:
        raise ValueError("name puzzle files or folders, or --shipped")
    bad = 0
    for puzzle in puzzles:
        found = problems(puzzle)
        if found:
            bad += 1
            print(f"{_name(puzzle)}: {'; '.join(found)}")
    print(f"{len(puzzles) - bad} of {len(puzzles)} puzzles hold")
    return 1 if bad else 0


def _files(paths: list[str]) -> list[Path]:
    files: list[Path] = []
    for path in map(Path, paths):
        files += sorted(path.rglob(f"*{SUFFIX}")) if path.is_dir() else [path]
    return files


def _name(puzzle: Puzzle) -> str:
    return f"{puzzle.family}/{puzzle.name}" if puzzle.name else puzzle.family
