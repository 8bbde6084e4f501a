"""Trichet's RegionMap (rules/trichet/regions.py), kept tile by tile in the search's playouts,
answers as the engine's exploration of the whole table does: the same closing places, and
the same closed winning regions, after every move of playouts, whether it was made at the
start of the game or in the middle."""

from __future__ import annotations

import random

import pytest

from megalith.rules import registry
from megalith.rules.trichet.game import TrichetState
from megalith.rules.trichet.regions import RegionMap
from megalith.rules.trichet.tiles import DOT, OH


def agree(regions: RegionMap, state: TrichetState, touched: set[int]) -> None:
    """The same answers at every win size that matters here (a region's size counted one
    too many or too few shows at one of them)."""
    for win_size in range(1, 16):
        probe = state.copy()
        probe.win_size = win_size
        for colour in (OH, DOT):
            for most_empty in (1, 3, 6):
                assert (regions.closing_places(colour, state._places, win_size, most_empty)
                        == probe._closing_places(colour, most_empty))
        for point in touched:
            assert regions.closes_a_win([point], win_size) == \
                bool(probe._winning_regions([point]))


@pytest.mark.parametrize("options, wins", [("", False), ("-win_size=6", True)])
def test_the_region_map_agrees_with_exploring_the_table(options: str, wins: bool) -> None:
    closed = 0
    for seed in range(6):
        rng = random.Random(seed)
        state = registry.new_game("trichet", options, 2)
        assert isinstance(state, TrichetState)
        regions = RegionMap(state._tiles, state._colour)
        ply = 0
        while state.to_move is not None:
            move = state.playout_move(rng)  # a win in one when there is one
            letter, _, tri = state._parse(move)
            ply += 1
            touched = state._place_with_autos(tri, letter, ply, regions)
            state._outcome = state._decide(state.turn_order[(ply - 1) % 2], touched)
            state.moves.append(move)
            agree(regions, state, touched)
            agree(RegionMap(state._tiles, state._colour), state, touched)  # made mid-game
            closed += regions.closes_a_win(touched, state.win_size)
    assert closed or not wins  # playouts at a small win size end with wins
