"""What the window may ask of any board view (`BoardView`), typed as a Protocol.

Every view is a QWidget with two signals: `moveChosen(str)` (a complete move's text, chosen
by pointing) and `hint(str)` (a sentence for the status bar about what is under the pointer
or why a click was refused). Views that cannot turn or lay lintels accept those calls and do
nothing; the window enables the matching actions from the game's desk entry
(`desktop.games`), never by testing the view.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from PySide6.QtCore import QPoint
from PySide6.QtGui import QImage

RGB = tuple[int, int, int]


class PositionView(Protocol):
    """Anything that shows a position: a board view, or the owners/heights map."""

    # PySide6 `Signal`s, typed loosely: its stubs give a bound signal no common type.
    hint: Any  # a sentence about what is under the pointer
    moveChosen: Any  # a complete move's text, chosen by pointing

    def set_position(self, state: Any, colours: dict[str, RGB], legal: list[str] | None,
                     last_move: str | None, last_cells: Sequence[str] | None = None) -> None:
        """Show a position: the state (of the contract the game's view reads), the people's
        colours by side letter, the legal moves (None when nobody may move here: a finished
        game), and the last move with its cells read on the position before it."""

    def cancel_pending(self) -> None:
        """Drop a half-built move (a held piece, a lintel's first end)."""


class BoardView(PositionView, Protocol):
    """The main board view: it also frames, turns and grabs the board."""

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
