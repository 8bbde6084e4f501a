"""Dragons' dragons, which -tantrix scores: the regions of one colour joined across the edges
their tiles share.

Each tile region is a node, and a shared edge joins the two regions that meet there. A
dragon's holes (the loops it encloses) are its shared edges - its regions + 1; Tantrix
scoring counts a point a hole, doubled when no edge of the dragon is left open.
"""

from __future__ import annotations

from megalith.rules.contracts import Coord, Dragon
from megalith.rules.dragons.graphs import find_root
from megalith.rules.dragons.tiles import (
    OPPOSITE,
    SIDES,
    STEP_X,
    STEP_Y,
    TileSet,
    neighbour,
    reading_key,
)

Node = tuple[Coord, int]   # (tile, region index)


class DragonScores:
    """The dragons as tiles are laid, and each side's best score: a union-find over the
    regions whose classes are the dragons, each with (its regions, its shared edges, its open
    edges)."""

    __slots__ = ("parent", "stats", "best")

    def __init__(self) -> None:
        self.parent: dict[Node, Node] = {}
        self.stats: dict[Node, tuple[int, int, int]] = {}   # per root
        self.best: dict[str, int] = {"O": 0, "X": 0}

    def copy(self) -> DragonScores:
        clone = DragonScores.__new__(DragonScores)
        clone.parent = dict(self.parent)
        clone.stats = dict(self.stats)
        clone.best = dict(self.best)
        return clone

    def add(self, tiles: dict[Coord, int], ts: TileSet, coord: Coord, index: int) -> None:
        """Add the regions of the tile `index` just laid at `coord` (`tiles` holds it)."""
        stats, parent = self.stats, self.parent
        tile_regions = ts.regions[index]
        x, y = coord
        for r, region in enumerate(tile_regions):
            node = (coord, r)
            parent[node] = node
            open_edges = sum(1 for d in region.edges
                             if (x + STEP_X[d], y + STEP_Y[d]) not in tiles)
            stats[node] = (1, 0, open_edges)
        for d in range(6):
            cell = (x + STEP_X[d], y + STEP_Y[d])
            other_index = tiles.get(cell)
            if other_index is None:
                continue
            other = find_root(parent, (cell, ts.region_of[other_index][OPPOSITE[d]]))
            regions_, shared, open_edges = stats[other]
            stats[other] = (regions_, shared, open_edges - 1)   # that edge is closed now
            mine = find_root(parent, (coord, ts.region_of[index][d]))
            if mine != other:
                a, b = stats.pop(other), stats[mine]
                parent[other] = mine
                stats[mine] = (a[0] + b[0], a[1] + b[1], a[2] + b[2])
            regions_, shared, open_edges = stats[mine]
            stats[mine] = (regions_, shared + 1, open_edges)
        for r, region in enumerate(tile_regions):
            regions_, shared, open_edges = stats[find_root(parent, (coord, r))]
            score = _holes(regions_, shared) * (2 if open_edges == 0 else 1)
            if score > self.best[region.colour]:
                self.best[region.colour] = score


def find_dragons(tiles: dict[Coord, int], ts: TileSet) -> tuple[Dragon, ...]:
    """The dragons with at least one hole among `tiles` (cell -> orientation index), counted
    afresh (the tiles laid one by one into a `DragonScores`): O's first, each side's in
    reading order of their first tile."""
    dragons = DragonScores()
    laid: dict[Coord, int] = {}
    for coord, index in tiles.items():
        laid[coord] = index
        dragons.add(laid, ts, coord, index)
    parent = dragons.parent
    members: dict[Node, list[Node]] = {}
    for node in parent:
        members.setdefault(find_root(parent, node), []).append(node)
    found = []
    for root, nodes in members.items():
        regions_, shared, _ = dragons.stats[root]
        holes = _holes(regions_, shared)
        if holes < 1:
            continue
        colour = ts.regions[tiles[root[0]]][root[1]].colour
        faces = {neighbour(coord, d) for coord, r in nodes
                 for d in ts.regions[tiles[coord]][r].edges} - tiles.keys()
        found.append(Dragon(colour, tuple(sorted({c for c, _ in nodes}, key=reading_key)), holes,
                            tuple(sorted(faces, key=reading_key))))
    found.sort(key=lambda dragon: (SIDES.index(dragon.colour), reading_key(dragon.tiles[0])))
    return tuple(found)


def _holes(regions: int, shared: int) -> int:
    """The holes of a dragon of `regions` regions joined by `shared` shared edges."""
    return shared - regions + 1
