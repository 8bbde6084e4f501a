"""Druid's own playout loops (rules.druid.playout) play as the protocol's generic loop in the
cases seeded random games seldom reach: a random move that misses all its tries and falls back
on the listed moves (also where that move wins), swap, passes, a resigned player, and the
-nostack and -nogaps rules. Draws bunched at one end of the draw space reach them: the
placements there are soon taken, and at the top lie the pass and swap."""

from __future__ import annotations

import random

import pytest

from megalith.rules.druid.game import DruidState
from megalith.rules.protocol import GameState
from tests.rules.ai.test_fast_playouts import same_position
from tests.rules.druid.test_druid import game


class Bunched(random.Random):
    """A generator whose draws fall in the lowest 4% of [0, 1) (`low`) or in [0.95, 0.99)."""

    def __init__(self, seed: int, low: bool) -> None:
        super().__init__(seed)
        self.low = low

    def random(self) -> float:
        return (0.0 if self.low else 0.95) + 0.04 * super().random()


# The last item: whether some random move misses all its tries and falls back on the listed
# moves (none does where the lowest draws let a player stack on their first cells for ever).
FAMILIES = [("-size=5", 2, False), ("-size=5 -nostack", 2, True), ("-size=6 -nogaps", 2, False),
            ("-hex -size=3", 2, False), ("-hex -size=3", 3, True), ("-y -size=4", 2, True),
            ("-walk -size=5", 2, True), ("-walk -size=4 -nostack", 2, True),
            ("-hex -size=3 -walk", 3, True)]


def starts(parameters: str, players: int) -> list[DruidState]:
    """The start, the second move (swap legal), after a pass, after swap, a resigned third
    player, and positions of a random game."""
    found = [game(parameters, players=players), game(parameters, "a1", players),
             game(parameters, "a1 --", players)]
    if players == 2:
        found.append(game(parameters, "a1 swap b1", players))
    else:
        found.append(game(parameters, "a1 b1 Resign", players))
    state, rng = game(parameters, players=players), random.Random(2)
    while state.to_move is not None and state.ply < 30:
        state.play(state.random_move(rng))
        if state.ply % 6 == 0:
            found.append(state.copy())
    return found


@pytest.mark.parametrize("parameters, players, misses", FAMILIES)
def test_bunched_draws_play_as_the_generic_loop(parameters: str, players: int, misses: bool,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    fallbacks = []
    listed = GameState.random_move

    def counted(state: GameState, rng: random.Random) -> str:
        fallbacks.append(state.ply)
        return listed(state, rng)

    ends = 0
    for index, start in enumerate(starts(parameters, players)):
        for low in (True, False):
            seed = 10 * index + low
            fast, slow = start.copy(), start.copy()
            fast_trail: list[tuple[int, str]] = []
            slow_trail: list[tuple[int, str]] = []
            fast_rng, slow_rng = Bunched(seed, low), Bunched(seed, low)
            with monkeypatch.context() as patch:
                patch.setattr(GameState, "random_move", counted)
                fast.run_playout(fast_rng, 300, fast_trail)
            GameState.run_playout(slow, slow_rng, 300, slow_trail)
            assert fast_trail == slow_trail
            assert fast_rng.getstate() == slow_rng.getstate()
            same_position(fast, slow)
            ends += fast.to_move is None
    assert ends  # games ended: in a win, or with every player passing
    assert bool(fallbacks) == misses
