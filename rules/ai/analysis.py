"""Analysing a game: the win rate of the side to move at every ply, searched so that two
analyses of one game agree (benchmarks/ai_analysis_noise.py measures how well).

Each position gets at least `ITERATIONS` iterations, and the positions of a run of
consecutive plies are searched in one tree: the next ply starts from the subtree of the
move played (`Search.advance`), whose playouts count towards it. At 400 iterations a
position, with nothing kept, a Druid square 10 opening jumped from ply to ply (0.82 to
0.47) where nothing decisive happened. Where the search proves a position won or lost
(a win within three plies for either side), the figure is exactly 1 or 0.

The window runs the runs in worker processes (desktop/analysis.py); `RUN` plies each."""

from __future__ import annotations

from rules.ai.mcts import Search
from rules.protocol import GameState

ITERATIONS = 1500  # per position, besides what the previous ply's tree brings along
RUN = 8  # consecutive plies searched in one tree by one worker


def win_rate_to_move(state: GameState, iterations: int = ITERATIONS, seed: int = 0
                     ) -> float | None:
    """The searched win rate of the person to move, or None where there is nothing to
    search (a finished game, or a forced move)."""
    if state.to_move is None:
        return None
    return Search(state, seed).run(iterations=iterations).win_rate


def win_rates_along(states: list[GameState], iterations: int = ITERATIONS, seed: int = 0
                    ) -> list[float | None]:
    """`win_rate_to_move` of consecutive positions of one game, in order, each searched
    `iterations` more in the tree kept from the one before it."""
    rates: list[float | None] = []
    search: Search | None = None
    for state in states:
        if state.to_move is None:
            rates.append(None)
            continue
        if search is None or not search.advance(state):
            search = Search(state, seed)
        rates.append(search.run(iterations=iterations).win_rate)
    return rates
