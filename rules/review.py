"""The review of an analysed game: the moves after which the mover's chances dropped most.

The analysis gives, for each position, the searched win rate of the side to move there and
the move the search prefers. A move's drop is its mover's chances before it (the rate of the
position it was played in) less their chances after it: with two players the next mover's
rate turned round, with more the part of the rest the next mover does not take, shared
evenly among the others (no search values every player's chances at once); after the last
move of a finished game, its result. Forced and only moves have no rate, and the move the
search itself prefers is no mistake (its drop is the noise of two searches): neither is
listed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from megalith.rules.protocol import Outcome

SHOWN = 5  # drops listed
LEAST = 0.05  # a smaller drop is noise at the analysis' few hundred iterations


@dataclass(frozen=True)
class Drop:
    """Move number `ply` (from 1), `move` by `side`, took its mover's chances from `before`
    to `after`; the search preferred `best` in the position it was played in."""

    ply: int
    side: str
    move: str
    before: float
    after: float
    best: str | None

    @property
    def size(self) -> float:
        return self.before - self.after


def chances_of(side: str, ply: int, rates: Mapping[int, float | None],
               movers: Mapping[int, str],
               sides: Sequence[str], outcome: Outcome | None) -> float | None:
    """`side`'s chances in the position after `ply` moves, if the analysis tells."""
    rate = rates.get(ply)
    if rate is None:
        last = max(rates, default=-1)
        if outcome is None or not outcome.over or ply != last:
            return None
        return 0.5 if outcome.winner is None else float(outcome.winner == side)
    if movers[ply] == side:
        return rate
    return (1 - rate) / (len(sides) - 1)


def largest_drops(rates: Mapping[int, float | None], movers: Mapping[int, str],
                  best: Mapping[int, str | None], moves: Sequence[str], sides: Sequence[str],
                  outcome: Outcome | None = None, shown: int = SHOWN,
                  least: float = LEAST) -> list[Drop]:
    """The `shown` largest drops of at least `least`, largest first (the earlier move
    first between equal ones)."""
    drops = []
    for ply, move in enumerate(moves, start=1):
        before = rates.get(ply - 1)
        side = movers.get(ply - 1)
        if before is None or side is None:
            continue
        after = chances_of(side, ply, rates, movers, sides, outcome)
        if after is not None and before - after >= least and best.get(ply - 1) != move:
            drops.append(Drop(ply, side, move, before, after, best.get(ply - 1)))
    drops.sort(key=lambda d: (-d.size, d.ply))
    return drops[:shown]
