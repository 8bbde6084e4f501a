"""Board geometry shared by the engines and the views: cell names, neighbours, straight
lines, sides and drawing positions, with cells numbered 0..n-1 for tight loops.

Conventions are pbmserv's, as ../shared/RULINGS.md ("Coordinates") states them:
- square: columns a.. from the left, rows 1.. from the bottom;
- hex-hex of size n: 2n-1 vertical columns of flat-topped hexagons, rows from 1 at the bottom
  of each column; sides S1 (lower left) .. S6 (lower right) counter-clockwise from the bottom;
- Druid's Y of size n: columns of n, n-1, .. 1 cells, neighbours as the right half of hex-hex;
- triangle (Quadrant Y) of size n: rows 1..n from the apex down, row r has r cells a.. .

Hex and Y cells use "doubled" lattice coordinates (column, 2*y), so the six neighbours are the
deltas (0, +-2) and (+-1, +-1). Drawing positions put neighbouring cells one unit apart, y up.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache

from megalith.rules.text import number

SQUARE_DIRECTIONS = {"n": (0, 1), "s": (0, -1), "e": (1, 0), "w": (-1, 0)}
HEX_DIRECTIONS = {"n": (0, 2), "s": (0, -2), "ne": (1, 1), "nw": (-1, 1), "se": (1, -1),
                  "sw": (-1, -1)}
# Quadrant Y (row, column) neighbour deltas, from RULINGS.md.
TRIANGLE_DELTAS = ((0, -1), (0, 1), (-1, -1), (-1, 0), (1, 0), (1, 1))

_NAME = re.compile(r"([a-z]{1,2})(.+)")


def column_letters(column: int) -> str:
    """0 -> a, 25 -> z, 26 -> aa, 27 -> ab (pbmserv's letter coding)."""
    if column < 26:
        return chr(ord("a") + column)
    return chr(ord("a") + column // 26 - 1) + chr(ord("a") + column % 26)


def column_index(letters: str) -> int:
    """The inverse of column_letters."""
    if len(letters) == 1:
        return ord(letters) - ord("a")
    return (ord(letters[0]) - ord("a") + 1) * 26 + ord(letters[1]) - ord("a")


def split_name(name: str) -> tuple[int, int] | None:
    """`c3` -> (2, 3): the column index and the row number as written, or None (the row
    read by `rules.text.number`, so a name with a thousand digits is simply not a name)."""
    match = _NAME.fullmatch(name)
    if not match:
        return None
    row = number(match.group(2))
    return None if row is None else (column_index(match.group(1)), row)


@dataclass(frozen=True, eq=False)
class Board:
    """A board's cells. Index i of every tuple describes cell i; `names` are in reading
    order of the lattice (by column, then row, for square, hex and Y; by row for triangle)."""

    kind: str  # "square", "hex", "y" or "triangle"
    size: int
    names: tuple[str, ...]
    coords: tuple[tuple[int, int], ...]
    centres: tuple[tuple[float, float], ...]
    directions: dict[str, tuple[int, int]]
    sides: dict[str, frozenset[int]]
    index: dict[str, int] = field(init=False, repr=False)
    at: dict[tuple[int, int], int] = field(init=False, repr=False)
    neighbours: tuple[tuple[int, ...], ...] = field(init=False, repr=False)
    lines: tuple[tuple[int, int, int], ...] = field(init=False, repr=False)
    line_set: frozenset[tuple[int, int, int]] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        set_ = object.__setattr__
        set_(self, "index", {name: i for i, name in enumerate(self.names)})
        at = {c: i for i, c in enumerate(self.coords)}
        set_(self, "at", at)
        deltas = TRIANGLE_DELTAS if self.kind == "triangle" else tuple(self.directions.values())
        set_(self, "neighbours", tuple(
            tuple(at[(x + dx, y + dy)] for dx, dy in deltas if (x + dx, y + dy) in at)
            for x, y in self.coords))
        lines = []
        if self.kind != "triangle":
            axes = [d for name, d in self.directions.items() if name in ("n", "e", "ne", "se")]
            for i, (x, y) in enumerate(self.coords):
                for dx, dy in axes:
                    mid, end = at.get((x + dx, y + dy)), at.get((x + 2 * dx, y + 2 * dy))
                    if mid is not None and end is not None:
                        lines.append((i, mid, end))
        set_(self, "lines", tuple(lines))
        set_(self, "line_set", frozenset(lines))

    def __len__(self) -> int:
        return len(self.names)

    def cell(self, name: str) -> int | None:
        """The index of a cell name (any case), or None if the board has no such cell."""
        return self.index.get(name.strip().lower())

    def step(self, cell: int, direction: str) -> int | None:
        """The neighbour of `cell` one step in a named direction (n, s, e, w, ne, ...)."""
        dx, dy = self.directions[direction]
        x, y = self.coords[cell]
        return self.at.get((x + dx, y + dy))

    def direction_between(self, a: int, b: int) -> str | None:
        """The name of the step from cell a to neighbouring cell b, or None."""
        ax, ay = self.coords[a]
        bx, by = self.coords[b]
        delta = (bx - ax, by - ay)
        return next((name for name, d in self.directions.items() if d == delta), None)

    def line_through(self, a: int, b: int) -> tuple[int, int, int] | None:
        """The straight line of three cells with ends a and b (in either order), or None."""
        ax, ay = self.coords[a]
        bx, by = self.coords[b]
        if (bx - ax) % 2 or (by - ay) % 2:
            return None
        mid = self.at.get(((ax + bx) // 2, (ay + by) // 2))
        if mid is None:
            return None
        for line in ((a, mid, b), (b, mid, a)):
            if line in self.line_set:
                return line
        return None



@cache
def square_board(size: int) -> Board:
    coords = [(c, r) for c in range(size) for r in range(size)]
    names = tuple(f"{column_letters(c)}{r + 1}" for c, r in coords)
    def where(test: Callable[[int, int], bool]) -> frozenset[int]:
        return frozenset(i for i, (c, r) in enumerate(coords) if test(c, r))
    sides = {"bottom": where(lambda c, r: r == 0), "top": where(lambda c, r: r == size - 1),
             "left": where(lambda c, r: c == 0), "right": where(lambda c, r: c == size - 1)}
    return Board("square", size, names, tuple(coords),
                 tuple((float(c), float(r)) for c, r in coords), SQUARE_DIRECTIONS, sides)


def _hex_centres(coords: list[tuple[int, int]]) -> tuple[tuple[float, float], ...]:
    return tuple((c * math.sqrt(3) / 2, y2 / 2) for c, y2 in coords)


@cache
def hex_board(size: int) -> Board:
    """Hex-hex board of side `size`: 2*size-1 columns."""
    last = 2 * size - 2
    cells = []  # (column, row from 1, doubled y)
    for c in range(last + 1):
        drop = min(c, last - c)
        for r in range(size + drop):
            cells.append((c, r + 1, 2 * r - drop))
    coords = [(c, y2) for c, _, y2 in cells]
    names = tuple(f"{column_letters(c)}{r}" for c, r, _ in cells)
    def where(test: Callable[[int, int], bool]) -> frozenset[int]:
        return frozenset(i for i, (c, r, _) in enumerate(cells) if test(c, r))
    top = {c: size + min(c, last - c) for c in range(last + 1)}
    sides = {
        "S1": where(lambda c, r: c <= size - 1 and r == 1),
        "S2": where(lambda c, r: c == 0),
        "S3": where(lambda c, r: c <= size - 1 and r == top[c]),
        "S4": where(lambda c, r: c >= size - 1 and r == top[c]),
        "S5": where(lambda c, r: c == last),
        "S6": where(lambda c, r: c >= size - 1 and r == 1),
    }
    return Board("hex", size, names, tuple(coords), _hex_centres(coords), HEX_DIRECTIONS, sides)


@cache
def y_board(size: int) -> Board:
    """Druid's Y board: columns of size, size-1, .. 1 cells, bottoms rising to the right."""
    cells = [(c, r + 1, 2 * r + c) for c in range(size) for r in range(size - c)]
    coords = [(c, y2) for c, _, y2 in cells]
    names = tuple(f"{column_letters(c)}{r}" for c, r, _ in cells)
    def where(test: Callable[[int, int], bool]) -> frozenset[int]:
        return frozenset(i for i, (c, r, _) in enumerate(cells) if test(c, r))
    sides = {"left": where(lambda c, r: c == 0), "bottom": where(lambda c, r: r == 1),
             "right": where(lambda c, r: r == size - c)}
    return Board("y", size, names, tuple(coords), _hex_centres(coords), HEX_DIRECTIONS, sides)


@cache
def triangle_board(size: int) -> Board:
    """Quadrant Y's board: coords are (row, column) from 0, row 0 the apex."""
    coords = [(r, c) for r in range(size) for c in range(r + 1)]
    names = tuple(f"{column_letters(c)}{r + 1}" for r, c in coords)
    def where(test: Callable[[int, int], bool]) -> frozenset[int]:
        return frozenset(i for i, (r, c) in enumerate(coords) if test(r, c))
    sides = {"left": where(lambda r, c: c == 0), "right": where(lambda r, c: c == r),
             "bottom": where(lambda r, c: r == size - 1)}
    centres = tuple((c - r / 2, -r * math.sqrt(3) / 2) for r, c in coords)
    return Board("triangle", size, names, tuple(coords), centres, {}, sides)
