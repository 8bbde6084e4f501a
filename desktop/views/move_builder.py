"""Turning clicks on cells into move text, from the legal move list alone.

The builder knows no game: it sorts the legal moves by the cells a player points at to make
them (`state.move_cells(move)`) and by how they are pointed at (`state.move_kind(move)`, a
`rules.protocol.MoveKind`, which the engine that owns the notation answers):
- "place": one cell: a plain click;
- "lintel": chosen by its two ends in lintel mode;
- "pair" and "place_and_step": a placement followed by a second cell (a second piece, or
  where the figure steps): the placement is held until the second cell;
- "step": a figure's step, started by clicking the figure.
A click on anything else is refused; `candidate` then holds the text the engine can explain.

Clicking a held placement's cell again is ambiguous when `c3,c3` is legal: it may complete
the move (a second piece on top, `repeat_completes=True`) or play the placement alone, and
then Shift+click on it plays `c3,c3` (the figure steps onto the new stone). The game's desk
says which.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Literal

from megalith.rules.protocol import MoveKind

# A half-built move: one end of a lintel chosen, a figure chosen to step, or a placement held
PendingMode = Literal["lintel", "step", "hold"]
# What a click does (Action.kind)
ActionKind = Literal["play", "pending", "cancel", "refuse", "none"]


@dataclass(frozen=True)
class Pending:
    """A half-built move: `mode` is "lintel" (one end chosen), "step" (the figure chosen) or
    "hold" (a placement held until the second cell); `targets` maps each cell that completes
    the move to that move; `single` is the held placement alone, if it is legal."""

    mode: PendingMode
    cell: str
    targets: dict[str, str] = field(default_factory=dict)
    single: str | None = None


@dataclass(frozen=True)
class Action:
    """What a click does. `kind` is "play" (`move` is complete), "pending" (a move was
    started: see the builder's `pending`), "cancel" (a half-built move was dropped),
    "refuse" (`message`, and `candidate` for the engine's reason) or "none"."""

    kind: ActionKind
    move: str | None = None
    candidate: str | None = None
    message: str = ""
    pending: Pending | None = None


class MoveBuilder:
    """The legal moves of one position sorted by how they are pointed at, and the move a
    player has half built. `figure` names the piece that steps, in the sentences."""

    def __init__(self, legal: Iterable[str], cells_of: Callable[[str], tuple[str, ...]],
                 kind_of: Callable[[str], MoveKind], repeat_completes: bool = True,
                 figure: str = "figure") -> None:
        self.repeat_completes = repeat_completes
        self.figure = figure
        self.singles: dict[str, str] = {}
        self.lintels: dict[str, dict[str, str]] = defaultdict(dict)
        self.steps: dict[str, dict[str, str]] = defaultdict(dict)
        self.compounds: dict[str, dict[str, str]] = defaultdict(dict)
        for move in legal:
            cells = cells_of(move)
            if len(cells) == 1:
                self.singles[cells[0]] = move
            elif len(cells) == 2:
                first, second = cells
                kind = kind_of(move)
                if kind == "lintel":
                    self.lintels[first][second] = move
                    self.lintels[second][first] = move
                elif kind in ("pair", "place_and_step"):
                    self.compounds[first][second] = move
                elif kind == "step":
                    self.steps[first][second] = move
        self.pending: Pending | None = None
        self.lintel_mode = False

    # ---- what a click would do / does ----------------------------------------------

    def decide(self, cell: str, lintel: bool = False) -> Action:
        """What a click on `cell` would do (Shift held: `lintel`), without doing it."""
        if self.pending is not None:
            return self._continue(self.pending, cell, lintel)
        if lintel or self.lintel_mode:
            ends = self.lintels.get(cell)
            if not ends:
                return Action("refuse", message=f"no lintel can have an end at {cell}")
            return Action("pending", pending=Pending("lintel", cell, dict(ends)))
        if cell in self.steps:
            return Action("pending", pending=Pending("step", cell, dict(self.steps[cell])))
        single = self.singles.get(cell)
        if cell in self.compounds:
            return Action("pending", pending=Pending("hold", cell, dict(self.compounds[cell]),
                                                     single))
        if single is not None:
            return Action("play", move=single)
        return Action("refuse", candidate=cell, message=f"{cell} is not a legal move now")

    def _continue(self, pending: Pending, cell: str, shift: bool) -> Action:
        if pending.mode == "hold" and cell == pending.cell:
            choices = [pending.targets.get(cell), pending.single]
            if not (self.repeat_completes or shift):
                choices.reverse()
            move = next((m for m in choices if m is not None), None)
            if move is not None:
                return Action("play", move=move)
        if cell in pending.targets:
            return Action("play", move=pending.targets[cell])
        if cell == pending.cell:
            return Action("cancel", message=f"{self.describe(pending)} cancelled")
        if pending.mode == "lintel":
            return Action("refuse", candidate=f"{pending.cell}-{cell}",
                          message=f"{pending.cell} and {cell} are not the ends of a legal lintel")
        if pending.mode == "step":
            return Action("refuse", message=f"the {self.figure} on {pending.cell} can only "
                                            "step to a highlighted cell")
        return Action("refuse", candidate=f"{pending.cell},{cell}",
                      message=f"{pending.cell},{cell} is not a legal move now")

    def click(self, cell: str, lintel: bool = False) -> Action:
        action = self.decide(cell, lintel)
        if action.kind == "pending":
            self.pending = action.pending
        elif action.kind in ("play", "cancel"):
            self.pending = None
        return action

    def confirm(self) -> Action:
        """Enter or right-click: play a held placement alone."""
        if self.pending is not None and self.pending.mode == "hold" and self.pending.single:
            move = self.pending.single
            self.pending = None
            return Action("play", move=move)
        return Action("none")

    def cancel(self) -> Action:
        if self.pending is None:
            return Action("none")
        message = f"{self.describe(self.pending)} cancelled"
        self.pending = None
        return Action("cancel", message=message)

    def describe(self, pending: Pending) -> str:
        """The half-built move in words: `the lintel from c3`."""
        if pending.mode == "lintel":
            return f"the lintel from {pending.cell}"
        if pending.mode == "step":
            return f"the {self.figure}'s step from {pending.cell}"
        return f"the move at {pending.cell}"
