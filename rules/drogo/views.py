"""What the views and the command line read of a Drogo position: the members of
`rules.contracts.StackedPosition`, and the position as text."""

from __future__ import annotations

from megalith.rules.drogo.position import DrogoPosition
from megalith.rules.geometry import Board, square_board
from megalith.rules.protocol import PASS, SWAP, MoveKind, Stone


class Views(DrogoPosition):
    """The board, its stacks and pieces, how a move is pointed at, and render()."""

    @property
    def board(self) -> Board:
        return square_board(self._n)

    @property
    def size(self) -> int:
        return self._n

    def height(self, name: str) -> int:
        return self._height[self._cell(name)]

    def owner(self, name: str) -> str | None:
        seat = self._owner[self._cell(name)]
        return None if seat < 0 else self.turn_order[seat]

    def _cell(self, name: str) -> int:
        cell = self.board.cell(name)
        if cell is None:
            raise KeyError(f"{name} is not on the {self._n}x{self._n} board")
        return cell

    def goal_sides(self) -> dict[str, list[tuple[str, ...]]]:
        """None: Drogo has no sides to connect (StackedPosition)."""
        return {}

    def stones(self) -> list[Stone]:
        """One cube per piece, bottom up, with the colour of that piece (a stack built over an
        enemy piece keeps it underneath; -in_place captures recolour whole stacks)."""
        return [Stone((self._names[cell],), level + 1, self.turn_order[seat], "cube")
                for cell, stack in enumerate(self._pieces)
                for level, seat in enumerate(stack)]

    def move_cells(self, move: str) -> tuple[str, ...]:
        low = move.strip().lower()
        if low in (PASS, "pass", SWAP, "resign"):
            return ()
        return tuple(part.strip() for part in low.split(","))

    def placed_pieces(self, move: str) -> tuple[tuple[str, ...], ...]:
        """One piece per cell named, in order (`c3,c3` stacks two on c3)."""
        cells = self.move_cells(move)
        if not all(self.board.cell(c) is not None for c in cells):
            return ()
        return tuple((c,) for c in cells)

    def move_kind(self, move: str) -> MoveKind:
        cells = self.move_cells(move)
        return "" if not cells else "place" if len(cells) == 1 else "pair"

    def render(self) -> str:
        """Owners and heights side by side, as pbmserv's board summaries, then the scores."""
        n, width = self._n, len(str(self._n))
        letters = [self._names[c * n][:-1] for c in range(n)]
        header = " ".join(f"{letter:>{width}}" for letter in letters)
        margin = " " * (width + 1)
        lines = [f"{margin}{header}{margin}   {margin}{header}"]
        for row in range(n - 1, -1, -1):
            label = f"{row + 1:>{width}}"
            cells = [c * n + row for c in range(n)]
            owners = " ".join(f"{self._owner_char(cell):>{width}}" for cell in cells)
            heights = " ".join(f"{self._height[cell] or '.':>{width}}" for cell in cells)
            lines.append(f"{label} {owners} {label}   {label} {heights} {label}")
        lines.append(f"{margin}{header}{margin}   {margin}{header}")
        lines.append("Scores: " + ", ".join(f"{side} {score}"
                                           for side, score in self._scores().items()))
        return "\n".join(lines)

    def _owner_char(self, cell: int) -> str:
        seat = self._owner[cell]
        return "." if seat < 0 else self.turn_order[seat].lower()
