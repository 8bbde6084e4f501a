"""Playing a Drogo move: its pieces one after the other, each with its captures and the
suicide rule (docs/rules/drogo.md), on copies of the position; then, for a move really
played, the pieces of each stack, the scores and who can move brought up to date."""

from __future__ import annotations

from megalith.rules.drogo.bits import neighbours_of
from megalith.rules.drogo.groups import dead_group, dead_group_easy
from megalith.rules.drogo.position import CAPTURED, PLACED, DrogoPosition, LogEntry, Stacks
from megalith.rules.drogo.text import NO_CELL, CellMove


class Placing(DrogoPosition):
    """Placement, captures and suicide; installing the position after a legal move."""

    def _refusal(self, move: CellMove, seat: int) -> str | None:
        """Why `move` is illegal for `seat`, or None if it is legal; the position is unchanged
        afterwards. The move's shape must be one of the move space (candidates are)."""
        return self._attempt(move, seat)[0]

    def _attempt(self, move: CellMove, seat: int) -> tuple[str | None, Stacks, list[LogEntry]]:
        """Play `move` for `seat` on copies of the position: the reason it is illegal (or
        None), the stacks after it and the log of its changes. The position itself does not
        change; `_install` makes the stacks after a legal move the position.

        The pieces go in one after the other, the second (if any) only if the first is legal,
        and beside the first only at the level the first has reached."""
        before = self._height, self._owner, self._masks, self._empty, self._full
        height, owner, masks = self._height, self._owner, self._masks = (
            before[0][:], before[1][:], before[2][:])  # changed in place below
        log: list[LogEntry] = []
        first, second = move
        reason = self._drop(first, seat, log)
        if reason is None and second != NO_CELL:
            below = height[first] - 1
            if second != first and height[second] != below:
                reason = (f"{self._names[first]} and {self._names[second]} do not share a face: "
                          f"the pieces would be at levels {below + 1} and {height[second] + 1}")
            else:
                reason = self._drop(second, seat, log)
        after = height, owner, masks, self._empty, self._full
        self._height, self._owner, self._masks, self._empty, self._full = before
        return reason, after, log

    def _drop(self, cell: int, seat: int, log: list[LogEntry]) -> str | None:
        """Place one piece of `seat` on `cell`, make its captures and apply the suicide rule.

        Every group has a freedom before the piece (each piece ends that way), so only the
        groups touching `cell` need testing: enemy groups that lost the freedom at `cell` or
        were split by losing the stack, and the group of `cell` itself. Without -easy_free a
        piece on the side's own stack changes no group and no freedom at all, and a stack
        next to an empty cell has a freedom without looking further. Every enemy group is
        judged on the board as the piece leaves it, before any capture (docs/rules/drogo.md:
        every enemy group without freedom is captured, so removing one never saves another),
        and the captures are only carried out once the piece is known to be legal (with
        -in_place a refused piece could otherwise recolour half the board before it is
        refused).
        """
        height, owner, masks, top_level = self._height, self._owner, self._masks, self._n
        level = height[cell]
        if level >= top_level:
            return f"{self._names[cell]} is full ({top_level} high)"
        top = owner[cell]
        near = self._near[cell]
        if top >= 0 and top != seat and not masks[seat] & near:
            return "you may only build on an enemy stack next to your own group"
        bit = self._bits[cell]
        log.append((cell, level, top, PLACED))
        height[cell] = level + 1
        owner[cell] = seat
        if level + 1 == top_level:
            self._full |= bit
        if top != seat:  # the cell leaves the empty cells or the stacks of its owner
            if top >= 0:
                masks[top] ^= bit
            else:
                self._empty ^= bit
            masks[seat] |= bit
        if self._easy_free:
            return self._settle_easy(cell, seat, log)
        if top == seat:
            return None
        empty, own = self._empty, masks[seat]
        dead = 0  # every enemy group without freedom, all judged before any is removed
        if near & ~(empty | own):  # an enemy stack beside the piece
            near_bits, bits, shift = self._near, self._bits, self._shift
            for other in self._nbrs[cell]:
                enemy = owner[other]
                if (enemy >= 0 and enemy != seat and not near_bits[other] & empty
                        and not bits[other] & dead):
                    dead |= dead_group(bits[other], masks[enemy], empty, shift)
            if self._in_place:
                own |= dead
            else:
                empty |= dead
        if not near & empty and dead_group(bit, own, empty, self._shift):
            return f"{self._names[cell]} would have no freedom"
        if dead:
            self._capture(dead, seat, log)
        return None

    def _settle_easy(self, cell: int, seat: int, log: list[LogEntry]) -> str | None:
        """The rest of _drop with -easy_free, once the piece is on `cell`: raising a stack can
        take the freedom of any neighbour, so every enemy group touching it is tested, and
        the group of `cell` itself."""
        height, owner, nbrs, bits = self._height, self._owner, self._nbrs, self._bits
        dead = 0  # every enemy group without freedom, all judged before any is removed
        for other in nbrs[cell]:
            enemy = owner[other]
            if enemy >= 0 and enemy != seat and not bits[other] & dead:
                dead |= dead_group_easy(other, height, owner, nbrs, bits)
        if dead:
            self._capture(dead, seat, log)
        if dead_group_easy(cell, height, owner, nbrs, bits):
            return f"{self._names[cell]} would have no freedom"
        return None

    def _capture(self, group: int, seat: int, log: list[LogEntry]) -> None:
        """Remove the stacks of a bit set (whole groups), or with -in_place give them to
        `seat`."""
        height, owner, masks, cell_at = self._height, self._owner, self._masks, self._cell_at
        while group:
            bit = group & -group
            group ^= bit
            cell = cell_at[bit.bit_length() - 1]
            top = owner[cell]
            log.append((cell, height[cell], top, CAPTURED))
            masks[top] ^= bit
            if self._in_place:
                owner[cell] = seat
                masks[seat] |= bit
            else:
                if height[cell] == self._n:
                    self._full ^= bit
                height[cell] = 0
                owner[cell] = -1
                self._empty |= bit

    def _install(self, after: Stacks, log: list[LogEntry], seat: int) -> None:
        """Make `after`, the stacks after a legal move of `seat` with `log` its changes, the
        position, and bring the pieces, scores and who-can-move up to date.

        Each log entry changes one stack: its height before leaves the total of its owner
        before, and its height after joins `seat`'s (placed: one more; captured in place: the
        same; removed: nothing). Who can move is settled here for nearly every position, by
        two cheap sufficient conditions on the bit sets the move has just brought up to date:
        an empty cell next to an empty cell lets every side move (a piece there has a freedom
        whatever it captures); and a side can cover its own stack if it is not full (without
        -easy_free that changes no freedom anywhere, and its group has one; with -easy_free
        the stack needs an empty neighbour, which stays lower than it whatever is captured).
        """
        self._height, self._owner, self._masks, self._empty, self._full = after
        pieces, totals, in_place = list(self._pieces), list(self._totals), self._in_place
        for cell, level, top, kind in log:
            if top >= 0:
                totals[top] -= level
            if kind == PLACED:
                pieces[cell] += (seat,)
                totals[seat] += level + 1
            elif in_place:
                pieces[cell] = (seat,) * level
                totals[seat] += level
            else:
                pieces[cell] = ()
        self._pieces, self._totals = pieces, tuple(totals)
        self._pairs = not self._single
        self._version += 1
        self._kept = None
        empty, shift = self._empty, self._shift
        if empty & (empty << 1 | empty << shift):  # an empty cell with an empty neighbour
            self._can_move = self._all_can_move
        else:
            room = ~self._full
            if self._easy_free:
                room &= neighbours_of(empty, shift)
            self._can_move = tuple([True if mask & room else None for mask in self._masks])
            if True not in self._can_move:
                return
        self._stuck_version, self._stuck = self._version, False
