"""Trichet's tile placing on the engine's tables: one tile and the places around the points it
fixes, with the auto moves a move's tile sets off (`place_with_autos`).

A plain function over the tables (triangle -> letter, point -> colour, place -> fitting
letters, the places only one letter fits), keyed by codes (tiles.encode): the state plays its
moves with it, and the search's look for wins in one plays each move on copies of those four
tables alone (rules/trichet/search.py), so both follow one rule.
"""

from __future__ import annotations

from megalith.rules.trichet.tiles import (CORNER_COLOURS, CORNERS, FITS, NARROWED, TRIANGLES_AT,
                                          Code)

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
