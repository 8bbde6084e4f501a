"""Analysing a game: the win rate of the side to move at every ply, by a short search of
each position (one process per position; the window runs them in worker processes)."""

from __future__ import annotations

from megalith.rules.ai.mcts import Search
from megalith.rules.protocol import GameState

ITERATIONS = 400  # per position: a rough curve in a few seconds for a whole game


def win_rate_to_move(state: GameState, iterations: int = ITERATIONS, seed: int = 0
                     ) -> float | None:
    """The searched win rate of the person to move, or None where there is nothing to
    search (a finished game, or a forced move)."""
    if state.to_move is None:
        return None
    return Search(state, seed).run(iterations=iterations).win_rate
