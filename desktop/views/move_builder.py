"""Turning clicks on cells into move text, from the legal move list alone.

The builder knows no game: it sorts the legal moves by the cells a player points at to make
them (`state.move_cells(move)`) and by how they are pointed at (`state.move_kind(move)`,
which the engine that owns the notation answers):
- "place": one cell (Druid sarsen, Drogo piece, Quadrant Y stone): a plain click;
- "lintel": a Druid lintel, chosen by its two ends in lintel mode;
- "pair": a placement followed by a second action (Druid's Walk placement-and-step, Drogo's
  second piece): the placement is held until the second cell;
- "step": a Druid step (`n`, `se`), started by clicking the Druid.
A click on anything else is refused; `candidate` then holds the text the engine can explain.

Clicking a held placement's cell again is ambiguous when `c3,c3` is legal: in Drogo it is the
second piece on top (`repeat_completes=True`), in Druid's Walk it plays the placement alone,
and Shift+click on it plays `c3,c3` (the Druid steps onto the new stone).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Pending:
    """A half-built move: `mode` is "lintel" (one end chosen), "step" (the Druid chosen) or
    "hold" (a placement held until the second cell); `targets` maps each cell that completes
    the move to that move; `single` is the held placement alone, if it is legal."""

    mode: str
    cell: str
    targets: dict[str, str] = field(default_factory=dict)
    single: str | None = None


@dataclass(frozen=True)
class Action:
    """What a click does. `kind` is "play" (`move` is complete), "pending" (a move was
    started: see the builder's `pending`), "cancel" (a half-built move was dropped),
    "refuse" (`message`, and `candidate` for the engine's reason) or "none"."""

    kind: str
    move: str | None = None
    candidate: str | None = None
    message: str = ""
    pending: Pending | None = None


class MoveBuilder:
    def __init__(self, legal: Iterable[str], cells_of: Callable[[str], tuple[str, ...]],
                 kind_of: Callable[[str], str], repeat_completes: bool = True) -> None:
        self.repeat_completes = repeat_completes
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
                elif kind == "pair":
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
            return Action("cancel", message=f"{_describe(pending)} cancelled")
        if pending.mode == "lintel":
            return Action("refuse", candidate=f"{pending.cell}-{cell}",
                          message=f"{pending.cell} and {cell} are not the ends of a legal lintel")
        if pending.mode == "step":
            return Action("refuse", message=f"the Druid on {pending.cell} can only step to a "
                                            "highlighted cell")
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
        message = f"{_describe(self.pending)} cancelled"
        self.pending = None
        return Action("cancel", message=message)


def _describe(pending: Pending) -> str:
    if pending.mode == "lintel":
        return f"the lintel from {pending.cell}"
    if pending.mode == "step":
        return f"the Druid's step from {pending.cell}"
    return f"the move at {pending.cell}"
