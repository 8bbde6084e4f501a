"""What the 3D view and the Quadrant Y canvas share: the position on show, the move builder,
and the sentences for the status bar (the engine's own reasons for refusals)."""

from __future__ import annotations

from collections.abc import Sequence

from rules.protocol import GameState, MoveError

from desktop.views.move_builder import Action, MoveBuilder, Pending

RGB = tuple[int, int, int]

# Games where clicking a held placement again plays it alone (Druid's Walk: `c3,c3` would
# also step the Druid onto it, which Shift+click does); elsewhere it completes `c3,c3`.
PLACE_ALONE_ON_REPEAT = frozenset({"druid"})

DEFAULT_COLOURS: dict[str, RGB] = {
    "V": (180, 60, 50), "X": (180, 60, 50),
    "H": (225, 220, 200), "O": (225, 220, 200),
    "Y": (60, 90, 170), "Z": (60, 140, 70),
}


def marked_cells(state: GameState, last_move: str | None,
                 last_cells: Sequence[str] | None) -> tuple[str, ...]:
    """The cells to mark for the move that led to `state`: `last_cells` when the caller read
    them on the position before the move (the window does), else the move's cells read on
    `state`, which is right for every move but a Druid's bare step (`n` is read for the
    side to move, so on the position after it, for the wrong Druid)."""
    if last_cells is not None:
        return tuple(last_cells)
    return state.move_cells(last_move) if last_move else ()


def marks_sarsens(state: GameState) -> bool:
    """Whether sarsens are specially marked: in Druid with -nostack, where a sarsen may not
    go on a sarsen, so a player must see which tops are sarsens."""
    return state.game == "druid" and bool(state.options.get("nostack"))


class Interaction:
    """The position a view shows and how clicks on it become moves.

    The move builder of a position is made on first use (the first hover or click), not
    when the position is set: sorting a crowded board's legal moves by their cells takes
    about a millisecond that the frame after a move need not wait for."""

    def __init__(self) -> None:
        self.state: GameState | None = None
        self.colours: dict[str, RGB] = dict(DEFAULT_COLOURS)
        self.lintel_mode = False
        self._legal: list[str] | None = None
        self._builder: MoveBuilder | None = None

    def set_position(self, state: GameState, colours: dict[str, RGB], legal: list[str] | None
                     ) -> None:
        self.state = state
        self.colours = {**DEFAULT_COLOURS, **colours}
        self._legal = legal
        self._builder = None

    @property
    def builder(self) -> MoveBuilder | None:
        """The move builder of the position on show; None when no move can be made."""
        if self._builder is None and self._legal is not None and self.state is not None:
            self._builder = MoveBuilder(
                self._legal, self.state.move_cells,
                repeat_completes=self.state.game not in PLACE_ALONE_ON_REPEAT)
            self._builder.lintel_mode = self.lintel_mode
        return self._builder

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
        """`c3 (height 2, V on top)` for stacking games, `c3 (X)` or `c3 (empty)` otherwise."""
        state = self.state
        if state is None:
            return cell
        height = getattr(state, "height", None)
        owner = getattr(state, "owner", None) or getattr(state, "stone", None)
        who = owner(cell) if owner is not None else None
        if height is not None:
            h = height(cell)
            return f"{cell} (height {h}, {who} on top)" if h else f"{cell} (empty)"
        return f"{cell} ({who})" if who else f"{cell} (empty)"

    def hover_sentence(self, cell: str, action: Action) -> str:
        where = self.describe(cell)
        if self.builder is None:
            return where
        if action.kind == "play":
            return f"{where}: click to play {action.move}"
        if action.kind == "pending" and action.pending is not None:
            return f"{where}: click to start {_start_words(action.pending.mode)}"
        if action.kind == "cancel":
            return f"{where}: click to cancel"
        if action.kind == "refuse":
            return f"{where}: {self.reason(action)}"
        return where

    def click_sentence(self, action: Action) -> str:
        if action.kind == "refuse":
            return self.reason(action)
        if action.kind == "pending" and action.pending is not None:
            p = action.pending
            if p.mode == "lintel":
                return f"Lintel from {p.cell}: choose its other end (highlighted); Esc cancels"
            if p.mode == "step":
                return f"Druid on {p.cell}: choose where it steps (highlighted); Esc cancels"
            if p.single and not self.builder.repeat_completes:
                alone = ("; click it again or press Enter to play it alone"
                         + ("; Shift+click it to step onto it" if p.cell in p.targets else ""))
            else:
                alone = "; press Enter or right-click to play it alone" if p.single else ""
            return (f"{p.cell} held: choose a highlighted cell to complete the move{alone}; "
                    "Esc cancels")
        return action.message


def _start_words(mode: str) -> str:
    return {"lintel": "a lintel here", "step": "a Druid step",
            "hold": "a move here"}.get(mode, "a move")
