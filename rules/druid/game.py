"""Druid, Druid's Hex, Druid's Y and Druid's Walk (Cameron Browne, pbmserv).

Rules: pbmserv's help page for `druid`, as docs/rules/druid.md reads it (with the choices
made where the page is silent).

Speed matters (random playouts drive the benchmark and any future AI), so the position lives in
flat per-cell lists indexed by cell number, plus Python-int bitboards: per player of the cells
whose top stone they own, of the cells they join to each of their goal sides (so a win is seen
without a search), and of the sarsens and Druids. Every placement has a number: cell i is the
sarsen on cell i, and `cells + k` the lintel on the board's k-th straight line.
`_legal(placement)` (a fast yes/no) and `_apply(placement)` implement the placement rules:
`play` parses the text and uses them, and so does `random_placement`; the search's playouts
(rules.druid.playout) write the same rules out in their loops, held to the protocol's generic
loop by tests. `_refusal` only words the reason once `_legal` has said no, and a test checks
that the two always agree. The legal-move list judges every placement at once on byte planes
instead (rules.druid.moves, the same rules for the whole board); tests check it against
`_legal` and against `play`. A playout cut short is valued by rules.druid.scores.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, TypeVar

from megalith.rules.druid import moves as druid_moves
from megalith.rules.druid import playout as druid_playout
from megalith.rules.druid import scores as druid_scores
from megalith.rules.druid.moves import pick
from megalith.rules.druid.text import render_hex, render_square
from megalith.rules.geometry import Board, hex_board, split_name, square_board, y_board
from megalith.rules.protocol import (PASS, SWAP, GameState, MoveError, MoveKind, OptionError,
                                     OptionSpec, Outcome, Stone)
from megalith.rules.registry import GameInfo

if TYPE_CHECKING:
    from typing_extensions import Self

T = TypeVar("T")

SQUARE_SIZES = (3, 26)
HEX_SIZES = (2, 13)
Y_SIZES = (3, 26)
DEFAULT_SIZE = {"square": 10, "hex": 5, "y": 8}
ENEMY_COST = 2  # a cell another side tops, on a way to connect (a lintel must bridge it)
HEIGHT_DIGITS = "123456789abcdefghijklmnopqrstuvwxyz"
MOVE_FORMS = ("write a cell for a sarsen (c3), two cells for a lintel (b2-b4), a direction "
              "for a Druid step in Druid's Walk, or a placement and a cell (c3,a4)")

# Each side letter with the board edges it must connect; a list of alternatives (two-player
# hex may connect either set of three alternating sides).
Goals = dict[str, list[tuple[str, ...]]]
SQUARE_GOALS: Goals = {"V": [("bottom", "top")], "H": [("left", "right")]}
HEX2_GOALS: Goals = {s: [("S1", "S3", "S5"), ("S2", "S4", "S6")] for s in ("X", "O")}
HEX3_GOALS: Goals = {"X": [("S1", "S4")], "O": [("S3", "S6")], "Y": [("S2", "S5")]}
Y_GOALS: Goals = {s: [("left", "bottom", "right")] for s in ("X", "O")}
OPPOSITE = {"bottom": "top", "top": "bottom", "left": "right", "right": "left",
            "S1": "S4", "S4": "S1", "S2": "S5", "S5": "S2", "S3": "S6", "S6": "S3"}
PAIR_WORDS = {("bottom", "top"): "the bottom and top rows",
              ("left", "right"): "the left and right columns"}
SIDE_WORDS = {"bottom": "the bottom row", "top": "the top row", "left": "the left column",
              "right": "the right column"}


# Attributes set once by _build_tables and never changed: copies share them.
SHARED_TABLES = frozenset({"_line_index", "_text", "_text_index", "_bits", "_side_bits",
                           "_reach_sides", "_goal_flags", "_cover", "_around", "_edge_flags",
                           "_goal_names", "_home_sides", "_listing"})


def _bit_layout(board: Board) -> tuple[list[int], tuple[int, ...]]:
    """One bit per cell such that every neighbour is a fixed shift away.

    Square cells (c, r) sit at bit r*W + c; hex and Y cells, in axial coordinates
    q = column, r = (doubled y - column) / 2, at bit r*W + q. W is one more than the widest
    row, so a shift that would wrap round lands on the always-empty guard column. Returns the
    bit of each cell and the positive shifts (each used both ways).
    """
    if board.kind == "square":
        axial = [(c, r) for c, r in board.coords]
    else:
        axial = [(c, (y2 - c) // 2) for c, y2 in board.coords]
    low = min(r for _, r in axial)
    width = max(q for q, _ in axial) + 2
    bits = [1 << ((r - low) * width + q) for q, r in axial]
    shifts = (1, width) if board.kind == "square" else (1, width, width - 1)
    return bits, shifts


def _grow_square(seed: int, mask: int, w: int) -> int:
    """The cells of `mask` connected to `seed` (a subset of mask), square neighbourhood."""
    while True:
        grown = (seed | seed << 1 | seed >> 1 | seed << w | seed >> w) & mask
        if grown == seed:
            return seed
        seed = grown


def _grow_hex(seed: int, mask: int, w: int) -> int:
    """As _grow_square, for the six hex neighbours (shifts 1, w and w-1)."""
    v = w - 1
    while True:
        grown = (seed | seed << 1 | seed >> 1 | seed << w | seed >> w | seed << v
                 | seed >> v) & mask
        if grown == seed:
            return seed
        seed = grown


class DruidState(GameState):
    """A game of Druid in any of its variants."""

    game = "druid"
    voluntary_pass = True
    shared_fields = SHARED_TABLES
    offers_swap = True

    def __init__(self, options: dict[str, int | bool], players: int) -> None:
        kind = "y" if options.get("y") else "hex" if options.get("hex") else "square"
        _check_options(options, players, kind)
        size = int(options.get("size", DEFAULT_SIZE[kind]))
        board = {"square": square_board, "hex": hex_board, "y": y_board}[kind](size)
        letters = ("V", "H") if kind == "square" else ("X", "O", "Y")[:players]
        super().__init__(options=dict(options), turn_order=letters)
        self.board = board
        self.walk = bool(options.get("walk"))
        self.nostack = bool(options.get("nostack"))
        self.nogaps = bool(options.get("nogaps"))
        goals = {"square": SQUARE_GOALS, "y": Y_GOALS,
                 "hex": HEX3_GOALS if players == 3 else HEX2_GOALS}[kind]
        self._goal_names = [goals[s] for s in letters]
        self._build_tables()
        n = len(board)
        self._height = [0] * n
        self._owner = [-1] * n  # player index of the top stone, -1 for bare ground
        self._sarsen_bits = 0  # bit set of the cells whose top stone is a sarsen
        self._druid_bits = 0  # bit set of the cells where a Druid stands
        self._own = [0] * len(letters)  # bitboards of the cells each player tops
        # Per goal side of each player (slots of _reach_sides): the cells they top that are
        # connected to that side through cells they top; kept outside Druid's Walk only.
        self._reach = [0] * self._slots
        self._log: list[tuple[int, int, int]] = []  # (placement, level, player) per stone
        self._druid = [-1] * len(letters)  # cell of each player's Druid, -1 if none yet
        self._target: list[str | None] = [None] * len(letters)
        self._outcome = Outcome()

    # ---- static tables ----------------------------------------------------------------

    def _build_tables(self) -> None:
        board = self.board
        n = len(board)
        self._n = n
        self._lines = board.lines
        self._line_index = {line: k for k, line in enumerate(board.lines)}
        self._count = n + len(board.lines)
        names = board.names
        self._text = list(names) + [f"{names[a]}-{names[b]}" for a, _, b in board.lines]
        self._text_index = {text: pid for pid, text in enumerate(self._text)}
        self._bits, shifts = _bit_layout(board)
        self._board_bits = sum(self._bits)
        self._listing = druid_moves.layout(board, self._bits, self._text)
        self._w = shifts[1]
        self._grow = _grow_square if board.kind == "square" else _grow_hex
        self._side_bits = {name: sum(self._bits[i] for i in cells)
                           for name, cells in board.sides.items()}
        # Each player's goal sides, each with its slot in `_reach` (_check_connection) and
        # a flag, and each alternative of their goal as the flags of its sides.
        self._reach_sides: list[tuple[tuple[int, int, int], ...]] = []  # slot, bits, flag
        self._goal_flags: list[tuple[int, ...]] = []
        slots = 0
        for alts in self._goal_names:
            sides = list(dict.fromkeys(side for alt in alts for side in alt))
            self._reach_sides.append(tuple((slots + i, self._side_bits[side], 1 << i)
                                           for i, side in enumerate(sides)))
            self._goal_flags.append(tuple(sum(1 << sides.index(side) for side in alt)
                                          for alt in alts))
            slots += len(sides)
        self._slots = slots
        # Each placement's cells, and those with their neighbours, as bits.
        neighbours = board.neighbours
        self._cover = [sum(self._bits[c] for c in self._placement_cells(pid))
                       for pid in range(self._count)]
        self._around = [sum({self._bits[d] for c in self._placement_cells(pid)
                             for d in (c, *neighbours[c])}) for pid in range(self._count)]
        # Per player and placement: the flags of their goal sides the placement lies on.
        self._edge_flags = [[sum(flag for _, side, flag in sides if cover & side)
                             for cover in self._cover] for sides in self._reach_sides]
        # Druid's Walk: the sides on which each player's Druid may appear.
        self._home_sides = [sorted({s for alt in alts for s in alt}) for alts in self._goal_names]
        self._score_plan = druid_scores.make_plan(
            [[[self._side_bits[s] for s in alt] for alt in alts] for alts in self._goal_names],
            self._board_bits, shifts, self._grow)

    # ---- the placement rules: the fast pair every path goes through ----------------------

    def _legal(self, pid: int, p: int) -> bool:
        """Whether player p may make placement pid (sarsen or lintel); no reason given."""
        if pid < self._n:
            if self._height[pid] == 0:
                return True
            bit = self._bits[pid]
            return (self._owner[pid] == p and not self._druid_bits & bit
                    and not (self.nostack and self._sarsen_bits & bit))
        a, m, b = self._lines[pid - self._n]
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
        return not self._druid_bits & self._cover[pid]

    def _apply(self, pid: int, p: int) -> None:
        """Place stone pid for player p (already known legal); a Druid may appear; the
        connection result is updated."""
        new = self._place(pid, p)
        if self.walk:
            if self._druid[p] < 0:
                self._maybe_summon(pid, p)
        else:
            self._check_connection(p, new, self._around[pid])

    def _place(self, pid: int, p: int) -> int:
        """The stone of `_apply` itself: heights, tops and the log (and, outside Druid's
        Walk, what reaches the sides of a player whose stone it covers). Returns its
        cells' bits."""
        bits = self._bits
        own = self._own
        if pid < self._n:
            level = self._height[pid] + 1
            self._height[pid] = level
            self._owner[pid] = p
            new = bits[pid]
            self._sarsen_bits |= new
        else:
            cells = self._lines[pid - self._n]
            level = self._height[cells[0]] + 1
            owner = self._owner
            new = 0
            for c in cells:
                before = owner[c]
                if before >= 0 and before != p:
                    own[before] &= ~bits[c]
                    if not self.walk:
                        self._lose(before, bits[c])
                owner[c] = p
                self._height[c] = level
                new |= bits[c]
            self._sarsen_bits &= ~new
        own[p] |= new
        self._log.append((pid, level, p))
        return new

    def _check_connection(self, p: int, new: int, around: int) -> None:
        """Whether player p's stones now connect their sides; only the group of the stones
        just placed (`new`, with `around` their cells and neighbours) can have changed for
        the better. The group joins the cells that reach a side (`_reach`) if it lies on
        the side or next to them, and wins when it reaches every side of an alternative."""
        mine = self._own[p]
        reach = self._reach
        touched = 0  # the flags of the sides the group reaches
        for slot, side, flag in self._reach_sides[p]:
            reached = reach[slot]
            if new & side or around & reached:
                if around & mine & ~(reached | new):  # it joins cells not reaching yet
                    reached |= self._grow(new, mine & ~reached | new, self._w)
                reach[slot] = reached | new
                touched |= flag
        if touched:
            for k, goal in enumerate(self._goal_flags[p]):
                if touched & goal == goal:
                    self._win_by_connection(p, new, k)
                    return

    def moves_that_may_win(self, moves: list[str]) -> list[str]:
        """The protocol's filter, exact on the board moves: a placement wins for the
        player to move exactly when `_check_connection` would find that it touches every
        side of one of their goal's alternatives, by lying on the side or next to the
        cells that already reach it. The player's own stone changes none of their `_reach`
        (only a covered opponent's), so that test reads the same before the move as after
        it, and a move passes it here if and only if it wins. In Druid's Walk see
        `_walks_that_may_win`. Anything else (a pass, a swap, a finished game) is kept."""
        if self._outcome.status != "ongoing" or self.resigned:
            return moves
        p = len(self.moves) % len(self.turn_order)
        if self.walk:
            return self._walks_that_may_win(moves, p)
        reach, sides, goals = self._reach, self._reach_sides[p], self._goal_flags[p]
        around, edge, index = self._around, self._edge_flags[p], self._text_index
        kept = []
        for move in moves:
            pid = index.get(move)
            if pid is not None:
                touched, near = edge[pid], around[pid]
                for slot, _, flag in sides:
                    if near & reach[slot]:
                        touched |= flag
                for goal in goals:
                    if touched & goal == goal:
                        break
                else:  # (a loop, not any(): this runs for every move of every node)
                    continue
            kept.append(move)
        return kept

    def _walks_that_may_win(self, moves: list[str], p: int) -> list[str]:
        """`moves_that_may_win` in Druid's Walk, exact on the board moves: only a step wins
        (`_step_to`), and it wins exactly when it ends on the Druid's target side. A step's
        end is its cell (`c3,a4`) or the cell in its direction from the Druid (`n`); a
        placement alone wins nothing. Where the Druid is not on the board yet, its target
        is the side opposite the one the placement summons it on. Where the Druid stands
        nowhere near its target side, no step can win, and only passes and swap are kept."""
        druid, target = self._druid[p], self._target[p]
        sides, index = self.board.sides, self.board.index
        if druid >= 0 and target is not None and not any(
                cell in sides[target] for cell in self.board.neighbours[druid]):
            return [move for move in moves if move in (PASS, SWAP)]
        kept = []
        for move in moves:
            placement, comma, cell = move.partition(",")
            if comma:
                dest = index.get(cell)
                if druid < 0:
                    pid = self._text_index.get(placement)
                    home, side = self._summon_place(pid, p) if pid is not None else (-1, "")
                    goal = OPPOSITE.get(side) if home >= 0 else None
                else:
                    goal = target
                if dest is None or goal is None or dest in sides[goal]:
                    kept.append(move)
            elif move in self.board.directions:
                dest = self.board.step(druid, move) if druid >= 0 else None
                if dest is None or target is None or dest in sides[target]:
                    kept.append(move)
            elif move not in self._text_index:  # a pass, swap, or a text not read here
                kept.append(move)
        return kept

    def _lose(self, p: int, lost: int) -> None:
        """Player p's stone on the cell `lost` (a bit) was covered: what it joined to a side
        may have come apart, so the cells reaching that side are found again among those
        that reached it before."""
        reach = self._reach
        grow, w = self._grow, self._w
        for slot, side, _ in self._reach_sides[p]:
            reached = reach[slot]
            if reached & lost:
                rest = reached & ~lost
                reach[slot] = grow(rest & side, rest, w)

    # ---- Druid's Walk ------------------------------------------------------------------

    def _maybe_summon(self, pid: int, p: int) -> None:
        """Bring player p's Druid onto the board if placement pid is their first stone on
        one of their own sides."""
        cell, side = self._summon_place(pid, p)
        if cell >= 0:
            self._druid[p] = cell
            self._druid_bits |= self._bits[cell]
            self._target[p] = OPPOSITE[side]

    def _summon_place(self, pid: int, p: int) -> tuple[int, str]:
        """Where p's Druid appears with placement pid, and the side it appears on: the
        sarsen's cell, or the first of the lintel's cells (ends in written order, then the
        middle) on one of p's sides; (-1, "") if none is."""
        if pid < self._n:
            order: tuple[int, ...] = (pid,)
        else:
            a, m, b = self._lines[pid - self._n]
            order = (a, b, m)
        sides = self.board.sides
        for c in order:
            for side in self._home_sides[p]:
                if c in sides[side]:
                    return c, side
        return -1, ""

    def _step_to(self, dest: int, p: int) -> None:
        """Move player p's Druid to a neighbouring cell topped by their colour (checked)."""
        here = self._druid[p]
        self._druid_bits ^= self._bits[here] | self._bits[dest]
        self._druid[p] = dest
        target = self._target[p]
        if target is not None and dest in self.board.sides[target]:
            letter = self.turn_order[p]
            self._outcome = Outcome("win", letter, reason=f"{letter}'s Druid reached its "
                                    f"target side ({self._side_phrase(target)})",
                                    chain=(self.board.names[dest],))

    def _step_targets(self, p: int, druid: int, placed: Iterable[int] = ()) -> list[int]:
        """Cells the Druid on `druid` may step to, counting cells just covered by p."""
        covered = set(placed)
        return [c for c in self.board.neighbours[druid]
                if self._owner[c] == p or c in covered]

    # ---- results -----------------------------------------------------------------------

    def _win_by_connection(self, p: int, new: int, k: int) -> None:
        """Player p has won: the group of the stones just placed (`new`) connects the sides
        of their goal's alternative k."""
        group = self._grow(new, self._own[p], self._w)
        sides = self._goal_names[p][k]
        letter = self.turn_order[p]
        cells = [i for i, bit in enumerate(self._bits) if group & bit]
        chain = self._connecting_path(set(cells), [self.board.sides[s] for s in sides])
        if sides in PAIR_WORDS:
            words = PAIR_WORDS[sides]
        elif len(sides) == 2:
            words = f"sides {sides[0]} and {sides[1]}"
        elif self.board.kind == "y":
            words = "all three sides"
        else:
            words = f"sides {sides[0]}, {sides[1]} and {sides[2]}"
        self._outcome = Outcome("win", letter, reason=f"{letter} connected {words}",
                                chain=tuple(self.board.names[c] for c in chain))

    def _side_phrase(self, side: str) -> str:
        return SIDE_WORDS.get(side, f"side {side}")

    def _connecting_path(self, group: set[int], sides: list[frozenset[int]]) -> list[int]:
        """A shortest path inside `group` from the first side to the second; for three sides,
        extended by a shortest path from it to the third."""
        path = self._shortest(group, set(group & sides[0]), sides[1])
        for side in sides[2:]:
            if not side.intersection(path):
                path = path + self._shortest(group, set(path), side)[1:]
        return path

    def _shortest(self, group: set[int], starts: set[int], goal: frozenset[int]) -> list[int]:
        neighbours = self.board.neighbours
        parent: dict[int, int | None] = {c: None for c in sorted(starts)}
        queue = deque(sorted(starts))
        while queue:
            c = queue.popleft()
            if c in goal:
                path = [c]
                while parent[path[-1]] is not None:
                    path.append(parent[path[-1]])  # type: ignore[arg-type]
                return path[::-1]
            for d in neighbours[c]:
                if d in group and d not in parent:
                    parent[d] = c
                    queue.append(d)
        raise AssertionError("the winning group does not reach the side")

    def _board_outcome(self) -> Outcome:
        return self._outcome

    # ---- the protocol's copy and play, made quicker for the search ----------------------

    def copy(self) -> Self:
        """The protocol's copy (every container copied one level deep, but the tables of
        SHARED_TABLES), naming the containers instead of testing every attribute: the
        search copies the position for every move it tries."""
        clone = object.__new__(type(self))
        fields = self.__dict__.copy()
        fields["options"] = self.options.copy()
        fields["moves"] = self.moves.copy()
        fields["resigned"] = self.resigned.copy()
        fields["_height"] = self._height.copy()
        fields["_owner"] = self._owner.copy()
        fields["_own"] = self._own.copy()
        fields["_reach"] = self._reach.copy()
        fields["_log"] = self._log.copy()
        fields["_druid"] = self._druid.copy()
        fields["_target"] = self._target.copy()
        clone.__dict__ = fields
        return clone

    def play(self, text: str) -> str:
        """The protocol's play. A board move written as `legal_moves` writes it (as the
        search plays them) skips the protocol's checks of the text when the game is on and
        nobody has resigned, and a legal one is played at once (`_legal`, and
        `_play_listed_step` for a Druid's Walk step). Anything else, refusals included, goes
        the protocol's way."""
        if (self._outcome.status == "ongoing" and not self.resigned
                and self.passes_in_row < len(self.turn_order)):
            p = len(self.moves) % len(self.turn_order)
            pid = self._text_index.get(text)
            if pid is not None:
                if self._legal(pid, p):
                    self._apply(pid, p)
                    self._record(text, passed=False)
                    return text
            elif self.walk and self._play_listed_step(text, p):
                self._record(text, passed=False)
                return text
        return super().play(text)

    def _play_listed_step(self, text: str, p: int) -> bool:
        """Play a Druid's Walk move with a step written as the legal moves are (a direction,
        or a placement's and a cell's canonical texts) if it is legal for player p, as
        `_play_board_move` would; False, with nothing changed, if it is not both."""
        placement, comma, cell = text.partition(",")
        if comma:
            pid = self._text_index.get(placement)
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
        if self._owner[dest] != p and not (pid >= 0 and self._cover[pid] & self._bits[dest]):
            return False  # a step onto a cell neither p's nor just covered
        if pid >= 0:
            self._apply(pid, p)
        self._step_to(dest, p)
        return True

    def outcome(self) -> Outcome:
        """The protocol's outcome, which needs no look at resignations and passes while
        there are none to see."""
        if not self.resigned and self.passes_in_row < len(self.turn_order):
            return self._outcome
        return super().outcome()

    def _board_over(self) -> bool:
        return self._outcome.status != "ongoing"

    # ---- move text ---------------------------------------------------------------------

    def _player(self) -> int:
        return len(self.moves) % len(self.turn_order)

    def _cell(self, name: str) -> int:
        cell = self.board.cell(name)
        if cell is None:
            raise _cell_error(name)
        return cell

    def _parse_placement(self, text: str) -> int:
        """The placement number of `c3` or `b2-b4` (ends in either order)."""
        pid = self._text_index.get(text)
        if pid is not None:
            return pid
        if "-" not in text:
            if split_name(text) is None:
                raise MoveError(text, f"{text!r} is not a Druid move: {MOVE_FORMS}")
            raise _cell_error(text)
        first, _, second = text.partition("-")
        a, b = self._cell(first), self._cell(second)
        line = self.board.line_through(a, b)
        if line is None:
            raise MoveError(text, f"a lintel covers three cells in a straight line: {first} "
                                  f"and {second} are not the ends of one")
        return self._n + self._line_index[line]

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
        return self._text[pid] if dest is None else f"{self._text[pid]},{self.board.names[dest]}"

    def _check_step(self, text: str, pid: int | None, dest: int, p: int) -> None:
        """Refuse a Druid step (after placement pid, if any) that the rules forbid."""
        letter = self.turn_order[p]
        names = self.board.names
        placed = () if pid is None else self._placement_cells(pid)
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

    def _placement_cells(self, pid: int) -> tuple[int, ...]:
        return (pid,) if pid < self._n else self._lines[pid - self._n]

    def _a(self, p: int) -> str:
        letter = self.turn_order[p]
        return f"an {letter}" if letter in "HOX" else f"a {letter}"

    def _refusal(self, pid: int, p: int) -> str:
        """Why placement pid is illegal for player p, in a player's words."""
        names = self.board.names
        height = self._height
        owner = self._owner
        if pid < self._n:
            cell = names[pid]
            if self._druid_bits & self._bits[pid]:
                return f"no stone may be placed on a Druid ({cell} carries one)"
            if owner[pid] != p:
                return (f"{cell} is topped by {self._a(owner[pid])} stone: sarsens go on the "
                        "ground or on your own stones")
            return "with -nostack a sarsen may not go on a sarsen"
        a, m, b = self._lines[pid - self._n]
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
        carrier = next(names[c] for c in (a, m, b) if self._druid_bits & self._bits[c])
        return f"no stone may be placed on a Druid ({carrier} carries one)"

    # ---- listing moves -----------------------------------------------------------------

    def _placements(self) -> list[int]:
        """Every legal placement of the side to move, in placement order (sarsens by cell,
        then lintels by line)."""
        lay = self._listing
        placements = self._legal_items(range(self._count), lay.sarsen_placements,
                                       lambda direction: direction.placements)
        placements.sort()
        return placements

    def _placement_texts(self) -> list[str]:
        """The texts of the legal placements of the side to move, in no particular order."""
        return self._legal_items(self._text, self._listing.sarsen_texts,
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
            return [by_pid[pid] for pid in range(self._count) if legal(pid, p)]
        lay = self._listing
        sarsens, lintels = flags
        items = pick(lay, sarsens, sarsen_items)
        for direction, legal_lines in zip(lay.directions, lintels):
            if legal_lines:
                items += pick(lay, legal_lines, lintel_items(direction))
        return items

    def _placement_flags(self, p: int) -> tuple[int, list[int]] | None:
        """Player p's legal sarsens and lintels as flag planes (rules.druid.moves): the
        sarsens', then the lintels' of each direction of the layout; None when a stack is too
        high for the planes. A sarsen goes on bare ground or on p's own top, not on a
        Druid, and with -nostack not on a sarsen."""
        druids = self._druid_bits
        lintels = druid_moves.lintels(self._listing, self._height, self._own[p], druids,
                                      self.nogaps)
        if lintels is None:
            return None
        others = 0
        for q, tops in enumerate(self._own):
            if q != p:
                others |= tops
        free = self._board_bits & ~others & ~druids
        if self.nostack:
            free &= ~(self._own[p] & self._sarsen_bits)
        return self._listing.planes.from_bits(free), lintels

    def _board_moves(self) -> list[str]:
        if not self.walk:
            return self._placement_texts()
        placements = self._placements()
        moves = [self._text[pid] for pid in placements]
        p = self._player()
        names = self.board.names
        druid = self._druid[p]
        own_steps: list[int] = []
        near = 0  # the cells next to the Druid, as bits
        if druid >= 0:
            direction = self.board.direction_between
            own_steps = self._step_targets(p, druid)
            moves += [str(direction(druid, d)) for d in own_steps]
            near = sum(self._bits[d] for d in self.board.neighbours[druid])
        for pid in placements:
            if druid >= 0 and not self._cover[pid] & near:
                targets = own_steps  # the placement covers no cell the Druid could step to
            else:
                home = druid if druid >= 0 else self._summon_place(pid, p)[0]
                if home < 0:
                    continue
                targets = self._step_targets(p, home, self._placement_cells(pid))
            moves += [f"{self._text[pid]},{names[d]}" for d in targets]
        return moves

    def board_moves_exist(self) -> bool:
        p = self._player()
        if self.walk and self._druid[p] >= 0 and self._step_targets(p, self._druid[p]):
            return True
        legal = self._legal
        return any(legal(pid, p) for pid in range(self._count))

    # ---- random playouts (benchmark, tests, future AI) ---------------------------------

    def random_placement(self, rng: random.Random, tries: int = 64) -> int | None:
        """A uniformly random legal placement for the side to move, or None if there is none.

        Draws placement numbers uniformly and keeps the first legal one (uniform over the
        legal ones); after `tries` misses it lists the legal placements instead.
        """
        p = self._player()
        legal = self._legal
        count = self._count
        draw = rng.random
        for _ in range(tries):
            pid = int(draw() * count)
            if legal(pid, p):
                return pid
        options = self._placements()
        return rng.choice(options) if options else None

    def random_move(self, rng: random.Random) -> str:
        """A move drawn uniformly from `legal_moves()`, as the protocol's, without listing
        them: outside Druid's Walk the legal moves are the legal placements, the pass and
        perhaps swap, so numbers are drawn over all placements plus those two until one is
        legal (each draw uniform, so the first legal one is uniform too)."""
        side = self.to_move
        if side is None or side in self.resigned:
            return super().random_move(rng)
        if self.walk:
            return self._random_walk_move(rng)
        p, legal, count = self._player(), self._legal, self._count
        size = count + 2 if self._swap_legal() else count + 1
        draw = rng.random
        for _ in range(64):
            pick = int(draw() * size)
            if pick < count:
                if legal(pick, p):
                    return self._text[pick]
            else:
                return PASS if pick == count else SWAP
        return super().random_move(rng)

    def _random_walk_move(self, rng: random.Random, tries: int = 256) -> str:
        """random_move in Druid's Walk, drawn from the space of every placement followed by
        nothing or by a step to its Druid's k-th neighbour, every step alone, the pass and
        swap. Each legal move has exactly one place in that space, so the first legal draw
        is uniform over `legal_moves()`; after `tries` misses the moves are listed."""
        p, legal, count = self._player(), self._legal, self._count
        nbrs, owner, names = self.board.neighbours, self._owner, self.board.names
        druid = self._druid[p]
        ways = len(self.board.directions) + 1  # nothing, or a step to neighbour 0, 1, ..
        combos = count * ways
        size = combos + ways + (1 if self._swap_legal() else 0)
        draw = rng.random
        for _ in range(tries):
            pick = int(draw() * size)
            if pick < combos:
                pid, way = divmod(pick, ways)
                if not legal(pid, p):
                    continue
                if way == 0:
                    return self._text[pid]
                home = druid if druid >= 0 else self._summon_place(pid, p)[0]
                if home < 0 or way > len(nbrs[home]):
                    continue
                dest = nbrs[home][way - 1]
                if owner[dest] == p or dest in self._placement_cells(pid):
                    return f"{self._text[pid]},{names[dest]}"
            elif pick < combos + ways - 1:
                way = pick - combos
                if druid >= 0 and way < len(nbrs[druid]) and owner[nbrs[druid][way]] == p:
                    return str(self.board.direction_between(druid, nbrs[druid][way]))
            else:
                return PASS if pick == combos + ways - 1 else SWAP
        return super().random_move(rng)

    def run_playout(self, rng: random.Random, plies: int, trail: list[tuple[int, str]]) -> None:
        """The protocol's playout, run over placement numbers (rules.druid.playout); the
        generic loop where a player has resigned (their turns are forced passes)."""
        if self.resigned:
            super().run_playout(rng, plies, trail)
        elif self.walk:
            druid_playout.walk_playout(self, rng, plies, trail)
        else:
            druid_playout.connection_playout(self, rng, plies, trail)

    def playout_scores(self) -> dict[str, float] | None:
        """How near each side is to its goal, for a playout cut short (random Druid games
        seldom finish: on hex 4 with three players half run past 300 plies).

        Connection variants: minus the cheapest way to connect the side's goal sides, where
        a cell the side tops costs 0, bare ground 1 and any other cell ENEMY_COST (it must
        be bridged by a lintel); rules.druid.scores works it out for every side at once.
        Druid's Walk: minus the steps each Druid still has to go to
        its target side (over any cells), and minus the board's width plus one for a Druid
        not yet on the board."""
        if not self.walk:
            bare = self._board_bits
            for mine in self._own:
                bare &= ~mine
            costs = druid_scores.connection_costs(self._score_plan, self._own, bare)
            return {side: -float(cost) for side, cost in zip(self.turn_order, costs)}
        tables, far = _distances_to_sides(self.board)
        return {side: -(float(tables[target][self._druid[p]]) if target is not None and
                        self._druid[p] >= 0 else far)
                for p, (side, target) in enumerate(zip(self.turn_order, self._target))}

    def placement_text(self, pid: int) -> str:
        """The canonical text of placement pid (`c3`, `b2-b4`)."""
        return self._text[pid]

    # ---- for the views -----------------------------------------------------------------

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
        result = []
        for pid, level, p in self._log:
            if pid < self._n:
                result.append(Stone((names[pid],), level, self.turn_order[p], "sarsen"))
            else:
                cells = tuple(names[c] for c in self._lines[pid - self._n])
                result.append(Stone(cells, level, self.turn_order[p], "lintel"))
        return result

    def height(self, cell_name: str) -> int:
        return self._height[self._cell(cell_name)]

    def owner(self, cell_name: str) -> str | None:
        top = self._owner[self._cell(cell_name)]
        return None if top < 0 else self.turn_order[top]

    figure_name = "Druid"  # contracts.FigurePosition: Druid's Walk's figures

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
            sides = [] if shared else sorted({s for alt in self._goal_names[p] for s in alt},
                                             key=order.index)
            result[letter] = [tuple(names[c] for c in sorted(self.board.sides[s]))
                              for s in sides]
        return result

    # ---- text ----------------------------------------------------------------------------

    def summaries(self) -> tuple[list[str], list[str]]:
        """The two summaries as per-cell characters: owners (lower-case letter, `.` for
        bare ground, the upper-case letter where that side's Druid stands) and heights."""
        owners, heights = [], []
        for c in range(self._n):
            top = self._owner[c]
            mark = "." if top < 0 else self.turn_order[top]
            owners.append(mark if self._druid_bits & self._bits[c] else mark.lower())
            h = self._height[c]
            heights.append("." if h == 0 else HEIGHT_DIGITS[h - 1] if h <= 35 else "+")
        return owners, heights

    def render(self) -> str:
        owners, heights = self.summaries()
        if self.board.kind == "square":
            return render_square(self.board, owners, heights)
        return render_hex(self.board, owners, heights)


_SIDE_DISTANCES: dict[tuple[str, int], tuple[dict[str, list[int]], float]] = {}


def _distances_to_sides(board: Board) -> tuple[dict[str, list[int]], float]:
    """For each side of the board, every cell's number of steps to it (over any cells), and
    one more than the most steps any cell has to any side (what a Druid not yet on the board
    counts); made once per kind and size of board."""
    key = (board.kind, len(board))
    found = _SIDE_DISTANCES.get(key)
    if found is None:
        every_cell = [1] * len(board)  # a path's cost counts its cells: one more than its steps
        tables = {name: [d - 1 for d in _side_distances(cells, board.neighbours, every_cell)]
                  for name, cells in board.sides.items()}
        found = _SIDE_DISTANCES[key] = (tables, float(max(max(t) for t in tables.values()) + 1))
    return found


def _side_distances(side: frozenset[int], neighbours: tuple[tuple[int, ...], ...],
                    cost: list[int]) -> list[int]:
    """Each cell's least total cost of a path from `side` to it, both ends' cells included.
    Dijkstra with a bucket per total; as a step costs at most ENEMY_COST (2), three buckets
    in turn are enough: the current total, the next and the one after. (A ring of
    ENEMY_COST + 1 buckets indexed modulo their number reads more generally, but measured
    17% slower at a hex 5 position.)"""
    dist = [1 << 30] * len(cost)
    ring: tuple[list[int], ...] = ([], [], [])
    for c in side:
        dist[c] = cost[c]
        ring[cost[c]].append(c)
    total = 0
    current, later, last = ring
    while current or later or last:
        ring = (current, later, last)
        for c in current:  # grows while it is read (steps onto own cells cost 0)
            if dist[c] != total:
                continue
            for o in neighbours[c]:
                k = cost[o]
                if total + k < dist[o]:
                    dist[o] = total + k
                    ring[k].append(o)
        current, later, last = later, last, []
        total += 1
    return dist


def _cell_error(name: str) -> MoveError:
    if split_name(name) is None:
        return MoveError(name, f"{name!r} is not a cell name (cells look like c3)")
    return MoveError(name, f"{name} is not on the board")


def _check_options(options: dict[str, int | bool], players: int, kind: str) -> None:
    """Refuse impossible option combinations before the game starts."""
    if options.get("y") and options.get("hex"):
        raise OptionError("-y cannot be combined with -hex: Druid's Y has its own board")
    if options.get("y") and options.get("walk"):
        raise OptionError("-y cannot be combined with -walk: Druid's Walk is not played on "
                          "the Y board")
    if players == 3 and kind != "hex":
        raise OptionError("three players need the hex board (-hex)")
    if options.get("walk") and kind == "hex" and players == 2:
        raise OptionError("Druid's Walk on the hex board is for three players: -walk with "
                          "-hex needs a third player")
    if "size" in options:
        low, high = {"square": SQUARE_SIZES, "hex": HEX_SIZES, "y": Y_SIZES}[kind]
        size = options["size"]
        if not isinstance(size, int) or isinstance(size, bool) or not low <= size <= high:
            board = {"square": "square", "hex": "hex", "y": "Y"}[kind]
            raise OptionError(f"-size={size} is out of range for the {board} board "
                              f"({low} to {high})")


INFO = GameInfo(
    name="druid",
    title="Druid",
    min_players=2,
    max_players=3,
    options=(
        OptionSpec("size", "int", "cells along each board edge (square 10, hex 5, Y 8)",
                   minimum=2, maximum=26),
        OptionSpec("hex", "flag", "play Druid's Hex on the hex-hex board (two or three players)"),
        OptionSpec("walk", "flag", "Druid's Walk: a Druid must walk to the opposite side"),
        OptionSpec("nostack", "flag", "sarsens may not be stacked on sarsens"),
        OptionSpec("nogaps", "flag", "lintels must rest on three stones"),
        OptionSpec("y", "flag", "play Druid's Y on the Y board"),
    ),
    factory=lambda options, players: DruidState(options, players),
)
