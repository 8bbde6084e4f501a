"""Drogo's move shapes and their text: reading a move and writing it.

A board move is one piece (`c3`) or two that share a face: `c3,c4` (neighbours, at one level)
or `c3,c3` (the second on top of the first). As cells it is (first cell, second cell), the
second NO_CELL for one piece. Canonical text is lower case without spaces; the shapes of
`move_space`, and their texts, are every move a board of that size can have, legal or not.
"""

from __future__ import annotations

from functools import cache

from megalith.rules.geometry import square_board
from megalith.rules.protocol import MoveError

NO_CELL = -1  # the second cell of a one-piece move
CellMove = tuple[int, int]


def text_of(move: CellMove, names: tuple[str, ...]) -> str:
    """The canonical text of a move shape (cells named by `names`)."""
    first, second = move
    if second == NO_CELL:
        return names[first]
    return f"{names[first]},{names[second]}"


@cache
def move_space(size: int) -> tuple[CellMove, ...]:
    """Every move shape on a size x size board, legal or not: each cell alone, each cell
    twice (stacked) and each ordered pair of neighbours."""
    board = square_board(size)
    space: list[CellMove] = []
    for cell in range(len(board)):
        space.append((cell, NO_CELL))
        space.append((cell, cell))
        space.extend((cell, other) for other in board.neighbours[cell])
    return tuple(space)


@cache
def move_texts(size: int) -> tuple[str, ...]:
    """The canonical text of each move shape of `move_space`."""
    names = square_board(size).names
    return tuple(text_of(move, names) for move in move_space(size))


@cache
def shapes_by_text(size: int) -> dict[str, CellMove]:
    """Each move shape of `move_space` by its canonical text: canonical moves are read
    without parsing."""
    return dict(zip(move_texts(size), move_space(size)))


def parse(text: str, size: int, single: bool, pairs: bool) -> CellMove:
    """The cells of a lower-cased move text on a size x size board; MoveError for malformed
    text or a shape that may not be played now: two pieces where `pairs` is False, with
    -single (`single`) or as the opening move (checks that need no position)."""
    board = square_board(size)
    parts = [part.strip() for part in text.split(",")]
    if len(parts) > 2 or not all(parts):
        raise MoveError(text, "a move is one cell (c3) or two cells that share a face "
                              "(c3,c4 or c3,c3)")
    cells = []
    for part in parts:
        cell = board.cell(part)
        if cell is None:
            raise MoveError(text, f"{part} is not on the {size}x{size} board")
        cells.append(cell)
    if len(cells) == 1:
        return cells[0], NO_CELL
    if not pairs:
        raise MoveError(text, "-single allows one piece per move" if single
                        else "the opening move is one piece")
    first, second = cells
    if first != second and second not in board.neighbours[first]:
        raise MoveError(text, f"{parts[0]} and {parts[1]} do not share a face")
    return first, second
