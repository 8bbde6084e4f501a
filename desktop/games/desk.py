"""A game's desk (`Desk`: how the window shows and plays it) and its views on the window
(`DeskViews`): the one place the session's positions become the contract its desk's views
read.

The session holds `GameState`s whatever the game; a desk's views and words read one
contract `P` of rules/contracts.py. `DeskViews[P]` holds the views a desk built and passes
them each position through `Desk.position`, which checks the engine implements `P`. The
window holds it as a `GameViews`, which names no contract: it never needs to know which.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, Protocol, TypeGuard, TypeVar

from PySide6.QtWidgets import QWidget

from megalith.rules.contracts import Position
from megalith.rules.protocol import GameState

from megalith.desktop.views.base import (RGB, BoardControls, BoardView, Pointing, PositionView,
                                         widget_of)

P = TypeVar("P", bound=Position)
MoveWords = Callable[[GameState, int], str]  # what the move table says of move `ply`
# what the move table's cell of move `ply` says to the pointer, read on the positions before
# and after it
MoveTip = Callable[[GameState, GameState, int], str]


@dataclass(frozen=True)
class Desk(Generic[P]):
    """How the desktop shows and plays one game whose positions it reads through `P`.

    `reads(state)`: whether a position implements `P` (one of `desktop.games.contracts`).
    `make_view(parent)` builds the board view (a QWidget following `BoardView[P]`),
    importing its module only then. `make_map(parent)` builds the owners and heights map
    shown beside a 3D board, for games that have pbmserv's two summaries. `camera`: the view
    turns and has a top view. `lintels`: two-ended moves laid in lintel mode (Shift+click).
    `move_examples`: notation shown in the move line's placeholder. `facts(state)`: lines
    about the position for the side panel (a tile game's pool). `move_note(state, ply)`:
    what move `ply` did by itself, read on the position after it, for the move table (a
    tile game's auto tiles). `move_tip(before, after, ply)`, read on the positions before and
    after it: what the move table's cell says when the pointer rests on it ("" for
    nothing).
    """

    name: str
    reads: Callable[[object], TypeGuard[P]]
    make_view: Callable[[QWidget | None], BoardView[P]]
    make_map: Callable[[QWidget | None], PositionView[P]] | None = None
    camera: bool = False
    lintels: bool = False
    move_examples: str = "c3"
    facts: Callable[[P], list[str]] | None = None
    move_note: Callable[[P, int], str] | None = None
    move_tip: Callable[[P, P, int], str] | None = None

    def position(self, state: GameState) -> P:
        """The session's position as this desk's views read it; TypeError for an engine
        that does not implement the desk's contract."""
        if self.reads(state):
            return state
        raise TypeError(f"{type(state).__name__} does not implement the contract the "
                        f"{self.name} desk reads ({self.reads.__name__})")

    def build(self, parent: QWidget | None) -> GameViews:
        """The game's views, made for the window."""
        return DeskViews(self, parent)


class GameViews(Protocol):
    """The views of the game on the window, whatever contract they read: the board view,
    the owners/heights map where the game has one, and the desk's words about positions."""

    @property
    def board(self) -> BoardControls: ...

    @property
    def board_widget(self) -> QWidget: ...

    @property
    def map(self) -> Pointing | None: ...

    @property
    def map_widget(self) -> QWidget | None: ...

    def show(self, state: GameState, colours: dict[str, RGB], legal: list[str] | None,
             last_move: str | None, last_cells: Sequence[str], with_map: bool) -> None: ...

    def facts(self, state: GameState) -> list[str]: ...

    @property
    def move_note(self) -> MoveWords | None: ...

    @property
    def move_tip(self) -> MoveTip | None: ...


class DeskViews(Generic[P]):
    """The views one desk built, fed positions through its contract `P`."""

    def __init__(self, entry: Desk[P], parent: QWidget | None) -> None:
        self.desk = entry
        self.board: BoardView[P] = entry.make_view(parent)
        self.board_widget = widget_of(self.board)
        self.map: PositionView[P] | None = (entry.make_map(parent)
                                            if entry.make_map is not None else None)
        self.map_widget = widget_of(self.map) if self.map is not None else None

    def show(self, state: GameState, colours: dict[str, RGB], legal: list[str] | None,
             last_move: str | None, last_cells: Sequence[str], with_map: bool) -> None:
        """Shows a position on the board, and on the map too when `with_map`. A half-built
        move belongs to the position it began on, so it is dropped first."""
        position = self.desk.position(state)
        shown: list[PositionView[P]] = [self.board]
        if with_map and self.map is not None:
            shown.append(self.map)
        for view in shown:
            view.cancel_pending()
            view.set_position(position, colours, legal, last_move, last_cells)

    def facts(self, state: GameState) -> list[str]:
        facts = self.desk.facts
        return facts(self.desk.position(state)) if facts is not None else []

    @property
    def move_note(self) -> MoveWords | None:
        return self._words(self.desk.move_note)

    @property
    def move_tip(self) -> MoveTip | None:
        tip = self.desk.move_tip
        if tip is None:
            return None
        position = self.desk.position
        return lambda before, after, ply: tip(position(before), position(after), ply)

    def _words(self, words: Callable[[P, int], str] | None) -> MoveWords | None:
        if words is None:
            return None
        position = self.desk.position
        return lambda state, ply: words(position(state), ply)
