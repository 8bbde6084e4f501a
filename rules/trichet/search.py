"""The search's fast paths through Trichet: playouts that take a win in one, and the filter of
the moves that may win at once.

Random play almost never closes a region (in 300 random games 8 ended with a win, the rest
with an empty pool), so playouts that only draw tell a search nothing; taking wins in one
made 125 of those 300 games decisive, for about 1.5 times the cost of a ply. A win in one is
looked for only at the places around regions of the mover's colour with at most three empty
triangles left (allowing more found no further win in those games), each move played on
copies of the four tables alone (`_trial`, with the very function `play` places tiles with)
and its regions explored (regions.closes_a_win), as `_decide` would judge it.
"""

from __future__ import annotations

import random
from itertools import chain, compress, islice, repeat
from operator import contains

from megalith.rules.trichet.board import TrichetBoard
from megalith.rules.trichet.cascade import place_with_autos
from megalith.rules.trichet.moves import key, named, text_order
from megalith.rules.trichet.regions import RegionMap, closes_a_win
from megalith.rules.trichet.tiles import LETTERS, OTHER, Code

_FEWEST_CLOSED = 6  # tiles around the smallest closed region: one point, its six triangles


class TrichetSearch(TrichetBoard):
    """The search's overrides of the protocol, on the tables of `TrichetBoard`."""

    def playout_move(self, rng: random.Random) -> str:
        """A move that closes a winning region of the mover's colour when one does, else a
        random move."""
        mover = self.turn_order[len(self.moves) % 2]
        closing = RegionMap(self._tiles.items()).closing_places(mover, self._places,
                                                                self.win_size)
        win = self._win_in_one(mover, closing)
        if win is None:
            return self.random_move(rng)
        letter, tri = win
        return f"{letter}{self._ordered().index(tri) + 1}"

    def run_playout(self, rng: random.Random, plies: int, trail: list[tuple[int, str]]) -> None:
        """GameState.run_playout without move texts: the same moves as `playout_move` (a win
        in one, else `random_move`'s draw, from the same `rng.random()`), the same trail and
        the same position at the end, but chosen as a letter and a place, played without
        parsing, and with one RegionMap kept up to date through the playout rather than one
        made for every move (tests/rules/ai/test_fast_playouts.py holds it to the generic
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
            trail.append((persons[seat], key(letter, tri)))
            touched = self._place_with_autos(tri, letter, len(moves) + 1, regions)
            if regions.closes_a_win(touched, self.win_size) or self.pool_left <= 0 \
                    or not places:
                self._outcome = self._decide(mover, touched)
            moves.append(f"{letter}{index + 1}")
            self.passes_in_row = 0

    def _win_in_one(self, mover: str, closing: list[Code]) -> tuple[str, Code] | None:
        """The first win in one among these places (the closing places, in reading order),
        each fitting letter tried on copies of the tables (`_trial`): a win closes a winning
        region of the mover's colour and none of the other's, as `_decide` says."""
        other = OTHER[mover]
        win_size = self.win_size
        for tri in closing:
            for letter in self._places[tri]:
                tiles, placed = self._trial(tri, letter)
                if closes_a_win(tiles, placed, mover, win_size) \
                        and not closes_a_win(tiles, placed, other, win_size):
                    return letter, tri
        return None

    def _trial(self, tri: Code, letter: str) -> tuple[dict[Code, str], list[tuple[Code, str]]]:
        """The tiles after the move of this letter at this place, played on copies of the
        four tables alone, and the tiles it placed (its own, then the auto moves)."""
        tiles = self._tiles.copy()
        placed = place_with_autos(tiles, self._colour.copy(), self._places.copy(),
                                  self._forced.copy(), self.size - len(tiles) - 1, tri, letter)
        return tiles, placed

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
                ranks = text_order(len(order))
                fits = map(places.__getitem__, map(order.__getitem__, ranks))
                fitting = compress(ranks, map(contains, fits, repeat(letter)))
                return letter, next(islice(fitting, index, None))
            index -= count
        raise AssertionError("the draw falls among the moves counted")

    def moves_that_may_win(self, moves: list[str]) -> list[str]:
        """GameState.moves_that_may_win: the moves whose tiles close a region of the mover's
        colour with at least `win_size` tiles, each found by placing the move's tile and its
        auto moves on copies of the four tables (`_trial`) and exploring the regions of the
        points those tiles touch (regions.closes_a_win).

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
        position = (len(self.moves), len(self._placed), self.size, self.win_size)
        if self._may_win is None or self._may_win[0] != position:
            self._may_win = (position, {})
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
        found = named(move, self._ordered())
        if found is None or found[0] not in self._places[found[1]]:
            return True
        letter, tri = found
        mover = self.turn_order[len(self.moves) % 2]
        return closes_a_win(*self._trial(tri, letter), mover, self.win_size)
