"""Trichet's rules of play: the tables of a position, a move's tiles and the outcome they make.

`TrichetBoard` is the part of the state the rules need; the views' queries
(rules/trichet/views.py) and the search's fast paths (rules/trichet/search.py) are built on
it, and rules/trichet/game.py joins them into `TrichetState`. The tables are keyed by int
codes (tiles.encode), which hash at no cost and sort in reading order. The places and the
triangles with one fit are kept and updated only around the points a new tile fixes (at most
three points, six triangles each: rules/trichet/cascade.py); the win test explores only the
regions of the points this move's tiles touch, and stops at the first empty triangle next to
a region (an open region cannot be closed: rules/trichet/regions.py).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from megalith.rules.protocol import GameState, MoveError, Outcome
from megalith.rules.trichet.cascade import place_with_autos
from megalith.rules.trichet.moves import contradiction, parse
from megalith.rules.trichet.regions import RegionMap, explore
from megalith.rules.trichet.tiles import (CORNERS, DOT, FITS, OH, OTHER, TRIANGLES_AT, Code,
                                          Coord, decode, encode)

if TYPE_CHECKING:
    from typing_extensions import Self  # typing.Self from Python 3.11 on; only mypy reads it

DEFAULT_SIZE = 54
DEFAULT_WIN_SIZE = 10
OPENING: tuple[tuple[Coord, str], ...] = (((0, 0), "a"), ((0, 1), "a"))
SIDE_NAMES = {OH: "Oh", DOT: "Dot"}
_POOL_EMPTY = Outcome("draw", reason="the pool is empty and no region is closed")
_NO_PLACE = Outcome("draw", reason="no tile can be placed anywhere")
_ONGOING = Outcome()


@dataclass(frozen=True)
class Region:
    """A closed region: its colour, lattice points and the tiles touching them."""

    colour: str
    points: tuple[Coord, ...]
    tiles: tuple[Coord, ...]

    def chain(self) -> tuple[str, ...]:
        return (tuple(f"p:{x},{y}" for x, y in self.points)
                + tuple(f"t:{x},{r}" for x, r in self.tiles))


class TrichetBoard(GameState):
    """The tables of a game of Trichet and its rules of play. Dot (`.`) makes the first
    recorded move: Oh's (`o`) opening tiles are placed by the game, so the seats are Dot
    then Oh."""

    voluntary_pass = False
    offers_swap = False
    side_names = SIDE_NAMES

    def __init__(self, size: int = DEFAULT_SIZE, win_size: int = DEFAULT_WIN_SIZE,
                 options: dict[str, int | bool] | None = None) -> None:
        super().__init__(options=dict(options or {}), turn_order=(DOT, OH))
        self.size = size
        self.win_size = win_size
        # Keyed by codes (tiles.encode); the tiles in the order they were placed (a dict
        # keeps the order its keys came in, and no tile is ever taken away):
        self._tiles: dict[Code, str] = {}
        self._colour: dict[Code, str] = {}
        self._places: dict[Code, tuple[str, ...]] = {}  # numbered place -> fitting letters
        self._forced: set[Code] = set()
        # (triangle, letter, ply, auto) of every tile in order: PlacedTile's fields, made
        # into PlacedTile only when asked (a search places tens of thousands of tiles)
        self._placed: list[tuple[Code, str, int, bool]] = []
        self._order: list[Code] | None = None  # the places in reading order, when known
        self._outcome = Outcome()
        # The search's `moves_that_may_win` answers and the position they hold for (its
        # key): a copy shares them until either plays a move, which changes the key
        self._may_win: tuple[tuple[int, int, int, int], dict[str, bool]] | None = None
        for tri, letter in OPENING:
            self._put(encode(tri), letter)

    def copy(self) -> Self:
        """GameState.copy, each container named (a search copies a position for every
        iteration and every move it tries)."""
        clone = object.__new__(type(self))
        fields = self.__dict__.copy()
        fields["options"] = self.options.copy()
        fields["moves"] = self.moves.copy()
        fields["resigned"] = self.resigned.copy()
        fields["_tiles"] = self._tiles.copy()
        fields["_colour"] = self._colour.copy()
        fields["_places"] = self._places.copy()
        fields["_forced"] = self._forced.copy()
        fields["_placed"] = self._placed.copy()
        clone.__dict__ = fields
        return clone

    @property
    def pool_left(self) -> int:
        return self.size - len(self._tiles)

    def longest_game(self) -> int:
        """A move lays at least one tile of the pool less the two opening ones."""
        return self.size - 2 + 1

    def _ordered(self) -> list[Code]:
        """The numbered places in reading order, sorted once per position: the list itself,
        which is never changed (copies share it)."""
        if self._order is None:
            self._order = sorted(self._places)
        return self._order

    # ---- the protocol ---------------------------------------------------------------

    def _board_moves(self) -> list[str]:
        order = [] if self._outcome.over else self._ordered()
        return [f"{letter}{number}" for number, tri in enumerate(order, 1)
                for letter in self._places[tri]]

    def board_moves_exist(self) -> bool:
        return not self._outcome.over and bool(self._places)

    @property
    def to_move(self) -> str | None:
        """GameState.to_move in one step while no one has resigned (a search asks several
        times a move)."""
        if self.resigned:
            return super().to_move
        return None if self._outcome.status != "ongoing" else self.turn_order[len(self.moves) % 2]

    def outcome(self) -> Outcome:
        """GameState.outcome, at once while no one has resigned: with no voluntary pass
        the board decides then (a search asks after every move it tries)."""
        return super().outcome() if self.resigned else self._outcome

    def _board_outcome(self) -> Outcome:
        return self._outcome

    def _board_over(self) -> bool:
        return self._outcome.status != "ongoing"

    def _play_board_move(self, text: str) -> str:
        letter, number, tri = parse(text, self._ordered())
        fits = self._places[tri]
        if letter not in fits:
            raise MoveError(text, contradiction(letter, tri, fits, self._colour))
        mover = self.turn_order[len(self.moves) % 2]
        touched = self._place_with_autos(tri, letter, len(self.moves) + 1)
        self._outcome = self._decide(mover, touched)
        return f"{letter}{number}"

    # ---- the engine -----------------------------------------------------------------

    def _fits(self, tri: Code) -> tuple[str, ...]:
        colour = self._colour.get
        a, b, c = CORNERS[tri]
        return FITS[(colour(a), colour(b), colour(c))]

    def _put(self, tri: Code, letter: str) -> None:
        """Place an opening tile (ply 0), without auto moves, and update the places around
        the points it fixes."""
        place_with_autos(self._tiles, self._colour, self._places, self._forced, 0, tri, letter)
        self._placed.append((tri, letter, 0, False))
        self._order = None

    def _place_with_autos(self, tri: Code, letter: str, ply: int,
                          regions: RegionMap | None = None) -> set[Code]:
        """The player's tile, then the auto moves; the corners of every tile placed.
        `regions`, if given, is told of every tile, in the order they were placed."""
        placed = place_with_autos(self._tiles, self._colour, self._places, self._forced,
                                  self.size - len(self._tiles) - 1, tri, letter)
        record = self._placed
        record.append((tri, letter, ply, False))
        record += [(tile, tile_letter, ply, True) for tile, tile_letter in placed[1:]]
        self._order = None
        if regions is not None:
            regions.add_all(placed)
        return {point for tile, _ in placed for point in CORNERS[tile]}

    def _decide(self, mover: str, touched: Iterable[Code]) -> Outcome:
        """The outcome after a move whose tiles touched these points: a move that closes
        winning regions of both colours loses for its mover (the search's look for a win in
        one reads this rule too: rules/trichet/search.py)."""
        winning = self._winning_regions(touched)
        colours = {region.colour for region in winning}
        if len(colours) == 2:
            return Outcome("win", OTHER[mover], reason=(
                f"{SIDE_NAMES[mover]}'s move closed winning regions of both colours, so "
                f"{SIDE_NAMES[mover]} loses"), chain=_chain(winning))
        if colours:
            (colour,) = colours
            sizes = " and ".join(str(len(region.tiles)) for region in winning)
            by = "" if colour == mover else f" ({SIDE_NAMES[mover]}'s move closed it)"
            return Outcome("win", colour, reason=(
                f"{SIDE_NAMES[colour]} closed a region of {sizes} tiles{by}"),
                chain=_chain(winning))
        if self.pool_left <= 0:
            return _POOL_EMPTY
        if not self._places:
            return _NO_PLACE
        return _ONGOING

    def _winning_regions(self, points: Iterable[Code]) -> list[Region]:
        """The closed regions of at least `win_size` tiles holding any of these points, in
        reading order of their first point."""
        tiles = self._tiles
        seen: set[Code] = set()
        regions = []
        # Most points still touch an empty triangle: their regions are open.
        candidates = [p for p in points if all(map(tiles.__contains__, TRIANGLES_AT[p]))]
        for point in sorted(candidates):
            if point not in seen:
                region = explore(tiles, point, seen)
                if region is not None and len(region[1]) >= self.win_size:
                    regions.append(Region(self._colour[point],
                                          tuple(map(decode, sorted(region[0]))),
                                          tuple(map(decode, sorted(region[1])))))
        return regions


def _chain(regions: list[Region]) -> tuple[str, ...]:
    """The outcome's `chain`: each closed winning region as strings, `"p:x,y"` for its
    lattice points, then `"t:x,r"` for the tiles touching them, each group in reading
    order."""
    return tuple(item for region in regions for item in region.chain())
