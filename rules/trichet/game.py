"""Trichet (pbmserv `trichet`): triangular tiles, auto moves, and closing a region.

Read as docs/rules/common.md ("Coordinates") and docs/rules/trichet.md say; the geometry and the
six orientation letters are in rules/trichet/tiles.py, the text drawing in
rules/trichet/text.py, our reading in docs/rules/trichet.md.

Every lattice point touched by a tile has one colour, `o` or `.`, and a tile fits an empty
triangle when it agrees with the colours already fixed at its corners. The numbered places
are the empty triangles with at least one fixed corner that some letter fits (a triangle
whose three fixed corners are alike fits none), numbered 1, 2, .. in reading order. A move
is a letter and a place number (`d3`); then every triangle that exactly one letter fits is
filled, always the first in reading order, until none is left or the pool is empty; then the
win test runs.

Speed: the engine keys its tables by int codes (trichet_tiles.encode), which hash at no cost
and sort in reading order; the methods for the views take and give coordinates. The places
and the triangles with one fit are kept and updated only around the points a new tile fixes
(at most three points, six triangles each); the win test explores only the regions of the
points this move's tiles touch, and stops at the first empty triangle next to a region (an
open region cannot be closed). The search's playouts run their own loop (`run_playout`). Tiles
are placed, and closed regions explored, by the functions of rules/trichet/cascade.py, which
the search's look for wins in one also runs on copies of the tables (`moves_that_may_win`).

The outcome's `chain` lists each closed winning region as strings: `"p:x,y"` for its lattice
points, then `"t:x,r"` for the tiles touching them, each group in reading order.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from itertools import chain, compress, islice, repeat
from operator import contains

from megalith.rules.contracts import OpenRegion, PlacedTile
from megalith.rules.protocol import GameState, MoveError, OptionError, OptionSpec, Outcome
from megalith.rules.registry import GameInfo
from megalith.rules.trichet.cascade import place_with_autos
from megalith.rules.trichet.regions import RegionMap, closes_a_win, explore
from megalith.rules.trichet.text import draw
from megalith.rules.trichet.tiles import (COLOUR_NAMES, CORNER_COLOURS, CORNER_NAMES, CORNERS,
                                          DOT, FITS, LETTERS, OH, TRIANGLES_AT, Code, Coord,
                                          corners, decode, encode, points_up, reading_key)

DEFAULT_SIZE = 54
DEFAULT_WIN_SIZE = 10
MIN_SIZE, MAX_SIZE = 3, 999  # the pool; MAX_SIZE also bounds -win_size
OPENING: tuple[tuple[Coord, str], ...] = (((0, 0), "a"), ((0, 1), "a"))
SIDE_NAMES = {OH: "Oh", DOT: "Dot"}
_MOVE = re.compile(r"([a-z]+)([0-9]+)")
_POOL_EMPTY = Outcome("draw", reason="the pool is empty and no region is closed")
_NO_PLACE = Outcome("draw", reason="no tile can be placed anywhere")
_ONGOING = Outcome()
_FEWEST_CLOSED = 6  # tiles around the smallest closed region: one point, its six triangles


@dataclass(frozen=True)
class Region:
    """A closed region: its colour, lattice points and the tiles touching them."""

    colour: str
    points: tuple[Coord, ...]
    tiles: tuple[Coord, ...]

    def chain(self) -> tuple[str, ...]:
        return (tuple(f"p:{x},{y}" for x, y in self.points)
                + tuple(f"t:{x},{r}" for x, r in self.tiles))


class TrichetState(GameState):
    """A game of Trichet. Dot (`.`) makes the first recorded move: Oh's (`o`) opening tiles
    are placed by the game, so the seats are Dot then Oh."""

    game = "trichet"
    voluntary_pass = False
    offers_swap = False
    side_names = SIDE_NAMES

    def __init__(self, size: int = DEFAULT_SIZE, win_size: int = DEFAULT_WIN_SIZE,
                 options: dict[str, int | bool] | None = None) -> None:
        super().__init__(options=dict(options or {}), turn_order=(DOT, OH))
        self.size = size
        self.win_size = win_size
        # Keyed by codes (trichet_tiles.encode):
        self._tiles: dict[Code, str] = {}
        self._colour: dict[Code, str] = {}
        self._places: dict[Code, tuple[str, ...]] = {}  # numbered place -> fitting letters
        self._forced: set[Code] = set()
        # (triangle, letter, ply, auto) of every tile in order: PlacedTile's fields, made
        # into PlacedTile only when asked (a search places tens of thousands of tiles)
        self._placed: list[tuple[Code, str, int, bool]] = []
        self._order: list[Code] | None = None  # the places in reading order, when known
        self._outcome = Outcome()
        # `moves_that_may_win`'s answers and the position they hold for (its key): a copy
        # shares them until either plays a move, which changes the key
        self._may_win: tuple[tuple[int, int, int, int], dict[str, bool]] | None = None
        for tri, letter in OPENING:
            self._put(encode(tri), letter, 0, False)

    # ---- the TilePosition contract (rules/contracts.py) --------------------------------

    def placed(self) -> list[PlacedTile]:
        return [PlacedTile(decode(tri), letter, ply, auto)
                for tri, letter, ply, auto in self._placed]

    def places(self) -> list[Coord]:
        """The numbered places; none once the game is over."""
        if self._outcome.over:
            return []
        return [decode(tri) for tri in self._ordered()]

    def _ordered(self) -> list[Code]:
        """The numbered places in reading order, sorted once per position: the list itself,
        which is never changed (copies share it)."""
        if self._order is None:
            self._order = sorted(self._places)
        return self._order

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
        return (f"its three corners are already all {COLOUR_NAMES[colour]} ({colour}), "
                "and every tile has corners of both colours")

    def move_text(self, letter: str, coord: Coord) -> str:
        order = self.places()
        if coord not in order:
            raise ValueError(f"{coord} is not a numbered place")
        return f"{letter}{order.index(coord) + 1}"

    @property
    def pool_left(self) -> int:
        return self.size - len(self._tiles)

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
        match = _MOVE.fullmatch(move)
        return (f"{match.group(1)}{int(match.group(2))}",) if match else ()

    def move_place(self, move: str) -> Coord | None:
        match = _MOVE.fullmatch(move)
        order = [] if self._outcome.over else self._ordered()
        if match is None or not 1 <= int(match.group(2)) <= len(order):
            return None
        return decode(order[int(match.group(2)) - 1])

    def move_key(self, move: str) -> str:
        """The letter and the triangle's coordinates (`"d@3,-1"`): place numbers change
        from position to position."""
        place = self.move_place(move)
        if place is None:
            return move
        return f"{move.rstrip('0123456789')}@{place[0]},{place[1]}"

    def playout_move(self, rng: random.Random) -> str:
        """A move that closes a winning region of the mover's colour when one does, else a
        random move. Random play almost never closes a region (in 300 random games 8 ended
        with a win, the rest with an empty pool), so playouts that only draw tell a search
        nothing; taking wins in one made 125 of those 300 games decisive, for about 1.5 times
        the cost of a ply. Only the places around regions with at most three empty
        triangles left are tried: allowing more found no further win in those games."""
        mover = self.turn_order[len(self.moves) % 2]
        win = self._win_in_one(mover, self._closing_places(mover))
        if win is not None:
            letter, tri = win
            return f"{letter}{self._ordered().index(tri) + 1}"
        return self.random_move(rng)

    # ---- the protocol ---------------------------------------------------------------

    def moves_that_may_win(self, moves: list[str]) -> list[str]:
        """GameState.moves_that_may_win: the moves whose tiles close a region of the mover's
        colour with at least `win_size` tiles, each found by placing the move's tile and its
        auto moves on copies of the four tables alone (`cascade.place_with_autos`,
        the very function `play` places them with) and exploring the regions of the points
        those tiles touch (`regions.closes_a_win`).

        Why every winning move is kept: a move wins for the side to move only if its tiles
        close a region of the mover's colour with at least `win_size` tiles (`_decide`, which
        looks at the regions of the points the move's tiles touch: regions of the mover's
        colour alone win, both colours at once lose, none is no win). This keeps exactly the
        moves that close such a region, so it drops only moves that close none, or (a rare
        superset) keeps one that closes regions of both colours. The tiles are placed exactly
        as `play` places them, auto moves, the pool running out (a region closed by the last
        tile still wins) and a place losing its last letter included, so this holds at every
        size and win size. Two people play, neither can pass or swap; `Resign` (never listed)
        and any move not read as a letter that fits a place are kept. No closed region has
        fewer than `_FEWEST_CLOSED` tiles (one point and its six triangles) nor more than the
        pool holds, so where the pool is smaller than that no move is kept.

        The answers are kept for the position: the search asks for the killers' moves and
        then for every move of the same position."""
        if self.to_move is None:
            return moves
        if self.size < max(self.win_size, _FEWEST_CLOSED):
            return []
        key = (len(self.moves), len(self._placed), self.size, self.win_size)
        if self._may_win is None or self._may_win[0] != key:
            self._may_win = (key, {})
        known = self._may_win[1]
        kept = []
        for move in moves:
            may = known.get(move)
            if may is None:
                may = known[move] = self._may_win_by(move)
            if may:
                kept.append(move)
        return kept

    def _may_win_by(self, move: str) -> bool:
        """Whether `move`'s tiles close a region of the mover's colour with at least
        `win_size` tiles (see `moves_that_may_win`); True for a move it cannot read."""
        match = _MOVE.fullmatch(move)
        order = self._ordered()
        number = 0 if match is None else int(match.group(2))
        if match is None or not 1 <= number <= len(order):
            return True
        letter, tri = match.group(1), order[number - 1]
        if letter not in self._places[tri]:
            return True
        mover = self.turn_order[len(self.moves) % 2]
        return closes_a_win(*self._trial(tri, letter), mover, self.win_size)

    def _trial(self, tri: Code, letter: str) -> tuple[dict[Code, str], list[tuple[Code, str]]]:
        """The tiles after the move of this letter at this place, played on copies of the
        four tables alone, and the tiles it placed (its own, then the auto moves)."""
        tiles = self._tiles.copy()
        placed = place_with_autos(tiles, self._colour.copy(), self._places.copy(),
                                  self._forced.copy(), self.size - len(tiles) - 1, tri, letter)
        return tiles, placed

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
        letter, number, tri = self._parse(text)
        fits = self._places[tri]
        if letter not in fits:
            raise MoveError(text, self._contradiction(letter, tri, fits))
        mover = self.turn_order[len(self.moves) % 2]
        ply = len(self.moves) + 1
        touched = self._place_with_autos(tri, letter, ply)
        self._outcome = self._decide(mover, touched)
        return f"{letter}{number}"

    def copy(self) -> TrichetState:
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

    def run_playout(self, rng: random.Random, plies: int, trail: list[tuple[int, str]]) -> None:
        """GameState.run_playout without move texts: the same moves as `playout_move` (a win
        in one, else `random_move`'s draw, from the same `rng.random()`), the same trail and
        the same position at the end, but chosen as a letter and a place, played without
        parsing, and with the regions kept up to date by a RegionMap rather than explored
        anew for every move (tests/rules/ai/test_fast_playouts.py holds it to the generic
        loop)."""
        moves, places = self.moves, self._places
        regions: RegionMap | None = None  # made at the first move: many playouts make none
        for _ in range(plies):
            if self.to_move is None:
                return
            if regions is None:
                regions = RegionMap(self._tiles.items())
                persons = (self.person_of_seat(0), self.person_of_seat(1))
            # While the game goes on there is a place: a tile's corners on the top line of
            # the top row have empty triangles above them, with one corner fixed.
            seat = len(moves) % 2
            mover = self.turn_order[seat]
            order = self._ordered()
            closing = regions.closing_places(mover, places, self.win_size)
            win = self._win_in_one(mover, closing) if closing else None
            if win is None:
                letter, index = self._draw(rng, order)
                tri = order[index]
            else:
                letter, tri = win
                index = order.index(tri)
            x, r = decode(tri)
            trail.append((persons[seat], f"{letter}@{x},{r}"))
            touched = self._place_with_autos(tri, letter, len(moves) + 1, regions)
            if regions.closes_a_win(touched, self.win_size) or self.pool_left <= 0 \
                    or not places:
                self._outcome = self._decide(mover, touched)
            moves.append(f"{letter}{index + 1}")
            self.passes_in_row = 0

    def _win_in_one(self, mover: str, closing: list[Code]) -> tuple[str, Code] | None:
        """`playout_move`'s look for a win in one among these places (the closing places,
        in reading order), each fitting letter tried on copies of the tables (`_trial`): a
        win closes a winning region of the mover's colour and none of the other's, as
        `_decide` says."""
        other = DOT if mover == OH else OH
        win_size = self.win_size
        for tri in closing:
            for letter in self._places[tri]:
                tiles, placed = self._trial(tri, letter)
                if closes_a_win(tiles, placed, mover, win_size) \
                        and not closes_a_win(tiles, placed, other, win_size):
                    return letter, tri
        return None

    def _draw(self, rng: random.Random, order: list[Code]) -> tuple[str, int]:
        """`random_move`'s draw without the move texts: the letter and the index in `order`
        (the places in reading order) of the move that one `rng.random()` picks from the
        sorted legal moves, which run letter by letter and, within a letter, by the place
        number as text (a1, a10, a11, .., a2)."""
        places = self._places
        letters = "".join(chain.from_iterable(places.values()))  # a letter for every move
        index = int(rng.random() * len(letters))
        for letter in LETTERS:
            count = letters.count(letter)
            if index < count:  # the index-th place in text order that the letter fits
                ranks = _text_order(len(order))
                fits = map(places.__getitem__, map(order.__getitem__, ranks))
                fitting = compress(ranks, map(contains, fits, repeat(letter)))
                return letter, next(islice(fitting, index, None))
            index -= count
        raise AssertionError("the draw falls among the moves counted")

    def render(self) -> str:
        """The tiles drawn as on the help page, each empty place showing its number while
        the game goes on."""
        return draw({decode(tri): letter for tri, letter in self._tiles.items()},
                    {tri: str(number) for number, tri in enumerate(self.places(), 1)})

    # ---- the engine -----------------------------------------------------------------

    def _fits(self, tri: Code) -> tuple[str, ...]:
        colour = self._colour.get
        a, b, c = CORNERS[tri]
        return FITS[(colour(a), colour(b), colour(c))]

    def _parse(self, text: str) -> tuple[str, int, Code]:
        """The letter, the place number and the place a move names; MoveError when it names
        none."""
        match = _MOVE.fullmatch(text)
        if match is None:
            raise MoveError(text, "a move is a tile letter a to f and a place number, "
                                  "as in d3")
        letter, number = match.group(1), int(match.group(2))
        if len(letter) > 1:
            raise MoveError(text, f"a move places one tile: {letter} is {len(letter)} "
                                  "letters; write one letter a to f and a place number, "
                                  "as in d3")
        if letter not in LETTERS:
            raise MoveError(text, f"there is no tile {letter}: the tiles are a, b, c "
                                  "(o on one corner) and d, e, f (. on one corner)")
        order = self._ordered()
        if not 1 <= number <= len(order):
            raise MoveError(text, f"there is no place {number}: the places are numbered 1 "
                                  f"to {len(order)} in this position")
        return letter, number, order[number - 1]

    def _contradiction(self, letter: str, tri: Code, fits: tuple[str, ...]) -> str:
        """Why `letter` does not fit the place `tri`: the first corner whose colour it
        contradicts, and the letters that do fit."""
        names = CORNER_NAMES[points_up(decode(tri))]
        for name, point, want in zip(names, CORNERS[tri], CORNER_COLOURS[letter]):
            have = self._colour.get(point)
            if have is not None and have != want:
                return (f"tile {letter} puts {COLOUR_NAMES[want]} colour ({want}) on the "
                        f"{name} corner, which is already {COLOUR_NAMES[have]} ({have}); "
                        f"here fit: {', '.join(fits)}")
        raise AssertionError("a letter that agrees with every corner fits")

    def _put(self, tri: Code, letter: str, ply: int, auto: bool) -> None:
        """Place a tile, without auto moves, and update the places around the points it
        fixes."""
        place_with_autos(self._tiles, self._colour, self._places, self._forced, 0, tri, letter)
        self._placed.append((tri, letter, ply, auto))
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
        """The outcome after a move whose tiles touched these points."""
        winning = self._winning_regions(touched)
        colours = {region.colour for region in winning}
        if len(colours) == 2:
            other = DOT if mover == OH else OH
            return Outcome("win", other, reason=(
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

    def _closing_places(self, colour: str, most_empty: int = 3) -> list[Code]:
        """The numbered places next to open regions of `colour` that have at most
        `most_empty` empty triangles around them and would be big enough to win once
        filled, in reading order (RegionMap.closing_places, on a map of the position)."""
        return RegionMap(self._tiles.items()).closing_places(colour, self._places,
                                                             self.win_size, most_empty)

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

    # ---- for tests ------------------------------------------------------------------

    @classmethod
    def from_tiles(cls, tiles: Mapping[Coord, str], size: int = DEFAULT_SIZE,
                   win_size: int = DEFAULT_WIN_SIZE) -> TrichetState:
        """A position holding these tiles besides the opening (as opening tiles, ply 0),
        placed in reading order without auto moves: for tests that rebuild a help page's
        picture. Dot is to move; the outcome is not computed."""
        state = cls(size, win_size)
        for tri in sorted(tiles, key=reading_key):
            code = encode(tri)
            if code in state._tiles:
                if state._tiles[code] != tiles[tri]:
                    raise ValueError(f"{tri} holds an opening tile {state._tiles[code]}")
                continue
            if tiles[tri] not in state._fits(code):
                raise ValueError(f"{tiles[tri]} does not fit at {tri}")
            state._put(code, tiles[tri], 0, False)
        return state


@cache
def _text_order(count: int) -> tuple[int, ...]:
    """The indices 0 to count - 1 ordered as the place numbers they stand for (index + 1)
    sort as text."""
    return tuple(sorted(range(count), key=lambda index: str(index + 1)))


def _chain(regions: list[Region]) -> tuple[str, ...]:
    return tuple(item for region in regions for item in region.chain())


def _new_game(options: dict[str, int | bool], players: int) -> TrichetState:
    if "size" in options and "num_tiles" in options and options["size"] != options["num_tiles"]:
        raise OptionError("-size and -num_tiles are the same option: give one of them")
    size = options.get("size", options.get("num_tiles", DEFAULT_SIZE))
    win_size = options.get("win_size", DEFAULT_WIN_SIZE)
    if not isinstance(size, int) or isinstance(size, bool) or not MIN_SIZE <= size <= MAX_SIZE:
        raise OptionError(f"-size={size} is out of range ({MIN_SIZE} to {MAX_SIZE}): the pool "
                          "holds the two opening tiles and at least one to play")
    if not isinstance(win_size, int) or isinstance(win_size, bool) or \
            not 1 <= win_size <= MAX_SIZE:
        raise OptionError(f"-win_size={win_size} is out of range (1 to {MAX_SIZE}): a winning "
                          "region has at least one tile")
    return TrichetState(size, win_size, options)


INFO = GameInfo(
    name="trichet",
    title="Trichet",
    min_players=2,
    max_players=2,
    options=(
        OptionSpec("size", "int", "tiles in the pool, the two opening tiles included "
                   "(default 54)", minimum=MIN_SIZE, maximum=MAX_SIZE),
        OptionSpec("num_tiles", "int", "the same as -size", minimum=MIN_SIZE,
                   maximum=MAX_SIZE),
        OptionSpec("win_size", "int", "the fewest tiles a closed region needs to win "
                   "(default 10)", minimum=1, maximum=MAX_SIZE),
    ),
    factory=_new_game,
)
