"""Dragons' table as text (`DragonsState.render`), in the spirit of the help page's hexagons:
each tile drawn with its edge colours (`o`, `x`) and its letter in the middle, each numbered
place as its number (in brackets when it is a gap the player to move must fill), then the
pool, with -tantrix the best dragons, and when it applies the gap duty.
"""

from __future__ import annotations

from collections.abc import Collection

from megalith.rules.contracts import Coord
from megalith.rules.dragons.table import Table
from megalith.rules.dragons.tiles import edge_colour, reading_key

_COL_STEP, _ROW_STEP = 7, 2   # characters per column, lines per half-row
_CORNERS = ".`'"


def _tile_picture(o_mask: int, letter: str) -> list[tuple[int, int, str]]:
    """A tile's characters as (line offset, column offset, text), from its centre."""
    n, ne, se, s, sw, nw = (edge_colour(o_mask, d).lower() for d in range(6))
    west = nw if nw == sw else " "
    east = ne if ne == se else " "
    return [(-2, -2, f".-{n}-."),
            (-1, -3, nw * 3 + (nw if nw == ne else " ") + ne * 3),
            (0, -4, f"( {west} {letter} {east} )"),
            (1, -3, sw * 3 + (sw if sw == se else " ") + se * 3),
            (2, -2, f"`-{s}-'")]


def render_lines(table: Table, gaps: Collection[Coord]) -> list[str]:
    """The lines of `DragonsState.render`, `gaps` the places the player to move must choose
    from."""
    tiles, places, ts = table.tiles, table.places, table.tile_set
    cells = list(tiles) + places
    min_x = min(c[0] for c in cells)
    min_y = min(c[1] for c in cells)
    max_x = max(c[0] for c in cells)
    max_y = max(c[1] for c in cells)
    width = _COL_STEP * (max_x - min_x) + 9
    grid = [[" "] * width for _ in range(_ROW_STEP * (max_y - min_y) + 5)]

    def put(coord: Coord, line: int, column: int, text: str) -> None:
        """`text` from `column` characters right of and `line` lines below `coord`'s centre."""
        line += _ROW_STEP * (coord[1] - min_y) + 2
        column += _COL_STEP * (coord[0] - min_x) + 4
        for i, char in enumerate(text):
            here = grid[line][column + i]
            if char in _CORNERS and here in _CORNERS and here != " ":
                char = "+"          # two tiles' corners meet where they share an edge
            if char != " " or here == " ":
                grid[line][column + i] = char

    for coord in sorted(tiles, key=reading_key):
        index = tiles[coord]
        for dl, dc, text in _tile_picture(ts.o_masks[index], ts.letters[index]):
            put(coord, dl, dc, text)
    for number, coord in enumerate(places, 1):
        label = f"[{number}]" if coord in gaps else str(number)
        put(coord, 0, -((len(label) - 1) // 2), label)
    lines = ["".join(row).rstrip() for row in grid]
    while lines and not lines[-1]:
        lines.pop()
    while not lines[0]:
        del lines[0]
    lines.append("")
    lines.append(f"pool: {table.pool_left} of {table.num_tiles} tiles left")
    if table.tantrix:
        scores = table.dragon_scores()
        lines.append(f"best dragons: O {scores['O']}, X {scores['X']}")
    if gaps:
        numbers = sorted(places.index(c) + 1 for c in gaps)
        lines.append("gap: play at " + ", ".join(map(str, numbers)))
    return lines
