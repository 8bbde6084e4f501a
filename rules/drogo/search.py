"""What Drogo gives the search besides the protocol's basics: random moves drawn without
listing them, random playouts on the engine's own move values, and the moves that may win at
once (rules.drogo.endings)."""

from __future__ import annotations

import random
from collections.abc import Iterator

from megalith.rules.drogo import endings as drogo_endings
from megalith.rules.drogo.legality import Legality
from megalith.rules.drogo.position import LogEntry, Stacks
from megalith.rules.drogo.text import CellMove
from megalith.rules.protocol import PASS, SWAP, MoveError

# A move drawn by _draw: its index in the move space, the stacks after it, its log.
Drawn = tuple[int, Stacks, list[LogEntry]]


class SearchHooks(Legality):
    """random_move, run_playout, playout_horizon and moves_that_may_win for Drogo."""

    def playout_horizon(self) -> int:
        """Random Drogo games seldom end and their captures soon wash out what a move did:
        a search does best valuing the heights after each side has moved twice (measured:
        AI at 100 iterations against random on size 4, 10 wins of 12 with playouts of 4
        plies, 4 of 12 with playouts of 80)."""
        return 2 * len(self.turn_order)

    def moves_that_may_win(self, moves: list[str]) -> list[str]:
        """The moves after which the game may be over (a move wins at once only if it ends
        the game): the rest leave some side a sure board move (rules.drogo.endings argues
        which, for every variant). Where captures remove stacks (without -easy_free) no
        move ends the game; otherwise, in nearly every position, two empty neighbours far
        from each other, or three stacks of the mover's that are not full, rule out every
        move at once. Resignations change nothing here: the side that makes a board move
        is still in the game, and one that has resigned only passes."""
        if self._over():
            return []  # no move is legal
        seat = self._seat_to_move()
        return drogo_endings.may_end(
            moves, drogo_endings.footprints(self._n), self._empty, self._shift,
            self._masks[seat] & ~self._full, self._height, self._n, self._in_place,
            self._easy_free)

    def random_move(self, rng: random.Random) -> str:
        """A move drawn uniformly from `legal_moves()`, without listing them all.

        Draws are made from the fixed space of every move shape on this board (plus `swap`
        when it is legal) until one is legal; each draw is uniform and independent, so the
        move found is uniform among the legal ones. After many misses the rest is settled by
        testing the whole space in a random order, which is uniform too. With no legal board
        move (the side can place no single piece), `--`. A drawn move is tested by playing it
        on copies of the position; `play` installs the result for the move returned.
        """
        if self._over():
            raise MoveError("", "the game is over")
        return self._random_move(self._seat_to_move(), rng)

    def _random_move(self, seat: int, rng: random.Random) -> str:
        """random_move for `seat`, the side to move in a game not over."""
        if self.turn_order[seat] in self.resigned or not self._seat_can_move(seat):
            return PASS
        shapes = len(self._space)
        drawn = self._draw(seat, rng, shapes + 1 if self._swap_legal() else shapes)
        if drawn is None:
            return next(self._legal_moves_in_random_order(seat, rng))
        pick, after, log = drawn
        if pick == shapes:
            return SWAP
        text = self._space_texts[pick]
        self._kept = (len(self.moves), text, after, log)
        return text

    def _draw(self, seat: int, rng: random.Random, size: int) -> Drawn | None:
        """random_move's draws: indices into the move space (`size` is its length, or one
        more where the index past it stands for swap) until a legal move of `seat` comes;
        that index with the stacks after the move and its log (swap leaves the stacks as
        they are). None after 4 * size misses."""
        space = self._space
        shapes = len(space)
        draw, attempt, candidate = rng.random, self._attempt, self._is_candidate
        for _ in range(4 * size):
            pick = int(draw() * size)
            if pick == shapes:
                return pick, (self._height, self._owner, self._masks, self._empty,
                              self._full), []
            move = space[pick]
            if candidate(move, seat):
                reason, after, log = attempt(move, seat)
                if reason is None:
                    return pick, after, log
        return None

    def run_playout(self, rng: random.Random, plies: int, trail: list[tuple[int, str]]) -> None:
        """The protocol's generic playout (`random_move`, then `play`) for Drogo: the same
        draws, moves, trail and final position, without the generic overhead of each ply.
        A board move drawn by `_draw` (random_move's draws) is installed as it was tested;
        any other move (a pass, swap, a move of the shuffled pool after many misses) is
        drawn by `random_move` and played by `play`. A move's key is its text. Whether the
        game is over is read as _over() remembers it, and `person_of_seat` and `_record`
        are written out: a call each a ply would cost a search 2%."""
        moves, texts, shapes = self.moves, self._space_texts, len(self._space)
        players = len(self.turn_order)
        first, swap_ply = self.first_seat, self.swap_ply  # a set-up position's turn and swap
        for _ in range(plies):
            if self._stuck_version == self._version and not self.resigned:
                if self._stuck:  # _over(), as remembered for this position
                    return
            elif self._over():
                return
            seat = (len(moves) + first) % players
            person = 1 - seat if self.swapped and players == 2 else seat
            if self.resigned or len(moves) == swap_ply or not self._can_move[seat]:
                # pass, swap or who can move not known yet: random_move's way
                move = self._random_move(seat, rng)
            else:
                drawn = self._draw(seat, rng, shapes)
                if drawn is not None:
                    pick, after, log = drawn
                    trail.append((person, texts[pick]))
                    self._install(after, log, seat)
                    moves.append(texts[pick])
                    self.passes_in_row = 0
                    continue
                move = next(self._legal_moves_in_random_order(seat, rng))
            trail.append((person, move))
            self.play(move)

    def _legal_moves_in_random_order(self, seat: int, rng: random.Random) -> Iterator[str]:
        pool: list[CellMove | None] = list(self._candidates(seat))
        if self._swap_legal():
            pool.append(None)
        rng.shuffle(pool)
        for move in pool:
            if move is None:
                yield SWAP
            elif self._refusal(move, seat) is None:
                yield self._text(move)
