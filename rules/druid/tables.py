"""The constant tables of one Druid game: its board's placements, their cells as bits, and each
side's goal sides, worked out once when the game starts and shared by every copy.

Every placement has a number: cell i is the sarsen on cell i, and `n + k` the lintel on the
board's k-th straight line. Sets of cells are ints in the bit layout of rules.druid.bits.
"""

from __future__ import annotations

from dataclasses import dataclass

from megalith.rules.druid import moves, scores
from megalith.rules.druid.bits import Grow, bit_layout, grow_hex, grow_square
from megalith.rules.geometry import Board

Line = tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class Tables:
    """`goal_names[p]` are player p's goal alternatives (rules.druid.goals). For the
    connection, each of p's goal sides has a slot in the state's reach sets: `reach_sides[p]`
    holds (slot, the side's cells, a flag of its own) per side, `goal_flags[p]` each
    alternative as the flags of its sides, and `edge_flags[p][pid]` the flags of the sides
    placement pid lies on. `home_sides[p]` are the sides p's Druid may appear on in Druid's
    Walk."""

    n: int  # cells, and so sarsen placements
    count: int  # placements: sarsens, then lintels
    lines: tuple[Line, ...]  # the board's straight lines of three cells, a lintel's cells
    line_index: dict[Line, int]
    text: tuple[str, ...]  # each placement's canonical text (`c3`, `b2-b4`)
    text_index: dict[str, int]
    bits: tuple[int, ...]  # each cell's bit
    board_bits: int
    w: int  # a row's width in bits, for `grow`
    grow: Grow
    cover: tuple[int, ...]  # each placement's cells
    around: tuple[int, ...]  # each placement's cells and their neighbours
    goal_names: list[list[tuple[str, ...]]]
    slots: int
    reach_sides: tuple[tuple[tuple[int, int, int], ...], ...]
    goal_flags: tuple[tuple[int, ...], ...]
    edge_flags: tuple[tuple[int, ...], ...]
    home_sides: tuple[tuple[str, ...], ...]
    listing: moves.Layout  # the legal-move lists' byte planes
    score_plan: scores.Plan  # a playout's cut-off value

    def placement_cells(self, pid: int) -> tuple[int, ...]:
        """The cells placement pid covers: a sarsen's one, a lintel's three."""
        return (pid,) if pid < self.n else self.lines[pid - self.n]


def make_tables(board: Board, goal_names: list[list[tuple[str, ...]]]) -> Tables:
    """The tables of a game on `board` whose sides in turn order have `goal_names`."""
    n = len(board)
    names = board.names
    text = tuple(names) + tuple(f"{names[a]}-{names[b]}" for a, _, b in board.lines)
    bits, shifts = bit_layout(board)
    grow = grow_square if board.kind == "square" else grow_hex
    board_bits = sum(bits)
    side_bits = {name: sum(bits[i] for i in cells) for name, cells in board.sides.items()}
    reach_sides: list[tuple[tuple[int, int, int], ...]] = []
    goal_flags: list[tuple[int, ...]] = []
    slots = 0
    for alts in goal_names:
        sides = list(dict.fromkeys(side for alt in alts for side in alt))
        reach_sides.append(tuple((slots + i, side_bits[side], 1 << i)
                                 for i, side in enumerate(sides)))
        goal_flags.append(tuple(sum(1 << sides.index(side) for side in alt) for alt in alts))
        slots += len(sides)
    cells = [(pid,) for pid in range(n)] + list(board.lines)
    cover = tuple(sum(bits[c] for c in placed) for placed in cells)
    around = tuple(sum({bits[d] for c in placed for d in (c, *board.neighbours[c])})
                   for placed in cells)
    return Tables(
        n=n, count=len(text), lines=board.lines,
        line_index={line: k for k, line in enumerate(board.lines)}, text=text,
        text_index={placement: pid for pid, placement in enumerate(text)}, bits=tuple(bits),
        board_bits=board_bits, w=shifts[1], grow=grow, cover=cover, around=around,
        goal_names=goal_names, slots=slots, reach_sides=tuple(reach_sides),
        goal_flags=tuple(goal_flags),
        edge_flags=tuple(tuple(sum(flag for _, side, flag in sides if placed & side)
                               for placed in cover) for sides in reach_sides),
        home_sides=tuple(tuple(sorted({s for alt in alts for s in alt})) for alts in goal_names),
        listing=moves.layout(board, bits, text),
        score_plan=scores.make_plan(
            [[[side_bits[s] for s in alt] for alt in alts] for alts in goal_names],
            board_bits, shifts, grow))
