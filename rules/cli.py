"""`megalith check` and `megalith show`: replay a record and report, without any GUI
(`megalith ai` and `megalith match` are in rules/ai/commands.py).

Exit status: 0 when the record replays, 2 for a record that cannot be read or replayed (an
unknown game or option, a truncated entry, an illegal move) and for wrong arguments, each
reported on one line (one JSON object with `--json`); 141, quietly, when the output's
reader has gone (`megalith show FILE | head`), as for a tool that SIGPIPE ended.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from typing import Any, NoReturn, TextIO

from megalith.rules import record as records
from megalith.rules import registry
from megalith.rules import setup as setups
from megalith.rules.ai import commands as ai_commands
from megalith.rules.protocol import GameState
from megalith.rules.puzzles import commands as puzzle_commands
from megalith.rules.record import Record, RecordError
from megalith.rules.text import number, quoted, shown

COMMANDS = ("check", "show") + ai_commands.COMMANDS + puzzle_commands.COMMANDS
"""Every command's name: the `megalith` launcher hands these to `main`."""


def _read(path: str) -> Record:
    if path == "-":
        stream = getattr(sys.stdin, "buffer", None)  # bytes, so bad UTF-8 is ours to report
        if stream is None:
            return records.parse(sys.stdin.read(records.MAX_RECORD_BYTES + 1))
        return records.parse_bytes(stream.read(records.MAX_RECORD_BYTES + 1))
    try:
        return records.load(path)
    except FileNotFoundError:
        raise RecordError("no such file") from None
    except IsADirectoryError:
        raise RecordError("it is a folder, not a record") from None
    except OSError as exc:  # unreadable: permissions, a device, a broken disk
        raise RecordError(f"cannot read it ({exc.strerror or type(exc).__name__})") from None


def report(record: Record, state: GameState, legal: bool) -> dict[str, object]:
    """The JSON report of `check` (its keys are relied on by tests and scripts)."""
    outcome = state.outcome()
    result: dict[str, object] = {
        "game": record.game,
        "parameters": record.parameters,
        "players": record.players,
        "ply": state.ply,
        "to_move": state.to_move,
        "status": outcome.status,
        "winner": outcome.winner,
        "scores": outcome.scores,
        "subgames": None if outcome.subgames is None else
        [{"name": s.name, "winner": s.winner} for s in outcome.subgames],
        "reason": outcome.reason,
    }
    if record.setup is not None:
        result["setup"] = setups.facts(record.setup)
    if legal:
        result["legal"] = sorted(state.legal_moves())
    return result


def _print_report(data: dict[str, Any], out: TextIO, state: GameState) -> None:
    """The report for people: sides by the names players use (Trichet's Dot and Oh), where
    the JSON keeps the side letters of the record."""
    parameters = " ".join(data["parameters"])
    print(f"game: {data['game']} {parameters}".rstrip(), file=out)
    print(f"players: {' '.join(data['players'])}", file=out)
    if "setup" in data:
        print("\n".join(setups.fact_lines(data["setup"], state.side_name)), file=out)
    print(f"ply: {data['ply']}", file=out)
    if data["status"] == "ongoing":
        print(f"to move: {state.side_name(data['to_move'])}", file=out)
    print(f"status: {data['status']}" + (f" ({data['reason']})" if data["reason"] else ""),
          file=out)
    if data["scores"] is not None:
        scores = data["scores"]
        print("scores: " + ", ".join(f"{state.side_name(k)} {v}" for k, v in scores.items()),
              file=out)
    if data["subgames"] is not None:
        games = data["subgames"]
        print("subgames: " + ", ".join(
            f"{g['name']} {state.side_name(g['winner']) if g['winner'] else '-'}"
            for g in games), file=out)
    if "legal" in data:
        print(f"legal ({len(data['legal'])}): {' '.join(data['legal'])}", file=out)


def _ply(text: str) -> int:
    """`--ply`'s value: a number of moves, read as every number of a record is."""
    value = number(text)
    if value is None:
        raise argparse.ArgumentTypeError(f"not a number of moves: {quoted(text)}")
    return value


def _game_titles() -> str:
    """The registered games' titles as a phrase: "Druid, Drogo and Trichet"."""
    titles = [game.title for game in registry.available()]
    return ", ".join(titles[:-1]) + " and " + titles[-1] if len(titles) > 1 else "".join(titles)


class UsageError(Exception):
    """Wrong arguments, raised instead of argparse's print-and-exit, so that with `--json`
    the error is printed as JSON like every other."""

    def __init__(self, parser: argparse.ArgumentParser, message: str) -> None:
        super().__init__(message)
        self.parser = parser


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(self, message)


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="megalith",
        description=f"Megalith: pbmserv's {_game_titles()} at one table. "
                    "With no command (or with a record file) the application opens.")
    commands = parser.add_subparsers(dest="command", required=True)
    check = commands.add_parser("check", help="replay a record and report where it stands")
    check.add_argument("file", help="a pbmserv game file or a bare move list ('-': stdin)")
    check.add_argument("--json", action="store_true", help="print the report as JSON")
    check.add_argument("--legal", action="store_true", help="list every legal move")
    check.add_argument("--ply", help="replay only the first N moves", type=_ply)
    show = commands.add_parser("show", help="print the board as text")
    show.add_argument("file", help="a pbmserv game file or a bare move list ('-': stdin)")
    show.add_argument("--ply", help="show the position after N moves", type=_ply)
    ai_commands.add_commands(commands)
    puzzle_commands.add_commands(commands)
    return parser


CLOSED_PIPE = 128 + 13  # the status of a tool that SIGPIPE (13) ended


def main(argv: Sequence[str] | None = None) -> int:
    """Run a command; its exit status. A closed output pipe ends it quietly."""
    try:
        status = _command(list(sys.argv[1:] if argv is None else argv))
        sys.stdout.flush()  # here, where a closed pipe is caught, rather than at the exit
    except BrokenPipeError:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())  # what is left in the buffer goes nowhere
        os.close(devnull)
        return CLOSED_PIPE
    return status


def _command(argv: list[str]) -> int:
    parser = _parser()
    try:
        args, extra = parser.parse_known_args(argv)
        if args.command not in ai_commands.COMMANDS + puzzle_commands.COMMANDS and extra:
            parser.error(f"unrecognized arguments: {' '.join(extra)}")
    except UsageError as exc:
        if "--json" in argv:
            print(json.dumps({"error": {"reason": str(exc)}}))
        else:
            print(f"{exc.parser.prog}: {exc}", file=sys.stderr)
        return 2
    if args.command in puzzle_commands.COMMANDS:
        return puzzle_commands.run(args, extra)
    try:
        if args.command in ai_commands.COMMANDS:
            return ai_commands.run(args, extra, _read)
        record = _read(args.file)
        state = records.final_state(record, args.ply)
    except RecordError as exc:  # one report for every command that reads a record
        if getattr(args, "json", False):
            print(json.dumps({"error": exc.as_dict()}))
        else:
            print(f"megalith: {shown(args.file, 120)}: {exc}", file=sys.stderr)
        return 2
    if args.command == "show":
        print(state.render())
        return 0
    data = report(record, state, args.legal)
    if args.json:
        print(json.dumps(data))
    else:
        _print_report(data, sys.stdout, state)
    return 0


if __name__ == "__main__":
    sys.exit(main())
