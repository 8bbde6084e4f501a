"""Druid's legal-move lists: every legal placement judged at once on byte planes
(rules.druid.moves, the same rules as `DruidPosition._legal` for the whole board), and in
Druid's Walk the steps that go with them; tests check the lists against `_legal` and `play`."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from megalith.rules.druid import moves as druid_moves
from megalith.rules.druid.position import DruidPosition

T = TypeVar("T")


class DruidListing(DruidPosition):
    """The protocol's `_board_moves` and `board_moves_exist`, and the legal placements."""

    def _placements(self) -> list[int]:
        """Every legal placement of the side to move, in placement order (sarsens by cell,
        then lintels by line)."""
        t = self._tables
        placements = self._legal_items(range(t.count), t.listing.sarsen_placements,
                                       lambda direction: direction.placements)
        placements.sort()
        return placements

    def _placement_texts(self) -> list[str]:
        """The texts of the legal placements of the side to move, in no particular order."""
        t = self._tables
        return self._legal_items(t.text, t.listing.sarsen_texts,
                                 lambda direction: direction.texts)

    def _legal_items(self, by_pid: Sequence[T], sarsen_items: tuple[T | None, ...],
                     lintel_items: Callable[[druid_moves.Direction], tuple[T | None, ...]]
                     ) -> list[T]:
        """`by_pid[pid]` for every legal placement pid of the side to move, worked out on
        byte planes (rules.druid.moves), where the layout holds the same items by position:
        `sarsen_items` for the sarsens, `lintel_items(direction)` for each direction's
        lintels; placement by placement if a stack is too high for the planes."""
        p = self._player()
        flags = self._placement_flags(p)
        if flags is None:
            legal = self._legal
            return [by_pid[pid] for pid in range(self._tables.count) if legal(pid, p)]
        lay = self._tables.listing
        sarsens, lintels = flags
        items = druid_moves.pick(lay, sarsens, sarsen_items)
        for direction, legal_lines in zip(lay.directions, lintels):
            if legal_lines:
                items += druid_moves.pick(lay, legal_lines, lintel_items(direction))
        return items

    def _placement_flags(self, p: int) -> tuple[int, list[int]] | None:
        """Player p's legal sarsens and lintels as flag planes (rules.druid.moves): the
        sarsens', then the lintels' of each direction of the layout; None when a stack is too
        high for the planes. A sarsen goes on bare ground or on p's own top, not on a
        Druid, and with -nostack not on a sarsen."""
        t = self._tables
        druids = self._druid_bits
        lintels = druid_moves.lintels(t.listing, self._height, self._own[p], druids,
                                      self.nogaps)
        if lintels is None:
            return None
        others = 0
        for q, tops in enumerate(self._own):
            if q != p:
                others |= tops
        free = t.board_bits & ~others & ~druids
        if self.nostack:
            free &= ~(self._own[p] & self._sarsen_bits)
        return t.listing.planes.from_bits(free), lintels

    def _board_moves(self) -> list[str]:
        if not self.walk:
            return self._placement_texts()
        t = self._tables
        placements = self._placements()
        moves = [t.text[pid] for pid in placements]
        p = self._player()
        names = self.board.names
        druid = self._druid[p]
        own_steps: list[int] = []
        near = 0  # the cells next to the Druid, as bits
        if druid >= 0:
            direction = self.board.direction_between
            own_steps = self._step_targets(p, druid)
            moves += [str(direction(druid, d)) for d in own_steps]
            near = sum(t.bits[d] for d in self.board.neighbours[druid])
        for pid in placements:
            if druid >= 0 and not t.cover[pid] & near:
                targets = own_steps  # the placement covers no cell the Druid could step to
            else:
                home = druid if druid >= 0 else self._summon_place(pid, p)[0]
                if home < 0:
                    continue
                targets = self._step_targets(p, home, t.placement_cells(pid))
            moves += [f"{t.text[pid]},{names[d]}" for d in targets]
        return moves

    def board_moves_exist(self) -> bool:
        p = self._player()
        if self.walk and self._druid[p] >= 0 and self._step_targets(p, self._druid[p]):
            return True
        legal = self._legal
        return any(legal(pid, p) for pid in range(self._tables.count))
