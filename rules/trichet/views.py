"""What Trichet's views read of a position: the TilePosition and RegionTilePosition contracts
(rules/contracts.py), the move texts they show and the text drawing.

The views take and give coordinates; the tables underneath are keyed by codes (tiles.encode).
"""

from __future__ import annotations

from megalith.rules.contracts import OpenRegion, PlacedTile
from megalith.rules.trichet.board import TrichetBoard
from megalith.rules.trichet.moves import MOVE, key, named
from megalith.rules.trichet.regions import RegionMap
from megalith.rules.trichet.text import draw
from megalith.rules.trichet.tiles import (COLOUR_NAMES, OH, TRIANGLES_AT, Coord, corners,
                                          decode, encode, reading_key)


class TrichetViews(TrichetBoard):
    """The queries of the views, on the tables of `TrichetBoard`."""

    # ---- the TilePosition contract --------------------------------------------------

    def placed(self) -> list[PlacedTile]:
        return [PlacedTile(decode(tri), letter, ply, auto)
                for tri, letter, ply, auto in self._placed]

    def places(self) -> list[Coord]:
        """The numbered places; none once the game is over."""
        if self._outcome.over:
            return []
        return [decode(tri) for tri in self._ordered()]

    def required_places(self) -> frozenset[Coord]:
        return frozenset()

    def fitting(self, coord: Coord) -> tuple[str, ...]:
        return () if self._outcome.over else self._places.get(encode(coord), ())

    def refusal(self, coord: Coord) -> str:
        if encode(coord) in self._tiles:
            return "a tile is already there"
        if self._outcome.over:
            return "the game is over"
        if encode(coord) in self._places:
            return ""
        colours = [self._colour.get(encode(point)) for point in corners(coord)]
        if all(colour is None for colour in colours):
            return "a tile must touch a placed tile by an edge or a corner"
        colour = colours[0] or OH
        return (f"its three corners are already all {COLOUR_NAMES[colour]}, "
                "and every tile has corners of both colours")

    def move_text(self, letter: str, coord: Coord) -> str:
        order = self.places()
        if coord not in order:
            raise ValueError(f"{coord} is not a numbered place")
        return f"{letter}{order.index(coord) + 1}"

    # ---- more queries for the views --------------------------------------------------

    def tile(self, coord: Coord) -> str | None:
        """The letter of the tile on the triangle, None when it is empty."""
        return self._tiles.get(encode(coord))

    def colour(self, point: Coord) -> str | None:
        """The colour fixed at a lattice point (`o` or `.`), None while no tile touches it."""
        return self._colour.get(encode(point))

    def tiles_of_move(self, ply: int) -> tuple[list[PlacedTile], list[PlacedTile]]:
        """The tiles record move `ply` (from 1; 0 for the opening) placed: the player's own,
        and those the rules then placed automatically, in the order they were placed."""
        tiles = [tile for tile in self.placed() if tile.ply == ply]
        return [t for t in tiles if not t.auto], [t for t in tiles if t.auto]

    def move_cells(self, move: str) -> tuple[str, ...]:
        match = MOVE.fullmatch(move)
        return (f"{match.group(1)}{int(match.group(2))}",) if match else ()

    def move_place(self, move: str) -> Coord | None:
        found = named(move, [] if self._outcome.over else self._ordered())
        return None if found is None else decode(found[1])

    def move_key(self, move: str) -> str:
        """The letter and the triangle's coordinates (`"d@3,-1"`): place numbers change
        from position to position."""
        found = named(move, [] if self._outcome.over else self._ordered())
        return move if found is None else key(*found)

    def open_regions(self) -> list[OpenRegion]:
        """Every open region of both colours (the RegionTilePosition contract), in reading
        order of its first point."""
        tiles, places = self._tiles, self._places
        found = []
        for colour, points, empty in RegionMap(tiles.items()).open_regions():
            touching = {tri for point in points for tri in TRIANGLES_AT[point] if tri in tiles}
            found.append(OpenRegion(colour, tuple(map(decode, sorted(points))),
                                    tuple(map(decode, sorted(touching))),
                                    tuple(map(decode, sorted(empty))),
                                    all(tri in places for tri in empty)))
        found.sort(key=lambda region: reading_key(region.points[0]))
        return found

    def render(self) -> str:
        """The tiles drawn as on the help page, each empty place showing its number while
        the game goes on."""
        return draw({decode(tri): letter for tri, letter in self._tiles.items()},
                    {tri: str(number) for number, tri in enumerate(self.places(), 1)})
