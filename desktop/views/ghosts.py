"""Where the pieces of a hovered move would land: the engine says which pieces a move
places (`StackedPosition.placed_pieces`), and each lands one level above whatever is under
it by then, the pieces placed before it in the same move included (a pair `c3,c3` puts its
second piece on its first)."""

from __future__ import annotations

from megalith.rules.contracts import StackedPosition

Landing = tuple[tuple[str, ...], int]  # the cells a piece covers and its level


def landings(state: StackedPosition, move: str, held: str | None = None) -> list[Landing]:
    """Each piece `move` places, with the level it lands at. With a piece `held` (a
    half-built move whose first piece the view already shows on that cell), the first
    piece is left out when it is that held piece."""
    heights: dict[str, int] = {}
    found: list[Landing] = []
    for cells in state.placed_pieces(move):
        level = max(heights.get(c, state.height(c)) for c in cells) + 1
        for c in cells:
            heights[c] = level
        found.append((cells, level))
    if held is not None and found and found[0][0] == (held,):
        found = found[1:]
    return found

