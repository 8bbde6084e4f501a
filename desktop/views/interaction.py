"""What the 3D view and the Quadrant Y canvas share: the position on show, the move builder,
and the sentences for the status bar (the engine's own reasons for refusals)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Generic, TypeVar

from megalith.rules.contracts import (CellBoardPosition, FigurePosition, MarkedSarsenPosition,
                                      Position, StackedPosition)
from megalith.rules.protocol import MoveError

from megalith.desktop.views.move_builder import Action, MoveBuilder, Pending, PendingMode

RGB = tuple[int, int, int]

DEFAULT_COLOURS: dict[str, RGB] = {
    "V": (180, 60, 50), "X": (180, 60, 50),
    "H": (225, 220, 200), "O": (225, 220, 200),
    "Y": (60, 90, 170), "Z": (60, 140, 70),
}


P = TypeVar("P", bound=Position)


def marked_cells(state: Position, last_move: str | None,
                 last_cells: Sequence[str] | None) -> tuple[str, ...]:
    """The cells to mark for the move that led to `state`: `last_cells` when the caller read
    them on the position before the move (the window does), else the move's cells read on
    `state`, which is right for every move but a figure's bare step (`n` is read for the
    side to move, so on the position after it, for the wrong figure)."""
    if last_cells is not None:
        return tuple(last_cells)
    return state.move_cells(last_move) if last_move else ()


def figures(state: Position) -> dict[str, str]:
    """Side letter -> the cell its figure stands on, for a position that has figures
    (contracts.FigurePosition); empty for one that has none."""
    if not isinstance(state, FigurePosition):
        return {}
    return {side: cell for side, cell in state.figures.items() if cell}


def figure_targets(state: Position) -> dict[str, tuple[str, ...]]:
    """Side letter -> the cells its figure must reach (contracts.FigurePosition)."""
    if not isinstance(state, FigurePosition):
        return {}
    return {side: cells for side, cells in state.targets.items() if cells}


def sarsens_marked(state: Position) -> bool:
    """Whether the views must show which tops are sarsens (contracts.MarkedSarsenPosition)."""
    return isinstance(state, MarkedSarsenPosition) and state.sarsens_marked


def describe_stack(state: StackedPosition, cell: str) -> str:
    """`c3 (height 2, V on top)` or `c3 (empty)`."""
    height = state.height(cell)
    return f"{cell} (height {height}, {state.owner(cell)} on top)" if height else f"{cell} (empty)"


def describe_stone(state: CellBoardPosition, cell: str) -> str:
    """`c3 (X)` or `c3 (empty)`."""
    who = state.stone(cell)
    return f"{cell} ({who})" if who else f"{cell} (empty)"


class Interaction(Generic[P]):
    """The position a view shows and how clicks on it become moves. `describe(state, cell)`
    names what is on a cell, for the hover text.

    The move builder of a position is made on first use (the first hover or click), not
    when the position is set: sorting a crowded board's legal moves by their cells takes
    about a millisecond that the frame after a move need not wait for."""

    def __init__(self, describe: Callable[[P, str], str], repeat_completes: bool = True
                 ) -> None:
        self._describe = describe
        # Whether a second click on a held placement completes the two-cell move on that
        # cell (a second piece on top) or plays the placement alone (where `c3,c3` steps
        # the figure onto it, which Shift+click does): the game's desk says.
        self.repeat_completes = repeat_completes
        self.state: P | None = None
        self.colours: dict[str, RGB] = dict(DEFAULT_COLOURS)
        self.lintel_mode = False
        self._legal: list[str] | None = None
        self._builder: MoveBuilder | None = None

    def set_position(self, state: P, colours: dict[str, RGB], legal: list[str] | None
                     ) -> None:
        self.state = state
        self.colours = {**DEFAULT_COLOURS, **colours}
        self._legal = legal
        self._builder = None

    @property
    def builder(self) -> MoveBuilder | None:
        """The move builder of the position on show; None when no move can be made."""
        if self._builder is None and self._legal is not None and self.state is not None:
            self._builder = MoveBuilder(self._legal, self.state.move_cells,
                                        self.state.move_kind, self.repeat_completes,
                                        self.figure_name)
            self._builder.lintel_mode = self.lintel_mode
        return self._builder

    @property
    def figure_name(self) -> str:
        """What the engine calls the figure that steps (`figure` for a game with none)."""
        state = self.state
        return state.figure_name if isinstance(state, FigurePosition) else "figure"

    @property
    def pending(self) -> Pending | None:
        """The half-built move, if any (without making a builder to find there is none)."""
        return self._builder.pending if self._builder is not None else None

    def set_lintel_mode(self, on: bool) -> None:
        self.lintel_mode = on
        if self._builder is not None:
            self._builder.lintel_mode = on
            if self._builder.pending is not None and self._builder.pending.mode == "lintel" \
                    and not on:
                self._builder.cancel()

    def colour(self, side: str | None) -> RGB:
        return self.colours.get(side or "", (128, 128, 128))

    def mover_colour(self) -> RGB:
        return self.colour(self.state.to_move if self.state is not None else None)

    def reason(self, action: Action) -> str:
        """The engine's reason for a refused click, or the builder's own sentence."""
        if action.candidate and self.state is not None:
            try:
                self.state.copy().play(action.candidate)
            except MoveError as error:
                return error.reason
        return action.message

    def describe(self, cell: str) -> str:
        """What is on a cell, in the words of the view's `describe`."""
        return cell if self.state is None else self._describe(self.state, cell)

    def hover_sentence(self, cell: str, action: Action) -> str:
        where = self.describe(cell)
        if self.builder is None:
            return where
        if action.kind == "play":
            return f"{where}: click to play {action.move}"
        if action.kind == "pending" and action.pending is not None:
            return f"{where}: click to start {self._start_words(action.pending.mode)}"
        if action.kind == "cancel":
            return f"{where}: click to cancel"
        if action.kind == "refuse":
            return f"{where}: {self.reason(action)}"
        return where

    def answer(self, action: Action, play: Callable[[str], object],
               say: Callable[[str], object]) -> None:
        """What every view does after a click: `play` a completed move, or `say` what the
        click did (why it was refused, what it started)."""
        if action.kind == "play" and action.move:
            play(action.move)
            return
        sentence = self.click_sentence(action)
        if sentence:
            say(sentence)

    def click_sentence(self, action: Action) -> str:
        if action.kind == "refuse":
            return self.reason(action)
        if action.kind == "pending" and action.pending is not None:
            p = action.pending
            if p.mode == "lintel":
                return f"Lintel from {p.cell}: choose its other end (highlighted); Esc cancels"
            if p.mode == "step":
                return (f"{self.figure_name} on {p.cell}: choose where it steps (highlighted);"
                        " Esc cancels")
            if p.single and not self.repeat_completes:
                alone = ("; click it again or press Enter to play it alone"
                         + ("; Shift+click it to step onto it" if p.cell in p.targets else ""))
            else:
                alone = "; press Enter or right-click to play it alone" if p.single else ""
            return (f"{p.cell} held: choose a highlighted cell to complete the move{alone}; "
                    "Esc cancels")
        return action.message

    def _start_words(self, mode: PendingMode) -> str:
        if mode == "lintel":
            return "a lintel here"
        if mode == "step":
            return f"a {self.figure_name} step"
        return "a move here"
