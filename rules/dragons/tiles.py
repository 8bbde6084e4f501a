"""Dragons' tiles: the geometry of the table and the facts of each tile orientation.

Geometry: flat-topped hexagons with edges N NE SE S SW NW (indices 0..5, clockwise); a cell
is `(x, y)`, x the column, y in half-rows growing southwards, x + y even. Strings for the
views name cells as `"x,y"` (`coord_text`, `parse_coord`).

Every empty place touching a tile carries one small integer, its key: bit 6 + d is set when
its side d faces a tile, bit d when that side must be O. `TileSet` holds, built once per tile
set, the tables from keys to the orientations that fit and the steps the engine's hot loops
take from a tile to its neighbours.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from operator import itemgetter

from megalith.rules.contracts import Coord

SIDES = ("O", "X")          # the colours, O first (bit set = O in the tables below)
DIRECTIONS = ("N", "NE", "SE", "S", "SW", "NW")
DIRECTION_WORDS = ("north", "north-east", "south-east", "south", "south-west", "north-west")
STEPS: tuple[Coord, ...] = ((0, -2), (1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1))
STEP_X = tuple(step[0] for step in STEPS)
STEP_Y = tuple(step[1] for step in STEPS)
OPPOSITE = (3, 4, 5, 0, 1, 2)
GAP_KEY = tuple((key >> 6).bit_count() >= 3 for key in range(1 << 12))  # 3+ closed sides


@dataclass(frozen=True)
class Region:
    """One coloured part of a tile: the edges (indices into DIRECTIONS, ascending) it joins.

    `kind` is "shoulder" (a front band of three neighbouring edges), "arc" (a tails arc
    joining two edges), "tip" (a tails dead end on one edge) or "joined" (a `-cross` tail:
    the arc and the tip in one region). `tip` is the edge of the dead end for "tip" and of
    the tail joining the arc for "joined", else None.
    """

    colour: str
    edges: tuple[int, ...]
    kind: str
    tip: int | None = None

    @property
    def on_loops(self) -> bool:
        """Whether a loop may pass through this region (a tip is a dead end)."""
        return self.kind != "tip"


def _shoulder(start: int) -> tuple[Region, ...]:
    o_edges = tuple(sorted((start + i) % 6 for i in range(3)))
    x_edges = tuple(sorted((start + 3 + i) % 6 for i in range(3)))
    return Region("O", o_edges, "shoulder"), Region("X", x_edges, "shoulder")


def _tails(o_tip: int, cross: bool) -> tuple[Region, ...]:
    """A tails tile with O's tip at edge `o_tip`: colours alternate, each colour's arc joins
    the two edges either side of the other colour's tip, and the tips are opposite."""
    x_tip = (o_tip + 3) % 6
    o_arc = tuple(sorted(((o_tip + 2) % 6, (o_tip + 4) % 6)))
    x_arc = tuple(sorted(((x_tip + 2) % 6, (x_tip + 4) % 6)))
    if cross:
        return (Region("O", tuple(sorted(o_arc + (o_tip,))), "joined", o_tip),
                Region("X", tuple(sorted(x_arc + (x_tip,))), "joined", x_tip))
    return (Region("O", o_arc, "arc"), Region("O", (o_tip,), "tip", o_tip),
            Region("X", x_arc, "arc"), Region("X", (x_tip,), "tip", x_tip))


@dataclass(frozen=True)
class TileSet:
    """The orientations of one tile set and the tables the engine plays with.

    Letters `a`..`f` are the shoulders whose three O edges start, going clockwise, at N, NE,
    SE, S, SW, NW; `g`..`l` the tails with O's tip on N..NW. With `-cross` the tails are only
    `g` (O on N, SE, SW) and `h` (O on NE, S, NW).
    """

    cross: bool
    letters: str
    regions: tuple[tuple[Region, ...], ...]      # per orientation
    o_masks: tuple[int, ...]                     # per orientation: bit d set when edge d is O
    region_of: tuple[tuple[int, ...], ...]       # per orientation: edge -> region index
    loop_edges: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]  # per orientation, per
    # side (O, X): the edges of the region a loop may pass through (none for a tip)
    loop_masks: tuple[tuple[int, int], ...]      # the same as bit masks
    fits: tuple[int, ...]                        # place key -> bit mask of fitting orientations
    fit_letters: tuple[tuple[str, ...], ...]     # bit mask -> the letters it holds, sorted
    # The same tables in the shapes the hot loops want (placing tiles, loops, playouts):
    key_fits: tuple[tuple[int, ...], ...]        # place key -> the orientations that fit
    lone_fit: tuple[bool, ...]                   # place key -> exactly one orientation fits
    key_steps: tuple[tuple[tuple[int, int, int, int, int], ...], ...]  # per orientation, per
    # edge d: (dx, dy, the bits a tile adds to the key of the place across d, the side whose
    # loop region holds d (-1 for a tip), the bit of the edge facing d)
    loop_steps: tuple[tuple[tuple[tuple[int, int, int], ...], ...], ...]  # per orientation,
    # per side: (dx, dy, the opposite edge's bit) for each edge of its loop region


