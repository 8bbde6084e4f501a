"""Which Drogo moves are legal: the candidate shapes, the list of legal board moves, and
whether a side (or any side) can still move."""

from __future__ import annotations

from megalith.rules.drogo import moves as drogo_moves
from megalith.rules.drogo.groups import dead_group
from megalith.rules.drogo.placing import Placing
from megalith.rules.drogo.text import NO_CELL, CellMove


class Legality(Placing):
    """The legal board moves and who can move."""

    def _candidates(self, seat: int) -> list[CellMove]:
        """Every move that might be legal for `seat`: a superset of the legal board moves."""
        return [move for move in self._space if self._is_candidate(move, seat)]

    def _is_candidate(self, move: CellMove, seat: int) -> bool:
        """Whether a move shape could be legal, judged from the position before it.

        The first piece must fit on its stack and, on an enemy stack, touch one of the side's
        own (both as in _drop). A pair `a,b` of neighbours needs stacks of one height, or
        (captures removing stacks) an empty `a` and an enemy stack at `b` that the first piece
        might capture, leaving `b` empty too: only then can the two pieces meet at one level.
        The first piece captures `b` only if `a` is its group's last freedom, so not if `b`
        touches another empty cell. random_move asks it for each shape it draws.
        """
        first, second = move
        height = self._height
        level = height[first]
        if level >= self._n:
            return False
        top = self._owner[first]
        if top >= 0 and top != seat and not self._masks[seat] & self._near[first]:
            return False
        if second == NO_CELL:
            return True
        if not self._pairs:
            return False
        if second == first:
            return level <= self._n - 2
        if height[second] == level:
            return True
        top = self._owner[second]
        return (not self._in_place and level == 0 and top >= 0 and top != seat
                and not self._near[second] & self._empty & ~self._bits[first])

    def _board_moves(self) -> list[str]:
        """Every legal board move. Without -easy_free nearly all are settled for the whole
        board at once (rules.drogo.moves); only the doubtful ones are tried on copies of the
        position. With -easy_free every candidate shape is tried."""
        seat = self._seat_to_move()
        if self._easy_free:
            return [self._text(move) for move in self._candidates(seat)
                    if self._refusal(move, seat) is None]
        return self._quick_moves(seat)

    def _quick_moves(self, seat: int) -> list[str]:
        """The legal board moves of `seat` without -easy_free, by rules.drogo.moves."""
        # `a,b` and `b,a` on a two-cell eye fill the same cells and are legal together:
        # settled once.
        eyes: dict[CellMove, bool] = {}

        def legal(move: CellMove) -> bool:
            first, second = move
            if second == NO_CELL or self._height[first] or self._height[second]:
                return self._open_shape_legal(move, seat)
            known = eyes.get((second, first))
            if known is None:
                known = eyes[move] = self._open_shape_legal(move, seat)
            return known

        return drogo_moves.quick_moves(
            drogo_moves.layout(self._n), self._height, self._masks[seat],
            self._pairs, not self._in_place, len(self.turn_order) == 2, legal)

    def _open_shape_legal(self, move: CellMove, seat: int) -> bool:
        """Whether a move shape that rules.drogo.moves leaves open is legal for `seat`
        (without -easy_free). With captures that remove stacks, the four kinds it leaves
        open are settled by a few group floods (the cases are argued in rules.drogo.moves);
        with -in_place, and where a flood cannot tell, the move is tried on copies.

        - `c` alone on an empty cell with no empty neighbour: legal if a group of the mover
          next to it has a freedom other than `c`, or an enemy group next to it has none
          (it is captured and leaves `c` an empty neighbour).
        - `a,b` both empty, neither with an empty neighbour but the other: the same with
          `a` and `b` together in place of `c` (a group that has only `a` and `b` is
          captured by the first piece or the second).
        - `a,b` with `a` empty and `b` an enemy stack: legal only if the first piece captures
          `b`; then, if `b`'s group had more stacks, `b` has an empty neighbour; if not, tried.
        - `a,b` at one level on enemy stacks: legal unless the first piece, splitting the
          group it lands on, captures `b`.
        """
        first, second = move
        if self._in_place:
            return self._refusal(move, seat) is None
        height, owner, masks, bits = self._height, self._owner, self._masks, self._bits
        empty, shift = self._empty, self._shift
        if second == NO_CELL:
            return self._fills_eye(bits[first], (first,), seat)
        if height[first] == height[second] == 0:
            return self._fills_eye(bits[first] | bits[second], (first, second), seat)
        enemy = owner[second]
        if height[first] == 0:
            dead = dead_group(bits[second], masks[enemy], empty ^ bits[first], shift)
            if not dead:
                return False
            if dead & (dead - 1):
                return True
            return self._refusal(move, seat) is None
        if owner[first] != enemy:
            return True
        return not dead_group(bits[second], masks[enemy] ^ bits[first], empty, shift)

    def _fills_eye(self, filled: int, cells: tuple[int, ...], seat: int) -> bool:
        """Whether pieces of `seat` on the empty `cells` (bit set `filled`), whose empty
        neighbours are only each other, leave their group a freedom: a neighbouring group of
        the mover keeps a freedom elsewhere, or a neighbouring enemy group has none left and
        is removed."""
        owner, masks, bits, shift = self._owner, self._masks, self._bits, self._shift
        empty = self._empty & ~filled
        for cell in cells:
            for other in self._nbrs[cell]:
                top = owner[other]
                if top < 0:
                    continue
                dead = dead_group(bits[other], masks[top], empty, shift)
                if (top == seat) != bool(dead):
                    return True
        return False

    def board_moves_exist(self) -> bool:
        return self._seat_can_move(self._seat_to_move())

    def _seat_can_move(self, seat: int) -> bool:
        """Whether `seat` has a board move. The first piece of a two-piece move is judged
        exactly as a one-piece move, so a side that can place no single piece cannot move."""
        can = self._can_move
        known = can[seat]
        if known is None:
            known = any(self._refusal(move, seat) is None for move in self._candidates(seat)
                        if move[1] == NO_CELL)
            self._can_move = can[:seat] + (known,) + can[seat + 1:]
        return known

    def _nobody_can_move(self) -> bool:
        """Whether no side still in the game has a board move (the side to move is asked
        first: it is the likeliest to be asked anyway). Remembered for the position while
        nobody has resigned, as `to_move` asks it (through `_board_over`) several times a
        ply."""
        if self.resigned:
            return not any(self._seat_can_move(seat) for seat in self._seats_from_mover()
                           if self.turn_order[seat] not in self.resigned)
        if self._stuck_version != self._version:
            self._stuck = not any(self._seat_can_move(seat) for seat in self._seats_from_mover())
            self._stuck_version = self._version
        return self._stuck

    def _seats_from_mover(self) -> list[int]:
        """Every seat, in turn order from the side to move."""
        players = len(self.turn_order)
        first = self._seat_to_move()
        return [seat % players for seat in range(first, first + players)]
