"""A Druid position and the rules of play: which placement is legal, the stone it places, the
connection it may complete, and Druid's Walk's Druids (their appearance, steps and win).

Speed matters (the search's random playouts run through here), so the position lives in flat
per-cell lists indexed by cell number, plus Python-int bitboards (rules.druid.bits): per
player of the cells whose top stone they own, of the cells they join to each of their goal
sides (so a win is seen without a search), and of the sarsens and Druids. Placements are
numbered as in rules.druid.tables. `_legal(placement)` (a fast yes/no) and
`_apply(placement)` implement the placement rules: `play` parses the text and uses them;
the search's playouts (rules.druid.playout) judge their draws by the same rules written out
in their loops and place each stone with `_apply`. The legal-move list judges every placement
at once on byte planes instead (rules.druid.listing); tests check it against `_legal` and
against `play`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from megalith.rules.druid.goals import OPPOSITE, connection_words, goals_of, side_phrase
from megalith.rules.druid.options import board_of
from megalith.rules.druid.paths import connecting_path
from megalith.rules.druid.tables import make_tables
from megalith.rules.geometry import split_name
from megalith.rules.protocol import GameState, MoveError, Outcome

if TYPE_CHECKING:
    from typing_extensions import Self


class DruidPosition(GameState):
    """A game of Druid in any of its variants: the position and the rules that change it.
    The parts other readers use (move text, views, move lists, the search) are the
    subclasses that rules.druid.game.DruidState joins."""

    game = "druid"
    voluntary_pass = True
    offers_swap = True

    def __init__(self, options: dict[str, int | bool], players: int) -> None:
        board = board_of(options, players)
        letters = ("V", "H") if board.kind == "square" else ("X", "O", "Y")[:players]
        super().__init__(options=dict(options), turn_order=letters)
        self.board = board
        self.walk = bool(options.get("walk"))
        self.nostack = bool(options.get("nostack"))
        self.nogaps = bool(options.get("nogaps"))
        self._tables = make_tables(board, goals_of(board.kind, letters))
        n = len(board)
        self._height = [0] * n
        self._owner = [-1] * n  # player index of the top stone, -1 for bare ground
        self._sarsen_bits = 0  # bit set of the cells whose top stone is a sarsen
        self._druid_bits = 0  # bit set of the cells where a Druid stands
        self._own = [0] * len(letters)  # bitboards of the cells each player tops
        # Per goal side of each player (slots of the tables' reach_sides): the cells they top
        # that are connected to that side through cells they top; empty in Druid's Walk.
        self._reach = [0] * self._tables.slots
        self._log: list[tuple[int, int, int]] = []  # (placement, level, player) per stone
        self._druid = [-1] * len(letters)  # cell of each player's Druid, -1 if none yet
        self._target: list[str | None] = [None] * len(letters)
        self._outcome = Outcome()

    # ---- the placement rules -----------------------------------------------------------

    def _legal(self, pid: int, p: int) -> bool:
        """Whether player p may make placement pid (sarsen or lintel); no reason given."""
        t = self._tables
        if pid < t.n:
            if self._height[pid] == 0:
                return True
            bit = t.bits[pid]
            return (self._owner[pid] == p and not self._druid_bits & bit
                    and not (self.nostack and self._sarsen_bits & bit))
        a, m, b = t.lines[pid - t.n]
        height = self._height
        h = height[a]
        if h == 0 or height[b] != h:
            return False
        hm = height[m]
        if hm > h or (hm != h and self.nogaps):
            return False
        owner = self._owner
        if (owner[a] == p) + (owner[b] == p) + (hm == h and owner[m] == p) != 2:
            return False
        return not self._druid_bits & t.cover[pid]

    def _apply(self, pid: int, p: int) -> None:
        """Place stone pid for player p (already known legal): heights, tops and the log;
        then, in Druid's Walk, p's Druid appears if this is their first stone on one of their
        sides, and otherwise the connection is updated (and may be won).

        The only placement: `play` and the playout loops (rules.druid.playout) both call it,
        so it is written for speed. The cells a stone connects to p's goal sides (`_reach`)
        change only with the group of the new stone: it joins the cells that reach a side if
        it lies on the side or next to them, and wins when it reaches every side of an
        alternative. A stone next to none of p's reaches only the sides it lies on."""
        t = self._tables
        height, owner, own = self._height, self._owner, self._own
        if pid < t.n:
            level = height[pid] + 1
            height[pid] = level
            owner[pid] = p
            new = t.bits[pid]
            self._sarsen_bits |= new
        else:
            bits = t.bits
            cells = t.lines[pid - t.n]
            level = height[cells[0]] + 1
            for c in cells:
                under = owner[c]
                if under >= 0 and under != p:
                    self._lose(under, bits[c])
                owner[c] = p
                height[c] = level
            new = t.cover[pid]
            self._sarsen_bits &= ~new
        before = own[p]
        mine = own[p] = before | new
        self._log.append((pid, level, p))
        if self.walk:
            if self._druid[p] < 0:
                self._maybe_summon(pid, p)
            return
        reach = self._reach
        around = t.around[pid]
        if around & before:
            touched = 0  # the flags of the sides the group reaches
            for slot, side, flag in t.reach_sides[p]:
                reached = reach[slot]
                if new & side or around & reached:
                    if around & mine & ~(reached | new):  # it joins cells not reaching yet
                        reached |= t.grow(new, mine & ~reached | new, t.w)
                    reach[slot] = reached | new
                    touched |= flag
        else:
            touched = t.edge_flags[p][pid]
            if touched:
                for slot, _, flag in t.reach_sides[p]:
                    if touched & flag:
                        reach[slot] |= new
        if touched:
            for k, goal in enumerate(t.goal_flags[p]):
                if touched & goal == goal:
                    self._win_by_connection(p, new, k)
                    return

    def _lose(self, p: int, lost: int) -> None:
        """Player p's stone on the cell `lost` (a bit) was covered: p no longer tops it, and
        what it joined to a side may have come apart, so the cells reaching that side are
        found again among those that reached it before (in Druid's Walk none do)."""
        self._own[p] &= ~lost
        reach = self._reach
        t = self._tables
        for slot, side, _ in t.reach_sides[p]:
            reached = reach[slot]
            if reached & lost:
                rest = reached & ~lost
                reach[slot] = t.grow(rest & side, rest, t.w)

    def _win_by_connection(self, p: int, new: int, k: int) -> None:
        """Player p has won: the group of the stones just placed (`new`) connects the sides
        of their goal's alternative k."""
        t = self._tables
        group = t.grow(new, self._own[p], t.w)
        sides = t.goal_names[p][k]
        letter = self.turn_order[p]
        cells = {i for i, bit in enumerate(t.bits) if group & bit}
        chain = connecting_path(self.board.neighbours, cells,
                                [self.board.sides[s] for s in sides])
        self._outcome = Outcome(
            "win", letter, reason=f"{letter} connected {connection_words(sides, self.board.kind)}",
            chain=tuple(self.board.names[c] for c in chain))

    # ---- Druid's Walk ------------------------------------------------------------------

    def _maybe_summon(self, pid: int, p: int) -> None:
        """Bring player p's Druid onto the board if placement pid is their first stone on
        one of their own sides."""
        cell, side = self._summon_place(pid, p)
        if cell >= 0:
            self._druid[p] = cell
            self._druid_bits |= self._tables.bits[cell]
            self._target[p] = OPPOSITE[side]

    def _summon_place(self, pid: int, p: int) -> tuple[int, str]:
        """Where p's Druid appears with placement pid, and the side it appears on: the
        sarsen's cell, or the first of the lintel's cells (ends in written order, then the
        middle) on one of p's sides; (-1, "") if none is."""
        t = self._tables
        if pid < t.n:
            order: tuple[int, ...] = (pid,)
        else:
            a, m, b = t.lines[pid - t.n]
            order = (a, b, m)
        sides = self.board.sides
        for c in order:
            for side in t.home_sides[p]:
                if c in sides[side]:
                    return c, side
        return -1, ""

    def _step_to(self, dest: int, p: int) -> None:
        """Move player p's Druid to a neighbouring cell topped by their colour (checked)."""
        here = self._druid[p]
        bits = self._tables.bits
        self._druid_bits ^= bits[here] | bits[dest]
        self._druid[p] = dest
        target = self._target[p]
        if target is not None and dest in self.board.sides[target]:
            letter = self.turn_order[p]
            self._outcome = Outcome("win", letter, reason=f"{letter}'s Druid reached its "
                                    f"target side ({side_phrase(target)})",
                                    chain=(self.board.names[dest],))

    def _step_targets(self, p: int, druid: int, placed: tuple[int, ...] = ()) -> list[int]:
        """Cells the Druid on `druid` may step to, counting cells just covered by p."""
        return [c for c in self.board.neighbours[druid] if self._owner[c] == p or c in placed]

    def _play_listed_step(self, text: str, p: int) -> bool:
        """Play a Druid's Walk move with a step written as the legal moves are (a direction,
        or a placement's and a cell's canonical texts) if it is legal for player p, as
        `_play_board_move` would; False, with nothing changed, if it is not both."""
        t = self._tables
        placement, comma, cell = text.partition(",")
        if comma:
            pid = t.text_index.get(placement)
            dest = self.board.index.get(cell)
            if pid is None or dest is None or not self._legal(pid, p):
                return False
            home = self._druid[p] if self._druid[p] >= 0 else self._summon_place(pid, p)[0]
        elif text in self.board.directions and self._druid[p] >= 0:
            pid, home = -1, self._druid[p]
            dest = self.board.step(home, text)
        else:
            return False
        if home < 0 or dest is None or dest not in self.board.neighbours[home]:
            return False
        if self._owner[dest] != p and not (pid >= 0 and t.cover[pid] & t.bits[dest]):
            return False  # a step onto a cell neither p's nor just covered
        if pid >= 0:
            self._apply(pid, p)
        self._step_to(dest, p)
        return True

    # ---- the protocol's copy, play and outcome, made quicker for the search -------------

    def copy(self) -> Self:
        """The protocol's copy (every container copied one level deep; the tables are
        shared), naming every attribute instead of testing each: the search copies the
        position for every move it tries.

        The attributes are set one by one, in the order `__init__` sets them, and neither
        position's `__dict__` is read: so both keep CPython's compact instance layout, whose
        attributes the interpreter reads several times faster (it matters in `_apply`)."""
        clone = object.__new__(type(self))
        clone.options = self.options.copy()
        clone.turn_order = self.turn_order
        clone.moves = self.moves.copy()
        clone.swapped = self.swapped
        clone.resigned = self.resigned.copy()
        clone.passes_in_row = self.passes_in_row
        clone.first_seat = self.first_seat
        clone.swap_ply = self.swap_ply
        clone.board = self.board
        clone.walk = self.walk
        clone.nostack = self.nostack
        clone.nogaps = self.nogaps
        clone._tables = self._tables
        clone._height = self._height.copy()
        clone._owner = self._owner.copy()
        clone._sarsen_bits = self._sarsen_bits
        clone._druid_bits = self._druid_bits
        clone._own = self._own.copy()
        clone._reach = self._reach.copy()
        clone._log = self._log.copy()
        clone._druid = self._druid.copy()
        clone._target = self._target.copy()
        clone._outcome = self._outcome
        return clone

    def play(self, text: str) -> str:
        """The protocol's play. A board move written as `legal_moves` writes it (as the
        search plays them) skips the protocol's checks of the text when the game is on and
        nobody has resigned, and a legal one is played at once (`_legal`, and
        `_play_listed_step` for a Druid's Walk step). Anything else, refusals included, goes
        the protocol's way."""
        if (self._outcome.status == "ongoing" and not self.resigned
                and self.passes_in_row < len(self.turn_order)):
            p = (len(self.moves) + self.first_seat) % len(self.turn_order)
            pid = self._tables.text_index.get(text)
            if pid is not None:
                if self._legal(pid, p):
                    self._apply(pid, p)
                    self._record(text, passed=False)
                    return text
            elif self.walk and self._play_listed_step(text, p):
                self._record(text, passed=False)
                return text
        return super().play(text)

    def outcome(self) -> Outcome:
        """The protocol's outcome, which needs no look at resignations and passes while
        there are none to see."""
        if not self.resigned and self.passes_in_row < len(self.turn_order):
            return self._outcome
        return super().outcome()

    def _board_outcome(self) -> Outcome:
        return self._outcome

    def _board_over(self) -> bool:
        return self._outcome.status != "ongoing"

    # ---- small helpers for every part --------------------------------------------------

    def _player(self) -> int:
        """The index of the side to move."""
        return (len(self.moves) + self.first_seat) % len(self.turn_order)

    def _cell(self, name: str) -> int:
        """The index of a cell name, or MoveError."""
        cell = self.board.cell(name)
        if cell is None:
            raise cell_error(name)
        return cell


def cell_error(name: str) -> MoveError:
    """The refusal of `name` where a cell of the board is wanted."""
    if split_name(name) is None:
        return MoveError(name, f"{name!r} is not a cell name (cells look like c3)")
    return MoveError(name, f"{name} is not on the board")
