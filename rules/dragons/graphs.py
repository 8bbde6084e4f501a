"""Dragons: the graph algorithms its loops and dragons are found with, written once for the
table, the loop blocks, the dragons and the look for wins in one.

A graph is given by its links: node -> the other end of each of its links (every link listed
at both its ends), as a mapping or as a function.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence
from typing import Generic, TypeVar

N = TypeVar("N", bound=Hashable)


def find_root(parent: dict[N, N], node: N) -> N:
    """The root of `node`'s class in a union-find forest (node -> its parent, a root its own
    parent), halving the path on the way up."""
    while parent[node] != node:
        parent[node] = parent[parent[node]]
        node = parent[node]
    return node


def reach(start: N, links: Callable[[N], list[N]]) -> dict[N, list[N]]:
    """The graph of the nodes reached from `start` through `links`: node -> its links."""
    graph = {start: links(start)}
    stack = [start]
    while stack:
        for cell in graph[stack.pop()]:
            if cell not in graph:
                graph[cell] = links(cell)
                stack.append(cell)
    return graph


def peel_to_core(links: Mapping[N, Sequence[N]], weights: Mapping[N, int], least: int
                 ) -> dict[N, int] | None:
    """Peel the graph down to its 2-core, taking off the nodes with fewer than two links
    one after another until none is left: then each node's links into the 2-core (two or
    more exactly for its own nodes); None as soon as the nodes left weigh less than `least`
    (`weights`: every node's weight)."""
    left = sum(weights.values())
    if left < least:
        return None
    degree = {node: len(ends) for node, ends in links.items()}
    peel = [node for node, count in degree.items() if count < 2]
    while peel:
        node = peel.pop()
        left -= weights[node]
        if left < least:
            return None
        for end in links[node]:
            count = degree[end]
            degree[end] = count - 1
            if count == 2:
                peel.append(end)
    return degree


class BlockWalk(Generic[N]):
    """Tarjan's lowpoints: depth-first walks over the graph of `links`, from one start or
    several, that hand over the blocks (biconnected components) as the walk leaves them.

    `order` numbers the nodes walked. With `parents`, each node found after a start is
    recorded there with its parent in the walk, in the order found. The walks never enter
    the node `outside`: numbered after every other, it lowers no lowpoint, as if it were not
    in the graph.
    """

    __slots__ = ("links", "order", "low", "parents")

    def __init__(self, links: Callable[[N], Iterable[N]], parents: dict[N, N] | None = None,
                 outside: N | None = None) -> None:
        self.links = links
        self.order: dict[N, int] = {} if outside is None else {outside: sys.maxsize}
        self.low: dict[N, int] = {}
        self.parents = parents

    def blocks(self, start: N, least: int = 1) -> Iterator[tuple[N, list[N]]]:
        """Walk from `start` (not walked yet) over the nodes not walked yet; yield each block
        below `start` with `least` nodes or more besides the node above it, as the walk
        leaves it: the node above it (where it hangs from the walk's forest) and its other
        nodes in the order found, the first of them a child of the node above. A node cuts
        off the block below its child when nothing below the child reaches above the node
        (the link back to the parent aside)."""
        links, order, low, parents = self.links, self.order, self.low, self.parents
        order[start] = low[start] = len(order)
        pending: list[N] = []   # nodes found, not yet given to a block
        walk = [(start, start, iter(links(start)))]
        while walk:
            cell, parent, branches = walk[-1]
            for other in branches:
                if other == parent:
                    continue
                if other in order:
                    if order[other] < low[cell]:
                        low[cell] = order[other]
                    continue
                order[other] = low[other] = len(order)
                if parents is not None:
                    parents[other] = cell
                pending.append(other)
                walk.append((other, cell, iter(links(other))))
                break
            else:
                walk.pop()
                if not walk:
                    return
                above = walk[-1][0]
                if low[cell] < low[above]:
                    low[above] = low[cell]
                if low[cell] >= order[above]:   # `above` cuts off a block: it and these
                    first = pending.index(cell)
                    if len(pending) - first >= least:
                        yield above, pending[first:]
                    del pending[first:]


def longest_cycle(graph: Mapping[N, Sequence[N]], start: N, budget: int | None
                  ) -> tuple[tuple[N, ...], int]:
    """The longest simple cycle through `start` in an undirected graph (links listed once per
    end, no repeated links), by depth-first search over simple paths; () when there is none.
    With a `budget`, the search stops after that many steps and returns the longest found.
    Also returns the number of steps taken."""
    best: tuple[N, ...] = ()
    steps = 0
    size = len(graph)
    path = [start]
    on_path = {start}
    branches: list[Iterator[N]] = [iter(graph[start])]
    while branches:
        for cell in branches[-1]:
            if cell == start:
                if len(path) > len(best) and len(path) >= 3:
                    best = tuple(path)
                    if len(best) == size:
                        return best, steps
            elif cell not in on_path:
                steps += 1
                if budget is not None and steps > budget:
                    return best, steps
                path.append(cell)
                on_path.add(cell)
                branches.append(iter(graph[cell]))
                break
        else:
            branches.pop()
            on_path.discard(path.pop())
    return best, steps
