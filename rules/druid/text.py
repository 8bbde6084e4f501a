"""Druid's text rendering: pbmserv's two board summaries (owners and heights) side by side.

Square boards follow the help page: row numbers on both sides of each summary, column letters
above and below. Hex and Y boards have no rows that run straight across, so each text line is
half a cell high: column c is the c-th character pair, a cell sits on the line of its doubled
height (rows step two lines up a column, neighbouring columns sit one line apart), which draws
the hexagonal board's shape. Column letters go above and below; rows count from 1 at the
bottom of each column, as in the cell names.
"""

from __future__ import annotations

from megalith.rules.geometry import Board, column_letters

GAP = "     "


def render_square(board: Board, owners: list[str], heights: list[str]) -> str:
    """Owners and heights of a square board, as the help page prints them."""
    size = board.size
    width = len(str(size))
    letters = " ".join(column_letters(c).upper() for c in range(size))
    margin = " " * (width + 1)
    header = f"{margin}{letters}{margin}{GAP}{margin}{letters}"
    lines = [header]
    for row in range(size, 0, -1):
        cells = [board.index[f"{column_letters(c)}{row}"] for c in range(size)]
        left = " ".join(owners[i] for i in cells)
        right = " ".join(heights[i] for i in cells)
        lines.append(f"{row:>{width}} {left} {row:<{width}}{GAP}{row:>{width}} {right} {row}")
    lines.append(header)
    return "\n".join(line.rstrip() for line in lines)


def render_hex(board: Board, owners: list[str], heights: list[str]) -> str:
    """Owners and heights of a hex-hex or Y board, one text line per half cell height."""
    columns = max(c for c, _ in board.coords) + 1
    ys = [y for _, y in board.coords]
    block = 2 * columns - 1
    letters = " ".join(column_letters(c).upper() for c in range(columns))
    header = f"{letters}{GAP}{letters}"
    lines = [header]
    for y in range(max(ys), min(ys) - 1, -1):
        left = [" "] * block
        right = [" "] * block
        for c in range(columns):
            cell = board.at.get((c, y))
            if cell is not None:
                left[2 * c] = owners[cell]
                right[2 * c] = heights[cell]
        lines.append("".join(left) + GAP + "".join(right))
    lines.append(header)
    return "\n".join(line.rstrip() for line in lines)
