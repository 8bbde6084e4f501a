"""Quadrant Y (pbmserv `quady`): five games of Y on one triangle.

The board is a triangle of side n (odd, 5 to 31). With m = (n+1)/2 it holds five games of Y:
the whole board ("main") and four triangles of side m that share their borders: "top" (rows
1..m), "left" (bottom-left), "right" (bottom-right) and "centre" (the inverted one). Each game
is won by connecting its three sides with stones inside its triangle. A game won is a point;
the first player with 3 points wins at once (one move may complete several games, so 4 points
can happen). When the game ends, games still open stay undecided. See docs/rules/quady.md.

The win test is incremental: one union-find forest per game, with a bit mask of the sides
each group touches, updated once per stone (`subgames.join`). A game already decided is never
updated again (in Y only one player can ever connect), which keeps later stones cheap. The
five games, the forest's nodes and the winning chains are in rules/quady/subgames.py.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import TYPE_CHECKING

from megalith.rules.geometry import Board, column_letters, split_name
from megalith.rules.protocol import (SWAP, GameState, MoveError, OptionError, OptionSpec, Outcome,
                                     Piece, SetupError, SubgameResult)
from megalith.rules.quady.subgames import GAMES, join, topology, winning_chain
from megalith.rules.registry import GameInfo

if TYPE_CHECKING:
    from typing_extensions import Self  # typing.Self from Python 3.11 on; only mypy reads it

COLOURS = ("X", "O")
DEFAULT_SIZE = 15
MIN_SIZE, MAX_SIZE = 5, 31
POINTS_TO_WIN = 3
_EMPTY = 0  # cell contents: 0 empty, 1 X, 2 O (index into _SYMBOL)
_SYMBOL = (None, "X", "O")
# The fields of a state holding lists, sets, dicts and byte arrays, which `copy` copies.
_CONTAINERS = ("options", "moves", "resigned", "_cells", "_parent", "_mask", "_winners",
               "_points")
# SubgameResult of each game (in the order of GAMES) by its winner's colour code.
_SUBGAME_RESULTS = tuple(tuple(SubgameResult(name, symbol) for symbol in _SYMBOL)
                         for name in GAMES)
_COUNT_WORDS = {1: "one game", 2: "two games", 3: "three games", 4: "four games",
                5: "five games"}


class QuadYState(GameState):
    """A game of Quadrant Y. X moves first; `swap` is offered on the second move."""

    game = "quady"
    voluntary_pass = False
    offers_swap = True
    supports_setup = True

    def __init__(self, size: int = DEFAULT_SIZE, options: dict[str, int | bool] | None = None
                 ) -> None:
        super().__init__(options=dict(options or {}), turn_order=COLOURS)
        self.size = size
        self._topo = topology(size)
        count = len(self._topo.board)
        self._cells = [_EMPTY] * count
        self._parent = list(range(self._topo.node_count))
        self._mask = bytearray(self._topo.node_count)  # quick to copy; read only on joins
        self._winners = [_EMPTY] * len(GAMES)
        self._points = [0, 0, 0]  # indexed by colour code
        self._outcome = self._make_outcome(_EMPTY)

    def copy(self) -> Self:
        """The protocol's copy (containers one level deep, the topology shared), naming this
        state's containers instead of testing every field: a search copies a state for every
        move it tries near the root. test_quady checks the list stays complete."""
        clone = object.__new__(type(self))
        fields = self.__dict__.copy()
        for name in _CONTAINERS:
            fields[name] = fields[name].copy()
        clone.__dict__ = fields
        return clone

    # ---- queries for the views ------------------------------------------------------

    @property
    def board(self) -> Board:
        return self._topo.board

    def stone(self, name: str) -> str | None:
        """'X', 'O' or None for an empty cell; KeyError for a name not on the board."""
        index = self.board.cell(name)
        if index is None:
            raise KeyError(name)
        return _SYMBOL[self._cells[index]]

    def move_cells(self, move: str) -> tuple[str, ...]:
        cell = self.board.cell(move)
        return () if cell is None else (self.board.names[cell],)

    def regions(self) -> dict[str, frozenset[str]]:
        """The five games' cells by name (the views outline the four triangles)."""
        names = self.board.names
        return {game.name: frozenset(names[i] for i in game.cells) for game in self._topo.games}

    def winning_chains(self) -> dict[str, tuple[str, ...]]:
        """For each decided game, a smallest set of its winner's stones that connects its
        three sides, in reading order of the board."""
        names = self.board.names
        return {game.name: tuple(names[i] for i in self._chain(g))
                for g, game in enumerate(self._topo.games) if self._winners[g]}

    # ---- the protocol ---------------------------------------------------------------

    def longest_game(self) -> int:
        """A move fills a cell (there is no pass)."""
        return len(self._cells) + 1

    def _board_moves(self) -> list[str]:
        if self._outcome.over:
            return []
        names = self.board.names
        return [names[i] for i, colour in enumerate(self._cells) if colour == _EMPTY]

    def board_moves_exist(self) -> bool:
        return not self._outcome.over and _EMPTY in self._cells

    def random_move(self, rng: random.Random) -> str:
        """A move drawn uniformly from `legal_moves()` without listing them: cells (and swap,
        when legal) are drawn until an empty one comes up."""
        if self.to_move is None:
            return super().random_move(rng)
        cells = self._cells
        count = len(cells)
        size = count + 1 if self._swap_legal() else count
        draw = rng.random
        for _ in range(64):
            pick = int(draw() * size)
            if pick == count:
                return SWAP
            if cells[pick] == _EMPTY:
                return self.board.names[pick]
        return super().random_move(rng)

    def run_playout(self, rng: random.Random, plies: int, trail: list[tuple[int, str]]) -> None:
        """The protocol's playout loop over cell indices: each ply draws cells as
        `random_move` does (the same `rng.random()` calls, the same 64 tries, then the
        protocol's draw from the sorted legal moves) and places the stone with
        `subgames.join`, as `play` does, without the move text being parsed or the turn worked out from the
        outcome. The moves up to the swap's (swap may be drawn for the second, or the first
        from a set-up position whose swap is open) go through the generic loop. No pass is ever legal while the game is on (a full board has decided
        all five games), so `passes_in_row` stays 0."""
        while plies > 0 and len(self.moves) <= self.swap_ply and self.to_move is not None:
            GameState.run_playout(self, rng, 1, trail)
            plies -= 1
        if plies <= 0 or self.to_move is None:
            return
        cells, moves, names = self._cells, self.moves, self._topo.board.names
        parent, mask, winners, points = self._parent, self._mask, self._winners, self._points
        memberships = self._topo.memberships
        count = len(cells)
        flip = 1 if self.swapped else 0
        ply = len(moves) + self.first_seat  # counted from a set-up position's first seat
        draw = rng.random
        append = trail.append
        for _ in range(plies):
            for _ in range(64):
                pick = int(draw() * count)
                if not cells[pick]:
                    break
            else:  # `random_move` gives up drawing cells: the protocol's draw decides
                move = GameState.random_move(self, rng)
                append(((ply & 1) ^ flip, move))
                self.play(move)
                ply += 1
                if self._outcome.over:
                    return
                continue
            name = names[pick]
            append(((ply & 1) ^ flip, name))
            moves.append(name)
            colour = 1 + (ply & 1)
            ply += 1
            if join(cells, parent, mask, winners, points, memberships, pick, colour, True):
                self._outcome = self._make_outcome(colour)
                if self._outcome.over:
                    return

    def _play_board_move(self, text: str) -> str:
        index = self._topo.board.index.get(text)
        if index is None:
            raise MoveError(text, self._not_a_cell(text))
        occupant = self._cells[index]
        if occupant != _EMPTY:
            raise MoveError(text, f"{text} is already taken by {_SYMBOL[occupant]}; "
                                  "a stone goes on an empty cell")
        self._place(index, 1 + (len(self.moves) + self.first_seat) % 2)
        return self._topo.board.names[index]

    def search_outcome(self) -> Outcome:
        """The protocol's `search_outcome`: the outcome without the winning chains, which
        `_board_outcome` builds by a search of the board (it was a sixth of a search's time
        at the start, for every playout that ended)."""
        if self.resigned:
            return self.outcome()
        return self._outcome

    def moves_that_may_win(self, moves: list[str]) -> list[str]:
        """The protocol's filter, exact on the board moves: a stone wins for the player to
        move exactly when the games of Y it completes bring their points to POINTS_TO_WIN
        (a stone only ever completes games for its own colour). A game is completed when
        the stone's sides in it and those of the groups of its colour it touches there make
        all three, as `subgames.join` reads them from the forest without placing the
        stone. Anything else (swap, a finished game) is kept."""
        if self._outcome.over or self.resigned:
            return moves
        colour = 1 + (len(self.moves) + self.first_seat) % 2
        needed = POINTS_TO_WIN - self._points[colour]
        index, memberships = self._topo.board.index, self._topo.memberships
        cells, parent, mask, winners = self._cells, self._parent, self._mask, self._winners
        points = self._points
        kept = []
        for move in moves:
            i = index.get(move)
            if i is None or cells[i] != _EMPTY or \
                    join(cells, parent, mask, winners, points, memberships, i, colour,
                         False) >= needed:
                kept.append(move)
        return kept

    def _board_outcome(self) -> Outcome:
        result = self._outcome
        if result.over and not result.chain:
            result = self._outcome = self._with_chain(result)
        return result

    def _board_over(self) -> bool:
        return self._outcome.over

    def _scores(self) -> dict[str, int]:
        return {"X": self._points[1], "O": self._points[2]}

    def render(self) -> str:
        """The board in the help page's style: `x`/`o` stones, `+` for an empty cell on a
        sub-game border, `.` for other empty cells, rows numbered from the apex, column
        letters under the last row (a two-letter column shows its second letter below)."""
        n, board, border = self.size, self.board, self._topo.border
        width = len(str(n))
        lines = []
        for r in range(n):
            row_cells = []
            for c in range(r + 1):
                i = board.at[(r, c)]
                colour = self._cells[i]
                symbol = _SYMBOL[colour]
                row_cells.append(symbol.lower() if symbol else "+" if i in border else ".")
            label = f"{r + 1}-".rjust(width + 1 + n - 1 - r)
            lines.append(f"{label} {' '.join(row_cells)}")
        margin = " " * (width + 3)  # the last row's first cell is at column width + 2
        lines.append(margin + " ".join("\\" * n))
        letters = [column_letters(c).upper() for c in range(n)]
        lines.append(margin + " " + " ".join(word[0] for word in letters))
        if any(len(word) > 1 for word in letters):
            lines.append((margin + " " + " ".join(word[1:] or " " for word in letters)).rstrip())
        return "\n".join(lines)

    # ---- a position set up by hand (GameState.set_up) -------------------------------

    def setup_kinds(self) -> tuple[str, ...]:
        return ("stone",)

    def _place_setup(self, pieces: tuple[Piece, ...]) -> None:
        """Put the stones down one by one (`subgames.join`, in any order: in Y only one
        player can ever connect a game's three sides), then the points they make."""
        for piece in pieces:
            what = f"the {piece.side} {piece.kind} at {piece.where}"
            if piece.kind != "stone":
                raise SetupError(f"Quadrant Y has no {piece.kind} pieces: its pieces are stones")
            if piece.side not in COLOURS:
                raise SetupError(f"{piece.side} is not a side of this game (its sides: X, O)")
            index = self.board.cell(piece.where)
            if index is None:
                raise SetupError(f"{what} is off the board")
            if piece.level != 1:
                raise SetupError(f"{what} is at level {piece.level}: stones lie on the board")
            if self._cells[index] != _EMPTY:
                raise SetupError(f"two stones on {piece.where}")
            self._place(index, COLOURS.index(piece.side) + 1)
        for colour in (1, 2):  # a side with three games won has won the game
            if self._make_outcome(colour).over:
                self._outcome = self._make_outcome(colour)
                return
        self._outcome = self._make_outcome(_EMPTY)

    def _setup_pieces(self) -> tuple[Piece, ...]:
        names = self.board.names
        return tuple(Piece("stone", _SYMBOL[colour] or "", names[i])
                     for i, colour in enumerate(self._cells) if colour != _EMPTY)

    # ---- the engine -----------------------------------------------------------------

    def _not_a_cell(self, text: str) -> str:
        """Why `text`, which names no cell of the board, is not a move."""
        parts = split_name(text)
        if parts is None:
            return "a move is an empty cell such as f6 (or swap, or Resign)"
        _, row = parts
        if not 1 <= row <= self.size:
            return f"there is no row {row}: the rows are 1 to {self.size}"
        if row == 1:
            return "row 1 has only one cell, a1"
        return f"row {row} has only the cells a{row} to {column_letters(row - 1)}{row}"

    def _place(self, index: int, colour: int) -> bool:
        """Put a stone of `colour` (1 X, 2 O) on the empty cell `index` (`subgames.join`);
        True when it completed a game, and then the cached outcome is refreshed."""
        if not join(self._cells, self._parent, self._mask, self._winners, self._points,
                    self._topo.memberships, index, colour, True):
            return False
        self._outcome = self._make_outcome(colour)
        return True

    def _make_outcome(self, mover: int) -> Outcome:
        """The outcome after `mover` (a colour code) placed a stone: a win once the mover
        has POINTS_TO_WIN points. The chain is left empty here: `_board_outcome` adds it
        when asked, so that playouts that only test `over` do not pay for it."""
        subs = tuple(_SUBGAME_RESULTS[g][w] for g, w in enumerate(self._winners))
        scores = self._scores()
        if not mover or self._points[mover] < POINTS_TO_WIN:
            return Outcome("ongoing", None, scores, subs)
        won = ", ".join(GAMES[g] for g in range(len(GAMES)) if self._winners[g] == mover)
        reason = f"{_SYMBOL[mover]} won {_COUNT_WORDS[self._points[mover]]}: {won}"
        return Outcome("win", _SYMBOL[mover], scores, subs, reason)

    def _with_chain(self, result: Outcome) -> Outcome:
        """`result` with the cells of the winner's chains, in the order of GAMES."""
        names = self.board.names
        colour = 1 if result.winner == "X" else 2
        won = [g for g in range(len(GAMES)) if self._winners[g] == colour]
        return replace(result, chain=tuple(dict.fromkeys(
            names[i] for g in won for i in self._chain(g))))

    def _chain(self, g: int) -> list[int]:
        """The cells of the winning chain of the decided game g, in board order."""
        return winning_chain(self._topo, self._cells, g, self._winners[g])


def _new_game(options: dict[str, int | bool], players: int) -> QuadYState:
    size = options.get("size", DEFAULT_SIZE)
    if not isinstance(size, int) or isinstance(size, bool) or not MIN_SIZE <= size <= MAX_SIZE:
        raise OptionError(f"-size={size} is out of range: Quadrant Y boards are odd sizes "
                          f"from {MIN_SIZE} to {MAX_SIZE}")
    if size % 2 == 0:
        raise OptionError(f"-size={size} is even: Quadrant Y needs an odd size from {MIN_SIZE} "
                          f"to {MAX_SIZE} so that the four triangles split evenly (the help "
                          "page's \"even number\" is a typo)")
    return QuadYState(size, options)


INFO = GameInfo(
    name="quady",
    title="Quadrant Y",
    min_players=2,
    max_players=2,
    options=(OptionSpec("size", "int", "board size: an odd number of rows, 5 to 31 (default 15)",
                        minimum=MIN_SIZE, maximum=MAX_SIZE),),
    factory=_new_game,
)
