"""Which of a search's moves a suggestion shows, and in what order.

The search ranks its root moves by visits. A suggestion shows the few most visited, at most
one per place pointed at (two tiles on one place would share one ghost and stack their
badges there: the better one stands for the place), then ordered by win rate, best first,
so that the list in the status bar reads from the best down.
"""

from __future__ import annotations

from rules.ai.mcts import MoveStats, SearchResult
from rules.protocol import GameState

SHOWN = 3


def shown_suggestions(state: GameState, result: SearchResult, count: int = SHOWN
                      ) -> list[MoveStats]:
    """Up to `count` of the result's moves, one per set of cells (`move_cells`; a move
    with no cells, such as a pass, stands for itself), sorted by win rate, best first."""
    chosen: dict[tuple[str, ...], MoveStats] = {}
    for stats in result.moves:
        where = state.move_cells(stats.move) or (stats.move,)
        if where not in chosen:
            chosen[where] = stats
            if len(chosen) == count:
                break
    return sorted(chosen.values(), key=lambda stats: stats.win_rate, reverse=True)
