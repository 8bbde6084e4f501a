"""What Druid's views read of a position: the members of the position contracts
(rules.contracts: StackedPosition, with FigurePosition for Druid's Walk's Druids and
MarkedSarsenPosition for -nostack), the cells a move points at, and the text board."""

from __future__ import annotations

from megalith.rules.druid.position import DruidPosition
from megalith.rules.druid.text import render_hex, render_square
from megalith.rules.protocol import MoveKind, Stone

HEIGHT_DIGITS = "123456789abcdefghijklmnopqrstuvwxyz"


class DruidViews(DruidPosition):
    """The position as the views and the text board read it."""

    figure_name = "Druid"  # contracts.FigurePosition: Druid's Walk's figures

    def move_cells(self, move: str) -> tuple[str, ...]:
        low = move.strip().lower()
        placement, comma, dest = low.partition(",")
        if comma:
            return self.move_cells(placement) + (dest.strip(),)
        if low in self.board.directions:
            here = self._druid[self._player()]
            if here < 0:
                return ()
            dest_cell = self.board.step(here, low)
            names = self.board.names
            return (names[here],) if dest_cell is None else (names[here], names[dest_cell])
        if low in ("--", "pass", "swap", "resign") or not low:
            return ()
        return tuple(part for part in low.split("-"))

    def placed_pieces(self, move: str) -> tuple[tuple[str, ...], ...]:
        """The stone a move places (a Druid's step after the comma places none)."""
        placement = move.strip().lower().partition(",")[0].strip()
        kind = self.move_kind(placement)
        ends = self.move_cells(placement)
        if kind == "place" and self.board.cell(ends[0]) is not None:
            return (ends,)
        if kind == "lintel" and len(ends) == 2:
            a, b = (self.board.cell(end) for end in ends)
            line = self.board.line_through(a, b) if a is not None and b is not None else None
            if line is not None:
                return (tuple(self.board.names[i] for i in line),)
        return ()

    def move_kind(self, move: str) -> MoveKind:
        low = move.strip().lower()
        if not self.move_cells(low):
            return ""
        if "," in low:
            return "place_and_step"
        if low in self.board.directions:
            return "step"
        return "lintel" if "-" in low else "place"

    def stones(self) -> list[Stone]:
        names = self.board.names
        t = self._tables
        result = []
        for pid, level, p in self._log:
            if pid < t.n:
                result.append(Stone((names[pid],), level, self.turn_order[p], "sarsen"))
            else:
                cells = tuple(names[c] for c in t.lines[pid - t.n])
                result.append(Stone(cells, level, self.turn_order[p], "lintel"))
        return result

    def height(self, cell_name: str) -> int:
        return self._height[self._cell(cell_name)]

    def owner(self, cell_name: str) -> str | None:
        top = self._owner[self._cell(cell_name)]
        return None if top < 0 else self.turn_order[top]

    @property
    def figures(self) -> dict[str, str]:
        """The Druids on the board (contracts.FigurePosition)."""
        return self.druids

    @property
    def druids(self) -> dict[str, str]:
        """Side letter -> the cell of that side's Druid (only Druids on the board)."""
        return {self.turn_order[p]: self.board.names[c] for p, c in enumerate(self._druid)
                if c >= 0}

    @property
    def targets(self) -> dict[str, tuple[str, ...]]:
        """Side letter -> the cells of its Druid's target side (once the Druid is placed)."""
        names = self.board.names
        return {self.turn_order[p]: tuple(names[c] for c in sorted(self.board.sides[side]))
                for p, side in enumerate(self._target) if side is not None}

    @property
    def sarsens_marked(self) -> bool:
        return bool(self.options.get("nostack"))

    def goal_sides(self) -> dict[str, list[tuple[str, ...]]]:
        """Side letter -> the board edges it owns or must connect, as cell-name lists. On the
        two-player hex board no edge belongs to a player (either may connect either set of
        three alternating sides), so both lists are empty there."""
        names = self.board.names
        order = list(self.board.sides)
        shared = self.board.kind == "hex" and len(self.turn_order) == 2
        result = {}
        for p, letter in enumerate(self.turn_order):
            goals = self._tables.goal_names[p]
            sides = [] if shared else sorted({s for alt in goals for s in alt}, key=order.index)
            result[letter] = [tuple(names[c] for c in sorted(self.board.sides[s]))
                              for s in sides]
        return result

    def summaries(self) -> tuple[list[str], list[str]]:
        """The two summaries as per-cell characters: owners (lower-case letter, `.` for
        bare ground, the upper-case letter where that side's Druid stands) and heights."""
        owners, heights = [], []
        bits = self._tables.bits
        for c in range(len(self.board)):
            top = self._owner[c]
            mark = "." if top < 0 else self.turn_order[top]
            owners.append(mark if self._druid_bits & bits[c] else mark.lower())
            h = self._height[c]
            heights.append("." if h == 0 else HEIGHT_DIGITS[h - 1] if h <= 35 else "+")
        return owners, heights

    def render(self) -> str:
        owners, heights = self.summaries()
        if self.board.kind == "square":
            return render_square(self.board, owners, heights)
        return render_hex(self.board, owners, heights)
