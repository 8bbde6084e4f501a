"""Druid's cut-off scores (rules.druid.scores) against a plain Dijkstra search over the
board's neighbour lists, on positions of seeded random games on every board shape, small and
large (whose distances need more binary digits and whose lanes are wider)."""

from __future__ import annotations

import heapq
import random

import pytest

from megalith.rules.druid.game import DruidState
from megalith.rules.druid.scores import ENEMY_COST
from tests.rules.druid.test_druid import game


def plain_cost(state: DruidState, side: str) -> int:
    """The least total cost connecting `side`'s goal sides: own cells 0, bare 1, others'
    ENEMY_COST; for three sides the best meeting cell, its own cost counted once."""
    board = state.board
    p = state.sides.index(side)
    cost = []
    for name in board.names:
        owner = state.owner(name)
        cost.append(0 if owner == side else 1 if owner is None else ENEMY_COST)

    def distances(start: frozenset[int]) -> list[float]:
        dist = [float("inf")] * len(cost)
        queue: list[tuple[float, int]] = [(cost[c], c) for c in start]
        for d, c in queue:
            dist[c] = d
        heapq.heapify(queue)
        while queue:
            d, c = heapq.heappop(queue)
            if d > dist[c]:
                continue
            for o in board.neighbours[c]:
                if d + cost[o] < dist[o]:
                    dist[o] = d + cost[o]
                    heapq.heappush(queue, (dist[o], o))
        return dist

    best = float("inf")
    for alt in state._tables.goal_names[p]:
        maps = [distances(board.sides[s]) for s in alt]
        if len(alt) == 2:
            best = min(best, min(maps[0][c] for c in board.sides[alt[1]]))
        else:
            best = min(best, min(a + b + c - 2 * w for a, b, c, w in zip(*maps, cost)))
    return int(best)


@pytest.mark.parametrize("parameters, players, games", [
    ("-size=3", 2, 20), ("-size=10", 2, 8), ("-size=26", 2, 1), ("-hex -size=2", 2, 20),
    ("-hex", 2, 8), ("-hex -size=13", 2, 1), ("-hex", 3, 8), ("-hex -size=9", 3, 2),
    ("-y -size=3", 2, 20), ("-y", 2, 8), ("-y -size=26", 2, 1), ("-size=7 -nogaps", 2, 4),
])
def test_scores_match_a_plain_dijkstra(parameters: str, players: int, games: int) -> None:
    rng = random.Random(3)
    checked = 0
    for _ in range(games):
        state = game(parameters, players=players)
        stop = rng.randrange(20, 400)
        while state.to_move is not None and state.ply < stop:
            if state.ply % 7 == 0 or len(state.board) > 200 and state.ply % 40 == 0:
                scores = state.playout_scores()
                assert scores == {side: -float(plain_cost(state, side))
                                  for side in state.sides}, (parameters, state.moves)
                checked += 1
            state.play(state.random_move(rng))
    assert checked >= 10