def _build_tileset(cross: bool) -> TileSet:
    regions = [_shoulder(start) for start in range(6)]
    regions += [_tails(tip, cross) for tip in (range(2) if cross else range(6))]
    letters = "abcdefghijkl"[:len(regions)]
    o_masks, region_of, loop_edges, loop_masks = [], [], [], []
    for tile in regions:
        o_masks.append(sum(1 << d for r in tile if r.colour == "O" for d in r.edges))
        owner = [0] * 6
        for index, region in enumerate(tile):
            for d in region.edges:
                owner[d] = index
        region_of.append(tuple(owner))
        per_side = tuple(next((r.edges for r in tile if r.colour == side and r.on_loops), ())
                         for side in SIDES)
        loop_edges.append((per_side[0], per_side[1]))
        loop_masks.append((sum(1 << d for d in per_side[0]), sum(1 << d for d in per_side[1])))
    fits = []
    for key in range(1 << 12):
        closed, colours = key >> 6, key & 63
        fits.append(sum(1 << i for i, mask in enumerate(o_masks)
                        if (mask ^ colours) & closed == 0))
    fit_indices = tuple(tuple(i for i in range(len(letters)) if bits >> i & 1)
                        for bits in range(1 << len(letters)))
    fit_letters = tuple(tuple(letters[i] for i in indices) for indices in fit_indices)
    key_fits = tuple(fit_indices[bits] for bits in fits)
    lone_fit = tuple(bits.bit_count() == 1 for bits in fits)
    key_steps = tuple(tuple((STEP_X[d], STEP_Y[d], 1 << (back + 6) | (mask >> d & 1) << back,
                             next((s for s in (0, 1) if d in per_side[s]), -1), 1 << back)
                            for d, back in enumerate(OPPOSITE))
                      for mask, per_side in zip(o_masks, loop_edges))
    loop_steps = tuple(tuple(tuple((STEP_X[d], STEP_Y[d], 1 << OPPOSITE[d]) for d in edges)
                             for edges in per_side) for per_side in loop_edges)
    return TileSet(cross, letters, tuple(regions), tuple(o_masks), tuple(region_of),
                   tuple(loop_edges), tuple(loop_masks), tuple(fits), fit_letters, key_fits,
                   lone_fit, key_steps, loop_steps)


@cache
def tileset(cross: bool = False) -> TileSet:
    """The default tile set (12 orientations) or the `-cross` set (8)."""
    return _build_tileset(cross)


def letters(cross: bool = False) -> str:
    """The orientation letters of a tile set."""
    return tileset(cross).letters


def orientation(letter: str, cross: bool) -> int:
    """The index of orientation `letter` in its tile set; ValueError for any other text."""
    index = tileset(cross).letters.find(letter)
    if index < 0 or len(letter) != 1:
        raise ValueError(f"no orientation {letter!r} in the {'-cross' if cross else 'default'} "
                         f"tile set (its letters: {tileset(cross).letters})")
    return index


def edge_colours(letter: str, cross: bool = False) -> tuple[str, ...]:
    """The six edge colours ("O" or "X") of an orientation, in the order N NE SE S SW NW."""
    mask = tileset(cross).o_masks[orientation(letter, cross)]
    return tuple(edge_colour(mask, d) for d in range(6))


def edge_colour(mask: int, direction: int) -> str:
    """The colour ("O" or "X") a mask of O edges (bit d for edge d; a place key's low six
    bits too) gives edge `direction`."""
    return "O" if mask >> direction & 1 else "X"


def regions(letter: str, cross: bool = False) -> tuple[Region, ...]:
    """The coloured regions of an orientation (O's first), as the canvas draws them."""
    return tileset(cross).regions[orientation(letter, cross)]


def neighbour(coord: Coord, direction: int) -> Coord:
    """The cell across edge `direction` (an index into DIRECTIONS) of `coord`."""
    return coord[0] + STEP_X[direction], coord[1] + STEP_Y[direction]


def coord_text(coord: Coord) -> str:
    """`(3, -1)` -> `"3,-1"`: how chains and move cells name tiles."""
    return f"{coord[0]},{coord[1]}"


def parse_coord(text: str) -> Coord:
    """`"3,-1"` -> `(3, -1)`; ValueError for anything else."""
    x, comma, y = text.partition(",")
    if not comma:
        raise ValueError(f"{text!r} is not a tile coordinate such as 3,-1")
    return int(x), int(y)


reading_key: Callable[[Coord], tuple[int, int]] = itemgetter(1, 0)
"""Reading order: by row (y), then by column (x)."""
