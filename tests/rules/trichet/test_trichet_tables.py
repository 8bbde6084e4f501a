"""The engine's tables of Trichet geometry (rules/trichet/tiles.py) say what the plain
functions say: codes stand for coordinates one to one and sort in reading order, and
NARROWED gives the letters FITS gives once one more corner's colour is fixed, and PARTNERS
names the corner that shares a point's region in each tile around it."""

from __future__ import annotations

import itertools

from megalith.rules.trichet.tiles import (CORNER_COLOURS, CORNERS, FITS, NARROWED, PARTNERS,
                                          TRIANGLES_AT, corners, decode, encode, reading_key,
                                          triangles_at)

COORDS = [(x, r) for x, r in itertools.product(range(-2100, 2101, 97), range(-1100, 1101, 89))]


def test_codes_stand_for_coordinates_and_sort_in_reading_order() -> None:
    assert all(decode(encode(coord)) == coord for coord in COORDS)
    assert sorted(COORDS, key=reading_key) == [decode(c) for c in sorted(map(encode, COORDS))]


def test_the_tables_by_code_are_the_geometry() -> None:
    for coord in COORDS[:200]:
        assert CORNERS[encode(coord)] == tuple(map(encode, corners(coord)))
        assert TRIANGLES_AT[encode(coord)] == tuple(map(encode, triangles_at(coord)))


def test_narrowed_fits_are_the_fits_of_the_colours_fixed() -> None:
    point = (0, 0)
    for k, tri in enumerate(triangles_at(point)):
        index = corners(tri).index(point)
        for colours in FITS:
            if colours[index] is not None:
                continue
            for colour in ("o", "."):
                a, b, c = (colour if i == index else own for i, own in enumerate(colours))
                assert NARROWED[colour][k][FITS[colours]] == FITS[(a, b, c)]


def test_partners_are_the_corners_of_the_larger_region() -> None:
    """The larger region of a tile joins its two corners of one colour; the odd corner has
    no partner."""
    point = (0, 0)
    for k, tri in enumerate(triangles_at(point)):
        index = corners(tri).index(point)
        for letter, colours in CORNER_COLOURS.items():
            alike = [i for i in range(3) if i != index and colours[i] == colours[index]]
            assert PARTNERS[k][letter] == (alike[0] if alike else -1)
