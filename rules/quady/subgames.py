"""Quadrant Y's five games of Y on one board: their cells and sides, the union-find forest that
decides them, and their winning chains.

For a board of odd side n, with h = (n-1)/2 (rows and columns counted from 0): the whole
board ("main"), and four triangles of side h+1 that share their borders, "top" (rows 0..h),
"left" (bottom-left), "right" (bottom-right) and "centre" (the inverted one). `Topology` numbers
the union-find nodes of the state's forest (one per game and cell of that game) and lists,
for every cell, the games holding it with its sides and neighbours there; `join` adds a stone
to the forest; `winning_chain` finds the stones the views mark on a won game.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from megalith.rules.geometry import Board, triangle_board

GAMES = ("main", "top", "left", "right", "centre")
_FULL_MASK = 0b111  # a group touching all three sides of its game

Where = Callable[[int, int], bool]  # a test on (row, column), both counted from 0
# One game holding a cell: (game, union-find node, the cell's side mask in that game,
# ((neighbour cell, neighbour node), ...) for its neighbours inside that game).
Membership = tuple[int, int, int, tuple[tuple[int, int], ...]]


@dataclass(frozen=True)
class Subgame:
    """One game of Y on the board: its name, its cells and its three sides (cell indices)."""

    name: str
    cells: frozenset[int]
    sides: tuple[frozenset[int], frozenset[int], frozenset[int]]


def _triangle(board: Board, name: str, inside: Where, a: Where, b: Where, c: Where
              ) -> Subgame:
    """A sub-game: the cells passing `inside`, and its three sides `a`, `b`, `c`."""
    cells = frozenset(i for i, (row, col) in enumerate(board.coords) if inside(row, col))
    def side(test: Where) -> frozenset[int]:
        return frozenset(i for i in cells if test(*board.coords[i]))
    return Subgame(name, cells, (side(a), side(b), side(c)))


@cache
def subgames(size: int) -> tuple[Subgame, ...]:
    """The five games of a board of odd `size`, in the order of GAMES.

    Rows and columns count from 0 here; h = (size-1)/2 is the row of the top triangle's base,
    which is also the centre triangle's top side.
    """
    board = triangle_board(size)
    last, h = size - 1, (size - 1) // 2
    return (
        _triangle(board, "main", lambda r, c: True,
                  lambda r, c: c == 0, lambda r, c: c == r, lambda r, c: r == last),
        _triangle(board, "top", lambda r, c: r <= h,
                  lambda r, c: c == 0, lambda r, c: c == r, lambda r, c: r == h),
        _triangle(board, "left", lambda r, c: r >= h and c <= r - h,
                  lambda r, c: c == 0, lambda r, c: c == r - h, lambda r, c: r == last),
        _triangle(board, "right", lambda r, c: r >= h and c >= h,
                  lambda r, c: c == h, lambda r, c: c == r, lambda r, c: r == last),
        _triangle(board, "centre", lambda r, c: r >= h and r - h <= c <= h,
                  lambda r, c: r == h, lambda r, c: c == r - h, lambda r, c: c == h),
    )


class Topology:
    """Everything the engine precomputes for one board size, shared by all states.

    Union-find nodes number the (game, cell) pairs, game by game (a cell has a node only in
    the games holding it, which keeps the forest small to copy). `memberships[i]` lists, for
    each game holding cell i: (game, node, side mask of the cell in that game, ((neighbour
    cell, neighbour node), ...) for the neighbours inside that game).
    """

    def __init__(self, size: int) -> None:
        self.board = triangle_board(size)
        self.games = subgames(size)
        n = len(self.board)
        nodes = {(g, i): node for node, (g, i) in enumerate(
            (g, i) for g, game in enumerate(self.games) for i in sorted(game.cells))}
        memberships: list[list[Membership]] = [[] for _ in range(n)]
        for g, game in enumerate(self.games):
            for i in sorted(game.cells):
                mask = sum(1 << k for k, side in enumerate(game.sides) if i in side)
                nbrs = tuple((j, nodes[(g, j)]) for j in self.board.neighbours[i]
                             if j in game.cells)
                memberships[i].append((g, nodes[(g, i)], mask, nbrs))
        self.memberships = tuple(tuple(m) for m in memberships)
        # For the winning chains, per game: each cell's neighbours inside the game in board
        # order (none for a cell outside it), and the sides in board order.
        self.game_neighbours = tuple(
            tuple(tuple(sorted(j for j in self.board.neighbours[i] if j in game.cells))
                  if i in game.cells else () for i in range(n))
            for game in self.games)
        self.sorted_sides = tuple(tuple(tuple(sorted(side)) for side in game.sides)
                                  for game in self.games)
        self.border = frozenset().union(*(side for game in self.games[1:] for side in game.sides))
        self.node_count = len(nodes)

    def __deepcopy__(self, memo: dict[int, object]) -> Topology:
        return self  # immutable and shared


@cache
def topology(size: int) -> Topology:
    return Topology(size)


def join(cells: list[int], parent: list[int], mask: bytearray, winners: list[int],
         points: list[int], memberships: tuple[tuple[Membership, ...], ...], index: int,
         colour: int, place: bool) -> int:
    """How many open games a stone of `colour` (1 X, 2 O) on the empty cell `index`
    completes: those holding the cell where the sides it touches and those of the groups
    of its colour next to it make all three. `cells` holds each cell's colour code (0
    empty), `parent` and `mask` the forest (a group's root holds the sides the group
    touches, one bit a side), `winners` each game's winner (0 while it is open, and then
    it is never updated again: in Y only one player can ever connect) and `points` each
    colour's games won; `memberships` is `Topology.memberships`.

    With `place` the stone is put on the board: its node becomes the root of those groups,
    with their sides, and each game it completes is won. Without, nothing changes but the
    forest's paths, which every find halves (its groups and their sides stay). The state
    places its stones here and asks which moves may win here; the search's playouts place
    every stone here, so the tables come as arguments (read from the state in every call,
    they cost a playout a sixth more instructions)."""
    if place:
        cells[index] = colour
    completed = 0
    for g, node, side_mask, nbrs in memberships[index]:
        if winners[g]:
            continue
        joined = side_mask
        for cell, other in nbrs:
            if cells[cell] == colour:
                while parent[other] != other:  # find, halving the path
                    parent[other] = parent[parent[other]]
                    other = parent[other]
                if other != node:
                    joined |= mask[other]
                    if place:
                        parent[other] = node
        if place:
            mask[node] = joined
        if joined == _FULL_MASK:
            completed += 1
            if place:
                winners[g] = colour
                points[colour] += 1
    return completed


def winning_chain(topo: Topology, cells: list[int], g: int, winner: int) -> list[int]:
    """A smallest connected set of the winner's stones (`cells` holds each cell's colour
    code) of game g touching its three sides: the stone v minimising the sum of its
    distances to the sides (the first in board order on a tie), plus shortest paths from v to
    each side, each step to the first neighbour in board order one closer (the paths meet
    only at v, so the set is optimal). Such a v lies in a group touching all three sides, so
    each search after the first stays inside the groups the ones before it reached."""
    neighbours = topo.game_neighbours[g]
    far = 3 * len(cells)  # the distance of a cell no search may enter
    by_colour = [far, far, far]
    by_colour[winner] = -1
    enter = list(map(by_colour.__getitem__, cells))  # -1 on the cells a search may enter
    distances: list[list[int]] = []
    reached: list[int] = []
    for side in topo.sorted_sides[g]:
        if distances:  # only the stones the previous search reached
            enter = [far] * len(cells)
            for i in reached:
                enter[i] = -1
        dist = enter[:]
        reached = [i for i in side if dist[i] == -1]
        for i in reached:
            dist[i] = 0
        for i in reached:  # breadth first: the list grows as it is read
            step = dist[i] + 1
            for j in neighbours[i]:
                if dist[j] == -1:
                    dist[j] = step
                    reached.append(j)
        distances.append(dist)
    first, second, third = distances
    core = sorted(reached)  # the stones the three searches reached
    totals = [first[i] + second[i] + third[i] for i in core]
    centre = core[totals.index(min(totals))]
    chain = {centre}
    for dist in distances:
        i = centre
        while dist[i]:
            closer = dist[i] - 1
            i = next(j for j in neighbours[i] if dist[j] == closer)
            chain.add(i)
    return sorted(chain)
