"""Trichet's regions: the lattice points of one colour joined by tiles, a tile joining the two
corners that share its larger region (the corners that are not odd: `tiles.PARTNERS`). A region
is closed when no empty triangle touches it; a closed region of `win_size` tiles or more wins.

- `explore` finds the region of one point if it is closed, and stops at the first empty
  triangle (most regions are open): the win test (`closes_a_win`, and the state's
  `_winning_regions`);
- `RegionMap` holds them all, with the empty triangles touching them, and keeps them up to
  date tile by tile: for the search, which needs them after every move of a playout (to
  look for a win in one, and to see whether a move closed a winning region), and for the
  views (`open_regions`). Every lattice point maps to its region, and a new tile moves from
  the empty triangles to the tiles of its two regions, making a region of a corner no tile
  touched before, and joins its two corners of one colour (a new point, or another region:
  the smaller merges into the larger).

Triangles and points are the engine's codes (tiles.encode).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping

from megalith.rules.trichet.tiles import (CORNER_COLOURS, CORNERS, ODD_CORNER, PARTNERS,
                                          TRIANGLES_AT, Code)

# Each letter's corners by index: the odd one, then the two that share the larger region.
_CORNER_ROLES = {letter: (odd, (odd + 1) % 3, (odd + 2) % 3) for letter, odd in ODD_CORNER.items()}


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
        for tri, partners in zip(TRIANGLES_AT[point], PARTNERS):
            letter = get(tri)
            if letter is None:
                return None
            partner = partners[letter]
            if partner >= 0:
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


class _Region:
    """One region: its colour, its points, how many tiles touch them and the empty triangles
    touching them.

    A tile touches exactly two regions, one of each colour (its odd corner has the colour its
    other two lack, and those two share its larger region), so two regions of one colour
    never share a tile: `touching` is a count, and merging adds."""

    __slots__ = ("colour", "points", "touching", "empty")

    def __init__(self, colour: str, points: list[Code], touching: int,
                 empty: set[Code]) -> None:
        self.colour = colour
        self.points = points
        self.touching = touching
        self.empty = empty


class RegionMap:
    """The regions of a position, updated by `add_all` after every move's tiles."""

    __slots__ = ("_of", "_live")

    def __init__(self, placed: Iterable[tuple[Code, str]]) -> None:
        """The regions of these tiles (triangle, letter), given in the order they were
        placed."""
        self._of: dict[Code, _Region] = {}
        self._live: dict[_Region, None] = {}  # every region once, in the order made
        self.add_all(placed)

    def add_all(self, placed: Iterable[tuple[Code, str]]) -> None:
        """Account for tiles just placed, in the order they were placed (triangle, letter):
        each fixed the colours of its corners that no earlier tile had, and no other tile
        came between."""
        of, live = self._of, self._live
        for tri, letter in placed:
            cs = CORNERS[tri]
            odd, first, second = _CORNER_ROLES[letter]
            for index in (odd, first):  # the odd corner's region, then the larger one's
                point = cs[index]
                region = of.get(point)
                if region is None:  # a new point: its other triangles are empty
                    empty = set(TRIANGLES_AT[point])
                    empty.discard(tri)
                    region = of[point] = _Region(CORNER_COLOURS[letter][index], [point], 1,
                                                 empty)
                    live[region] = None
                else:
                    region.empty.discard(tri)
                    region.touching += 1
            big, point = of[cs[first]], cs[second]  # the larger region's corners
            small = of.get(point)
            if small is None:
                of[point] = big
                big.points.append(point)
                big.empty.update(TRIANGLES_AT[point])  # a new point: all empty but `tri`
                big.empty.discard(tri)
                continue
            small.empty.discard(tri)
            if small is big:
                continue
            if len(big.points) < len(small.points):
                big, small = small, big
            for point in small.points:
                of[point] = big
            big.points += small.points
            big.touching += small.touching  # the new tile is counted once: in the larger's
            big.empty |= small.empty
            del live[small]

    def closing_places(self, colour: str, places: Mapping[Code, object], win_size: int,
                       most_empty: int = 3) -> list[Code]:
        """The numbered places (`places` holds them) next to the open regions of `colour`
        that have at most `most_empty` empty triangles around them and would be big enough
        to win once filled, in reading order."""
        found: set[Code] = set()
        for region in self._live:
            empty = region.empty
            if region.colour == colour and empty and len(empty) <= most_empty and \
                    region.touching + len(empty) >= win_size:
                found.update(tri for tri in empty if tri in places)
        return sorted(found)

    def open_regions(self) -> Iterator[tuple[str, list[Code], set[Code]]]:
        """Every open region: its colour, its points and the empty triangles touching
        them."""
        return ((region.colour, region.points, region.empty)
                for region in self._live if region.empty)

    def closes_a_win(self, points: Iterable[Code], win_size: int) -> bool:
        """Whether a closed region of at least `win_size` tiles holds one of these points."""
        of = self._of
        for point in points:
            region = of[point]
            if not region.empty and region.touching >= win_size:
                return True
        return False
