"""Which of a search's moves a suggestion shows, and in what order.

The search ranks its root moves by visits. A suggestion shows the few most visited, at most
one per place pointed at (two tiles on one place would share one ghost and stack their
badges there: the better one stands for the place; a tile game names the place of a move
by `move_place`, the others by its cells), then ordered by win rate, best first, so that
the list in the status bar reads from the best down.
"""

from __future__ import annotations

from megalith.rules.ai.mcts import MoveStats, SearchResult
from megalith.rules.contracts import TilePosition
from megalith.rules.protocol import GameState

SHOWN = 3


def shown_suggestions(state: GameState, result: SearchResult, count: int = SHOWN
                      ) -> list[MoveStats]:
    """Up to `count` of the result's moves, one per place (`move_place`) or set of cells
    (`move_cells`; a move with neither, such as a pass, stands for itself), sorted by win
    rate, best first."""
    chosen: dict[object, MoveStats] = {}
    for stats in result.moves:
        where = _place(state, stats.move)
        if where not in chosen:
            chosen[where] = stats
            if len(chosen) == count:
                break
    return sorted(chosen.values(), key=lambda stats: stats.win_rate, reverse=True)


def _place(state: GameState, move: str) -> object:
    """What a move points at: its place in a tile game, else its cells, else itself."""
    if isinstance(state, TilePosition):
        place = state.move_place(move)
        if place is not None:
            return place
    return state.move_cells(move) or move
