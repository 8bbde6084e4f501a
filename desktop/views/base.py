"""What the window may ask of a board view, typed as Protocols generic in the position
contract the view reads (`rules/contracts.py`).

Every view is a QWidget with two signals: `moveChosen(str)` (a complete move's text, chosen
by pointing) and `hint(str)` (a sentence for the status bar about what is under the pointer
or why a click was refused). `PositionView[P]` shows positions of contract `P`;
`BoardView[P]` is the main board view, which the window also frames, turns and grabs
through `BoardControls`, the part that does not depend on the contract. Views that cannot
turn or lay lintels accept those calls and do nothing; the window enables the matching
actions from the game's desk entry (`desktop.games`), never by testing the view.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, TypeVar

from PySide6.QtCore import QPoint, SignalInstance
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QWidget

from megalith.rules.contracts import Position

RGB = tuple[int, int, int]
P_contra = TypeVar("P_contra", bound=Position, contravariant=True)


class Pointing(Protocol):
    """What every view does whatever it shows: it says what the pointer chose or is over,
    and drops a half-built move."""

    @property
    def hint(self) -> SignalInstance:
        """Emits a sentence about what is under the pointer."""

    @property
    def moveChosen(self) -> SignalInstance:
        """Emits a complete move's text, chosen by pointing."""

    def cancel_pending(self) -> None:
        """Drop a half-built move (a held piece, a lintel's first end)."""


class PositionView(Pointing, Protocol[P_contra]):
    """Anything that shows a position read through contract `P`: a board view, or the
    owners/heights map."""

    def set_position(self, state: P_contra, colours: dict[str, RGB], legal: list[str] | None,
                     last_move: str | None, last_cells: Sequence[str] | None = None) -> None:
        """Show a position: the state, the people's colours by side letter, the legal moves
        (None when nobody may move here: a finished game), and the last move with its cells
        read on the position before it."""


class BoardControls(Pointing, Protocol):
    """What the window's actions do to the main board view, whatever contract it reads."""

    def reset_camera(self, animate: bool = True) -> None:
        """Frame the whole board (turn it back to the default view where it turns; at once
        rather than gliding for a new game)."""

    def top_view(self) -> None: ...

    def turn(self, quarters: int) -> None: ...

    def set_show_heights(self, on: bool) -> None:
        """Write each stack's height on it (boards with stacks)."""

    def show_suggestions(self, suggestions: Sequence[tuple[str, float]]) -> None:
        """Mark the best moves found for the player to move on the board, each with its win
        rate, until the next position is shown; moves that point at no cell (pass, swap)
        are left to the status bar."""

    def set_lintel_mode(self, on: bool) -> None: ...

    def grab_image(self) -> QImage:
        """The board as drawn on screen."""

    def cell_screen_pos(self, name: str) -> QPoint:
        """Where a cell (or numbered place) is on screen, in widget pixels."""


class BoardView(BoardControls, PositionView[P_contra], Protocol[P_contra]):
    """The main board view of a game whose positions it reads through contract `P`."""


def widget_of(view: Pointing) -> QWidget:
    """The QWidget a view is, for laying it out. Every view is one, but Python's types
    cannot say "a QWidget that is a BoardView", so this checks it."""
    if not isinstance(view, QWidget):
        raise TypeError(f"{type(view).__name__} is not a QWidget")
    return view
