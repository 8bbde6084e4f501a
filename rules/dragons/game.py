"""Dragons (pbmserv `dragons`): hexagonal loop tiles, auto moves and the gap duty.

Two players, O and X, share a pool of hexagonal tiles. O's opening tile is placed by the
game at (0, 0); X makes the first recorded move, then the two alternate. A move is an
orientation letter and a place number (`d3`). After the player's tile, every empty place
where exactly one orientation fits is filled automatically (the first such place in reading
order, re-evaluated after each), until none is left or the pool is empty. A place with three
or more closed sides that still admits a tile is a gap, and the next player must fill one.
A loop of one colour through six or more tiles wins; with `-tantrix` dragons are scored
instead. Our reading: docs/rules/common.md ("Coordinates") and docs/rules/dragons.md.

This module is the game as the protocol and the views see it. Its parts, in this folder:
tiles.py (the geometry and the tile facts), table.py (the rules of play: laying tiles, the
auto tiles, the loops and the outcome, with blocks.py, tantrix.py and graphs.py under it),
notation.py (the move text), render.py (the table as text), and the search's fast paths,
playout.py (random playouts) and threats.py (the moves that may win at once).

Strings for the views: `Outcome.chain` and `move_cells()` name tiles as `"x,y"` (tiles.py's
coordinates), so a view can map them back with `parse_coord`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from megalith.rules.contracts import Coord, Dragon, PlacedTile, TileLoop
from megalith.rules.dragons import notation
from megalith.rules.dragons.playout import run_playout
from megalith.rules.dragons.render import render_lines
from megalith.rules.dragons.table import WINNING_LOOP, Table
from megalith.rules.dragons.tantrix import find_dragons
from megalith.rules.dragons.threats import moves_that_may_win
from megalith.rules.dragons.tiles import SIDES, coord_text, orientation
from megalith.rules.protocol import GameState, OptionError, OptionSpec, Outcome
from megalith.rules.registry import GameInfo

if TYPE_CHECKING:
    from typing_extensions import Self  # typing.Self from Python 3.11 on; only mypy reads it

# Seat order: O's opening tile is laid by the game, not a move of the record, so the first
# recorded move is X's and, the turn following from the number of moves as in every pbmserv
# game, the first seat (the first player named) plays X.
TURN_ORDER = ("X", "O")
DEFAULT_TILES = 50
MIN_TILES, MAX_TILES = 6, 120   # 6: the smallest pool that can hold a winning loop
ORIGIN: Coord = (0, 0)


class DragonsState(GameState):
    """A game of Dragons. Sides in seat order X, O: X makes the first recorded move (O's
    opening tile is laid by the game).

    Beyond the `TilePosition` contract: `tile_at`, `matching`, `tiles_of_move`,
    `longest_loops`, `loop_tiles`, `dragon_scores`, `gap_places` and `arranged`.
    """

    game = "dragons"
    voluntary_pass = False
    offers_swap = False

    def __init__(self, options: dict[str, int | bool] | None = None,
                 opening: Sequence[tuple[Coord, str]] | None = None) -> None:
        """A new game; `opening` replaces the opening tile with tiles laid as given (see
        `arranged`)."""
        options = dict(options or {})
        super().__init__(options=options, turn_order=TURN_ORDER)
        num_tiles = options.get("num_tiles", DEFAULT_TILES)
        assert isinstance(num_tiles, int)
        self._table = Table(num_tiles, bool(options.get("tantrix")), bool(options.get("cross")))
        # the PlacedTile objects of the tiles laid, made when asked for (a search lays
        # thousands of tiles no one looks at)
        self._placed_tiles: tuple[PlacedTile, ...] = ()
        if opening is None:
            opening = [(ORIGIN, "g" if options.get("start_tip") else "a")]
        for coord, letter in opening:
            self._table.place(coord, self._table.tile_set.letters.index(letter), 0, False)
        self._table.decide()

    @classmethod
    def arranged(cls, tiles: Sequence[tuple[Coord, str]],
                 options: dict[str, int | bool] | None = None) -> DragonsState:
        """A position with `tiles` ((x, y), letter) on the table instead of the opening tile,
        laid in the order given as opening tiles, with no auto moves; X moves next. For
        tests and worked examples: ValueError unless every tile is on a cell, touches an
        earlier one and matches the colours of its neighbours."""
        state = cls(options, opening=[])
        table = state._table
        for number, (coord, letter) in enumerate(tiles):
            index = orientation(letter, table.cross)
            where = coord_text(coord)
            if (coord[0] + coord[1]) % 2:
                raise ValueError(f"{where} is not a cell: x + y must be even")
            if coord in table.tiles:
                raise ValueError(f"{where} holds two tiles")
            if number and coord not in table.keys:
                raise ValueError(f"{where} does not touch an earlier tile")
            if number and not table.tile_set.fits[table.keys[coord]] >> index & 1:
                raise ValueError(f"{letter} at {where} does not match its neighbours")
            table.place(coord, index, 0, False)
        table.decide()
        return state

    @property
    def num_tiles(self) -> int:
        """The pool's tiles at the start, the opening tile included."""
        return self._table.num_tiles

    def longest_game(self) -> int:
        """A move lays at least one tile of the pool less the opening one."""
        return self.num_tiles - 1 + 1

    @property
    def tantrix(self) -> bool:
        return self._table.tantrix

    @property
    def cross(self) -> bool:
        return self._table.cross

    # ---- the TilePosition contract -------------------------------------------------

    def placed(self) -> tuple[PlacedTile, ...]:
        made, laid = self._placed_tiles, self._table.laid
        if len(made) < len(laid):
            letters = self._table.tile_set.letters
            made += tuple(PlacedTile(coord, letters[index], ply, auto)
                          for coord, index, ply, auto in laid[len(made):])
            self._placed_tiles = made
        return made

    def places(self) -> tuple[Coord, ...]:
        return tuple(self._table.places)

    def required_places(self) -> frozenset[Coord]:
        if self._table.outcome.over:
            return frozenset()
        return frozenset(self.gap_places())

    def gap_places(self) -> tuple[Coord, ...]:
        """The numbered places with three or more closed sides, in reading order: while any
        exists (and the game goes on), the player to move must play at one of them."""
        return self._table.gap_places()

    def fitting(self, coord: Coord) -> tuple[str, ...]:
        if self.refusal(coord):
            return ()
        return self.matching(coord)

    def refusal(self, coord: Coord) -> str:
        return notation.refusal(self._table, coord)

    def move_text(self, letter: str, coord: Coord) -> str:
        return notation.move_text(self._table, letter, coord)

    @property
    def pool_left(self) -> int:
        return self._table.pool_left

    def move_cells(self, move: str) -> tuple[str, ...]:
        """The place a move names, as `"x,y"` (read on the position the move is played in);
        () for a pass, a resignation or text that names no place."""
        place = notation.place_named(self._table, move)
        return () if place is None else (coord_text(place),)

    def move_place(self, move: str) -> Coord | None:
        return notation.place_named(self._table, move)

    def move_key(self, move: str) -> str:
        """The orientation and the place's coordinates (`"d@3,-1"`): place numbers change
        from position to position."""
        return notation.move_key(self._table, move)

    # ---- more for the views --------------------------------------------------------

    def tile_at(self, coord: Coord) -> str | None:
        """The orientation letter of the tile at `coord`, None for an empty cell."""
        index = self._table.tiles.get(coord)
        return None if index is None else self._table.tile_set.letters[index]

    def matching(self, coord: Coord) -> tuple[str, ...]:
        """The orientations whose edges match every tile around an empty place, whatever the
        gap duty or the end of the game says (`fitting` gives the legal ones); () for a cell
        that touches no tile or holds one."""
        key = self._table.keys.get(coord)
        ts = self._table.tile_set
        return () if key is None else ts.fit_letters[ts.fits[key]]

    def tiles_of_move(self, ply: int) -> tuple[PlacedTile, ...]:
        """The tiles record move `ply` (from 1) placed, its own first, then its auto tiles."""
        return tuple(t for t in self.placed() if t.ply == ply)

    def longest_loops(self) -> dict[str, int]:
        """Each side's longest loop, in tiles (0 without a loop). With -tantrix a very
        crowded table may make the search stop at its budget: the loop reported is then
        the longest found, not necessarily the longest there is (see docs/rules/dragons.md)."""
        return self._table.longest_loops()

    def loop_tiles(self, side: str) -> tuple[Coord, ...]:
        """The tiles of `side`'s longest loop in the order the loop runs through them."""
        self._table.settle_loops()
        return self._table.loops[side]

    def dragon_scores(self) -> dict[str, int]:
        """-tantrix: each side's best dragon (holes, doubled when closed); zeros otherwise."""
        return self._table.dragon_scores()

    def loops(self) -> tuple[TileLoop, ...]:
        """Each side's longest loop (the LoopTilePosition contract), O first."""
        return tuple(TileLoop(side, self.loop_tiles(side)) for side in SIDES
                     if self.loop_tiles(side))

    def dragons(self) -> tuple[Dragon, ...]:
        """Every dragon with a hole (the LoopTilePosition contract), counted afresh from
        the tiles: O's first, each side's in reading order of their first tile."""
        return find_dragons(self._table.tiles, self._table.tile_set)

    def render(self) -> str:
        """The table as text (see rules/dragons/render.py)."""
        return "\n".join(render_lines(self._table, self.required_places()))

    # ---- the protocol --------------------------------------------------------------

    def _board_moves(self) -> list[str]:
        return notation.board_moves(self._table)

    def board_moves_exist(self) -> bool:
        return not self._table.outcome.over and bool(self._table.places)

    def _play_board_move(self, text: str) -> str:
        coord, index, canonical = notation.read_move(self._table, text)
        self._table.lay(coord, index, len(self.moves) + 1)
        return canonical

    def run_playout(self, rng: random.Random, plies: int, trail: list[tuple[int, str]]) -> None:
        """`GameState.run_playout` without reading move text (rules/dragons/playout.py):
        the moves, the trail and the position come out the same."""
        if self.to_move is None:
            return
        persons = [self.person_of_seat(seat) for seat in range(len(self.turn_order))]
        if run_playout(self._table, rng, plies, self.moves, persons, trail):
            self.passes_in_row = 0

    def moves_that_may_win(self, moves: list[str]) -> list[str]:
        """The moves that may close a winning loop (or, with -tantrix, end the game), worked
        out from the keys and the loop components without playing them: see
        rules/dragons/threats.py for why every winning move is kept."""
        side = self.to_move
        return moves if side is None else moves_that_may_win(self._table, side, moves,
                                                              WINNING_LOOP)

    def copy(self) -> Self:
        """The protocol's copy, written out (a search makes one for every iteration and
        every trial move; the generic loop over the fields cost more than the copying):
        every container copied one level deep, the table as `Table.copy` copies it, the
        rest shared."""
        clone = object.__new__(type(self))
        fields = clone.__dict__
        fields.update(self.__dict__)
        fields["options"] = dict(self.options)
        fields["moves"] = list(self.moves)
        fields["resigned"] = set(self.resigned)
        fields["_table"] = self._table.copy()
        return clone

    def _board_outcome(self) -> Outcome:
        return self._table.outcome

    def _board_over(self) -> bool:
        return self._table.outcome.over

    def _scores(self) -> dict[str, int] | None:
        return self._table.dragon_scores() if self.tantrix else None


