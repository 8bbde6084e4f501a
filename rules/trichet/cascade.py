"""Trichet's tile placing on the engine's tables: one tile and the places around the points it
fixes, with the auto moves a move's tile sets off (`place_with_autos`), and the closed regions
such tiles touch (`explore`, `closes_a_win`).

Plain functions over the tables (triangle -> letter, point -> colour, place -> fitting
letters, the places only one letter fits), keyed by codes (trichet_tiles.encode): the state
plays its moves with them, and its look for wins in one plays each move on copies of those
four tables alone (`TrichetState.moves_that_may_win`), so both follow one rule.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from megalith.rules.trichet.tiles import (CORNER_COLOURS, CORNERS, FITS, LETTERS, NARROWED,
                                          ODD_CORNER, TRIANGLES_AT, Code, corners, triangles_at)

_ALL_FIT = FITS[(None, None, None)]  # what fits a triangle with no corner fixed yet


def place_with_autos(tiles: dict[Code, str], fixed: dict[Code, str],
                     places: dict[Code, tuple[str, ...]], forced: set[Code], autos: int,
                     tri: Code, letter: str) -> list[tuple[Code, str]]:
    """Place the player's tile, then up to `autos` auto moves (the tiles left in the pool
    after it): every tile placed, in order. An auto move fills the first place in reading
    order (the least code) that one letter fits. Each tile updates the places around the
    points it fixes. One loop with the tables bound to names: the search runs it for every
    move it tries."""
    placed = [(tri, letter)]
    get, narrowing, corner_colours = places.get, NARROWED, CORNER_COLOURS
    corners, triangles_at = CORNERS, TRIANGLES_AT
    while True:
        tiles[tri] = letter
        if places.pop(tri, None) is not None:  # the forced places are numbered places
            forced.discard(tri)
        for point, colour in zip(corners[tri], corner_colours[letter]):
            if point in fixed:
                continue
            fixed[point] = colour
            # An empty triangle that is not a place has no fixed corner (or three alike,
            # which `point` was not): all six letters fitted it.
            for near, narrowed in zip(triangles_at[point], narrowing[colour]):
                if near in tiles:
                    continue
                fits = narrowed[get(near, _ALL_FIT)]
                if not fits:  # it was a place: now its three corners are alike
                    del places[near]
                    forced.discard(near)
                elif len(fits) == 1:  # (with two or more it had two or more before)
                    places[near] = fits
                    forced.add(near)
                else:
                    places[near] = fits
        if not forced or autos <= 0:
            return placed
        autos -= 1
        tri = min(forced)
        letter = places[tri][0]
        placed.append((tri, letter))


def _partners(k: int) -> dict[str, int]:
    """For the k-th triangle around a point (in the order of `triangles_at`): by the letter
    of its tile, the index among its corners of the corner that shares the point's region
    in that tile, -1 where the point is the tile's odd corner."""
    point = (0, 0)
    index = corners(triangles_at(point)[k]).index(point)
    return {letter: -1 if index == ODD_CORNER[letter] else 3 - index - ODD_CORNER[letter]
            for letter in LETTERS}


_PARTNERS = tuple(_partners(k) for k in range(6))


def explore(tiles: Mapping[Code, str], start: Code, seen: set[Code]
            ) -> tuple[set[Code], set[Code]] | None:
    """The points and the tiles touching them of the region of `start` if it is closed, else
    None (as soon as an empty triangle touches it). Every point reached is added to `seen`.
    The tiles are gathered only once the region is found closed (most regions are open)."""
    points = {start}
    seen.add(start)
    stack = [start]
    get, corners_of = tiles.get, CORNERS
    while stack:
        point = stack.pop()
        for tri, partners in zip(TRIANGLES_AT[point], _PARTNERS):
            letter = get(tri)
            if letter is None:
                return None
            partner = partners[letter]
            if partner >= 0:  # the larger region joins the two corners that are not odd
                other = corners_of[tri][partner]
                if other not in points:
                    points.add(other)
                    seen.add(other)
                    stack.append(other)
    return points, {tri for point in points for tri in TRIANGLES_AT[point]}


def closes_a_win(tiles: Mapping[Code, str], placed: Iterable[tuple[Code, str]], colour: str,
                 win_size: int) -> bool:
    """Whether these tiles (just placed, as triangle and letter) touch a closed region of
    `colour` with at least `win_size` tiles. A tile's letter gives its corners' colours, so
    only the corners of `colour` are read, each once."""
    if len(tiles) < win_size:
        return False
    filled = tiles.__contains__
    looked: set[Code] = set()  # the corners looked at, and the points of regions explored
    for tile, letter in placed:
        for point, point_colour in zip(CORNERS[tile], CORNER_COLOURS[letter]):
            if point_colour != colour or point in looked:
                continue
            looked.add(point)
            if not all(map(filled, TRIANGLES_AT[point])):
                continue
            region = explore(tiles, point, looked)
            if region is not None and len(region[1]) >= win_size:
                return True
    return False
