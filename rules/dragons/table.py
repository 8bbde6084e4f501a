"""Dragons' rules of play on the table (as game.py tells them): laying tiles, the auto
tiles, the loops and the outcome.

The table is incremental. Every empty place touching a tile carries its key (rules/dragons/
tiles.py), so placing a tile only updates the keys of its six neighbours. Each side's loop
graph keeps its biconnected blocks (`LoopBlocks`): a new tile closes a loop exactly when its
block holds three tiles or more, and only when that block could hold a loop longer than the
side's longest is the longest loop through the tile searched, over the blocks through it
(every new loop passes through the newest tile, so older loops never need searching again).
With -tantrix the search is left for later and runs on the 2-core of the table as it was.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Sequence

from megalith.rules.contracts import Coord
from megalith.rules.dragons.blocks import LoopBlocks
from megalith.rules.dragons.graphs import longest_cycle, peel_to_core, reach
from megalith.rules.dragons.tantrix import DragonScores
from megalith.rules.dragons.tiles import GAP_KEY, SIDES, coord_text, reading_key, tileset
from megalith.rules.protocol import Outcome

WINNING_LOOP = 6
TANTRIX_LOOP_BUDGET = 300_000   # loop search steps per settling (see `settle_loops`)
ONGOING = Outcome()

Upto = tuple[dict[Coord, int], int] | None   # (placing order, n): the first n tiles laid


class Table:
    """The tiles on the table, the empty places around them, the loops and the outcome."""

    def __init__(self, num_tiles: int, tantrix: bool, cross: bool) -> None:
        self.num_tiles = num_tiles
        self.tantrix = tantrix
        self.cross = cross
        self.tile_set = tileset(cross)
        self.tiles: dict[Coord, int] = {}        # tile -> its orientation index
        self.keys: dict[Coord, int] = {}         # empty place touching a tile -> its key
        self.single: set[Coord] = set()          # places where exactly one tile fits
        self.laid: list[tuple[Coord, int, int, bool]] = []   # (cell, orientation, ply, auto)
        # in the order laid
        self.places: list[Coord] = []            # places where a tile fits, in reading
        # order (kept so as tiles are laid: a key only gains closed sides, so a place that
        # stops fitting never comes back)
        # Loops: per side, the blocks of the graph of tiles joined through that side's loop
        # regions (a new tile closes a loop exactly when its block holds three tiles or
        # more, and no loop through it is longer than that block), and the longest loop
        # found so far.
        self.blocks = (LoopBlocks(), LoopBlocks())
        self.loops: dict[str, tuple[Coord, ...]] = {"O": (), "X": ()}
        # -tantrix leaves the search for later (loops do not decide the game there):
        # (tile, side index, how many tiles were down when it was laid) for each tile that
        # closed a loop, searched when the loops are asked for.
        self.loops_pending: list[tuple[Coord, int, int]] = []
        self.dragons = DragonScores() if tantrix else None   # scored with -tantrix only
        self.outcome = ONGOING

    def copy(self) -> Table:
        """Every container copied one level deep, the loop blocks and dragons deeper, the
        rest shared (a search copies the table for every iteration and every trial move: the
        generic loop over the fields cost more than the copying)."""
        clone = object.__new__(Table)
        fields = clone.__dict__
        fields.update(self.__dict__)
        fields["tiles"] = dict(self.tiles)
        fields["keys"] = dict(self.keys)
        fields["single"] = set(self.single)
        fields["laid"] = list(self.laid)
        fields["places"] = list(self.places)
        fields["blocks"] = (self.blocks[0].copy(), self.blocks[1].copy())
        fields["loops"] = dict(self.loops)
        fields["loops_pending"] = list(self.loops_pending)
        if self.dragons is not None:
            fields["dragons"] = self.dragons.copy()
        return clone

    @property
    def pool_left(self) -> int:
        return self.num_tiles - len(self.tiles)

    def gap_places(self) -> tuple[Coord, ...]:
        """The places with three or more closed sides, in reading order."""
        keys = self.keys
        return tuple(c for c in self.places if GAP_KEY[keys[c]])

    def dragon_scores(self) -> dict[str, int]:
        """-tantrix: each side's best dragon (holes, doubled when closed); zeros otherwise."""
        return {"O": 0, "X": 0} if self.dragons is None else dict(self.dragons.best)

    # ---- placing tiles -------------------------------------------------------------

    def lay(self, coord: Coord, index: int, ply: int) -> None:
        """The player's tile of record move `ply`, then its auto tiles, then the outcome."""
        self.place(coord, index, ply, False)
        self.auto_moves(ply)
        self.decide()

    def place(self, coord: Coord, index: int, ply: int, auto: bool) -> None:
        """Put orientation `index` at `coord` and update the keys of its empty neighbours."""
        tiles, keys, single, places, ts = (self.tiles, self.keys, self.single, self.places,
                                           self.tile_set)
        fits, lone_fit, loop_masks = ts.fits, ts.lone_fit, ts.loop_masks
        links: tuple[list[Coord], list[Coord]] = ([], [])   # per side, as loop_neighbours
        tiles[coord] = index
        key = keys.pop(coord, None)
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
            old = keys.get(cell)
            if old is None:   # a new place: one closed side, where several tiles fit
                keys[cell] = bits
                insort(places, cell, key=reading_key)
            else:
                key = keys[cell] = old | bits
                if lone_fit[key]:
                    single.add(cell)
                elif lone_fit[old]:
                    single.discard(cell)
                if fits[old] and not fits[key]:
                    places.remove(cell)
        self.laid.append((coord, index, ply, auto))
        if links[0] or links[1]:
            self._find_loops(coord, links)
        if self.dragons is not None:
            self.dragons.add(tiles, ts, coord, index)

    def auto_moves(self, ply: int) -> None:
        """Fill every place where exactly one orientation fits, the first in reading order
        each time, until none is left or the pool is empty."""
        single, keys, fits = self.single, self.keys, self.tile_set.fits
        while single and len(self.tiles) < self.num_tiles:
            coord = min(single, key=reading_key)
            self.place(coord, fits[keys[coord]].bit_length() - 1, ply, True)

    # ---- the result ----------------------------------------------------------------

    def decide(self) -> None:
        """The outcome, once all auto tiles are laid."""
        self.outcome = self._tantrix_outcome() if self.tantrix else self._loop_outcome()

    def _loop_outcome(self) -> Outcome:
        loops, pool_left = self.loops, self.pool_left
        if (len(loops["O"]) < WINNING_LOOP and len(loops["X"]) < WINNING_LOOP
                and pool_left > 0 and self.places):
            return ONGOING   # the usual answer, without building the sentences below
        lengths = {side: len(loops[side]) for side in SIDES}
        winners = [side for side in SIDES if lengths[side] >= WINNING_LOOP]
        if winners:
            if len(winners) == 2 and lengths["O"] == lengths["X"]:
                return Outcome("draw", None, None, reason=(
                    f"both players closed a loop of {lengths['O']} tiles"
                    f" ({pool_left} left in the pool)"))
            winner = max(winners, key=lambda side: lengths[side])
            other = _other(winner)
            return self._win(winner, None, (
                f"{winner} closed a loop of {lengths[winner]} tiles ({other}'s longest loop: "
                f"{lengths[other]}; {pool_left} left in the pool)"))
        if pool_left <= 0:
            return Outcome("draw", None, None, reason=(
                f"the pool is empty and no loop of {WINNING_LOOP} was closed "
                f"(longest loops: O {lengths['O']}, X {lengths['X']})"))
        return Outcome("draw", None, None, reason="there is nowhere left to play")

    def _tantrix_outcome(self) -> Outcome:
        scores = self.dragon_scores()
        if self.pool_left > 0 and self.places:
            return Outcome("ongoing", None, scores)
        end = "the pool is empty" if self.pool_left <= 0 else "there is nowhere left to play"
        lengths = self.longest_loops()
        loops = f"longest loops: O {lengths['O']}, X {lengths['X']}"
        if scores["O"] == scores["X"]:
            return Outcome("draw", None, scores, reason=(
                f"{end} and both best dragons score {scores['O']} ({loops})"))
        winner = "O" if scores["O"] > scores["X"] else "X"
        return self._win(winner, scores, (
            f"{end}: {winner}'s best dragon scores {scores[winner]} against "
            f"{scores[_other(winner)]} ({loops})"))

    def _win(self, winner: str, scores: dict[str, int] | None, reason: str) -> Outcome:
        """`winner`'s win, its longest loop the chain the views show."""
        return Outcome("win", winner, scores, reason=reason,
                       chain=tuple(coord_text(c) for c in self.loops[winner]))

    # ---- loops ---------------------------------------------------------------------

    def longest_loops(self) -> dict[str, int]:
        """Each side's longest loop, in tiles (0 without a loop)."""
        self.settle_loops()
        return {side: len(self.loops[side]) for side in SIDES}

    def _find_loops(self, coord: Coord, links: Sequence[list[Coord]]) -> None:
        """After a tile is laid, with its `links` per side (as `loop_neighbours` lists
        them): for each side, whether it closes a loop (its block holds three tiles or
        more); all new loops pass through this tile, so the longest of them is searched
        from it, unless the block is too small for one to beat the side's longest so far.

        The search runs on the blocks through the tile that are big enough: every simple
        cycle through the tile lies in one block, so `longest_cycle` follows the same
        paths back to the tile in the same order as on the whole 2-core
        (`longest_loop_through`), without the paths that wander off where no cycle comes
        back, and finds the same loop whenever that one is long enough to count."""
        for s, side_links in enumerate(links):
            if not side_links:
                continue
            block = self.blocks[s].add(coord, side_links, self.loop_neighbours, s)
            if block < 3:
                continue
            if self.tantrix:
                self.loops_pending.append((coord, s, len(self.tiles)))
                continue
            side = SIDES[s]
            if block <= len(self.loops[side]):
                continue
            if block == 3:   # the side's first loop, round a corner: nothing to search
                self.loops[side] = self._triangle(coord, s, side_links)
                continue
            blocks = self.blocks[s].block_graph(coord, len(self.loops[side]),
                                                self.loop_neighbours, s)
            loop, _ = longest_cycle(blocks, coord, None)
            if len(loop) > len(self.loops[side]):
                self.loops[side] = loop

    def _triangle(self, coord: Coord, s: int, links: list[Coord]) -> tuple[Coord, ...]:
        """The loop of the block of three tiles through `coord`, as `longest_cycle` finds
        it: the tile, then its two links in the block in `links` order (the first is
        followed first, then the third tile, and the loop is closed). Those two are the
        links joined to each other (two such pairs would make a block of four)."""
        if len(links) == 3:
            first, second, third = links
            joined = self.loop_neighbours(first, s)
            if second in joined:
                return (coord, first, second)
            if third in joined:
                return (coord, first, third)
            return (coord, second, third)
        return (coord, *links)

    def settle_loops(self) -> None:
        """-tantrix: search the loops closed since the last call, each in the table as it
        was when its tile was laid (so each loop is found once, from its newest tile). A
        very crowded table may make the search stop at its budget: the loop kept is then
        the longest found, not necessarily the longest there is (see docs/rules/dragons.md)."""
        if not self.loops_pending:
            return
        order = {tile[0]: i for i, tile in enumerate(self.laid)}
        budget = TANTRIX_LOOP_BUDGET
        for coord, s, count in self.loops_pending:
            loop, steps = self.longest_loop_through(coord, s, (order, count), max(budget, 1))
            budget -= steps
            if len(loop) > len(self.loops[SIDES[s]]):
                self.loops[SIDES[s]] = loop
        self.loops_pending = []

    def loop_neighbours(self, coord: Coord, s: int, upto: Upto = None) -> list[Coord]:
        """The tiles joined to `coord`'s loop region of side `s` through shared edges (with
        `upto`: only among the first tiles laid)."""
        tiles, ts = self.tiles, self.tile_set
        loop_masks = ts.loop_masks
        x, y = coord
        result = []
        for dx, dy, back in ts.loop_steps[tiles[coord]][s]:
            cell = (x + dx, y + dy)
            index = tiles.get(cell)
            if index is not None and loop_masks[index][s] & back and (
                    upto is None or upto[0][cell] < upto[1]):
                result.append(cell)
        return result

    def longest_loop_through(self, start: Coord, s: int, upto: Upto,
                             budget: int | None = None) -> tuple[tuple[Coord, ...], int]:
        """The longest simple cycle of side `s` through `start` (among the tiles `upto`
        allows), as its tiles in order; () when there is none. Dead branches are peeled off
        first (the 2-core of start's component), then every simple path from start is
        followed. Also returns the number of search steps taken."""
        graph = reach(start, lambda cell: self.loop_neighbours(cell, s, upto))
        weights = dict.fromkeys(graph, 0)
        weights[start] = 1
        degree = peel_to_core(graph, weights, 1)
        if degree is None:   # start was peeled off: no cycle passes through it
            return (), 0
        core = {cell: [o for o in links if degree[o] >= 2]
                for cell, links in graph.items() if degree[cell] >= 2}
        return longest_cycle(core, start, budget)


def _other(side: str) -> str:
    return SIDES[1 - SIDES.index(side)]
