"""A Drogo position set up by hand (GameState.set_up): its cubes stacked cell by cell, and
what the engine derives from them (heights, tops, the bit sets, the scores, who can move)
rebuilt for the position as it stands.

A stack holds cubes of any colours, bottom up with no gap, at most the board's size high;
every group keeps a freedom, as after every move of a game (a group without one would have
been captured, or the move that left it so refused)."""

from __future__ import annotations

from megalith.rules.drogo.groups import dead_group, dead_group_easy
from megalith.rules.drogo.legality import Legality
from megalith.rules.protocol import Piece, SetupError


class DrogoSetup(Legality):
    """`_place_setup` and `_setup_pieces` for Drogo."""

    supports_setup = True

    def setup_kinds(self) -> tuple[str, ...]:
        return ("cube",)

    def _place_setup(self, pieces: tuple[Piece, ...]) -> None:
        stacks = self._stacks_of(pieces)
        players = len(self.turn_order)
        height, owner = [0] * len(self._names), [-1] * len(self._names)
        masks, totals = [0] * players, [0] * players
        all_pieces: list[tuple[int, ...]] = [()] * len(self._names)
        for cell, levels in stacks.items():
            top = max(levels)
            for level in range(1, top):
                if level not in levels:
                    raise SetupError(f"the cube at {self._names[cell]} level {top} rests on "
                                     f"nothing at level {level}")
            all_pieces[cell] = tuple(levels[level] for level in range(1, top + 1))
            height[cell], owner[cell] = top, levels[top]
            masks[owner[cell]] |= self._bits[cell]
            totals[owner[cell]] += top
        self._height, self._owner, self._masks, self._pieces = height, owner, masks, all_pieces
        self._totals = tuple(totals)
        self._empty = self._empty & ~sum(masks)
        self._full = sum(self._bits[c] for c in stacks if height[c] == self._n)
        self._pairs = bool(stacks) and not self._single
        self._can_move = (None,) * players
        self._version += 1
        self._check_freedoms()

    def _stacks_of(self, pieces: tuple[Piece, ...]) -> dict[int, dict[int, int]]:
        """Each cell's cubes: level -> seat."""
        index = {name: cell for cell, name in enumerate(self._names)}
        stacks: dict[int, dict[int, int]] = {}
        for piece in pieces:
            what = f"the {piece.side} {piece.kind} at {piece.where}"
            if piece.kind != "cube":
                raise SetupError(f"Drogo has no {piece.kind} pieces: its pieces are cubes")
            if piece.side not in self.turn_order:
                raise SetupError(f"{piece.side} is not a side of this game (its sides: "
                                 f"{', '.join(self.turn_order)})")
            cell = index.get(piece.where)
            if cell is None:
                raise SetupError(f"{what} is off the board")
            if piece.level > self._n:
                raise SetupError(f"{what} is at level {piece.level}: stacks on this board are "
                                 f"at most {self._n} high")
            levels = stacks.setdefault(cell, {})
            if piece.level in levels:
                raise SetupError(f"two cubes at {piece.where} level {piece.level}")
            levels[piece.level] = self.turn_order.index(piece.side)
        return stacks

    def _check_freedoms(self) -> None:
        """Refuse a group without a freedom."""
        seen = 0
        for cell, seat in enumerate(self._owner):
            bit = self._bits[cell]
            if seat < 0 or seen & bit:
                continue
            if self._easy_free:
                dead = dead_group_easy(cell, self._height, self._owner, self._nbrs, self._bits)
            else:
                dead = dead_group(bit, self._masks[seat], self._empty, self._shift)
            if dead:
                cells = [self._names[c] for c in range(len(self._names)) if dead & self._bits[c]]
                raise SetupError(f"{self.turn_order[seat]}'s group at {', '.join(cells)} has no "
                                 "freedom: after every move each group keeps one")
            seen |= bit

    def _setup_pieces(self) -> tuple[Piece, ...]:
        return tuple(Piece("cube", self.turn_order[seat], self._names[cell], level)
                     for cell, stack in enumerate(self._pieces)
                     for level, seat in enumerate(stack, start=1))
