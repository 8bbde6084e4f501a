"""The chain a Druid win shows: a shortest path through the winning group between its sides."""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence


def connecting_path(neighbours: Sequence[Sequence[int]], group: set[int],
                    sides: list[frozenset[int]]) -> list[int]:
    """A shortest path inside `group` from the first side to the second; for three sides,
    extended by a shortest path from it to the third."""
    path = _shortest(neighbours, group, group & sides[0], sides[1])
    for side in sides[2:]:
        if not side.intersection(path):
            path = path + _shortest(neighbours, group, set(path), side)[1:]
    return path


def _shortest(neighbours: Sequence[Sequence[int]], group: set[int], starts: set[int],
              goal: frozenset[int]) -> list[int]:
    parent: dict[int, int | None] = {c: None for c in sorted(starts)}
    queue = deque(sorted(starts))
    while queue:
        c = queue.popleft()
        if c in goal:
            path = [c]
            back = parent[c]
            while back is not None:
                path.append(back)
                back = parent[back]
            return path[::-1]
        for d in neighbours[c]:
            if d in group and d not in parent:
                parent[d] = c
                queue.append(d)
    raise AssertionError("the winning group does not reach the side")
