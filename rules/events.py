"""What a move did besides putting its pieces down, read by comparing the positions before
and after it: stones captured (removed, or with Drogo's -in_place taken over), a Quadrant Y
sub-game won, a figure (Druid's Walk's Druid) entering the board, a pass, the game's result. The window says these
over the board and marks them in the move list; nothing here reads display text.

A swap is not a move of the record (rules.protocol), so the session reports it itself.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Literal

from megalith.rules.contracts import FigurePosition, StackedPosition
from megalith.rules.protocol import PASS, GameState

EventKind = Literal["capture", "subgame", "figure", "pass", "result"]
CAPTURE: EventKind = "capture"
SUBGAME: EventKind = "subgame"
FIGURE: EventKind = "figure"
PASSED: EventKind = "pass"
RESULT: EventKind = "result"


@dataclass(frozen=True)
class Event:
    """One thing a move did. `side` is who did it (the capturer, the sub-game's winner, the
    side whose figure entered, the side that passed, the game's winner: None for a draw);
    `count` the stones captured; `name` the sub-game's name or the figure's cell; `figure`
    what the game calls its figure (`FigurePosition.figure_name`)."""

    kind: EventKind
    side: str | None
    count: int = 0
    name: str = ""
    figure: str = ""


def ply_events(before: GameState, after: GameState, move: str) -> list[Event]:
    """The events of `move`, played by the side to move in `before`, which led to `after`."""
    mover = before.to_move
    events: list[Event] = []
    if move == PASS:
        events.append(Event(PASSED, mover))
    if isinstance(before, StackedPosition) and isinstance(after, StackedPosition):
        taken = _captured(before, after) if before.captures else 0
        if taken:
            events.append(Event(CAPTURE, mover, count=taken))
    if isinstance(before, FigurePosition) and isinstance(after, FigurePosition):
        events.extend(Event(FIGURE, side, name=cell, figure=after.figure_name)
                      for side, cell in after.figures.items()
                      if cell and not before.figures.get(side))
    old, new = before.outcome(), after.outcome()
    decided = {s.name for s in old.subgames or () if s.winner}
    events.extend(Event(SUBGAME, s.winner, name=s.name) for s in new.subgames or ()
                  if s.winner and s.name not in decided)
    if new.over and not old.over:
        events.append(Event(RESULT, new.winner))
    return events


def _captured(before: StackedPosition, after: StackedPosition) -> int:
    """Stones of `before` that are gone from their place in `after` or changed owner."""
    def stones(state: StackedPosition) -> Counter[tuple[tuple[str, ...], int, str]]:
        return Counter((s.cells, s.level, s.owner) for s in state.stones())
    return sum((stones(before) - stones(after)).values())
