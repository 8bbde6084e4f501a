"""Trichet's regions kept up to date tile by tile, for the search's playouts.

A region is a set of lattice points of one colour joined by tiles: a tile joins the two
corners that share its larger region (the corners that are not odd). `TrichetState._regions`
finds the regions by exploring the whole table, which suits a query made once; a playout
needs them after every move (to look for a win in one, and to see whether a move closed a
winning region), so it keeps them here instead: every lattice point maps to its region, and
a new tile moves from the empty triangles to the tiles of its two regions, making a region of
a corner no tile touched before, and joins its two corners of one colour (a new point, or
another region: the smaller merges into the larger).

Triangles and points are the engine's codes (trichet_tiles.encode). Each region keeps what
`_regions` reports: its points, how many tiles touch them and the empty triangles touching
them (none once it is closed).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from megalith.rules.trichet.tiles import CORNER_COLOURS, CORNERS, ODD_CORNER, TRIANGLES_AT, Code


# Each letter's corners by index: the odd one, then the two that share the larger region.
_CORNER_ROLES = {letter: (odd, (odd + 1) % 3, (odd + 2) % 3) for letter, odd in ODD_CORNER.items()}


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

    def __init__(self, tiles: Mapping[Code, str], colours: Mapping[Code, str]) -> None:
        """The regions of the tiles (triangle -> letter) and the colours they fix."""
        self._of: dict[Code, _Region] = {}
        self._live: dict[_Region, None] = {}  # every region once, in the order made
        for start, colour in colours.items():
            if start not in self._of:
                self._explore(start, colour, tiles)

    def _explore(self, start: Code, colour: str, tiles: Mapping[Code, str]) -> None:
        of = self._of
        region = self._new(colour, start, 0, set())
        touching: set[Code] = set()
        stack = [start]
        while stack:
            point = stack.pop()
            for tri in TRIANGLES_AT[point]:
                letter = tiles.get(tri)
                if letter is None:
                    region.empty.add(tri)
                    continue
                touching.add(tri)
                cs = CORNERS[tri]
                index = cs.index(point)
                odd = ODD_CORNER[letter]
                if index != odd:
                    other = cs[3 - index - odd]
                    if other not in of:
                        of[other] = region
                        region.points.append(other)
                        stack.append(other)
        region.touching = len(touching)

    def _new(self, colour: str, point: Code, touching: int, empty: set[Code]) -> _Region:
        region = self._of[point] = _Region(colour, [point], touching, empty)
        self._live[region] = None
        return region

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
        """`TrichetState._closing_places`: the places next to open regions of `colour` with
        at most `most_empty` empty triangles that would be big enough to win once filled,
        in reading order."""
        found: set[Code] = set()
        for region in self._live:
            empty = region.empty
            if region.colour == colour and empty and len(empty) <= most_empty and \
                    region.touching + len(empty) >= win_size:
                found.update(tri for tri in empty if tri in places)
        return sorted(found)

    def closes_a_win(self, points: Iterable[Code], win_size: int) -> bool:
        """Whether a closed region of at least `win_size` tiles holds one of these points."""
        of = self._of
        for point in points:
            region = of[point]
            if not region.empty and region.touching >= win_size:
                return True
        return False
