"""Trichet tiles drawn in text, as pbmserv's help page draws them.

A triangle's edge is 8 characters wide and 4 lines tall: the lattice point (x, line) sits at
column 4x and text line 4 * line, drawn `+` when a tile touches it. Inside a tile, `o` marks
Oh's region and `.` Dot's; an edge is drawn `/`, `\\` or `-` where Dot's region meets it and
`o` where Oh's does. The odd corner's region is the help page's: around an apex, the two
lines nearest it; around a base corner, the characters inside the arc, a little wider for a
`.` region than for an `o` one (the help page's drawings, character for character). Where
two tiles disagree about an edge character (the middle of a sloping edge between two odd
corners' arcs) `o` wins, as in the help page's pictures. An empty place shows its number on
its widest line.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache

from megalith.rules.trichet.tiles import (CORNER_COLOURS, DOT, ODD_CORNER, OH, Coord, corners,
                                          points_up)

Cell = tuple[int, int]  # (column, text line)


def _up_cells() -> list[tuple[int, int, str]]:
    """The characters of the up triangle with its apex at (0, 0): (column, line, kind), kind
    being the edge character or `i` for the inside."""
    cells = [(c, k, "/" if c == -k else "\\" if c == k else "i")
             for k in (1, 2, 3) for c in range(-k, k + 1)]
    return cells + [(c, 4, "-") for c in range(-3, 4)]


def _up_odd(corner: int, colour: str) -> frozenset[Cell]:
    """The characters of an up triangle's odd region around `corner` (0 apex, 1 lower right,
    2 lower left), relative to the apex."""
    if corner == 0:
        return frozenset((c, k) for k in (1, 2) for c in range(-k, k + 1))
    cells = {(-2, 2), (-3, 3), (-2, 3), (-1, 3), (-3, 4), (-2, 4), (-1, 4)}
    if colour == DOT:
        cells |= {(-1, 2), (0, 3), (0, 4)}
    return frozenset((-c, k) for c, k in cells) if corner == 1 else frozenset(cells)


# A down triangle is an up one flipped top to bottom: its corners bottom, upper left and
# upper right are the up triangle's apex, lower left and lower right.
_FLIPPED_CORNER = (0, 2, 1)


@cache
def _tile_cells(letter: str, up: bool) -> tuple[tuple[int, int, str], ...]:
    """The characters of a tile `letter`, relative to (4x, 4r): (column, line, character)."""
    colours = CORNER_COLOURS[letter]
    odd = ODD_CORNER[letter]
    odd_colour, other = colours[odd], colours[(odd + 1) % 3]
    if up:
        region = _up_odd(odd, odd_colour)
        cells = _up_cells()
    else:
        region = frozenset((c, 4 - k) for c, k in _up_odd(_FLIPPED_CORNER[odd], odd_colour))
        flip = {"/": "\\", "\\": "/", "-": "-", "i": "i"}
        cells = [(c, 4 - k, flip[kind]) for c, k, kind in _up_cells()]
    drawn = []
    for c, k, kind in cells:
        colour = odd_colour if (c, k) in region else other
        drawn.append((c, k, OH if colour == OH else DOT if kind == "i" else kind))
    return tuple(drawn)


def draw(tiles: Mapping[Coord, str], labels: Mapping[Coord, str] | None = None) -> str:
    """Text of the tiles (triangle -> letter) and labels written in empty triangles
    (triangle -> text, such as a place number), trimmed to what is drawn."""
    canvas: dict[Cell, str] = {}
    for (x, r), letter in tiles.items():
        for c, k, char in _tile_cells(letter, points_up((x, r))):
            cell = (4 * x + c, 4 * r + k)
            if canvas.get(cell) != OH:
                canvas[cell] = char
        for px, line in corners((x, r)):
            canvas[(4 * px, 4 * line)] = "+"
    for (x, r), text in (labels or {}).items():
        line = 4 * r + (3 if points_up((x, r)) else 1)
        start = 4 * x - (len(text) - 1) // 2
        for i, char in enumerate(text):
            canvas.setdefault((start + i, line), char)
    if not canvas:
        return ""
    left = min(c for c, _ in canvas)
    top, bottom = min(k for _, k in canvas), max(k for _, k in canvas)
    rows: list[list[str]] = [[] for _ in range(bottom - top + 1)]
    for (c, k), char in sorted(canvas.items(), key=lambda item: (item[0][1], item[0][0])):
        row = rows[k - top]
        row.extend(" " * (c - left - len(row)))
        row.append(char)
    return "\n".join("".join(row) for row in rows)
