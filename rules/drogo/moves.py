"""Drogo's legal board moves for every cell at once, on byte planes (issue 12).

The position is turned into byte planes (`rules.byte_planes`) laid out as the engine's bit
sets (rules.drogo.bits): cell (column c, row r) at position c * (n + 1) + r, so the neighbours
of a position are 1 and n + 1 positions away and the spare position at the top of each column
keeps a shift by one from running into the next column. The rules (docs/rules/drogo.md) then
settle nearly every move shape with a few integer operations for the whole board; the engine
settles the few shapes they leave open (group floods, or a trial on copies). Without
-easy_free only (-easy_free keeps the engine's trial of every candidate).

Why the shortcuts hold. After every move every group on the board has a freedom (an empty
neighbour): the mover's own group by the suicide rule, enemy groups because those without one
are captured, and no other group loses one. Captures only ever empty cells (or, with
-in_place, recolour stacks), so an empty cell stays empty through them. On a square board no
two neighbours of a cell are neighbours of each other, so a freedom found next to a
neighbour of a cell is never that cell. Hence, for one piece:

- on the mover's own stack it changes no group and no freedom: legal (if not full);
- on an enemy stack next to one of the mover's stacks it joins that stack's group, which has
  a freedom, and fills no empty cell: legal;
- on an empty cell next to an empty cell it keeps that freedom: legal;
- on an empty cell with no empty neighbour (an eye): legal if a neighbour of the mover's has
  another empty neighbour; illegal if every neighbour is an enemy stack whose group keeps a
  freedom (it has another empty neighbour, or, with one rival side, a neighbour of its own
  side has one); else left open.

A pair `a,b` beside each other needs `a` legal as one piece, then `b` at the level `a` reached:

- stacks of one height: `b` is legal if it is the mover's; if it has an empty neighbour other
  than `a`; if it is an enemy stack the first piece cannot have captured (with -in_place a
  capture gives it to the mover; otherwise only a piece on an enemy stack can split a group,
  so an `a` that was the mover's captures nothing, and with one rival side a `b` next to a
  stack of its side with an empty neighbour, or next to one next to such a stack, keeps a
  freedom); or, both empty, if `a` has another empty neighbour or either touches a stack of
  the mover's with an empty neighbour. The rest is left open.
- other heights: only an empty `a` whose piece captures an enemy stack `b` (leaving it empty)
  can give one level, and only if `b`'s group has no freedom but `a`: left open unless `b`
  has another empty neighbour or (one rival side) a neighbour of its side with one.

`c3,c3` is legal whenever `c3` is and the stack has room for two: the second piece goes on the
mover's own stack. Shapes left open are few (none to a handful in a mid-game position, about
ten on a crowded board); the engine settles them with group floods or by trying them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from itertools import chain
from operator import getitem, itemgetter

from megalith.rules.byte_planes import Planes
from megalith.rules.drogo.bits import bit_layout
from megalith.rules.drogo.text import NO_CELL, CellMove, text_of
from megalith.rules.geometry import square_board
# The kinds of move shape on one cell, in the order of their bit in a cell's pattern.
SINGLE, STACKED, LEFT, DOWN, UP, RIGHT = range(6)


@dataclass(frozen=True)
class Layout:
    """What listing needs for one board size, made once per size.

    `gather(heights)` gives the heights position by position (spare positions repeat cell
    0's, which every flag plane masks out); `cell_at[p]` is the cell at position p (-1 for a
    spare); `texts[p][pattern]` are the move texts (sorted) of the shapes flagged in a 6-bit
    pattern at position p (bit SINGLE, STACKED, then the pairs to the LEFT, DOWN, UP, RIGHT
    neighbour)."""

    planes: Planes
    gather: Callable[[list[int]], tuple[int, ...]]
    cell_at: tuple[int, ...]
    texts: tuple[tuple[tuple[str, ...], ...], ...]
    column: int  # bits between neighbouring columns, 8 * (size + 1)
    full: int  # a plane of the size in every byte
    tall: int  # a plane that adds to a height a carry into the high bit from size - 1 up
    edges: tuple[int, int, int, int]  # flags the cells with no neighbour left, down, up, right


@cache
def layout(size: int) -> Layout:
    names = square_board(size).names
    rows = size + 1
    positions = size * rows
    place = bit_layout(size).positions
    cell_at = [-1] * positions
    for cell, position in enumerate(place):
        cell_at[position] = cell
    texts: list[tuple[tuple[str, ...], ...]] = []
    for position in range(positions):
        cell = cell_at[position]
        if cell < 0:
            texts.append(((),) * 64)
            continue
        shapes = [text_of((cell, NO_CELL), names), text_of((cell, cell), names)]
        for step in (-rows, -1, 1, rows):
            other = position + step
            other_cell = cell_at[other] if 0 <= other < positions else -1
            shapes.append("" if other_cell < 0 else text_of((cell, other_cell), names))
        texts.append(tuple(tuple(sorted(shapes[kind] for kind in range(6) if pattern >> kind & 1
                                        and shapes[kind]))
                           for pattern in range(64)))
    gather = itemgetter(*[max(cell, 0) for cell in cell_at])
    planes = Planes.of(positions, place)
    cells, column = planes.board, 8 * rows
    edges = (cells & ~(cells << column), cells & ~(cells << 8), cells & ~(cells >> 8),
             cells & ~(cells >> column))
    return Layout(planes, gather, tuple(cell_at), tuple(texts), column, planes.repeat(size),
                  planes.repeat(0x80 - (size - 1)), edges)


def quick_moves(lay: Layout, heights: list[int], mine: int, pairs: bool, removals: bool,
                one_rival: bool, legal: Callable[[CellMove], bool]) -> list[str]:
    """Every legal board move (not sorted across cells) without -easy_free.

    `heights` per cell, `mine` the mover's stacks as the engine's bit set, `pairs` whether
    two-piece moves are allowed now, `removals` whether captures remove stacks (not
    -in_place), `one_rival` whether every enemy stack is of one side (two players);
    `legal(move)` settles a move shape the planes leave open."""
    planes, column = lay.planes, lay.column
    board, high, zero = planes.board, planes.high, planes.zero
    height = planes.from_values(lay.gather(heights))
    empty = zero(height) & board
    full = zero(height ^ lay.full) & board
    own = planes.from_bits(mine)
    taken = board ^ empty
    enemy = taken ^ own
    # Flags where the neighbour to the left (down, up, right) is empty; then, for a stack b
    # seen from the neighbour a on its right (above, below, left): b's other empty neighbours.
    e_left, e_down = empty << column & board, empty << 8 & board
    e_up, e_right = empty >> 8 & board, empty >> column & board
    near_empty = e_left | e_down | e_up | e_right
    o_left, o_down = e_left | e_down | e_up, e_left | e_down | e_right
    o_up, o_right = e_left | e_up | e_right, e_down | e_up | e_right
    # Flags where a neighbour is the mover's and has an empty neighbour of its own.
    helped = ((own & o_left) << column | (own & o_down) << 8 | (own & o_up) >> 8
              | (own & o_right) >> column)
    near_own = (own << column | own << 8 | own >> 8 | own >> column) & board
    open_ = (own | empty | enemy & near_own) & ~full
    eyes = open_ & empty & ~near_empty
    singles = (open_ ^ eyes) | eyes & helped
    eyes &= ~helped
    # Enemy stacks with an empty neighbour, and those next to one: with one rival side, the
    # group of either has a freedom other than any cell next to it (on a square board no
    # two neighbours of a cell touch), which a piece there cannot take.
    free_enemy = linked = 0
    if one_rival:
        free_enemy = enemy & near_empty
        linked = enemy & (free_enemy << column | free_enemy << 8 | free_enemy >> 8
                          | free_enemy >> column)
    if eyes:  # drop the eyes whose every neighbour is an enemy stack with another freedom
        left, down, up, right = lay.edges
        eyes &= (~((enemy & (o_left | linked)) << column | left)
                 | ~((enemy & (o_down | linked)) << 8 | down)
                 | ~((enemy & (o_up | linked)) >> 8 | up)
                 | ~((enemy & (o_right | linked)) >> column | right))
    if eyes:
        for position in planes.positions_of(eyes):
            if legal((lay.cell_at[position], NO_CELL)):
                singles |= 0x80 << 8 * position
    pattern = singles >> 7
    if not pairs:
        return _texts(lay, pattern)
    pattern |= (singles & ~((height + lay.tall) & high)) >> 6
    same_up = zero(height ^ height >> 8) & board >> 8
    same_right = zero(height ^ height >> column) & board >> column
    # At one level an empty `a` means an empty `b` and a stack at `a` a stack at `b`; so the
    # pair is sure when `a` is the mover's, or both are empty and `a` keeps a freedom, or
    # when `b` is the mover's, has an empty neighbour besides `a`, is an enemy stack that
    # cannot be captured, or is empty next to a group of the mover's with a freedom.
    b_always = own | helped & empty
    if not removals:
        b_always |= enemy
    # With one rival side, an enemy stack `b` next to a free or linked enemy stack other
    # than `a` has a freedom other than `a` (a linked one only if `a` is not empty).
    k_left, k_down = free_enemy << column, free_enemy << 8
    k_up, k_right = free_enemy >> 8, free_enemy >> column
    l_left, l_down = linked << column, linked << 8
    l_up, l_right = linked >> 8, linked >> column
    cell_at = lay.cell_at
    for kind, up_shift, down_shift, b_other, a_other, b_kept, b_linked, same in (
            (LEFT, column, 0, o_left, o_right, k_left | k_down | k_up, l_left | l_down | l_up,
             same_right << column),
            (DOWN, 8, 0, o_down, o_up, k_left | k_down | k_right, l_left | l_down | l_right,
             same_up << 8),
            (UP, 0, 8, o_up, o_down, k_left | k_up | k_right, l_left | l_up | l_right,
             same_up),
            (RIGHT, 0, column, o_right, o_left, k_down | k_up | k_right,
             l_down | l_up | l_right, same_right)):
        # x << up_shift >> down_shift reads plane x at b, the neighbour of a this way
        level = singles & same
        kept = b_other | b_kept & enemy
        sure = level & ((b_always | kept | b_linked & enemy) << up_shift >> down_shift | own
                        | empty & (a_other | helped))
        doubtful = level ^ sure
        if removals:
            doubtful |= singles & empty & (enemy & ~kept) << up_shift >> down_shift
        if doubtful:
            step = (down_shift - up_shift) // 8
            for position in planes.positions_of(doubtful):
                if legal((cell_at[position], cell_at[position + step])):
                    sure |= 0x80 << 8 * position
        pattern |= sure >> (7 - kind)
    return _texts(lay, pattern)


def _texts(lay: Layout, pattern: int) -> list[str]:
    """The texts of the shapes flagged in a plane of 6-bit patterns, position by position."""
    chosen = pattern.to_bytes(lay.planes.positions, "little")
    return list(chain.from_iterable(map(getitem, lay.texts, chosen)))
