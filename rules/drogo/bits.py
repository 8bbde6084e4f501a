"""The Drogo board as bit sets, one bit a cell, laid out so that a neighbour is a shift away.

Cell (column c, row r) is bit c * (size + 1) + r: the neighbours of a bit are 1 and size + 1
places away. The spare bit at the top of each column is never set, which keeps a shift by one
from running into the next column. The engine's group floods, the byte planes of
rules.drogo.moves (a byte a position instead of a bit) and the filter of rules.drogo.endings
all read the board this way.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from megalith.rules.geometry import square_board


@dataclass(frozen=True)
class BitLayout:
    """The bit sets of one board size: `positions[cell]` is the cell's bit position,
    `bits[cell]` its bit, `cell_at` the cell at each bit position, `near[cell]` the bit set
    of its neighbours, `shift` the distance between neighbouring columns and `board` every
    cell's bit."""

    positions: tuple[int, ...]
    bits: tuple[int, ...]
    cell_at: dict[int, int]
    near: tuple[int, ...]
    shift: int
    board: int


@cache
def bit_layout(size: int) -> BitLayout:
    board = square_board(size)
    shift = size + 1
    positions = tuple(column * shift + row for column, row in board.coords)
    bits = tuple(1 << position for position in positions)
    return BitLayout(positions, bits,
                     {position: cell for cell, position in enumerate(positions)},
                     tuple(sum(bits[other] for other in around) for around in board.neighbours),
                     shift, sum(bits))


def neighbours_of(cells: int, shift: int) -> int:
    """The bits next to any of `cells` (spare bits included: callers mask them out)."""
    return cells << 1 | cells >> 1 | cells << shift | cells >> shift


def paired_empties(empty: int, shift: int) -> int:
    """The empty cells with an empty neighbour (`empty` sets no spare bit)."""
    down = empty & empty >> 1  # the lower cell of each pair in a column
    left = empty & empty >> shift  # the left cell of each pair in a row
    return down | down << 1 | left | left << shift