def _new_game(options: dict[str, int | bool], players: int) -> DragonsState:
    if options.get("cross") and options.get("tails"):
        raise OptionError("-cross and -tails choose different tile sets: give one of them")
    if options.get("start_tip") and options.get("start_joint"):
        raise OptionError("-start_tip and -start_joint choose different opening tiles: "
                          "give one of them")
    num_tiles = options.get("num_tiles", DEFAULT_TILES)
    if not isinstance(num_tiles, int) or isinstance(num_tiles, bool) or \
            not MIN_TILES <= num_tiles <= MAX_TILES:
        raise OptionError(f"-num_tiles={num_tiles} is out of range: the pool holds "
                          f"{MIN_TILES} to {MAX_TILES} tiles, the opening tile included")
    return DragonsState(options)


INFO = GameInfo(
    name="dragons",
    title="Dragons",
    min_players=2,
    max_players=2,
    options=(
        OptionSpec("num_tiles", "int", "tiles in the pool, the opening tile included "
                   f"(default {DEFAULT_TILES})", minimum=MIN_TILES, maximum=MAX_TILES),
        OptionSpec("tantrix", "flag", "Tantrix scoring: the best dragon when the pool is "
                   "empty wins (holes, doubled when closed)"),
        OptionSpec("cross", "flag", "the new tile set, whose tails are joined (test option)"),
        OptionSpec("tails", "flag", "the old tile set with disjoint tails: the default "
                   "(test option)"),
        OptionSpec("start_tip", "flag", "open with a tails (tip) tile (test option)"),
        OptionSpec("start_joint", "flag", "open with a shoulder (joint) tile: the default "
                   "(test option)"),
    ),
    factory=_new_game,
)
