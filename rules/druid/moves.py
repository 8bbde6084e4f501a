"""Druid's legal placements for the whole board at once, on byte planes (issue 12).

The planes (`rules.byte_planes`) use the engine's bit layout (`rules.druid.bits`), where
every straight line of three cells is a position and the two positions one fixed step further
on. So each lintel is judged at the position of its lower end, for all lines of one step at
once, by the rules of `DruidPosition._legal`: ends of one height above the ground, a middle
not higher (with -nogaps, as high), exactly two of the stones it would rest on the mover's, and
no Druid under it. A sarsen goes on bare ground or on the mover's own top (what -nostack and
Druid's Walk add is left to the engine).

Heights above 0x7f do not fit a plane: `lintels` answers None then, and the engine tests
every placement as before.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import compress
from operator import itemgetter
from typing import TypeVar, cast

from megalith.rules.byte_planes import Planes
from megalith.rules.geometry import Board

T = TypeVar("T")


@dataclass(frozen=True)
class Direction:
    """The lines of one step: `starts` flags their lower ends; `texts[p]` and `placements[p]`
    are the text and placement number of the line whose lower end is at position p (None
    where none is)."""

    step: int  # in bits: 8 times the step in positions
    starts: int
    texts: tuple[str | None, ...]
    placements: tuple[int | None, ...]


@dataclass(frozen=True)
class Layout:
    """What listing needs for one board: the planes' constants, `gather(heights)` giving the
    heights position by position (spare positions repeat cell 0's and are never read), the
    sarsens' texts and placement numbers position by position, and the lines by step."""

    planes: Planes
    gather: Callable[[list[int]], tuple[int, ...]]
    sarsen_texts: tuple[str | None, ...]
    sarsen_placements: tuple[int | None, ...]
    directions: tuple[Direction, ...]


_LAYOUTS: dict[Board, Layout] = {}


def layout(board: Board, bits: Sequence[int], texts: Sequence[str]) -> Layout:
    """The layout of `board`, whose cells have `bits` in the engine's bit layout and whose
    placements have `texts` (sarsens, then lintels in the order of `board.lines`); made once
    per board."""
    found = _LAYOUTS.get(board)
    if found is None:
        found = _LAYOUTS[board] = _make_layout(board, bits, texts)
    return found


def _make_layout(board: Board, bits: Sequence[int], texts: Sequence[str]) -> Layout:
    place = [bit.bit_length() - 1 for bit in bits]
    positions = max(place) + 1
    cell_at = [0] * positions
    sarsen_texts: list[str | None] = [None] * positions
    sarsen_placements: list[int | None] = [None] * positions
    for cell, position in enumerate(place):
        cell_at[position] = cell
        sarsen_texts[position] = texts[cell]
        sarsen_placements[position] = cell
    by_step: dict[int, tuple[int, list[str | None], list[int | None]]] = {}
    for k, (a, _, b) in enumerate(board.lines):
        low, high = sorted((place[a], place[b]))
        step = (high - low) // 2
        starts, line_texts, numbers = by_step.setdefault(
            step, (0, [None] * positions, [None] * positions))
        line_texts[low] = texts[len(bits) + k]
        numbers[low] = len(bits) + k
        by_step[step] = (starts | 0x80 << 8 * low, line_texts, numbers)
    directions = tuple(Direction(8 * step, starts, tuple(line_texts), tuple(numbers))
                       for step, (starts, line_texts, numbers) in sorted(by_step.items()))
    return Layout(Planes.of(positions, place), itemgetter(*cell_at), tuple(sarsen_texts),
                  tuple(sarsen_placements), directions)


def pick(lay: Layout, flags: int, items: tuple[T | None, ...]) -> list[T]:
    """The items at the positions flagged in a flag plane (never a None: the positions of
    Nones, spare positions and cells where no line starts, are never flagged)."""
    return cast(list[T], list(compress(items, lay.planes.selector(flags))))


def lintels(lay: Layout, heights: list[int], mine: int, druids: int, nogaps: bool
            ) -> list[int] | None:
    """For each direction of `lay`, the flag plane of the legal lintels (at their lower
    ends) for the side whose tops are the bit set `mine`, with Druids on the bit set
    `druids`; None when a stack is too high for a plane."""
    planes = lay.planes
    try:
        height = planes.from_values(lay.gather(heights))
    except ValueError:  # a height above 255
        return None
    if height & planes.high:
        return None
    own = planes.from_bits(mine)
    druid = planes.from_bits(druids) if druids else 0
    raised = planes.nonzero(height)
    found = []
    for direction in lay.directions:
        step = direction.step
        middle, far = height >> step, height >> 2 * step
        level = direction.starts & raised & planes.zero(height ^ far)
        flush = planes.zero(height ^ middle)  # the middle as high as the ends
        level &= flush if nogaps else planes.not_above(height, middle)
        if druid:
            level &= ~(druid | druid >> step | druid >> 2 * step)
        own_middle = own >> step & flush  # the middle counts only when it is that high
        own_far = own >> 2 * step
        found.append(level & (own & own_far & ~own_middle | (own ^ own_far) & own_middle))
    return found
