"""Dragons: the biconnected blocks of one side's loop graph, kept up to date tile by tile.

The loop graph of a side joins two tiles whose loop regions of that side share an edge. A new
tile closes a loop exactly when it lies in a block (a biconnected component) of three tiles or
more, and no loop through it is longer than its biggest block. Knowing that size, the engine
searches for the longest loop (an exponential search, and a walk over the whole component)
only when a loop could beat the side's longest so far: most new loops are the little ones
around a corner.

The structure is the usual one for blocks under added edges: a spanning forest (a tile's
parent and depth), each forest edge named by its lower tile, and a union-find over those
edges whose classes are the blocks, each with its top tile (above its highest edge) and its
number of forest edges (its tiles - 1). An edge closing a cycle merges the blocks met going
up from both ends to where they meet. A new tile that joins several components hangs under
the biggest; each other one is rebuilt under it (Tarjan's lowpoints), so a tile is rebuilt
only when its component at least doubles.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from megalith.rules.contracts import Coord


class LoopBlocks:
    """The blocks of one side's loop graph, grown by `add` as tiles are laid."""

    __slots__ = ("_component", "_count", "_up", "_depth", "_block", "_top", "_edges")

    def __init__(self) -> None:
        self._component: dict[Coord, Coord] = {}   # union-find of the connected components
        self._count: dict[Coord, int] = {}         # component root -> its tiles
        self._up: dict[Coord, Coord] = {}          # the forest: a tile's parent (a root: itself)
        self._depth: dict[Coord, int] = {}
        self._block: dict[Coord, Coord] = {}       # union-find over forest edges (lower tiles)
        self._top: dict[Coord, Coord] = {}         # block root -> the tile above the block
        self._edges: dict[Coord, int] = {}         # block root -> its forest edges

    def copy(self) -> LoopBlocks:
        clone = LoopBlocks()
        clone._component = dict(self._component)
        clone._count = dict(self._count)
        clone._up = dict(self._up)
        clone._depth = dict(self._depth)
        clone._block = dict(self._block)
        clone._top = dict(self._top)
        clone._edges = dict(self._edges)
        return clone

    def add(self, tile: Coord, links: Sequence[Coord],
            neighbours: Callable[[Coord, int], list[Coord]], side: int) -> int:
        """Add `tile`, joined to the tiles `links` (already added); return the tiles of the
        biggest block holding it (1 without links, 2 when it closes no loop).
        `neighbours(cell, side)` lists a tile's links in the graph as it is now, `tile`
        included."""
        component, count, up, depth = self._component, self._count, self._up, self._depth
        if not links:
            component[tile] = up[tile] = tile
            count[tile] = 1
            depth[tile] = 0
            return 1
        firsts: dict[Coord, Coord] = {}   # component root -> its first link
        for cell in links:
            firsts.setdefault(self._root(cell), cell)
        host_root, host = next(iter(firsts.items()))
        for root, cell in firsts.items():   # hang the new tile under the biggest component
            if count[root] > count[host_root]:
                host_root, host = root, cell
        component[tile] = host_root
        count[host_root] += 1
        up[tile] = host
        depth[tile] = depth[host] + 1
        self._block[tile] = tile
        self._top[tile] = host
        self._edges[tile] = 1
        if len(links) == 1:
            return 2
        edges = [tile]   # the forest edges at the new tile, each in a block holding it
        for root, cell in firsts.items():
            if root != host_root:
                self._rebuild(cell, tile, neighbours, side)
                edges.append(cell)
                component[root] = host_root
                count[host_root] += count.pop(root)
        if len(firsts) < len(links):
            tree_links = firsts.values()
            for cell in links:
                if cell not in tree_links:
                    self._merge_path(tile, cell)
        return max(self._edges[self._find(edge)] for edge in edges) + 1

    def _root(self, cell: Coord) -> Coord:
        component = self._component
        while component[cell] != cell:
            component[cell] = component[component[cell]]
            cell = component[cell]
        return cell

    def _find(self, edge: Coord) -> Coord:
        block = self._block
        while block[edge] != edge:
            block[edge] = block[block[edge]]
            edge = block[edge]
        return edge

    def _merge_path(self, a: Coord, b: Coord) -> None:
        """An edge a-b within a component: merge the blocks on the forest path between them
        (climbing a block at a time from the deeper end until both ends meet)."""
        depth, top = self._depth, self._top
        met: dict[Coord, None] = {}
        while a != b:
            if depth[a] < depth[b]:
                a, b = b, a
            block = self._find(a)
            met[block] = None
            a = top[block]
        merged, *others = met
        for block in others:
            self._block[block] = merged
            self._edges[merged] += self._edges[block]
        top[merged] = a

    def _rebuild(self, root: Coord, under: Coord,
                 neighbours: Callable[[Coord, int], list[Coord]], side: int) -> None:
        """Hang the component of `root` under the new tile `under` by the edge root-under,
        its forest and blocks made anew from `root` (a depth-first walk; lowpoints give the
        blocks, and counting the edge back to the parent changes none)."""
        up, depth, block, top, edges = self._up, self._depth, self._block, self._top, self._edges
        up[root] = under
        depth[root] = depth[under] + 1
        block[root] = root
        top[root] = under
        edges[root] = 1
        order = {root: 0}
        low = {root: 0}
        pending: list[Coord] = []   # tiles found, not yet given to a block
        walk = [(root, iter(neighbours(root, side)))]
        while walk:
            cell, branches = walk[-1]
            for other in branches:
                if other == under:
                    continue
                if other in order:
                    if order[other] < low[cell]:
                        low[cell] = order[other]
                    continue
                order[other] = low[other] = len(order)
                up[other] = cell
                depth[other] = depth[cell] + 1
                pending.append(other)
                walk.append((other, iter(neighbours(other, side))))
                break
            else:
                walk.pop()
                if not walk:
                    break
                above = walk[-1][0]
                if low[cell] < low[above]:
                    low[above] = low[cell]
                if low[cell] >= order[above]:   # `above` cuts off a block: it and these
                    first = pending.index(cell)
                    for member in pending[first:]:
                        block[member] = cell
                    top[cell] = above
                    edges[cell] = len(pending) - first
                    del pending[first:]
