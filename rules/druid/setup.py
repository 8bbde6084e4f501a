"""A Druid position set up by hand (GameState.set_up): its sarsens and lintels placed level by
level under the rules of play, then Druid's Walk's figures, and what the engine derives from
them (heights, tops, the cells joined to each goal side, the Druids and their targets)
rebuilt for the position as it stands.

Each stone is judged as a placement of its side would be (`_legal`, with `_refusal`'s
words) on the stones below it, so a lintel rests flat on exactly two stones of its colour,
a sarsen stands on the ground or on its own colour, and nothing floats."""

from __future__ import annotations

from megalith.rules.druid.goals import OPPOSITE
from megalith.rules.druid.move_text import DruidMoveText
from megalith.rules.protocol import Outcome, Piece, SetupError

KINDS = ("sarsen", "lintel", "druid")


class DruidSetup(DruidMoveText):
    """`_place_setup` and `_setup_pieces` for every Druid variant."""

    supports_setup = True

    def setup_kinds(self) -> tuple[str, ...]:
        return KINDS if self.walk else KINDS[:2]

    def _place_setup(self, pieces: tuple[Piece, ...]) -> None:
        for piece in pieces:
            if piece.kind not in KINDS:
                raise SetupError(f"Druid has no {piece.kind} pieces: its pieces are sarsens, "
                                 "lintels and, in Druid's Walk, Druid figures")
            self._side(piece)
        players = len(self.turn_order)
        if self.walk:  # no Druid may appear while the stones go down: they come after
            self._druid = [len(self.board)] * players
        for piece in sorted((p for p in pieces if p.kind != "druid"), key=lambda p: p.level):
            self._place_stone(piece)
        self._outcome = Outcome()  # a connection made on the way may be covered since
        if self.walk:
            self._druid = [-1] * players
        for piece in pieces:
            if piece.kind == "druid":
                self._place_figure(piece)
        if self.walk:
            self._check_summoned()
        else:
            self._find_connections()

    def _side(self, piece: Piece) -> int:
        if piece.side not in self.turn_order:
            raise SetupError(f"{piece.side} is not a side of this game (its sides: "
                             f"{', '.join(self.turn_order)})")
        return self.turn_order.index(piece.side)

    def _place_stone(self, piece: Piece) -> None:
        """Put a sarsen or lintel of the piece's side on the stones placed so far."""
        p = self._side(piece)
        what = f"the {piece.side} {piece.kind} at {piece.where}"
        t = self._tables
        if piece.kind == "sarsen":
            pid = self._on_board(piece.where, what)
        else:
            first, dash, second = piece.where.partition("-")
            if not dash:
                raise SetupError(f"{what}: a lintel is written by its two ends, as c3-c5")
            a, b = self._on_board(first, what), self._on_board(second, what)
            line = self.board.line_through(a, b)
            if line is None:
                raise SetupError(f"{what}: {first} and {second} are not the ends of three "
                                 "cells in a straight line")
            pid = t.n + t.line_index[line]
        level = piece.level
        names = self.board.names
        ends = t.placement_cells(pid)
        for c in ends[::2]:  # a sarsen's cell, a lintel's ends
            if self._height[c] < level - 1:
                raise SetupError(f"{what} rests on nothing at level {level - 1} "
                                 f"({names[c]} is {self._height[c]} high)")
        for c in ends:
            if self._height[c] >= level:
                raise SetupError(f"{what} at level {level} would go through the stone at level "
                                 f"{self._height[c]} on {names[c]}")
        if not self._legal(pid, p):
            raise SetupError(f"{what} (level {level}) cannot be there: {self._refusal(pid, p)}")
        self._apply(pid, p)

    def _on_board(self, name: str, what: str) -> int:
        cell = self.board.cell(name)
        if cell is None:
            raise SetupError(f"{what} is off the board")
        return cell

    def _place_figure(self, piece: Piece) -> None:
        """Stand a Druid's Walk figure on a stack of its colour, walking to `target` (by
        default the farther of its sides: `figure_target`)."""
        what = f"the {piece.side} Druid figure at {piece.where}"
        if not self.walk:
            raise SetupError(f"{what}: Druid figures are only for Druid's Walk (-walk)")
        p = self._side(piece)
        cell = self._on_board(piece.where, what)
        if self._druid[p] >= 0:
            raise SetupError(f"{piece.side} has two Druid figures: a side has one")
        if self._owner[cell] != p:
            raise SetupError(f"{what} must stand on a {piece.side} stone: a Druid steps only "
                             "onto its own colour")
        homes = self._tables.home_sides[p]
        wanted = piece.target or self.figure_target(piece.side, piece.where)
        target = next((side for side in homes if side.lower() == wanted.lower()), None)
        if target is None:
            raise SetupError(f"{what} walks to one of its sides ({', '.join(homes)}), not "
                             f"{piece.target}")
        if cell in self.board.sides[target]:
            raise SetupError(f"{what} already stands on its target side, {target}: "
                             "the game would be over")
        self._druid[p] = cell
        self._druid_bits |= self._tables.bits[cell]
        self._target[p] = target

    def _check_summoned(self) -> None:
        """In Druid's Walk a side's first stone on one of its sides brings its Druid: a side
        with such a stone and no figure set up gets its Druid as the rules bring it, on the
        first such stone still of its colour, walking to the opposite side."""
        names = self.board.names
        for pid, _, p in self._log:
            cell, side = self._summon_place(pid, p)
            if cell < 0 or self._druid[p] >= 0:
                continue
            if self._owner[cell] != p:
                raise SetupError(f"{self.turn_order[p]} has a stone on one of its sides "
                                 f"({names[cell]}) but no Druid figure: its Druid comes onto "
                                 "the board with that stone")
            self._druid[p] = cell
            self._druid_bits |= self._tables.bits[cell]
            self._target[p] = OPPOSITE[side]

    def _find_connections(self) -> None:
        """The cells each side joins to each of its goal sides, worked out afresh for the
        position; a side whose group joins every side of one of its goals has won."""
        t = self._tables
        for p, sides in enumerate(t.reach_sides):
            own = self._own[p]
            for slot, side, _ in sides:
                self._reach[slot] = t.grow(own & side, own, t.w)
            for k, goal in enumerate(t.goal_flags[p]):
                common = own
                for slot, _, flag in sides:
                    if goal & flag:
                        common &= self._reach[slot]
                if common:
                    self._win_by_connection(p, common & -common, k)
                    return

    def _setup_pieces(self) -> tuple[Piece, ...]:
        names = self.board.names
        t = self._tables
        pieces = []
        for pid, level, p in self._log:
            side = self.turn_order[p]
            if pid < t.n:
                pieces.append(Piece("sarsen", side, names[pid], level))
            else:
                a, _, b = t.lines[pid - t.n]
                pieces.append(Piece("lintel", side, f"{names[a]}-{names[b]}", level))
        for p, cell in enumerate(self._druid):
            target = self._target[p]
            if cell >= 0 and target is not None:
                pieces.append(Piece("druid", self.turn_order[p], names[cell], target=target))
        return tuple(pieces)

    def figure_target(self, side: str, cell_name: str) -> str:
        """The side a Druid's Walk figure of `side` standing on `cell_name` most likely walks
        to: the farther of its two sides (the one it did not come from), for a player who
        stands a figure on the board without choosing."""
        p = self.turn_order.index(side)
        start = self._on_board(cell_name, f"the {side} Druid figure at {cell_name}")
        distance = {start: 0}
        frontier = [start]
        while frontier:
            step = []
            for c in frontier:
                for d in self.board.neighbours[c]:
                    if d not in distance:
                        distance[d] = distance[c] + 1
                        step.append(d)
            frontier = step
        homes = self._tables.home_sides[p]
        return max(homes, key=lambda s: min(distance[c] for c in self.board.sides[s]))
