"""Druid's move text: reading a move as a player writes it (`c3`, `b2-b4` with its ends in either
order, a Druid's step `n`, or a placement and a step `c3,a4`), its canonical text, and the
reasons a move is refused, in a player's words. `_refusal` only words the reason once
`_legal` has said no; a test checks that the two always agree."""

from __future__ import annotations

from megalith.rules.druid.position import DruidPosition, cell_error
from megalith.rules.geometry import split_name
from megalith.rules.protocol import MoveError

MOVE_FORMS = ("write a cell for a sarsen (c3), two cells for a lintel (b2-b4), a direction "
              "for a Druid step in Druid's Walk, or a placement and a cell (c3,a4)")


class DruidMoveText(DruidPosition):
    """The protocol's board move read from its text, and the text of a placement."""

    def placement_text(self, pid: int) -> str:
        """The canonical text of placement pid (`c3`, `b2-b4`)."""
        return self._tables.text[pid]

    def _play_board_move(self, text: str) -> str:
        p = self._player()
        pid, dest = self._parse(text)
        if pid is not None and not self._legal(pid, p):
            raise MoveError(text, self._refusal(pid, p))
        if dest is not None:
            self._check_step(text, pid, dest, p)
        if pid is not None:
            self._apply(pid, p)
        if dest is not None:
            self._step_to(dest, p)
        if pid is None:
            return text
        placed = self._tables.text[pid]
        return placed if dest is None else f"{placed},{self.board.names[dest]}"

    def _parse(self, text: str) -> tuple[int | None, int | None]:
        """(placement or None, Druid destination or None) of a board move's text."""
        placement, comma, dest = text.partition(",")
        if comma:
            if not self.walk:
                raise MoveError(text, "moving a Druid is only for Druid's Walk (-walk)")
            return self._parse_placement(placement.strip()), self._cell(dest.strip())
        if text in self.board.directions:
            if not self.walk:
                raise MoveError(text, "Druid steps are only for Druid's Walk (-walk)")
            return None, self._direction_target(text)
        return self._parse_placement(text), None

    def _parse_placement(self, text: str) -> int:
        """The placement number of `c3` or `b2-b4` (ends in either order)."""
        t = self._tables
        pid = t.text_index.get(text)
        if pid is not None:
            return pid
        if "-" not in text:
            if split_name(text) is None:
                raise MoveError(text, f"{text!r} is not a Druid move: {MOVE_FORMS}")
            raise cell_error(text)
        first, _, second = text.partition("-")
        a, b = self._cell(first), self._cell(second)
        line = self.board.line_through(a, b)
        if line is None:
            raise MoveError(text, f"a lintel covers three cells in a straight line: {first} "
                                  f"and {second} are not the ends of one")
        return t.n + t.line_index[line]

    def _direction_target(self, direction: str) -> int:
        p = self._player()
        here = self._druid[p]
        if here < 0:
            raise MoveError(direction, f"{self.turn_order[p]} has no Druid on the board yet")
        dest = self.board.step(here, direction)
        if dest is None:
            raise MoveError(direction, f"there is no cell {direction} of "
                                       f"{self.board.names[here]}")
        return dest

    def _check_step(self, text: str, pid: int | None, dest: int, p: int) -> None:
        """Refuse a Druid step (after placement pid, if any) that the rules forbid."""
        letter = self.turn_order[p]
        names = self.board.names
        placed = () if pid is None else self._tables.placement_cells(pid)
        druid = self._druid[p]
        if druid < 0 and pid is not None:
            druid = self._summon_place(pid, p)[0]
        if druid < 0:
            raise MoveError(text, f"{letter} has no Druid on the board to move")
        if dest not in self.board.neighbours[druid]:
            raise MoveError(text, f"a Druid steps to a neighbouring cell: {names[dest]} is not "
                                  f"next to {names[druid]}")
        if dest not in self._step_targets(p, druid, placed):
            top = self._owner[dest]
            what = "bare ground" if top < 0 else f"topped by {self._a(top)} stone"
            raise MoveError(text, f"{names[dest]} is {what}: a Druid steps only onto stones "
                                  f"of its own colour")

    def _a(self, p: int) -> str:
        letter = self.turn_order[p]
        return f"an {letter}" if letter in "HOX" else f"a {letter}"

    def _refusal(self, pid: int, p: int) -> str:
        """Why placement pid is illegal for player p, in a player's words."""
        names = self.board.names
        height = self._height
        owner = self._owner
        t = self._tables
        if pid < t.n:
            cell = names[pid]
            if self._druid_bits & t.bits[pid]:
                return f"no stone may be placed on a Druid ({cell} carries one)"
            if owner[pid] != p:
                return (f"{cell} is topped by {self._a(owner[pid])} stone: sarsens go on the "
                        "ground or on your own stones")
            return "with -nostack a sarsen may not go on a sarsen"
        a, m, b = t.lines[pid - t.n]
        h = height[a]
        if h == 0 or height[b] == 0:
            bare = names[a] if h == 0 else names[b]
            return f"a lintel cannot lie on the ground: both ends need a stone, {bare} has none"
        if height[b] != h:
            return (f"a lintel must lie flat: {names[a]} has height {h}, {names[b]} has height "
                    f"{height[b]}")
        if height[m] > h:
            return (f"a lintel must lie flat: the middle cell {names[m]} has height {height[m]}, "
                    f"higher than the ends ({h})")
        if height[m] != h and self.nogaps:
            return (f"with -nogaps a lintel must rest on three stones: {names[m]} has height "
                    f"{height[m]}, the ends {h}")
        under = [c for c in (a, m, b) if height[c] == h]
        mine = sum(owner[c] == p for c in under)
        if mine != 2:
            listed = ", ".join(f"{names[c]} {self.turn_order[owner[c]]}" for c in under)
            return (f"a lintel must rest on exactly two of your stones: it would rest on {mine} "
                    f"{self.turn_order[p]} stone{'s' if mine != 1 else ''} ({listed})")
        carrier = next(names[c] for c in (a, m, b) if self._druid_bits & t.bits[c])
        return f"no stone may be placed on a Druid ({carrier} carries one)"
