"""Dragons (pbmserv `dragons`): hexagonal loop tiles, auto moves and the gap duty.

Two players, O and X, share a pool of hexagonal tiles. O's opening tile is placed by the
game at (0, 0); X makes the first recorded move, then the two alternate. A move is an
orientation letter and a place number (`d3`). After the player's tile, every empty place
where exactly one orientation fits is filled automatically (the first such place in reading
order, re-evaluated after each), until none is left or the pool is empty. A place with three
or more closed sides that still admits a tile is a gap, and the next player must fill one.
A loop of one colour through six or more tiles wins; with `-tantrix` dragons are scored
instead. Our reading: docs/rules/common.md ("Coordinates") and docs/rules/dragons.md.

The geometry and the tile facts are in rules/dragons/tiles.py.

The engine is incremental. Every empty place touching a tile carries its key (tiles.py), so
placing a tile only updates the keys of its six neighbours. Each side's loop graph keeps its
biconnected blocks (`LoopBlocks`): a new tile closes a loop exactly when its block holds three
tiles or more, and only when that block could hold a loop longer than the side's longest is
the longest loop through the tile searched, over the blocks through it (every new loop
passes through the newest tile, so older loops never need searching again). With -tantrix
the search is left for later and runs on the 2-core of the table as it was.

Strings for the views: `Outcome.chain` and `move_cells()` name tiles as `"x,y"` (tiles.py's
coordinates), so a view can map them back with `parse_coord`.
"""

from __future__ import annotations

import random
import re
from bisect import insort
from collections.abc import Sequence
from functools import cache
from typing import TYPE_CHECKING

from megalith.rules.contracts import Coord, Dragon, PlacedTile, TileLoop
from megalith.rules.dragons.blocks import LoopBlocks
from megalith.rules.dragons.graphs import find_root, longest_cycle, peel_to_core, reach
from megalith.rules.dragons.threats import moves_that_may_win
from megalith.rules.dragons.tiles import (
    DIRECTION_WORDS,
    DIRECTIONS,
    GAP_KEY,
    OPPOSITE,
    SIDES,
    STEP_X,
    STEP_Y,
    TileSet,
    coord_text,
    neighbour,
    orientation,
    parse_coord,
    reading_key,
    tileset,
)
from megalith.rules.protocol import GameState, MoveError, OptionError, OptionSpec, Outcome
from megalith.rules.registry import GameInfo
from megalith.rules.text import number as ascii_number

if TYPE_CHECKING:
    from typing_extensions import Self  # typing.Self from Python 3.11 on; only mypy reads it

# Seat order: O's opening tile is laid by the game, not a move of the record, so the first
# recorded move is X's and, the turn following from the number of moves as in every pbmserv
# game, the first seat (the first player named) plays X.
TURN_ORDER = ("X", "O")
DEFAULT_TILES = 50
MIN_TILES, MAX_TILES = 6, 120   # 6: the smallest pool that can hold a winning loop
WINNING_LOOP = 6
TANTRIX_LOOP_BUDGET = 300_000   # loop search steps per settling (see longest_loops)
ORIGIN: Coord = (0, 0)
_ONGOING = Outcome()

_Upto = tuple[dict[Coord, int], int] | None
_MOVE = re.compile(r"([a-z])([0-9]+)")
_TYPED = re.compile(r"([a-z]+)([0-9]+)")  # what a player may type: refused with a reason
_RANK_BITS = 10                  # more than enough for a place's rank: under 1024 places
_RANK_MASK = (1 << _RANK_BITS) - 1


