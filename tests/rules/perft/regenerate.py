"""Write the perft golden files, tests/rules/perft/<game>.json (see README.md here).

    python -m tests.rules.perft.regenerate [GAME ...] [--force] [--fresh]

With no GAME, every registered game. A game's file that exists is not touched unless
`--force` is given: then its positions (options, players, move lists) are kept and only their
counts are recomputed, after a deliberate change to the rules. `--fresh` (with `--force` when
the file exists) chooses the positions anew from the option spread.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from megalith.rules import registry
from megalith.rules.perft import perft_counts
from megalith.rules.protocol import GameState
from tests.rules.option_spread import Setup, spread

HERE = Path(__file__).resolve().parent
DEPTH3_LIMIT = 400  # depth 3 only where depth 2 counts at most this many sequences
MAX_DEPTH = 3
MIDGAME_MIN_DEPTH2 = 10


@dataclass
class Position:
    """A position of a perft file: a setup, the moves that reach it, its counts from depth 1."""

    parameters: str
    players: int
    moves: list[str]
    counts: list[int]

    def state(self, game: str) -> GameState:
        state = Setup(game, self.parameters, self.players).new()
        for move in self.moves:
            state.play(move)  # a MoveError here: the rules changed; regenerate with --fresh
        return state

    def as_json(self) -> dict[str, Any]:
        return {"parameters": self.parameters, "players": self.players, "moves": self.moves,
                "counts": self.counts}


def path_of(game: str, folder: Path = HERE) -> Path:
    return folder / f"{game}.json"


def load(path: Path) -> tuple[str, list[Position]]:
    data = json.loads(path.read_text())
    return data["game"], [Position(p["parameters"], p["players"], p["moves"], p["counts"])
                          for p in data["positions"]]


def dumps(game: str, positions: list[Position]) -> str:
    """The file text: one position per line, so a changed count shows as one changed line."""
    head = {"game": game,
            "about": "perft counts: the number of move sequences of length 1, 2, 3 from each "
                     "position (-- and swap count as moves); written by "
                     f"python -m tests.rules.perft.regenerate {game}"}
    lines = [f"  {json.dumps(p.as_json())}" for p in positions]
    body = ",\n".join(lines)
    return (f'{{"game": {json.dumps(head["game"])},\n "about": {json.dumps(head["about"])},\n'
            f' "positions": [\n{body}\n ]}}\n')


def counts_for(state: GameState) -> list[int]:
    """Depths 1 and 2, and 3 when depth 2 stays small."""
    counts = perft_counts(state, 2)
    if counts[1] <= DEPTH3_LIMIT:
        counts = perft_counts(state, MAX_DEPTH)
    return counts


def midgame_moves(setup: Setup) -> list[str]:
    """A seeded random game's first moves: about two thirds as many as the opening has
    listed moves, never one that ends the game, and cut back while the position they reach
    has fewer than MIDGAME_MIN_DEPTH2 sequences of two moves (so it still tests something)."""
    rng = random.Random(zlib.crc32(setup.label.encode()))
    state = setup.new()
    target = max(4, 2 * len(state.legal_moves()) // 3)
    moves: list[str] = []
    while len(moves) < target:
        choices = []
        for move in state.legal_moves():
            child = state.copy()
            child.play(move)
            if child.to_move is not None:
                choices.append(move)
        if not choices:
            break
        move = rng.choice(choices)
        state.play(move)
        moves.append(move)
    while moves and perft_counts(Position(setup.parameters, setup.players, moves, [])
                                 .state(setup.game), 2)[1] < MIDGAME_MIN_DEPTH2:
        moves.pop()
    return moves


def fresh_positions(game: str) -> list[Position]:
    """For every setup of the option spread (tests/rules/option_spread.py): the start and a
    mid-game position."""
    positions = []
    for setup in spread(registry.get(game)):
        for moves in ([], midgame_moves(setup)):
            positions.append(Position(setup.parameters, setup.players, moves, []))
    return positions


def regenerate(game: str, force: bool, fresh: bool, folder: Path = HERE) -> str:
    """Write one game's file; returns what was done, for the command's output."""
    path = path_of(game, folder)
    if path.exists() and not force:
        return f"{path} exists: not overwritten (use --force to recompute its counts)"
    positions = fresh_positions(game) if fresh or not path.exists() else load(path)[1]
    for position in positions:
        position.counts = counts_for(position.state(game))
    path.write_text(dumps(game, positions))
    return f"{path}: {len(positions)} positions written"


def main(argv: list[str] | None = None, folder: Path = HERE) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", metavar="GAME",
                        help="games to write (default: every registered game)")
    parser.add_argument("--force", action="store_true", help="overwrite existing files")
    parser.add_argument("--fresh", action="store_true",
                        help="choose the positions anew instead of keeping the file's")
    args = parser.parse_args(argv)
    games = args.games or [info.name for info in registry.available()]
    status = 0
    for game in games:
        try:
            registry.get(game)
        except registry.UnknownGameError as error:
            print(error, file=sys.stderr)
            status = 2
            continue
        print(regenerate(game, args.force, args.fresh, folder))
    return status


if __name__ == "__main__":
    sys.exit(main())
