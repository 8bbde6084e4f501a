"""Drogo's groups and their freedoms: the floods that find a group with no freedom left.

A group is a set of stacks of one side joined through neighbours. Its freedoms are its empty
neighbours, and with -easy_free also any neighbour lower than the stack it touches.
"""

from __future__ import annotations

from collections.abc import Sequence


def dead_group(group: int, own: int, empty: int, shift: int) -> int:
    """The group of the stack whose bit is `group`, among the stacks `own` (bit set of its
    owner's stacks, laid out as rules.drogo.bits), as a bit set if it has no freedom among
    the `empty` cells, else 0.

    The group grows one step in every direction at a time, and the flood stops as soon as
    it touches an empty cell, so a group with a freedom nearby costs little.
    """
    while True:
        grown = group | group << 1 | group >> 1 | group << shift | group >> shift
        if grown & empty:
            return 0
        grown &= own
        if grown == group:
            return group
        group = grown


def dead_group_easy(start: int, height: Sequence[int], owner: Sequence[int],
                    nbrs: Sequence[Sequence[int]], bits: Sequence[int]) -> int:
    """dead_group for -easy_free, where a stack's freedom depends on its height: any lower
    neighbour, empty cells included. `start` is a cell, `height` and `owner` the stacks'."""
    seat = owner[start]
    group = [start]
    seen = {start}
    index = 0
    while index < len(group):
        cell = group[index]
        index += 1
        level = height[cell]
        for other in nbrs[cell]:
            if height[other] < level:
                return 0
            if owner[other] == seat and other not in seen:
                seen.add(other)
                group.append(other)
    return sum(bits[cell] for cell in group)
