"""Trichet's triangles, lattice points and tiles: the geometry and the six orientation letters.

Plain data and functions, shared by the engine (rules/trichet/), its text drawing
(rules/trichet/text.py) and the desktop canvas, which draws from them without rules logic.

Coordinates (docs/rules/common.md, "Coordinates"; the lattice lines are horizontal):

- a triangle is `(x, r)`: r its row, growing downwards, and x the x of its centre in
  half-edge units; it points up when x + r is even, down when odd;
- a lattice point is `(x, line)` with x + line even; line r is the top of row r;
- the up triangle (x, r) has the corners, clockwise from its apex, (x, r), (x+1, r+1),
  (x-1, r+1); the down triangle (x, r) has (x, r+1), (x-1, r), (x+1, r);
- reading order (which numbers the places) is by r, then by x.

A tile colours each of its three corners `o` (Oh) or `.` (Dot), never all alike: the odd corner
is cut off by an arc of a sixth of a circle, and the other two share the larger region. The
front of a tile has an `o` odd corner, the back a `.` one. Letters `a`, `b`, `c` are the front
with its odd corner on the first, second or third corner clockwise from the apex; `d`, `e`,
`f` the back, likewise.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import cache
from itertools import product
from typing import TypeVar

Coord = tuple[int, int]
# A triangle or a lattice point as one int, `line * _WIDTH + x` (`encode`), for the engine's
# tables: ints hash at no cost, and they sort in reading order.
Code = int
_WIDTH = 1 << 13  # x stays far within half of it: a pool holds at most a thousand tiles
_Key = TypeVar("_Key")
_Value = TypeVar("_Value")
ROW_HEIGHT = math.sqrt(3) / 2  # a row's height, in triangle sides
OH, DOT = "o", "."
OTHER = {OH: DOT, DOT: OH}  # the other colour, or the other side
LETTERS = "abcdef"
# Each letter's corner colours, clockwise from the apex (the corner order of `corners`).
CORNER_COLOURS: dict[str, tuple[str, str, str]] = {
    "a": (OH, DOT, DOT), "b": (DOT, OH, DOT), "c": (DOT, DOT, OH),
    "d": (DOT, OH, OH), "e": (OH, DOT, OH), "f": (OH, OH, DOT),
}
# Each letter's odd corner, as an index into `corners`.
ODD_CORNER: dict[str, int] = {letter: LETTERS.index(letter) % 3 for letter in LETTERS}
# Corner names for players, clockwise from the apex, for up and for down triangles.
CORNER_NAMES = {True: ("top", "lower right", "lower left"),
                False: ("bottom", "upper left", "upper right")}
COLOUR_NAMES = {OH: "Oh's", DOT: "Dot's"}  # a corner's colour, by the name of its side


def points_up(tri: Coord) -> bool:
    """Whether the triangle points up (its apex at the top)."""
    return (tri[0] + tri[1]) % 2 == 0


@cache
def corners(tri: Coord) -> tuple[Coord, Coord, Coord]:
    """The triangle's three lattice points, clockwise from its apex."""
    x, r = tri
    if (x + r) % 2 == 0:
        return (x, r), (x + 1, r + 1), (x - 1, r + 1)
    return (x, r + 1), (x - 1, r), (x + 1, r)


@cache
def triangles_at(point: Coord) -> tuple[Coord, ...]:
    """The six triangles that have `point` as a corner, in reading order."""
    x, line = point
    return ((x - 1, line - 1), (x, line - 1), (x + 1, line - 1),
            (x - 1, line), (x, line), (x + 1, line))


def encode(coord: Coord) -> Code:
    """A triangle's or a lattice point's code."""
    return coord[1] * _WIDTH + coord[0]


