"""Drogo's scores and result: each side scores the height of every stack it tops, and when no
side still in the game can move, the best score among them wins (docs/rules/drogo.md)."""

from __future__ import annotations

from collections.abc import Collection
from functools import lru_cache

from megalith.rules.protocol import Outcome


@lru_cache(maxsize=4096)
def ongoing(sides: tuple[str, ...], totals: tuple[int, ...]) -> Outcome:
    """The outcome of a game going on with these scores. A search asks for it after every
    move it tries, so one (frozen) object per scores is made, not one per position."""
    return Outcome("ongoing", scores=dict(zip(sides, totals)))


def final(sides: tuple[str, ...], totals: tuple[int, ...], resigned: Collection[str]
          ) -> Outcome:
    """The outcome of a game where no side still in the game can move."""
    scores = dict(zip(sides, totals))
    alive = [seat for seat, side in enumerate(sides) if side not in resigned]
    best = max(totals[seat] for seat in alive)
    leaders = [sides[seat] for seat in alive if totals[seat] == best]
    reason = "no player can move: " + ", ".join(
        f"{side} {scores[side]}" + (" (resigned)" if side in resigned else "")
        for side in sides)
    if len(leaders) > 1:
        return Outcome("draw", None, scores, reason=f"{reason}; {' and '.join(leaders)} tie")
    return Outcome("win", leaders[0], scores, reason=reason)
