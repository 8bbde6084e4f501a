"""What the tile games (Dragons, Trichet) show beside the board, read through the
`TilePosition` contract: the pool, and the tiles each move placed by itself (the move
table's note, and its tip for the pointer, which names their places as the position before
the move numbered them)."""

from __future__ import annotations

from megalith.rules.contracts import TilePosition


def pool_facts(state: TilePosition) -> list[str]:
    left = state.pool_left
    return [f"Pool: {left} tile{'s' if left != 1 else ''} left"]


def auto_note(state: TilePosition, ply: int) -> str:
    """`(2 auto)` after a move that made the rules place two tiles, as pbmserv lists its
    "(auto)" tiles under the move (in words: the move table's `+n` counts other lines)."""
    count = sum(1 for tile in state.placed() if tile.ply == ply and tile.auto)
    return f"({count} auto)" if count else ""


def auto_tip(before: TilePosition, state: TilePosition, ply: int) -> str:
    """Which tiles the rules laid after move `ply`, in their order, each on the place it
    had in the position `before` the move (the numbers the player saw), and where to see
    them."""
    autos = [tile for tile in state.placed() if tile.ply == ply and tile.auto]
    if not autos:
        return ""
    places = list(before.places())
    named = [f"{tile.letter} on place {places.index(tile.coord) + 1}"
             if tile.coord in places else f"{tile.letter} on a new place" for tile in autos]
    count = len(named)
    which = named[0] if count == 1 else ", ".join(named[:-1]) + f" and {named[-1]}"
    return (f"Then the rules laid {count} tile{'s' if count > 1 else ''} by themselves: "
            f"{which}. Click the move to see {'them' if count > 1 else 'it'} on the board, "
            "dashed in cyan" + (", numbered in that order." if count > 1 else "."))
