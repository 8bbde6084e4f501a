"""Which Drogo moves may end the game at once: the search looks for a win in one only among
them (`DrogoState.moves_that_may_win`).

A move wins at once only if the game is over after it, and Drogo ends only when no side still
in the game has a board move (docs/rules/drogo.md). So a move is ruled out when some side
surely has a board move after it, or it cannot win for its mover. A pass or `swap` leaves
the board and the resignations as they are, so a game going on still goes on after it; a
resignation (never among the legal moves) never wins for the side resigning. A board move of
side `s` (which is in the game) leaves every group with a freedom, the group of its own last
piece included.

Captures that remove stacks, without -easy_free: no board move ends the game. Let `e` be a
freedom of the group `G` of the mover's last piece. If `e` has an empty neighbour, a piece
there has a freedom whatever it captures. Else, if a group next to `e` (of side `y`) has no
other freedom, a side other than `y` still in the game (the game went on, so there are two)
can play `e`: that group is captured and removed, and `e` gets a freedom in its place. Else
every group next to `e` keeps a freedom other than `e`, so `s` can play `e`, joining `G`,
which keeps its other freedom (captures only empty cells). So some side can move: such a
game ends only by resignations.

With -in_place or -easy_free, the tests judge each move from the position before it and the
cells it puts pieces on, by two facts about the position after it:

- An empty cell stays empty unless the move puts a piece on it: captures only ever empty
  cells (or, with -in_place, recolour stacks). So two neighbouring empty cells that the move
  does not fill are still empty after it, and a piece on either has the other as a freedom
  whatever it captures (with -easy_free an empty cell is lower than a piece, so a freedom
  too); it is legal for every side, and `s` is still in the game.
- The stacks of `s` stay its own and keep their heights, but for the cells it builds on:
  a move never captures its mover's stacks. A stack that had `h` pieces and gets `k` of the
  move's ends with at most `h + k`. Without -easy_free `s` can put a piece on a stack of its
  own that is not full: that changes no group and no freedom, and every group has a freedom
  after every move. With -easy_free it can if the stack also has an empty neighbour (lower,
  so a freedom, before and after the piece).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from megalith.rules.drogo.bits import bit_layout, neighbours_of, paired_empties
from megalith.rules.drogo.text import NO_CELL, move_space, move_texts

# What the filter needs of a move: the bit set of its cells, then each of its cells with its
# bit and the number of pieces the move puts on it.
Footprint = tuple[int, tuple[tuple[int, int, int], ...]]

# A move fills at most two neighbouring cells; the empty cells that have an empty neighbour
# then lie among those two and their six other neighbours, else some pair stays empty.
MOST_EMPTIES_IN_PAIRS = 8
# A move builds on at most two cells; more stacks of the mover that are not full stay so.
MOST_OPEN_STACKS = 2


@cache
def footprints(size: int) -> dict[str, Footprint]:
    """The footprint of every move shape on a size x size board by its canonical text (bit
    sets laid out as rules.drogo.bits)."""
    bits = bit_layout(size).bits
    found: dict[str, Footprint] = {}
    for text, (first, second) in zip(move_texts(size), move_space(size)):
        bit = bits[first]
        if second == NO_CELL:
            found[text] = bit, ((first, bit, 1),)
        elif second == first:
            found[text] = bit, ((first, bit, 2),)
        else:
            found[text] = bit | bits[second], ((first, bit, 1), (second, bits[second], 1))
    return found


def may_end(moves: Sequence[str], prints: dict[str, Footprint], empty: int, shift: int,
            open_stacks: int, heights: Sequence[int], top_level: int, in_place: bool,
            easy_free: bool) -> list[str]:
    """Those of `moves` (legal moves of the side to move, in a game going on, in canonical
    text) after which the game may be over with a win for their mover, in their order.

    `empty` is the bit set of empty cells, `open_stacks` that of the mover's stacks that are
    not full, `heights` the stacks' heights and `top_level` the most a stack holds. The
    reasoning is in the module's docstring; here the cheapest tests come first, on the
    whole position, and settle nearly every position of a game at once."""
    if not (in_place or easy_free):
        return []
    pairs = paired_empties(empty, shift)
    if pairs.bit_count() > MOST_EMPTIES_IN_PAIRS:
        return []
    if not easy_free and open_stacks.bit_count() > MOST_OPEN_STACKS:
        return []
    kept = []
    for move in moves:
        footprint = prints.get(move)
        if footprint is None:  # a pass, swap or resignation
            continue
        cells, pieces = footprint
        left = empty & ~cells
        if paired_empties(left, shift):
            continue
        still_open = open_stacks & ~cells
        for cell, bit, count in pieces:
            if heights[cell] + count < top_level:
                still_open |= bit
        if easy_free:  # only those with an empty neighbour
            still_open &= neighbours_of(left, shift)
        if not still_open:
            kept.append(move)
    return kept