def decode(code: Code) -> Coord:
    """The triangle or lattice point of a code."""
    line = (code + _WIDTH // 2) // _WIDTH
    return code - line * _WIDTH, line


class _Table(dict[_Key, _Value]):
    """A function computed once per argument and then read by subscript: the engine's inner
    loops read `CORNERS[tri]` at the speed of a dict look-up, where a cached function call
    costs several times as much."""

    def __init__(self, make: Callable[[_Key], _Value]) -> None:
        super().__init__()
        self._make = make

    def __missing__(self, key: _Key) -> _Value:
        value = self[key] = self._make(key)
        return value


# `corners` and `triangles_at` by code.
CORNERS: dict[Code, tuple[Code, Code, Code]] = _Table(
    lambda code: _encode3(corners(decode(code))))
TRIANGLES_AT: dict[Code, tuple[Code, ...]] = _Table(
    lambda code: tuple(encode(tri) for tri in triangles_at(decode(code))))


def _encode3(coords: tuple[Coord, Coord, Coord]) -> tuple[Code, Code, Code]:
    a, b, c = coords
    return encode(a), encode(b), encode(c)


def edge_neighbours(tri: Coord) -> tuple[Coord, Coord, Coord]:
    """The three triangles sharing an edge with `tri`: left, right, and below or above."""
    x, r = tri
    return (x - 1, r), (x + 1, r), (x, r + 1) if points_up(tri) else (x, r - 1)


def point_position(point: Coord) -> tuple[float, float]:
    """Where a lattice point lies on the plane, in units of a triangle's side (x to the
    right, y downwards)."""
    return point[0] / 2, point[1] * ROW_HEIGHT


def triangle_at(x: float, y: float) -> Coord:
    """The triangle holding a point of the plane (units and axes of `point_position`)."""
    r = math.floor(y / ROW_HEIGHT)
    depth = y / ROW_HEIGHT - r  # 0 at the row's top line, 1 at its bottom line
    guess = math.floor(2 * x)
    for tx in (guess - 1, guess, guess + 1, guess + 2):
        half = (1 - depth if (tx + r) % 2 else depth) / 2  # half width at this depth
        if abs(x - tx / 2) <= half:
            return tx, r
    return guess, r  # not reached: the row's triangles tile it


def reading_key(tri: Coord) -> tuple[int, int]:
    """Sort key of the reading order that numbers the places: by row, then by x."""
    return tri[1], tri[0]


def letter_for(colours: tuple[str, str, str]) -> str:
    """The orientation letter that gives the corners these colours (clockwise from the apex);
    ValueError when all three are alike."""
    for letter, tile in CORNER_COLOURS.items():
        if tile == colours:
            return letter
    raise ValueError(f"no tile has the corner colours {colours}")


def _fits(fixed: tuple[str | None, str | None, str | None]) -> tuple[str, ...]:
    return tuple(letter for letter, tile in CORNER_COLOURS.items()
                 if all(want is None or want == have for want, have in zip(fixed, tile)))


# The letters that fit a triangle, by the colours already fixed at its corners (None: free).
FITS: dict[tuple[str | None, str | None, str | None], tuple[str, ...]] = {
    (a, b, c): _fits((a, b, c)) for a, b, c in product((None, OH, DOT), repeat=3)}

# A point's corner index in each of its six triangles (in the order of `triangles_at`).
_INDEX_IN_TRIANGLES_AT = (1, 0, 2, 2, 0, 1)

# The letters that still fit a triangle once one more of its corners is fixed, without
# reading its other corners: NARROWED[colour][k][fits] for the colour fixed at a point, the
# triangle's place k in `triangles_at(point)` and the letters that fitted before (all six
# while no corner was fixed).
NARROWED: dict[str, tuple[dict[tuple[str, ...], tuple[str, ...]], ...]] = {
    colour: tuple({fits: tuple(letter for letter in fits
                               if CORNER_COLOURS[letter][index] == colour)
                   for fits in set(FITS.values())}
                  for index in _INDEX_IN_TRIANGLES_AT)
    for colour in (OH, DOT)}

# The corner that shares a point's region in each of its six triangles (in the order of
# `triangles_at`), by the letter of the tile there: its index among the triangle's corners,
# -1 where the point is the tile's odd corner (the larger region joins the other two).
PARTNERS: tuple[dict[str, int], ...] = tuple(
    {letter: -1 if index == ODD_CORNER[letter] else 3 - index - ODD_CORNER[letter]
     for letter in LETTERS}
    for index in _INDEX_IN_TRIANGLES_AT)
