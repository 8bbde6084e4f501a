"""A puzzle: a Megalith record of a game up to the puzzle's position, with its facts in
Megalith's `(puzzle <side> <plies> <move> ...)` entry (docs/record-format.md), and the
shipped sets, one folder of such files per family (`sets/<family key>/`).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from megalith.rules import record as records
from megalith.rules.protocol import GameState
from megalith.rules.puzzles.families import FAMILIES, family_of
from megalith.rules.puzzles.verify import Budget, solve
from megalith.rules.record import Record, RecordError

SUFFIX = ".megalith"


@dataclass(frozen=True, eq=False)
class Puzzle:
    """One puzzle: `side` (a side letter) is to move after the record's moves and can force
    a win in `depth` plies (1, 3 or 5) and no fewer, by each of `winning_moves` and no other
    first move. `family` is a family's key (families.py), or the game and options of a
    puzzle outside them; `name` tells puzzles of a family apart (the file's name)."""

    family: str
    name: str
    record: Record
    side: str
    depth: int
    winning_moves: tuple[str, ...]

    def state(self) -> GameState:
        """The puzzle position, a new state each time."""
        return records.final_state(self.record)

    @property
    def side_name(self) -> str:
        """The side to move as players name it (Trichet's Dot and Oh)."""
        return self.state().side_name(self.side)

    @property
    def title(self) -> str:
        """What the player is asked: "V to play and win in 3"."""
        return f"{self.side_name} to play and win in {self.depth}"


def from_record(record: Record, name: str = "", family: str | None = None) -> Puzzle:
    """The puzzle a record holds; RecordError if it holds none."""
    facts = record.puzzle
    if facts is None:
        raise RecordError("the record holds no puzzle (no (puzzle ...) entry)")
    if family is None:
        known = family_of(record.game, record.parameters)
        family = known.key if known else " ".join((record.game, *record.parameters))
    return Puzzle(family, name, record, facts.side, facts.plies, facts.winning_moves)


def load(path: str | os.PathLike[str], family: str | None = None) -> Puzzle:
    """The puzzle in a file (RecordError if it cannot be read or holds none)."""
    return from_record(records.load(path), Path(path).stem, family)


def families() -> list[str]:
    """The keys of the families with shipped puzzles, in the computer table's order."""
    return [f.key for f in FAMILIES if _files(f.key)]


def shipped(family: str | None = None) -> list[Puzzle]:
    """The shipped puzzles of one family (by key), or of every family, in order."""
    keys = [family] if family is not None else [f.key for f in FAMILIES]
    return [from_record(records.parse(text), name, key)
            for key in keys for name, text in _files(key)]


def _files(key: str) -> list[tuple[str, str]]:
    """(name, text) of each shipped puzzle file of a family, sorted by name."""
    folder = resources.files("megalith.rules.puzzles").joinpath("sets").joinpath(key)
    if not folder.is_dir():
        return []
    found = [(item.name[:-len(SUFFIX)], item.read_text(encoding="utf-8"))
             for item in folder.iterdir() if item.name.endswith(SUFFIX)]
    return sorted(found)


def problems(puzzle: Puzzle, budget: Budget | None = None) -> list[str]:
    """What the full-width check finds wrong with a puzzle's facts (empty: they hold)."""
    state = puzzle.state()
    if state.to_move != puzzle.side:
        return [f"the side to move is {state.to_move}, not {puzzle.side}"]
    verdict = solve(state, 5, budget)
    found: list[str] = []
    if verdict.depth != puzzle.depth:
        quickest = "none within 5 plies" if verdict.depth is None else f"{verdict.depth} plies"
        found.append(f"the quickest forced win is {quickest}, not {puzzle.depth} plies")
    elif set(verdict.winning_moves) != set(puzzle.winning_moves):
        found.append(f"the winning moves are {' '.join(verdict.winning_moves)}, not "
                     f"{' '.join(puzzle.winning_moves)}")
    return found
