"""Analysing a game: the win rate of the side to move at every ply, searched so that two
analyses of one game agree (benchmarks/ai_analysis_noise.py measures how well).

Each position gets at least `ITERATIONS` iterations, and the positions of a run of
consecutive plies are searched in one tree: the next ply starts from the subtree of the
move played (`Search.advance`), whose playouts count towards it. At 400 iterations a
position, with nothing kept, a Druid square 10 opening jumped from ply to ply (0.82 to
0.47) where nothing decisive happened.

The figure is the search's value of the position for the side to move: the mean of every
root move's win rate weighted by its visits (`position_value`), not the most visited move's
win rate alone. That one rests on the hundred or two playouts of one move, and which move
leads changes between runs: over the first 24 plies of a Druid square 10 game, two seeds at
1,500 iterations differed by up to 0.14 by it, and by at most 0.02 by the weighted mean
(the blended estimate of the best move: 0.03). The mean counts the search's tries of weaker
moves too, so it sits a little under the best move's rate, the same at every ply. Where the
search proves a position won or lost, the figure is exactly 1 or 0.

Every move of the position gets a share of the iterations first (`FLOOR_SHARE` of them,
spread evenly: `Search.root_floor`). In a Dragons position with three moves, one lost first
playout of the better move left it a single visit out of 1,500 on one seed and the most on
another, and the two figures differed by 0.18; with three moves the floor is 50 visits each,
with a hundred moves a visit or two, which the search would spend anyway.

The window runs the runs in worker processes (desktop/game/analysis.py); `RUN` plies each."""

from __future__ import annotations

from megalith.rules.ai.mcts import Search, SearchResult
from megalith.rules.protocol import GameState

ITERATIONS = 1500  # per position, besides what the previous ply's tree brings along
RUN = 8  # consecutive plies searched in one tree by one worker
FLOOR_SHARE = 0.1  # of a position's iterations, spread over its moves before any choice


def searched_position(state: GameState, iterations: int = ITERATIONS, seed: int = 0
                      ) -> tuple[float | None, str | None]:
    """The searched win rate of the person to move (`position_value`) and the move the
    search prefers (for the review of a game); (None, None) where the game is over."""
    if state.to_move is None:
        return None, None
    search = Search(state, seed)
    result = _run(search, iterations)
    return position_value(result), result.move


def searched_along(states: list[GameState], iterations: int = ITERATIONS, seed: int = 0
                   ) -> list[tuple[float | None, str | None]]:
    """`searched_position` of consecutive positions of one game, in order, each searched
    `iterations` more in the tree kept from the one before it."""
    found: list[tuple[float | None, str | None]] = []
    search: Search | None = None
    for state in states:
        if state.to_move is None:
            found.append((None, None))
            continue
        if search is None or not search.advance(state):
            search = Search(state, seed)
        result = _run(search, iterations)
        found.append((position_value(result), result.move))
    return found


def _run(search: Search, iterations: int) -> SearchResult:
    """`iterations` more of `search`, every root move visited `FLOOR_SHARE` of them first."""
    search.root_floor = int(iterations * FLOOR_SHARE / len(search.root.moves))
    return search.run(iterations=iterations)


def position_value(result: SearchResult) -> float | None:
    """The visit-weighted mean win rate of the root's moves; exact where proven; the
    search's own rate where it searched nothing (None for a forced move, 1 for a win in
    one)."""
    moves = result.moves
    if not moves or moves[0].proven == 1.0:
        return result.win_rate
    if all(m.proven == 0.0 for m in moves):
        return 0.0
    visits = sum(m.visits for m in moves)
    return sum(m.win_rate * m.visits for m in moves) / visits
