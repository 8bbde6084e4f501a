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

`block_graph` hands the search the blocks through a new tile (a walk over them alone, not
over the whole component): every loop through the tile lies in one of them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from megalith.rules.contracts import Coord
from megalith.rules.dragons.graphs import BlockWalk, find_root, reach

Neighbours = Callable[[Coord, int], list[Coord]]  # (tile, side) -> its links, in a fixed order


class LoopBlocks:
    """The blocks of one side's loop graph, grown by `add` as tiles are laid."""

    __slots__ = ("_component", "_count", "_tree", "_block", "_blocks")

    def __init__(self) -> None:
        self._component: dict[Coord, Coord] = {}   # union-find of the connected components
        self._count: dict[Coord, int] = {}         # component root -> its tiles
        self._tree: dict[Coord, tuple[Coord, int]] = {}   # the forest: tile -> (its parent,
        # its depth); a root is its own parent
        self._block: dict[Coord, Coord] = {}       # union-find over forest edges (lower tiles)
        self._blocks: dict[Coord, tuple[Coord, int]] = {}  # block root -> (the tile above
        # its highest edge, its forest edges)

    def copy(self) -> LoopBlocks:
        clone = LoopBlocks.__new__(LoopBlocks)   # no empty dicts made only to be dropped
        clone._component = dict(self._component)
        clone._count = dict(self._count)
        clone._tree = dict(self._tree)
        clone._block = dict(self._block)
        clone._blocks = dict(self._blocks)
        return clone

    def add(self, tile: Coord, links: Sequence[Coord], neighbours: Neighbours, side: int
            ) -> int:
        """Add `tile`, joined to the tiles `links` (already added, at least one); return the
        tiles of the biggest block holding it (2 when it closes no loop). A tile without
        links is not added: a tile the structure does not hold is a component of its own.
        `neighbours(cell, side)` lists a tile's links in the graph as it is now, `tile`
        included."""
        component, count = self._component, self._count
        if len(links) == 1:   # the usual case: a leaf under its one link, no loop closed
            host = links[0]
            self._hang(tile, host, find_root(component, host) if host in component else host)
            return 2
        firsts: dict[Coord, Coord] = {}   # component root -> its first link (a tile not held:
        # a component of its own, named by itself)
        for cell in links:
            firsts.setdefault(find_root(component, cell) if cell in component else cell, cell)
        host_root, host = next(iter(firsts.items()))
        for root, cell in firsts.items():   # hang the tile under the biggest component
            if count.get(root, 1) > count.get(host_root, 1):
                host_root, host = root, cell
        self._hang(tile, host, host_root)
        for root, cell in firsts.items():
            if root != host_root:
                if root not in count:   # a lone tile: nothing to rebuild
                    self._edge(cell, tile, self._tree[tile][1] + 1)
                else:
                    self._rebuild(cell, tile, neighbours, side)
                component[root] = host_root
                count[host_root] += count.pop(root, 1)
        if len(firsts) == len(links):   # one link into each component: bridges only
            return 2
        tree_links = firsts.values()
        for cell in links:
            if cell not in tree_links:
                self._merge_path(tile, cell)
        blocks, block = self._blocks, self._block
        return max(blocks[find_root(block, cell)][1] for cell in (tile, *tree_links)
                   if cell != host) + 1

    def _hang(self, tile: Coord, host: Coord, host_root: Coord) -> None:
        """Join `tile` to the component of `host` (root `host_root`) as `host`'s child in the
        forest, its edge to `host` a block of its own."""
        component = self._component
        component[tile] = component[host_root] = host_root
        count = self._count
        count[host_root] = count.get(host_root, 1) + 1
        tree = self._tree
        above = tree.get(host)
        if above is None:   # a lone tile: a root
            tree[host] = above = (host, 0)
        tree[tile] = (host, above[1] + 1)   # as `_edge` makes it, written out: most tiles
        self._block[tile] = tile            # come this way
        self._blocks[tile] = (host, 1)

    def _edge(self, child: Coord, parent: Coord, depth: int) -> None:
        """The forest edge from `child` (at `depth`) up to `parent`, a block of its own."""
        self._tree[child] = (parent, depth)
        self._block[child] = child
        self._blocks[child] = (parent, 1)

    def block_graph(self, tile: Coord, beat: int, neighbours: Neighbours, side: int
                    ) -> dict[Coord, list[Coord]]:
        """The graph (adjacency lists in `neighbours` order) cut down to the blocks holding
        `tile` with more than `beat` tiles (and three or more); empty if there is none."""
        blocks = self._blocks
        least = max(beat, 2)
        wanted = {block for block in self._blocks_at(tile, neighbours(tile, side))
                  if blocks[block][1] >= least}
        if not wanted:
            return {}
        tops = {blocks[block][0] for block in wanted}
        block = self._block

        def links(cell: Coord) -> list[Coord]:
            return [other for other in neighbours(cell, side)
                    if other in tops or (other in block and find_root(block, other) in wanted)]

        return reach(tile, links)

    def component(self, tile: Coord) -> tuple[Coord, int]:
        """The root naming `tile`'s component and its tiles (a tile not held: itself and
        1), read without path halving: a look that changes nothing."""
        component = self._component
        root, above = tile, component.get(tile, tile)
        while above != root:
            root, above = above, component[above]
        return root, self._count.get(root, 1)

    def _blocks_at(self, tile: Coord, links: Sequence[Coord]) -> set[Coord]:
        """The blocks of the forest edges at `tile` (to its parent and to its children among
        `links`): every block holding `tile` has one of them."""
        tree = self._tree
        edges = [cell for cell in links if tree[cell][0] == tile]
        if tree[tile][0] != tile:
            edges.append(tile)
        return {find_root(self._block, edge) for edge in edges}

    def _merge_path(self, a: Coord, b: Coord) -> None:
        """An edge a-b within a component: merge the blocks on the forest path between them
        (climbing a block at a time from the deeper end until both ends meet)."""
        tree, blocks = self._tree, self._blocks
        met: dict[Coord, None] = {}
        while a != b:
            if tree[a][1] < tree[b][1]:
                a, b = b, a
            block = find_root(self._block, a)
            met[block] = None
            a = blocks[block][0]
        merged, *others = met
        edges = blocks[merged][1]
        for block in others:
            self._block[block] = merged
            edges += blocks.pop(block)[1]
        blocks[merged] = (a, edges)

    def _rebuild(self, root: Coord, under: Coord, neighbours: Neighbours, side: int) -> None:
        """Hang the component of `root` under the new tile `under` by the edge root-under,
        its forest and blocks made anew from `root` by Tarjan's lowpoints (`BlockWalk`, kept
        out of `under`, whose other links into the component `_merge_path` adds after)."""
        tree = self._tree
        self._edge(root, under, tree[under][1] + 1)
        block, blocks = self._block, self._blocks
        parents: dict[Coord, Coord] = {}
        walk = BlockWalk(lambda cell: neighbours(cell, side), parents, under)
        for above, members in walk.blocks(root):
            name = members[0]
            for member in members:
                block[member] = name
            blocks[name] = (above, len(members))
        for cell, above in parents.items():   # each parent found before its children
            tree[cell] = (above, tree[above][1] + 1)
