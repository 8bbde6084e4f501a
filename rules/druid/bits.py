"""Druid's bit layout: one bit per cell of a board, every neighbour a fixed shift away, so that
sets of cells are Python ints and a group grows by shifting (the engine's bitboards, the
byte planes of rules.druid.moves and the lanes of rules.druid.scores all use it)."""

from __future__ import annotations

from collections.abc import Callable

from megalith.rules.geometry import Board

# grow(seed, mask, w): the cells of `mask` connected to `seed` (a subset of mask), on a
# board whose rows are `w` bits apart.
Grow = Callable[[int, int, int], int]


def bit_layout(board: Board) -> tuple[list[int], tuple[int, ...]]:
    """One bit per cell such that every neighbour is a fixed shift away.

    Square cells (c, r) sit at bit r*W + c; hex and Y cells, in axial coordinates
    q = column, r = (doubled y - column) / 2, at bit r*W + q. W is one more than the widest
    row, so a shift that would wrap round lands on the always-empty guard column. Returns the
    bit of each cell and the positive shifts (each used both ways).
    """
    if board.kind == "square":
        axial = [(c, r) for c, r in board.coords]
    else:
        axial = [(c, (y2 - c) // 2) for c, y2 in board.coords]
    low = min(r for _, r in axial)
    width = max(q for q, _ in axial) + 2
    bits = [1 << ((r - low) * width + q) for q, r in axial]
    shifts = (1, width) if board.kind == "square" else (1, width, width - 1)
    return bits, shifts


def grow_square(seed: int, mask: int, w: int) -> int:
    """The cells of `mask` connected to `seed` (a subset of mask), square neighbourhood."""
    while True:
        grown = (seed | seed << 1 | seed >> 1 | seed << w | seed >> w) & mask
        if grown == seed:
            return seed
        seed = grown


def grow_hex(seed: int, mask: int, w: int) -> int:
    """As grow_square, for the six hex neighbours (shifts 1, w and w-1)."""
    v = w - 1
    while True:
        grown = (seed | seed << 1 | seed >> 1 | seed << w | seed >> w | seed << v
                 | seed >> v) & mask
        if grown == seed:
            return seed
        seed = grown
