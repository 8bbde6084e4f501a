"""The search's playouts: how long one runs and what it is worth where it ends.

A playout makes the game's `playout_move` (`random_move`, unless the game knows better) until
the game ends or the cap is reached: the game's `playout_horizon`, else about as many plies as
there are moves at the root (`default_cap`). A finished game is valued by its result, one cut
short by the game's `playout_scores` (values.py). The game runs the loop itself
(`GameState.run_playout`, which most games write out over their own move values).
"""

from __future__ import annotations

import random

from megalith.rules.ai.values import Values, cut_off_values, final_values
from megalith.rules.protocol import GameState

MIN_CAP, MAX_CAP = 40, 160


def default_cap(state: GameState) -> int:
    """Plies a playout may run: the game's `playout_horizon` if it has one, else about as
    many as the moves on offer, within bounds."""
    horizon = state.playout_horizon()
    if horizon is not None:
        return horizon
    return max(MIN_CAP, min(MAX_CAP, len(state.legal_moves())))


def playout(state: GameState, rng: random.Random, cap: int, trail: list[tuple[int, str]]
            ) -> Values:
    """Play `state` out, in place, for at most `cap` plies drawn with `rng`, each appended
    to `trail` as (its person, its move key); the values per person where it stops."""
    state.run_playout(rng, cap, trail)
    outcome = state.search_outcome()
    if outcome.over:
        return final_values(state, outcome)
    return cut_off_values(state, outcome)