# ---- the game ----------------------------------------------------------------------------

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
        self.num_tiles = num_tiles
        self.tantrix = bool(options.get("tantrix"))
        self.cross = bool(options.get("cross"))
        self._set = tileset(self.cross)
        self._tiles: dict[Coord, int] = {}
        self._open: dict[Coord, int] = {}        # empty place touching a tile -> its key
        self._single: set[Coord] = set()         # open places where exactly one tile fits
        self._placed: list[tuple[Coord, int, int, bool]] = []   # (cell, orientation, ply,
        # auto) in the order laid; the PlacedTile objects are made when asked for (a
        # search lays thousands of tiles no one looks at)
        self._placed_tiles: tuple[PlacedTile, ...] = ()
        self._places: list[Coord] = []           # open places where a tile fits, in reading
        # order (kept so as tiles are laid: a key only gains closed sides, so a place that
        # stops fitting never comes back)
        # Loops: per side, the blocks of the graph of tiles joined through that side's loop
        # regions (a new tile closes a loop exactly when its block holds three tiles or
        # more, and no loop through it is longer than that block), and the longest loop
        # found so far.
        self._blocks = (LoopBlocks(), LoopBlocks())
        self._loops: dict[str, tuple[Coord, ...]] = {"O": (), "X": ()}
        # -tantrix leaves the search for later (loops do not decide the game there):
        # (tile, side index, how many tiles were down when it was laid) for each tile that
        # closed a loop, searched when the loops are asked for.
        self._loops_pending: list[tuple[Coord, int, int]] = []
        # -tantrix: union-find over (tile, region index) with (regions, shared edges, open
        # edges) per root, and the best dragon score per side.
        self._parent: dict[tuple[Coord, int], tuple[Coord, int]] = {}
        self._stats: dict[tuple[Coord, int], tuple[int, int, int]] = {}
        self._dragons: dict[str, int] = {"O": 0, "X": 0}
        self._outcome = _ONGOING
        if opening is None:
            opening = [(ORIGIN, "g" if options.get("start_tip") else "a")]
        for coord, letter in opening:
            self._place(coord, self._set.letters.index(letter), 0, False)
        self._after_move()

    @classmethod
    def arranged(cls, tiles: Sequence[tuple[Coord, str]],
                 options: dict[str, int | bool] | None = None) -> DragonsState:
        """A position with `tiles` ((x, y), letter) on the table instead of the opening tile,
        laid in the order given as opening tiles, with no auto moves; X moves next. For
        tests and worked examples: ValueError unless every tile is on a cell, touches an
        earlier one and matches the colours of its neighbours."""
        state = cls(options, opening=[])
        for number, (coord, letter) in enumerate(tiles):
            index = orientation(letter, state.cross)
            where = coord_text(coord)
            if (coord[0] + coord[1]) % 2:
                raise ValueError(f"{where} is not a cell: x + y must be even")
            if coord in state._tiles:
                raise ValueError(f"{where} holds two tiles")
            if number and coord not in state._open:
                raise ValueError(f"{where} does not touch an earlier tile")
            if number and not state._set.fits[state._open[coord]] >> index & 1:
                raise ValueError(f"{letter} at {where} does not match its neighbours")
            state._place(coord, index, 0, False)
        state._after_move()
        return state

    # ---- the TilePosition contract -------------------------------------------------

    def placed(self) -> tuple[PlacedTile, ...]:
        made = self._placed_tiles
        if len(made) < len(self._placed):
            letters = self._set.letters
            made += tuple(PlacedTile(coord, letters[index], ply, auto)
                          for coord, index, ply, auto in self._placed[len(made):])
            self._placed_tiles = made
        return made

    def places(self) -> tuple[Coord, ...]:
        return tuple(self._places)

    def required_places(self) -> frozenset[Coord]:
        if self._outcome.over:
            return frozenset()
        return frozenset(self.gap_places())

    def gap_places(self) -> tuple[Coord, ...]:
        """The numbered places with three or more closed sides, in reading order: while any
        exists (and the game goes on), the player to move must play at one of them."""
        opened = self._open
        return tuple(c for c in self._places if GAP_KEY[opened[c]])

    def fitting(self, coord: Coord) -> tuple[str, ...]:
        if self.refusal(coord):
            return ()
        return self._set.fit_letters[self._set.fits[self._open[coord]]]

    def refusal(self, coord: Coord) -> str:
        if self._outcome.over:
            return "the game is over"
        if coord in self._tiles:
            return "a tile is already there"
        key = self._open.get(coord)
        if key is None:
            return "a tile must touch a tile already on the table"
        if not self._set.fits[key]:
            return self._no_fit_reason(key)
        gaps = self.gap_places()
        if gaps and coord not in gaps:
            return self._gap_reason(gaps)
        return ""

    def move_text(self, letter: str, coord: Coord) -> str:
        places = self.places()
        if coord not in places:
            raise ValueError(f"{coord_text(coord)} is not a numbered place")
        orientation(letter, self.cross)
        return f"{letter}{places.index(coord) + 1}"

    @property
    def pool_left(self) -> int:
        return self.num_tiles - len(self._tiles)

    def move_cells(self, move: str) -> tuple[str, ...]:
        """The place a move names, as `"x,y"` (read on the position the move is played in);
        () for a pass, a resignation or text that names no place."""
        found = _MOVE.fullmatch(move.strip().lower())
        if found is None:
            return ()
        number = _number(found.group(2))
        places = self._places
        return (coord_text(places[number - 1]),) if 1 <= number <= len(places) else ()

    def move_place(self, move: str) -> Coord | None:
        cells = self.move_cells(move)
        return parse_coord(cells[0]) if cells else None

    def move_key(self, move: str) -> str:
        """The orientation and the place's coordinates (`"d@3,-1"`): place numbers change
        from position to position."""
        if "a" <= move[:1] <= "z":   # the search's canonical moves: no pattern to match
            number = _number(move[1:])
            if 1 <= number <= len(self._places):
                x, y = self._places[number - 1]
                return f"{move[0]}@{x},{y}"
        cells = self.move_cells(move)
        return f"{move[0]}@{cells[0]}" if cells else move

    # ---- more for the views --------------------------------------------------------

    def tile_at(self, coord: Coord) -> str | None:
        """The orientation letter of the tile at `coord`, None for an empty cell."""
        index = self._tiles.get(coord)
        return None if index is None else self._set.letters[index]

    def matching(self, coord: Coord) -> tuple[str, ...]:
        """The orientations whose edges match every tile around an empty place, whatever the
        gap duty or the end of the game says (`fitting` gives the legal ones); () for a cell
        that touches no tile or holds one."""
        key = self._open.get(coord)
        return () if key is None else self._set.fit_letters[self._set.fits[key]]

    def tiles_of_move(self, ply: int) -> tuple[PlacedTile, ...]:
        """The tiles record move `ply` (from 1) placed, its own first, then its auto tiles."""
        return tuple(t for t in self.placed() if t.ply == ply)

    def longest_loops(self) -> dict[str, int]:
        """Each side's longest loop, in tiles (0 without a loop). With -tantrix a very
        crowded table may make the search stop at its budget: the loop reported is then
        the longest found, not necessarily the longest there is (see docs/rules/dragons.md)."""
        self._settle_loops()
        return {side: len(self._loops[side]) for side in SIDES}

    def loop_tiles(self, side: str) -> tuple[Coord, ...]:
        """The tiles of `side`'s longest loop in the order the loop runs through them."""
        self._settle_loops()
        return self._loops[side]

    def dragon_scores(self) -> dict[str, int]:
        """-tantrix: each side's best dragon (holes, doubled when closed); zeros otherwise."""
        return dict(self._dragons)

    def loops(self) -> tuple[TileLoop, ...]:
        """Each side's longest loop (the LoopTilePosition contract), O first."""
        return tuple(TileLoop(side, self.loop_tiles(side)) for side in SIDES
                     if self.loop_tiles(side))

    def dragons(self) -> tuple[Dragon, ...]:
        """Every dragon with a hole (the LoopTilePosition contract), counted afresh from
        the tiles: O's first, each side's in reading order of their first tile."""
        return find_dragons(self._tiles, self._set)

    # ---- the protocol --------------------------------------------------------------

    def _board_moves(self) -> list[str]:
        if self._outcome.over:
            return []
        fits, fit_letters, opened = self._set.fits, self._set.fit_letters, self._open
        gaps = set(self.gap_places())
        moves: list[str] = []
        for number, coord in enumerate(self._places, 1):
            if gaps and coord not in gaps:
                continue
            tail = str(number)
            moves.extend(letter + tail for letter in fit_letters[fits[opened[coord]]])
        return moves

    def board_moves_exist(self) -> bool:
        return not self._outcome.over and bool(self._places)

    def _play_board_move(self, text: str) -> str:
        found = _TYPED.fullmatch(text)
        if found is None:
            raise MoveError(text, "a move is an orientation letter and a place number, "
                                  "such as d3")
        letter, digits = found.group(1), found.group(2)
        if len(letter) > 1:
            raise MoveError(text, f"a move places one tile: {letter} is {len(letter)} "
                                  "letters; write one orientation letter and a place "
                                  "number, such as d3")
        number = _number(digits)
        index = self._set.letters.find(letter)
        if index < 0:
            tiles = "-cross tiles" if self.cross else "tiles"
            raise MoveError(text, f"there is no orientation {letter}: the {tiles} are "
                                  f"a to {self._set.letters[-1]}")
        places = self._places
        if not 1 <= number <= len(places):
            shown = digits if number < 0 else str(number)
            raise MoveError(text, f"there is no place {shown}: the places are numbered "
                                  f"1 to {len(places)}")
        coord = places[number - 1]
        opened = self._open
        if not GAP_KEY[opened[coord]] and any(map(GAP_KEY.__getitem__,
                                                   map(opened.__getitem__, places))):
            raise MoveError(text, self._gap_reason(self.gap_places()))
        if not self._set.fits[self._open[coord]] >> index & 1:
            raise MoveError(text, self._mismatch(index, coord, number))
        self._lay(coord, index)
        return f"{letter}{number}"

    def run_playout(self, rng: random.Random, plies: int, trail: list[tuple[int, str]]) -> None:
        """`GameState.run_playout` without reading move text: each move is drawn with one
        `rng.random()` from the legal moves in `legal_moves`' order (as `random_move` does),
        keyed as `move_key` names it and laid as `_play_board_move` lays it, so the moves,
        the trail and the position come out the same. Dragons has no pass to draw here: a
        game that goes on has a place to play."""
        if self.to_move is None:
            return
        moves, opened, seats = self.moves, self._open, len(self.turn_order)
        persons = [self.person_of_seat(seat) for seat in range(seats)]
        key_codes, letters = _key_codes(self.cross), self._set.letters
        for _ in range(plies):
            if self._outcome.over:
                return
            places = self._places
            keys = [opened[cell] for cell in places]
            by_text = _text_order(len(places))
            allowed = ([j for j in by_text if GAP_KEY[keys[j]]]
                       if any(map(GAP_KEY.__getitem__, keys)) else by_text)
            # legal_moves sorts "letter + number" as text: by letter, then number as text
            choices = [code | rank for rank, j in enumerate(allowed)
                       for code in key_codes[keys[j]]]
            choices.sort()
            choice = choices[int(rng.random() * len(choices))]
            index, j = choice >> _RANK_BITS, allowed[choice & _RANK_MASK]
            letter, coord = letters[index], places[j]
            trail.append((persons[len(moves) % seats], f"{letter}@{coord[0]},{coord[1]}"))
            self._lay(coord, index)
            moves.append(f"{letter}{j + 1}")
            self.passes_in_row = 0

    def moves_that_may_win(self, moves: list[str]) -> list[str]:
        """The moves that may close a winning loop (or, with -tantrix, end the game), worked
        out from the keys and the loop components without playing them: see
        `dragons_threats` for why every winning move is kept."""
        return moves_that_may_win(self, moves, WINNING_LOOP)

    def copy(self) -> Self:
        """The protocol's copy, written out (a search makes one for every iteration and
        every trial move; the generic loop over the fields cost more than the copying):
        every container copied one level deep, the loop blocks deeper, the rest shared."""
        clone = object.__new__(type(self))
        fields = clone.__dict__
        fields.update(self.__dict__)
        fields["options"] = dict(self.options)
        fields["moves"] = list(self.moves)
        fields["resigned"] = set(self.resigned)
        fields["_tiles"] = dict(self._tiles)
        fields["_open"] = dict(self._open)
        fields["_single"] = set(self._single)
        fields["_placed"] = list(self._placed)
        fields["_places"] = list(self._places)
        fields["_blocks"] = (self._blocks[0].copy(), self._blocks[1].copy())
        fields["_loops"] = dict(self._loops)
        fields["_loops_pending"] = list(self._loops_pending)
        fields["_parent"] = dict(self._parent)
        fields["_stats"] = dict(self._stats)
        fields["_dragons"] = dict(self._dragons)
        return clone

    def _board_outcome(self) -> Outcome:
        return self._outcome

    def _board_over(self) -> bool:
        return self._outcome.over

    def _scores(self) -> dict[str, int] | None:
        return dict(self._dragons) if self.tantrix else None

    # ---- placing tiles -------------------------------------------------------------

    def _lay(self, coord: Coord, index: int) -> None:
        """The player's tile of the next record move, then its auto tiles, then the win
        test."""
        ply = len(self.moves) + 1
        self._place(coord, index, ply, False)
        self._auto_moves(ply)
        self._after_move()

    def _place(self, coord: Coord, index: int, ply: int, auto: bool) -> None:
        """Put orientation `index` at `coord` and update the keys of its empty neighbours."""
        tiles, opened, single, places, ts = (self._tiles, self._open, self._single,
                                             self._places, self._set)
        fits, lone_fit, loop_masks = ts.fits, ts.lone_fit, ts.loop_masks
        links: tuple[list[Coord], list[Coord]] = ([], [])   # per side, as _loop_neighbours
        tiles[coord] = index
        key = opened.pop(coord, None)
        if key is not None and fits[key]:
            places.remove(coord)
        single.discard(coord)
        x, y = coord
        for dx, dy, bits, s, back in ts.key_steps[index]:
            cell = (x + dx, y + dy)
            other = tiles.get(cell)
            if other is not None:
                if s >= 0 and loop_masks[other][s] & back:
                    links[s].append(cell)
                continue
            old = opened.get(cell)
            if old is None:   # a new place: one closed side, where several tiles fit
                opened[cell] = bits
                insort(places, cell, key=reading_key)
            else:
                key = opened[cell] = old | bits
                if lone_fit[key]:
                    single.add(cell)
                elif lone_fit[old]:
                    single.discard(cell)
                if fits[old] and not fits[key]:
                    places.remove(cell)
        self._placed.append((coord, index, ply, auto))
        if links[0] or links[1]:
            self._find_loops(coord, links)
        if self.tantrix:
            self._join_regions(coord, index)

    def _auto_moves(self, ply: int) -> None:
        """Fill every place where exactly one orientation fits, the first in reading order
        each time, until none is left or the pool is empty."""
        single, opened, fits = self._single, self._open, self._set.fits
        while single and len(self._tiles) < self.num_tiles:
            coord = min(single, key=reading_key)
            self._place(coord, fits[opened[coord]].bit_length() - 1, ply, True)

    def _after_move(self) -> None:
        """The win test, once all auto moves are made."""
        self._outcome = self._decide()

    # ---- the result ----------------------------------------------------------------

    def _decide(self) -> Outcome:
        if self.tantrix:
            return self._decide_tantrix()
        loops = self._loops
        if (len(loops["O"]) < WINNING_LOOP and len(loops["X"]) < WINNING_LOOP
                and self.pool_left > 0 and self._places):
            return _ONGOING   # the usual answer, without building the sentences below
        lengths = {side: len(self._loops[side]) for side in SIDES}
        winners = [side for side in SIDES if lengths[side] >= WINNING_LOOP]
        if winners:
            if len(winners) == 2 and lengths["O"] == lengths["X"]:
                return Outcome("draw", None, None, reason=(
                    f"both players closed a loop of {lengths['O']} tiles"
                    f" ({self.pool_left} left in the pool)"))
            winner = max(winners, key=lambda side: lengths[side])
            other = SIDES[1 - SIDES.index(winner)]
            return Outcome("win", winner, None, reason=(
                f"{winner} closed a loop of {lengths[winner]} tiles ({other}'s longest loop: "
                f"{lengths[other]}; {self.pool_left} left in the pool)"),
                chain=tuple(coord_text(c) for c in self._loops[winner]))
        if self.pool_left <= 0:
            return Outcome("draw", None, None, reason=(
                f"the pool is empty and no loop of {WINNING_LOOP} was closed "
                f"(longest loops: O {lengths['O']}, X {lengths['X']})"))
        return Outcome("draw", None, None, reason="there is nowhere left to play")

    def _decide_tantrix(self) -> Outcome:
        scores = dict(self._dragons)
        if self.pool_left > 0 and self._places:
            return Outcome("ongoing", None, scores)
        end = "the pool is empty" if self.pool_left <= 0 else "there is nowhere left to play"
        lengths = self.longest_loops()
        loops = f"longest loops: O {lengths['O']}, X {lengths['X']}"
        if scores["O"] == scores["X"]:
            return Outcome("draw", None, scores, reason=(
                f"{end} and both best dragons score {scores['O']} ({loops})"))
        winner = "O" if scores["O"] > scores["X"] else "X"
        other = SIDES[1 - SIDES.index(winner)]
        return Outcome("win", winner, scores, reason=(
            f"{end}: {winner}'s best dragon scores {scores[winner]} against "
            f"{scores[other]} ({loops})"),
            chain=tuple(coord_text(c) for c in self._loops[winner]))

    # ---- loops ---------------------------------------------------------------------

    def _find_loops(self, coord: Coord, links: Sequence[list[Coord]]) -> None:
        """After a tile is laid, with its `links` per side (as `_loop_neighbours` lists
        them): for each side, whether it closes a loop (its block holds three tiles or
        more); all new loops pass through this tile, so the longest of them is searched
        from it, unless the block is too small for one to beat the side's longest so far.

        The search runs on the blocks through the tile that are big enough: every simple
        cycle through the tile lies in one block, so `longest_cycle` follows the same
        paths back to the tile in the same order as on the whole 2-core
        (`_longest_loop_through`), without the paths that wander off where no cycle comes
        back, and finds the same loop whenever that one is long enough to count."""
        for s, side_links in enumerate(links):
            if not side_links:
                continue
            block = self._blocks[s].add(coord, side_links, self._loop_neighbours, s)
            if block < 3:
                continue
            if self.tantrix:
                self._loops_pending.append((coord, s, len(self._tiles)))
                continue
            side = SIDES[s]
            if block <= len(self._loops[side]):
                continue
            if block == 3:   # the side's first loop, round a corner: nothing to search
                self._loops[side] = self._triangle(coord, s, side_links)
                continue
            blocks = self._blocks[s].block_graph(coord, len(self._loops[side]),
                                                 self._loop_neighbours, s)
            loop, _ = longest_cycle(blocks, coord, None)
            if len(loop) > len(self._loops[side]):
                self._loops[side] = loop

    def _triangle(self, coord: Coord, s: int, links: list[Coord]) -> tuple[Coord, ...]:
        """The loop of the block of three tiles through `coord`, as `longest_cycle` finds
        it: the tile, then its two links in the block in `links` order (the first is
        followed first, then the third tile, and the loop is closed). Those two are the
        links joined to each other (two such pairs would make a block of four)."""
        if len(links) == 3:
            first, second, third = links
            joined = self._loop_neighbours(first, s)
            if second in joined:
                return (coord, first, second)
            if third in joined:
                return (coord, first, third)
            return (coord, second, third)
        return (coord, *links)

    def _settle_loops(self) -> None:
        """-tantrix: search the loops closed since the last call, each in the table as it
        was when its tile was laid (so each loop is found once, from its newest tile)."""
        if not self._loops_pending:
            return
        order = {tile[0]: i for i, tile in enumerate(self._placed)}
        budget = TANTRIX_LOOP_BUDGET
        for coord, s, count in self._loops_pending:
            loop, steps = self._longest_loop_through(coord, s, (order, count), max(budget, 1))
            budget -= steps
            if len(loop) > len(self._loops[SIDES[s]]):
                self._loops[SIDES[s]] = loop
        self._loops_pending = []

    def _loop_neighbours(self, coord: Coord, s: int, upto: _Upto = None) -> list[Coord]:
        """The tiles joined to `coord`'s loop region of side `s` through shared edges (with
        `upto` = (placing order, n): only among the first n tiles laid)."""
        tiles, loop_masks = self._tiles, self._set.loop_masks
        x, y = coord
        result = []
        for dx, dy, back in self._set.loop_steps[tiles[coord]][s]:
            cell = (x + dx, y + dy)
            index = tiles.get(cell)
            if index is not None and loop_masks[index][s] & back and (
                    upto is None or upto[0][cell] < upto[1]):
                result.append(cell)
        return result

    def _longest_loop_through(self, start: Coord, s: int, upto: _Upto,
                              budget: int | None = None) -> tuple[tuple[Coord, ...], int]:
        """The longest simple cycle of side `s` through `start` (among the tiles `upto`
        allows), as its
        tiles in order; () when there is none. Dead branches are peeled off first (the
        2-core of start's component), then every simple path from start is followed. Also
        returns the number of search steps taken."""
        graph = reach(start, lambda cell: self._loop_neighbours(cell, s, upto))
        weights = dict.fromkeys(graph, 0)
        weights[start] = 1
        degree = peel_to_core(graph, weights, 1)
        if degree is None:   # start was peeled off: no cycle passes through it
            return (), 0
        core = {cell: [o for o in links if degree[o] >= 2]
                for cell, links in graph.items() if degree[cell] >= 2}
        return longest_cycle(core, start, budget)

    # ---- -tantrix dragons ------------------------------------------------------------

    def _join_regions(self, coord: Coord, index: int) -> None:
        """Add the new tile's regions to the dragons: each region is a node; a shared edge
        joins two nodes. A dragon's holes are its shared edges - its regions + 1."""
        tiles, ts, stats, parent = self._tiles, self._set, self._stats, self._parent
        tile_regions = ts.regions[index]
        x, y = coord
        for r, region in enumerate(tile_regions):
            node = (coord, r)
            parent[node] = node
            open_edges = sum(1 for d in region.edges if (x + STEP_X[d], y + STEP_Y[d]) not in tiles)
            stats[node] = (1, 0, open_edges)
        for d in range(6):
            cell = (x + STEP_X[d], y + STEP_Y[d])
            other_index = tiles.get(cell)
            if other_index is None:
                continue
            other = find_root(parent, (cell, ts.region_of[other_index][OPPOSITE[d]]))
            regions_, shared, open_edges = stats[other]
            stats[other] = (regions_, shared, open_edges - 1)   # that edge is closed now
            mine = find_root(parent, (coord, ts.region_of[index][d]))
            if mine != other:
                a, b = stats.pop(other), stats[mine]
                parent[other] = mine
                stats[mine] = (a[0] + b[0], a[1] + b[1], a[2] + b[2])
            regions_, shared, open_edges = stats[mine]
            stats[mine] = (regions_, shared + 1, open_edges)
        for r, region in enumerate(tile_regions):
            regions_, shared, open_edges = stats[find_root(parent, (coord, r))]
            score = (shared - regions_ + 1) * (2 if open_edges == 0 else 1)
            if score > self._dragons[region.colour]:
                self._dragons[region.colour] = score

    # ---- words ---------------------------------------------------------------------

    def _gap_reason(self, gaps: tuple[Coord, ...]) -> str:
        places = self.places()
        numbers = [str(places.index(c) + 1) for c in gaps]
        where = (f"place {numbers[0]}" if len(numbers) == 1 else
                 "one of places " + ", ".join(numbers[:-1]) + f" or {numbers[-1]}")
        return f"a gap must be filled first: play at {where}"

    def _mismatch(self, index: int, coord: Coord, number: int) -> str:
        """Which edges of the tile would meet an edge of another colour, and whose."""
        key, o_mask = self._open[coord], self._set.o_masks[index]
        parts = []
        for d in range(6):
            if key >> (d + 6) & 1 and (key ^ o_mask) >> d & 1:
                mine = "O" if o_mask >> d & 1 else "X"
                theirs = "O" if key >> d & 1 else "X"
                parts.append(f"its {DIRECTIONS[d]} edge is {mine} but the tile to the "
                             f"{DIRECTION_WORDS[d]} shows {theirs} on its "
                             f"{DIRECTIONS[OPPOSITE[d]]} edge")
        return (f"tile {self._set.letters[index]} does not fit at place {number}: "
                + "; ".join(parts))

    def _no_fit_reason(self, key: int) -> str:
        closed = key >> 6
        for d in range(3):
            if closed >> d & 1 and closed >> (d + 3) & 1 and \
                    (key >> d & 1) == (key >> (d + 3) & 1):
                colour = "O" if key >> d & 1 else "X"
                return (f"no tile fits here: the tiles to the {DIRECTION_WORDS[d]} and to the "
                        f"{DIRECTION_WORDS[d + 3]} both show {colour}, and opposite edges "
                        "of a tile always differ")
        sides = ", ".join(f"{DIRECTIONS[d]} {'O' if key >> d & 1 else 'X'}"
                          for d in range(6) if closed >> d & 1)
        return f"no tile fits here: no orientation matches the edges around it ({sides})"

    # ---- text ----------------------------------------------------------------------

    def render(self) -> str:
        """The table as text, in the spirit of the help page's hexagons: each tile drawn
        with its edge colours (`o`, `x`) and its letter in the middle, each numbered place
        as its number (in brackets when it is a gap the player to move must fill), then the
        pool, with -tantrix the best dragons, and when it applies the gap duty."""
        return "\n".join(render_lines(self))


