"""Perft: the number of move sequences of a given length from a position.

The name and the idea come from chess programming (python-chess keeps such counts in its
perft test files): any change to move generation, anywhere in the tree, changes some count.
Every listed move counts, `--` and `swap` included; `Resign` is never listed and never counted.
A sequence that ends the game early is not counted (a finished game lists no moves).
"""

from __future__ import annotations

from megalith.rules.protocol import GameState


def perft(state: GameState, depth: int) -> int:
    """The number of sequences of `depth` listed moves from `state` (1 for depth 0).
    `state` is not changed: children are copies."""
    if depth < 0:
        raise ValueError(f"perft depth must be 0 or more, not {depth}")
    if depth == 0:
        return 1
    moves = state.legal_moves()
    if depth == 1:
        return len(moves)
    total = 0
    for move in moves:
        child = state.copy()
        child.play(move)
        total += perft(child, depth - 1)
    return total


def perft_counts(state: GameState, depth: int) -> list[int]:
    """perft at depths 1 .. `depth`."""
    return [perft(state, d) for d in range(1, depth + 1)]
