"""Trichet's tile placing on the engine's tables: one tile and the places around the points it
fixes (`put`), a move's tile with the auto moves it sets off (`place_with_autos`), and the
closed regions such tiles touch (`explore`, `closes_a_win`).

Plain functions over the tables (triangle -> letter, point -> colour, place -> fitting
letters, the places only one letter fits), keyed by codes (trichet_tiles.encode): the state
plays its moves with them, and its look for wins in one plays each move on copies of those
four tables alone (`TrichetState.moves_that_may_win`), so both follow one rule.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from megalith.rules.trichet_tiles import (CORNER_COLOURS, CORNERS, FITS, NARROWED, ODD_CORNER,
                                          TRIANGLES_AT, Code)

_ALL_FIT = FITS[(None, None, None)]  # what fits a triangle with no corner fixed yet


def put(tiles: dict[Code, str], fixed: dict[Code, str], places: dict[Code, tuple[str, ...]],
        forced: set[Code], tri: Code, letter: str) -> None:
    """Place a tile and update the places around the points it fixes."""
    tiles[tri] = letter
    if places.pop(tri, None) is not None:  # the forced places are numbered places
        forced.discard(tri)
    for point, colour in zip(CORNERS[tri], CORNER_COLOURS[letter]):
        if point in fixed:
            continue
        fixed[point] = colour
        # An empty triangle that is not a place has no fixed corner (or three alike, which
        # `point` was not): all six letters fitted it.
        for near, narrowed in zip(TRIANGLES_AT[point], NARROWED[colour]):
            if near in tiles:
                continue
            fits = narrowed[places.get(near, _ALL_FIT)]
            if not fits:  # it was a place: now its three corners are alike
                del places[near]
                forced.discard(near)
                continue
            places[near] = fits
            if len(fits) == 1:  # (with two or more it had two or more before: not forced)
                forced.add(near)


def place_with_autos(tiles: dict[Code, str], fixed: dict[Code, str],
                     places: dict[Code, tuple[str, ...]], forced: set[Code], size: int,
                     tri: Code, letter: str) -> list[tuple[Code, str]]:
    """The player's tile, then the auto moves while the pool of `size` tiles lasts: every
    tile placed, in order. An auto move fills the first place in reading order (the least
    code) that one letter fits."""
    put(tiles, fixed, places, forced, tri, letter)
    placed = [(tri, letter)]
    while forced and size > len(tiles):
        auto = min(forced)
        auto_letter = places[auto][0]
        put(tiles, fixed, places, forced, auto, auto_letter)
        placed.append((auto, auto_letter))
    return placed


def explore(tiles: Mapping[Code, str], start: Code, seen: set[Code]
            ) -> tuple[set[Code], set[Code]] | None:
    """The points and the tiles touching them of the region of `start` if it is closed, else
    None (as soon as an empty triangle touches it). Every point reached is added to `seen`."""
    points = {start}
    seen.add(start)
    touching: set[Code] = set()
    stack = [start]
    while stack:
        point = stack.pop()
        for tri in TRIANGLES_AT[point]:
            letter = tiles.get(tri)
            if letter is None:
                return None
            touching.add(tri)
            cs = CORNERS[tri]
            index = cs.index(point)
            odd = ODD_CORNER[letter]
            if index != odd:  # the larger region joins the two corners that are not odd
                other = cs[3 - index - odd]
                if other not in points:
                    points.add(other)
                    seen.add(other)
                    stack.append(other)
    return points, touching


def closes_a_win(tiles: Mapping[Code, str], fixed: Mapping[Code, str],
                 placed: Iterable[tuple[Code, str]], colour: str, win_size: int) -> bool:
    """Whether these tiles (just placed) touch a closed region of `colour` with at least
    `win_size` tiles."""
    filled = tiles.__contains__
    seen: set[Code] = set()
    for tile, _ in placed:
        for point in CORNERS[tile]:
            if point in seen or fixed[point] != colour \
                    or not all(map(filled, TRIANGLES_AT[point])):
                continue
            region = explore(tiles, point, seen)
            if region is not None and len(region[1]) >= win_size:
                return True
    return False