# ---- the text drawing --------------------------------------------------------------------

_COL_STEP, _ROW_STEP = 7, 2   # characters per column, lines per half-row
_CORNERS = ".`'"


def _tile_picture(o_mask: int, letter: str) -> list[tuple[int, int, str]]:
    """A tile's characters as (line offset, column offset, text), from its centre."""
    c = ["o" if o_mask >> d & 1 else "x" for d in range(6)]
    n, ne, se, s, sw, nw = c
    west = nw if nw == sw else " "
    east = ne if ne == se else " "
    return [(-2, -2, f".-{n}-."),
            (-1, -3, nw * 3 + (nw if nw == ne else " ") + ne * 3),
            (0, -4, f"( {west} {letter} {east} )"),
            (1, -3, sw * 3 + (sw if sw == se else " ") + se * 3),
            (2, -2, f"`-{s}-'")]


def render_lines(state: DragonsState) -> list[str]:
    """The lines of `DragonsState.render`."""
    tiles = {t.coord: t.letter for t in state.placed()}
    places = state.places()
    gaps = set(state.required_places())
    cells = list(tiles) + list(places)
    min_x = min(c[0] for c in cells)
    min_y = min(c[1] for c in cells)
    max_x = max(c[0] for c in cells)
    max_y = max(c[1] for c in cells)
    width = _COL_STEP * (max_x - min_x) + 9
    grid = [[" "] * width for _ in range(_ROW_STEP * (max_y - min_y) + 5)]

    def put(line: int, column: int, text: str) -> None:
        for i, char in enumerate(text):
            here = grid[line][column + i]
            if char in _CORNERS and here in _CORNERS and here != " ":
                char = "+"          # two tiles' corners meet where they share an edge
            if char != " " or here == " ":
                grid[line][column + i] = char

    ts = state._set
    for coord in sorted(tiles, key=reading_key):
        centre_line = _ROW_STEP * (coord[1] - min_y) + 2
        centre_col = _COL_STEP * (coord[0] - min_x) + 4
        picture = _tile_picture(ts.o_masks[ts.letters.index(tiles[coord])], tiles[coord])
        for dl, dc, text in picture:
            put(centre_line + dl, centre_col + dc, text)
    for number, coord in enumerate(places, 1):
        label = f"[{number}]" if coord in gaps else str(number)
        centre_line = _ROW_STEP * (coord[1] - min_y) + 2
        centre_col = _COL_STEP * (coord[0] - min_x) + 4
        put(centre_line, centre_col - (len(label) - 1) // 2, label)
    lines = ["".join(row).rstrip() for row in grid]
    while lines and not lines[-1]:
        lines.pop()
    while not lines[0]:
        del lines[0]
    lines.append("")
    lines.append(f"pool: {state.pool_left} of {state.num_tiles} tiles left")
    if state.tantrix:
        scores = state.dragon_scores()
        lines.append(f"best dragons: O {scores['O']}, X {scores['X']}")
    if gaps:
        numbers = sorted(places.index(c) + 1 for c in gaps)
        lines.append("gap: play at " + ", ".join(map(str, numbers)))
    return lines


def find_dragons(tiles: dict[Coord, int], ts: TileSet) -> tuple[Dragon, ...]:
    """The dragons with at least one hole among `tiles` (cell -> orientation index): each
    tile region is a node, and a shared edge joins the two regions that meet there."""
    parent: dict[tuple[Coord, int], tuple[Coord, int]] = {}

    shared: list[tuple[Coord, int]] = []   # one node of each shared edge
    opened: list[tuple[tuple[Coord, int], Coord]] = []   # (node, the empty cell it faces)
    for coord, index in tiles.items():
        for r in range(len(ts.regions[index])):
            parent[(coord, r)] = (coord, r)
    for coord, index in tiles.items():
        for d in range(6):
            node = (coord, ts.region_of[index][d])
            cell = neighbour(coord, d)
            other = tiles.get(cell)
            if other is None:
                opened.append((node, cell))
            elif d < 3:  # each shared edge once, from the tile on its north side
                shared.append(node)
                a = find_root(parent, node)
                b = find_root(parent, (cell, ts.region_of[other][OPPOSITE[d]]))
                if a != b:
                    parent[b] = a
    members: dict[tuple[Coord, int], list[tuple[Coord, int]]] = {}
    for node in parent:
        members.setdefault(find_root(parent, node), []).append(node)
    edges: dict[tuple[Coord, int], int] = {}
    for node in shared:
        root = find_root(parent, node)
        edges[root] = edges.get(root, 0) + 1
    faces: dict[tuple[Coord, int], set[Coord]] = {}
    for node, cell in opened:
        faces.setdefault(find_root(parent, node), set()).add(cell)
    found = []
    for root, nodes in members.items():
        holes = edges.get(root, 0) - len(nodes) + 1
        if holes < 1:
            continue
        colour = ts.regions[tiles[root[0]]][root[1]].colour
        found.append(Dragon(colour, tuple(sorted({c for c, _ in nodes}, key=reading_key)), holes,
                            tuple(sorted(faces.get(root, ()), key=reading_key))))
    found.sort(key=lambda dragon: (SIDES.index(dragon.colour), reading_key(dragon.tiles[0])))
    return tuple(found)


@cache
def _key_codes(cross: bool) -> tuple[tuple[int, ...], ...]:
    """Place key -> the orientations that fit, each shifted to sort a playout's choices
    by orientation first (the place's rank goes in the low bits)."""
    return tuple(tuple(index << _RANK_BITS for index in fitting)
                 for fitting in tileset(cross).key_fits)


@cache
def _text_order(count: int) -> tuple[int, ...]:
    """The indices of `count` places as their numbers (from 1) sort as text: 1, 10, 11, .. 2."""
    return tuple(sorted(range(count), key=lambda j: str(j + 1)))


def _number(digits: str) -> int:
    """A place number's value; -1 for one too long to be any place (and to convert)."""
    value = ascii_number(digits)
    return -1 if value is None else value


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
