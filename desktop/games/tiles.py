"""What the tile games (Dragons, Trichet) show beside the board, read through the
`TilePosition` contract: the pool, and the tiles each move placed by itself."""

from __future__ import annotations

from megalith.rules.contracts import TilePosition


def pool_facts(state: TilePosition) -> list[str]:
    left = state.pool_left
    return [f"Pool: {left} tile{'s' if left != 1 else ''} left"]


def auto_note(state: TilePosition, ply: int) -> str:
    """`+2 auto` after a move that made the rules place two tiles, as pbmserv lists its
    "(auto)" tiles under the move."""
    count = sum(1 for tile in state.placed() if tile.ply == ply and tile.auto)
    return f"+{count} auto" if count else ""
