"""Trichet's RegionMap (rules/trichet/regions.py), kept tile by tile in the search's playouts,
answers as the regions read from their definition do: the same open regions and closing
places, and the same closed winning regions as the win test finds, after every move of
playouts, whether it was made at the start of the game or in the middle."""

from __future__ import annotations

import random

import pytest

from megalith.rules import registry
from megalith.rules.trichet.game import TrichetState
from megalith.rules.trichet.moves import parse
from megalith.rules.trichet.regions import RegionMap
from megalith.rules.trichet.tiles import (CORNER_COLOURS, DOT, OH, Coord, corners, decode,
                                          reading_key, triangles_at)

Region = tuple[str, set[Coord], set[Coord], set[Coord]]


def regions_by_definition(state: TrichetState) -> list[Region]:
    """Every region as its definition reads: the lattice points joined by tiles, a tile
    joining its two corners of one colour; with the tiles and the empty triangles around its
    points."""
    placed = {tile.coord: tile.letter for tile in state.placed()}
    joined: dict[Coord, set[Coord]] = {}
    for tri, letter in placed.items():
        colours = CORNER_COLOURS[letter]
        for point in corners(tri):
            joined.setdefault(point, set())
        a, b = (p for p, colour in zip(corners(tri), colours) if colours.count(colour) == 2)
        joined[a].add(b)
        joined[b].add(a)
    regions: list[Region] = []
    seen: set[Coord] = set()
    for start in joined:
        if start in seen:
            continue
        points, stack = {start}, [start]
        while stack:
            for other in joined[stack.pop()] - points:
                points.add(other)
                stack.append(other)
        seen |= points
        around = {tri for point in points for tri in triangles_at(point)}
        colour = state.colour(start)
        assert colour is not None
        regions.append((colour, points, around & placed.keys(), around - placed.keys()))
    return regions


def closing_by_definition(regions: list[Region], places: set[Coord], colour: str,
                          win_size: int, most_empty: int) -> list[Coord]:
    found: set[Coord] = set()
    for region_colour, _, tiles, empty in regions:
        if region_colour == colour and empty and len(empty) <= most_empty \
                and len(tiles) + len(empty) >= win_size:
            found |= empty & places
    return sorted(found, key=reading_key)


def agree(regions: RegionMap, state: TrichetState, touched: set[int]) -> None:
    """The same answers at every win size that matters here (a region's size counted one
    too many or too few shows at one of them)."""
    defined = regions_by_definition(state)
    assert sorted((colour, sorted(map(decode, points)), sorted(map(decode, empty)))
                  for colour, points, empty in regions.open_regions()) == \
        sorted((colour, sorted(points), sorted(empty))
               for colour, points, _, empty in defined if empty)
    places = {decode(tri) for tri in state._places}
    for win_size in range(1, 16):
        for colour in (OH, DOT):
            for most_empty in (1, 3, 6):
                closing = regions.closing_places(colour, state._places, win_size, most_empty)
                assert [decode(tri) for tri in closing] == \
                    closing_by_definition(defined, places, colour, win_size, most_empty)
        probe = state.copy()
        probe.win_size = win_size
        for point in touched:
            assert regions.closes_a_win([point], win_size) == \
                bool(probe._winning_regions([point]))


@pytest.mark.parametrize("options, wins", [("", False), ("-win_size=6", True)])
def test_the_region_map_agrees_with_the_definition(options: str, wins: bool) -> None:
    closed = 0
    for seed in range(6):
        rng = random.Random(seed)
        state = registry.new_game("trichet", options, 2)
        assert isinstance(state, TrichetState)
        regions = RegionMap(state._tiles.items())
        ply = 0
        while state.to_move is not None:
            move = state.playout_move(rng)  # a win in one when there is one
            letter, _, tri = parse(move, state._ordered())
            ply += 1
            touched = state._place_with_autos(tri, letter, ply, regions)
            state._outcome = state._decide(state.turn_order[(ply - 1) % 2], touched)
            state.moves.append(move)
            agree(regions, state, touched)
            agree(RegionMap(state._tiles.items()), state, touched)  # made mid-game
            closed += regions.closes_a_win(touched, state.win_size)
    assert closed or not wins  # playouts at a small win size end with wins
