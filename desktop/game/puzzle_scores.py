"""The player's puzzle record per family, kept in the settings between runs: which puzzles
they have tried (played at least one move of) and which they have solved (reached the win
by their own moves, without asking for the solution).

Each is kept as the list of the puzzles' names under `puzzles/<family>/tried` and
`puzzles/<family>/solved`, so a puzzle solved twice counts once and "Next" can prefer the
ones not solved yet.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QSettings

from megalith.desktop import settings


@dataclass(frozen=True)
class Counts:
    """One family's figures: puzzles tried and solved, of `total` shipped."""

    tried: int
    solved: int
    total: int


class PuzzleScores:
    """Tried and solved puzzles per family, in `store`."""

    def __init__(self, store: QSettings) -> None:
        self._store = store

    def _names(self, family: str, kind: str) -> list[str]:
        return settings.get_list(self._store, f"puzzles/{family}/{kind}")

    def _add(self, family: str, kind: str, name: str) -> None:
        names = self._names(family, kind)
        if name not in names:
            self._store.setValue(f"puzzles/{family}/{kind}", names + [name])
            self._store.sync()

    def tried(self, family: str, name: str) -> None:
        """The player played a move of puzzle `name`."""
        self._add(family, "tried", name)

    def solved(self, family: str, name: str) -> None:
        """The player found the whole winning line of puzzle `name` (it was tried too)."""
        self._add(family, "tried", name)
        self._add(family, "solved", name)

    def is_solved(self, family: str, name: str) -> bool:
        return name in self._names(family, "solved")

    def counts(self, family: str, total: int) -> Counts:
        return Counts(len(self._names(family, "tried")), len(self._names(family, "solved")),
                      total)
