"""A position being set up by hand (Edit > Set up position), without Qt: the pieces placed so
far, the side to move and whether the swap is open. Every change is judged by the game's own
rules (`GameInfo.set_up`) before it is kept, so a refused one changes nothing and says why
in the engine's words; the position that was accepted last is what the board shows.

"Start from here" turns it into a record whose `setup` entry holds it and whose moves are
empty (`record`): from there the game is played, saved and analysed as any other.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from megalith.rules import registry
from megalith.rules.contracts import CellBoardPosition, StackedPosition
from megalith.rules.geometry import Board
from megalith.rules.protocol import GameState, Piece, Setup, SetupError
from megalith.rules.record import Record

LINTEL = "lintel"  # the piece laid by its two ends (`c3-c5`), as the views lay lintel moves


@dataclass
class SetupEditor:
    """The set-up position of a game of `game` with `parameters` and `players`: `setup` is
    what the player has placed, `state` the position the rules made of it."""

    game: str
    parameters: list[str]
    players: list[str]
    setup: Setup
    state: GameState

    @classmethod
    def starting_from(cls, record: Record, state: GameState) -> SetupEditor:
        """An editor holding the position `state` of the game `record` (the position on
        screen), or the empty board if the rules cannot hold that one as a start (a game
        already over)."""
        info = registry.get(record.game)
        players = len(state.sides)
        setup = state.setup_of()
        try:
            start = info.set_up(record.parameters, players, setup)
        except SetupError:
            setup = Setup(state.sides[0])
            start = info.set_up(record.parameters, players, setup)
        return cls(record.game, list(record.parameters), list(record.players), setup, start)

    # ---- the changes a player makes -----------------------------------------------------

    def place(self, kind: str, side: str, where: str) -> str:
        """Puts a piece of `kind` for `side` on `where` (a cell, or a lintel's two ends), on
        top of what is there; "" when done, else the reason it cannot be."""
        cells = self._cells(where)
        if not cells:
            return f"{where} is not a cell of this board"
        state = self.state
        level = 1  # on the ground, or on top of the highest stack it covers
        if isinstance(state, StackedPosition):
            level = 1 + max(state.height(cell) for cell in cells)
        # A side has one figure (a piece of a kind that carries a target): put elsewhere,
        # it moves there.
        kept = tuple(p for p in self.setup.pieces
                     if not (p.target and p.kind == kind and p.side == side))
        piece = Piece(kind, side, where, level)
        return self._try(replace(self.setup, pieces=(*kept, piece)))

    def remove(self, cell: str) -> str:
        """Takes the top piece off `cell` (a figure standing there first); "" when done,
        else why not (nothing there, or what rests on it would float)."""
        pieces = self.setup.pieces
        covering = [i for i, piece in enumerate(pieces) if cell in self._cells(piece.where)]
        if not covering:
            return f"there is no piece on {cell}"
        figures = [i for i in covering if pieces[i].target]
        top = figures[0] if figures else max(covering, key=lambda i: pieces[i].level)
        return self._try(replace(self.setup, pieces=pieces[:top] + pieces[top + 1:]))

    def set_to_move(self, side: str) -> str:
        return self._try(replace(self.setup, to_move=side))

    def set_swap_open(self, open_: bool) -> str:
        return self._try(replace(self.setup, swap_open=open_))

    def clear(self) -> str:
        """Takes every piece off the board."""
        return self._try(replace(self.setup, pieces=()))

    # ---- what the window reads ----------------------------------------------------------

    @property
    def kinds(self) -> tuple[str, ...]:
        return self.state.setup_kinds()

    @property
    def swap_offered(self) -> bool:
        """Whether the game has a swap the set-up could leave open."""
        return self.state.offers_swap and len(self.state.sides) == 2

    def lintel_ends(self) -> list[str]:
        """Every lintel's text by its two ends (`c3-c5`), for the views' two-click lintels."""
        board = self._board()
        if board is None:
            return []
        names = board.names
        return [f"{names[a]}-{names[b]}" for a, _, b in board.lines]

    def cell_names(self) -> list[str]:
        board = self._board()
        return list(board.names) if board is not None else []

    def record(self, colours: list[str]) -> Record:
        """The record of a game starting from the position set up: no moves yet."""
        return Record(game=self.game, parameters=list(self.parameters),
                      players=list(self.players), setup=self.setup, colours=list(colours))

    # ---- helpers ------------------------------------------------------------------------

    def _try(self, setup: Setup) -> str:
        try:
            state = registry.get(self.game).set_up(self.parameters, len(self.players), setup)
        except SetupError as exc:
            return str(exc)
        # As the game reads it back: a figure's target filled in, the pieces in its order.
        self.setup, self.state = state.setup_of(), state
        return ""

    def _board(self) -> Board | None:
        state = self.state
        if isinstance(state, (StackedPosition, CellBoardPosition)):
            return state.board
        return None

    def _cells(self, where: str) -> tuple[str, ...]:
        """The cells a piece written `where` covers (a lintel's three), or () if `where`
        names no place on the board."""
        board = self._board()
        if board is None:
            return ()
        ends = [board.cell(name) for name in where.split("-")]
        if any(end is None for end in ends) or len(ends) > 2:
            return ()
        if len(ends) == 1:
            return (where,)
        a, b = ends
        assert a is not None and b is not None
        line = board.line_through(a, b)
        return () if line is None else tuple(board.names[c] for c in line)
