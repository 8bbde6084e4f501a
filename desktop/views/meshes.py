"""Pure numpy geometry of the 3D monument: footprints, merged prism meshes, edge lines.

World units: neighbouring cells are one unit apart (rules.geometry centres), z is up, the
board's tiles end at z = 0 and a stone at level L fills z in [(L-1) + VGAP, L]. Square
boards use cubes; hex and Y boards use flat-topped hexagonal prisms. A lintel is one prism
over the convex hull of its three cells, so the gap under it stays open; drawn as a beam it
is narrower than a sarsen (the tops of its supports show round its ends) and its underside
is darker, so it is not taken for three stones side by side.

Faces carry their own vertices and a baked, face-dependent shade (tops at full colour, each
side lit differently by a fixed light), so the GL side only needs pyqtgraph's plain shader.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

import numpy as np

from megalith.rules.geometry import Board, column_letters
from megalith.rules.protocol import Stone

PITCH = 1.0  # height of one level
VGAP = 0.06  # vertical gap between stacked stones
STONE_SCALE = 0.9  # a stone's footprint relative to its cell (the first look)
SEPARATE_SCALE = 0.84  # the same with a wider gap, so neighbouring stones stand apart
BEAM_SCALE = 0.66  # a lintel drawn as a beam: its width relative to a cell
UNDERSIDE_SHADE = 0.35  # a stone's bottom face: its colour, this much as bright
BEAM_UNDERSIDE_SHADE = 0.2  # a beam's bottom face, darker still: the gap reads as shadow
OUTLINE_SHADE = 0.3  # a stone's outline (the rim round its top): its colour, this bright
RIM = 0.035  # the outline's width on a stone's top, world units
MIN_CONTRAST = 90.0  # least RGB distance between a stone's top and the board's tiles
TILE_SCALE = 0.96
TILE_BOTTOM = -0.1
SLAB_TOP = -0.1
SLAB_BOTTOM = -0.4
SLAB_MARGIN = 0.75  # how far the board's slab reaches beyond the outer cells
TARGET_WALL = 0.16  # height of the wall marking a figure's target side
LIGHT = np.array([-0.45, -0.89])  # horizontal direction towards the light (front left)

RGB = tuple[int, int, int]
# One group of prisms with polygons of one size, as arrays: polygons (n, k, 2), bottoms,
# tops, colours (n, 4), underside shades, and which tops, bottoms and sides are drawn.
Group = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray,
              np.ndarray, np.ndarray]


def rgbf(colour: RGB, alpha: float = 1.0) -> np.ndarray:
    return np.array([colour[0] / 255.0, colour[1] / 255.0, colour[2] / 255.0, alpha])


def legible(colour: RGB, grounds: Sequence[RGB], least: float = MIN_CONTRAST) -> RGB:
    """`colour`, or when it lies nearer than `least` (RGB distance) to any of the board's
    tile colours `grounds`, the colour moved towards white or black, whichever changes it
    less, until it is that far from all of them: any chosen colour then stands out from the
    board; colours far enough stay exactly as chosen."""
    c = np.array(colour, float)
    tiles = np.array(grounds, float).reshape(-1, 3)

    def far(x: np.ndarray) -> bool:
        return bool(np.linalg.norm(tiles - x, axis=1).min() >= least)

    if far(c):
        return colour

    def mix_towards(end: np.ndarray) -> tuple[float, np.ndarray]:
        low, high = 0.0, 1.0
        for _ in range(20):  # the least mix that reaches the distance
            middle = (low + high) / 2
            if far(c + (end - c) * middle):
                high = middle
            else:
                low = middle
        return high, c + (end - c) * high

    _, mixed = min(mix_towards(np.full(3, 255.0)), mix_towards(np.zeros(3)),
                   key=lambda found: found[0])
    return (int(round(mixed[0])), int(round(mixed[1])), int(round(mixed[2])))


@lru_cache(maxsize=None)
def _unit_ring(kind: str, scale: float) -> np.ndarray:
    if kind == "square":
        h = 0.5 * scale
        ring = np.array([(-h, -h), (h, -h), (h, h), (-h, h)])
    else:
        radius = scale / math.sqrt(3.0)
        angles = np.radians(np.arange(0, 360, 60))
        ring = np.c_[np.cos(angles), np.sin(angles)] * radius
    ring.setflags(write=False)
    return ring


def footprint(board: Board, cell: int, scale: float = 1.0) -> np.ndarray:
    """The cell's outline (k, 2), counter-clockwise: a square or a flat-topped hexagon."""
    return _unit_ring("square" if board.kind == "square" else "hex", scale) + board.centres[cell]


def convex_hull(points: np.ndarray) -> np.ndarray:
    """Counter-clockwise convex hull of 2D points (monotone chain), without repeats."""
    pts = sorted({(round(float(x), 9), round(float(y), 9)) for x, y in points})
    if len(pts) < 3:
        return np.array(pts)
    reach = max(max(abs(x), abs(y)) for x, y in pts) + 1.0
    tolerance = 1e-9 * reach * reach  # collinear points drop out despite rounding

    def half(seq: Iterable[tuple[float, float]]) -> list[tuple[float, float]]:
        out: list[tuple[float, float]] = []
        for p in seq:
            while len(out) >= 2 and _turn(out[-2], out[-1], p) <= tolerance:
                out.pop()
            out.append(p)
        return out

    lower, upper = half(pts), half(reversed(pts))
    return np.array(lower[:-1] + upper[:-1])


def _turn(a: tuple[float, float], b: tuple[float, float], c: tuple[float, float]) -> float:
    """Twice the signed area of triangle abc: positive when a, b, c turn left."""
    return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])


def stone_z(level: int) -> tuple[float, float]:
    """Bottom and top of a stone at `level` (1 = on the ground)."""
    return (level - 1) * PITCH + VGAP, level * PITCH


def top_z(height: int) -> float:
    """The height of the surface a pointer touches on a stack of `height` stones."""
    return height * PITCH if height else 0.0


@dataclass
class Mesh:
    """Triangles with one colour per vertex, ready for pyqtgraph's MeshData."""

    vertices: np.ndarray = field(default_factory=lambda: np.zeros((0, 3), np.float32))
    faces: np.ndarray = field(default_factory=lambda: np.zeros((0, 3), np.uint32))
    colours: np.ndarray = field(default_factory=lambda: np.zeros((0, 4), np.float32))

    @staticmethod
    def concat(parts: Sequence[Mesh]) -> Mesh:
        parts = [p for p in parts if len(p.faces)]
        if not parts:
            return Mesh()
        offsets = np.cumsum([0] + [len(p.vertices) for p in parts[:-1]])
        return Mesh(np.concatenate([p.vertices for p in parts]).astype(np.float32),
                    np.concatenate([p.faces + o for p, o in zip(parts, offsets)]).astype(np.uint32),
                    np.concatenate([p.colours for p in parts]).astype(np.float32))


SIDES = (0.5, 0.22)  # side faces: brightness base + gain x (normal . LIGHT), darker than tops


def side_shade(normals: np.ndarray, sides: tuple[float, float] = SIDES) -> np.ndarray:
    """Brightness of vertical faces with outward horizontal unit normals (..., 2): every
    direction gets its own shade, so neighbouring faces of a stack stay distinct, and the
    face towards the default camera stays well darker than the top."""
    result: np.ndarray = sides[0] + sides[1] * (normals @ LIGHT)
    return result


@dataclass
class PrismSet:
    """Vertical prisms to be merged into one mesh: polygon, bottom, top, colour."""

    polys: list[np.ndarray] = field(default_factory=list)
    bottoms: list[float] = field(default_factory=list)
    tops: list[float] = field(default_factory=list)
    colours: list[np.ndarray] = field(default_factory=list)
    undersides: list[float] = field(default_factory=list)  # bottom face shade per prism
    has_top: list[bool] = field(default_factory=list)  # False: the top is never seen
    has_bottom: list[bool] = field(default_factory=list)  # False: the bottom is never seen
    has_sides: list[bool] = field(default_factory=list)  # False: a flat plate, no sides
    cells: list[int] = field(default_factory=list)  # the board cell of each prism, or -1
    _arrays: list[Group] | None = field(default=None, init=False, repr=False, compare=False)

    def add(self, poly: np.ndarray, z0: float, z1: float, rgba: np.ndarray,
            underside: float = UNDERSIDE_SHADE, top: bool = True, bottom: bool = True,
            sides: bool = True, cell: int = -1) -> None:
        """One prism; `top`, `bottom` or `sides` False leaves out faces nobody needs to
        see (llvmpipe pays for every triangle, seen or not). `cell`: the board cell it
        stands for, where it stands for one (picking)."""
        self.polys.append(poly)
        self.bottoms.append(z0)
        self.tops.append(z1)
        self.colours.append(rgba)
        self.undersides.append(underside)
        self.has_top.append(top)
        self.has_bottom.append(bottom)
        self.has_sides.append(sides)
        self.cells.append(cell)
        self._arrays = None

    def __len__(self) -> int:
        return len(self.polys)

    def _groups(self) -> list[Group]:
        """The prisms as arrays, one group per polygon size: polygons (n, k, 2), bottoms,
        tops, colours (n, 4), underside shades and which tops and bottoms are drawn; made
        once for the mesh and the edges."""
        if self._arrays is None:
            groups: dict[int, list[int]] = defaultdict(list)
            for i, poly in enumerate(self.polys):
                groups[len(poly)].append(i)
            self._arrays = [(np.array([self.polys[i] for i in members]),
                             np.array([self.bottoms[i] for i in members], float),
                             np.array([self.tops[i] for i in members], float),
                             np.array([self.colours[i] for i in members], float),
                             np.array([self.undersides[i] for i in members], float),
                             np.array([self.has_top[i] for i in members], bool),
                             np.array([self.has_bottom[i] for i in members], bool),
                             np.array([self.has_sides[i] for i in members], bool))
                            for members in groups.values()]
        return self._arrays

    def mesh(self, sides: tuple[float, float] = SIDES, rim: float = 0.0) -> Mesh:
        """The merged triangles; with `rim`, each top face has a dark band that wide round
        its edge (its outline, as geometry)."""
        return Mesh.concat([_prism_mesh(*group, side_light=sides, rim=rim)
                            for group in self._groups()])

    def edges(self, grow: float = 0.004, uprights: bool = False) -> np.ndarray:
        """Line segments (2m, 3) around every top face, pushed slightly outwards so that they
        are not hidden by the faces they outline; with `uprights`, the upright edges too
        (after all the top edges). On llvmpipe GL lines are dear (about 2 ms a frame for
        the tops of the crowded 16x16 monument, benchmarks/frame_time.py): the stones'
        outlines are drawn as rims in the mesh instead (`mesh(rim=...)`), and lines only
        for the first look and the small hover ghost."""
        tops_out, uprights_out = [], []
        for polys, bottoms, tops, *_ in self._groups():
            n, k, _ = polys.shape
            centre = polys.mean(axis=1, keepdims=True)
            offset = polys - centre
            length = np.linalg.norm(offset, axis=2, keepdims=True)
            polys = centre + offset * (1.0 + grow / np.maximum(length, 1e-9))
            z1k = np.broadcast_to(tops[:, None] + grow, (n, k))
            nxt = np.roll(polys, -1, axis=1)
            top = np.stack([np.dstack([polys, z1k]), np.dstack([nxt, z1k])], axis=2)
            tops_out.append(top.reshape(-1, 3))
            if uprights:
                z0k = np.broadcast_to(bottoms[:, None], (n, k))
                up = np.stack([np.dstack([polys, z0k]), np.dstack([polys, z1k])], axis=2)
                uprights_out.append(up.reshape(-1, 3))
        parts = tops_out + uprights_out
        if not parts:
            return np.zeros((0, 3), np.float32)
        return np.concatenate(parts).astype(np.float32)


def _prism_mesh(polys: np.ndarray, z0: np.ndarray, z1: np.ndarray, rgba: np.ndarray,
                under: np.ndarray, has_top: np.ndarray, has_bottom: np.ndarray,
                has_sides: np.ndarray, side_light: tuple[float, float] = SIDES,
                rim: float = 0.0) -> Mesh:
    """n prisms of k vertices each, vectorised: top, bottom and k shaded side quads (each
    where its mask says), and with `rim` the top inset by that much and k dark quads from
    the top's edge to the inset top round it."""
    n, k, _ = polys.shape
    z0k = np.broadcast_to(z0[:, None], (n, k))
    z1k = np.broadcast_to(z1[:, None], (n, k))
    bottom = np.dstack([polys, z0k])
    nxt = np.roll(polys, -1, axis=1)
    sides = np.stack([np.dstack([polys, z0k]), np.dstack([nxt, z0k]),
                      np.dstack([nxt, z1k]), np.dstack([polys, z1k])], axis=2)  # (n, k, 4, 3)
    edge = nxt - polys
    normals = np.dstack([edge[:, :, 1], -edge[:, :, 0]])
    normals /= np.maximum(np.linalg.norm(normals, axis=2, keepdims=True), 1e-12)
    inner = _inset(polys, normals, rim) if rim > 0 else polys
    top = np.dstack([inner, z1k])  # (n, k, 3)

    fan = np.array([(0, i, i + 1) for i in range(1, k - 1)])
    per_prism = 2 * k + 4 * k  # top + bottom + side vertices
    base = (np.arange(n) * per_prism)[:, None, None]
    top_faces = fan[None] + base
    bottom_faces = fan[None][:, :, ::-1] + k + base
    quad = np.array([(0, 1, 2), (0, 2, 3)])
    side_faces = (quad[None, None] + (2 * k + 4 * np.arange(k))[None, :, None, None]
                  + base[:, :, :, None]).reshape(n, -1, 3)
    vertices = np.concatenate([top, bottom, sides.reshape(n, 4 * k, 3)], axis=1).reshape(-1, 3)
    faces = np.concatenate([top_faces[has_top].reshape(-1, 3),
                            bottom_faces[has_bottom].reshape(-1, 3),
                            side_faces[has_sides].reshape(-1, 3)])

    rgb, alpha = rgba[:, :3], rgba[:, 3:4]
    top_c = np.broadcast_to(np.c_[rgb, alpha][:, None], (n, k, 4))
    bottom_c = np.broadcast_to(np.c_[rgb * under[:, None], alpha][:, None], (n, k, 4))
    shade = side_shade(normals, side_light)  # (n, k)
    side_rgb = rgb[:, None, :] * shade[:, :, None]
    side_c = np.repeat(np.concatenate([side_rgb, np.broadcast_to(alpha[:, None], (n, k, 1))],
                                      axis=2), 4, axis=1)
    colours = np.concatenate([top_c, bottom_c, side_c], axis=1).reshape(-1, 4)
    mesh = Mesh(vertices.astype(np.float32), faces.astype(np.uint32),
                np.clip(colours, 0.0, 1.0).astype(np.float32))
    if rim <= 0:
        return mesh
    # the rim: quads from the top's outer edge (dark) to the inset top's edge, which reuse
    # the inset top's vertices (k new vertices a prism, not 4k); over a band this narrow
    # the fade from dark to the stone's colour reads as a line. Its 2k triangles a top
    # cost about 2 ms a frame on the crowded monument on llvmpipe (docs/desktop.md).
    outer = np.dstack([polys, z1k]).reshape(-1, 3)
    ring = np.arange(k)
    first_outer = len(vertices)
    top_index = (np.arange(n) * per_prism)[:, None] + ring[None]  # the inset top's vertices
    outer_index = first_outer + (np.arange(n) * k)[:, None] + ring[None]
    step = np.roll(ring, -1)
    band_faces = np.stack([np.stack([outer_index, outer_index[:, step], top_index[:, step]], -1),
                           np.stack([outer_index, top_index[:, step], top_index], -1)],
                          axis=2)[has_top].reshape(-1, 3)
    dark = np.repeat(np.c_[rgb * OUTLINE_SHADE, alpha], k, axis=0)
    return Mesh(np.concatenate([mesh.vertices, outer.astype(np.float32)]),
                np.concatenate([mesh.faces, band_faces.astype(np.uint32)]),
                np.concatenate([mesh.colours, np.clip(dark, 0.0, 1.0).astype(np.float32)]))


def _inset(polys: np.ndarray, normals: np.ndarray, width: float) -> np.ndarray:
    """Convex polygons (n, k, 2) moved inwards by `width`, every edge alike: each vertex
    goes back along the bisector of its two edges' outward normals (normals[:, i] belongs
    to the edge from vertex i to vertex i + 1)."""
    before = np.roll(normals, 1, axis=1)
    both = before + normals
    scale = width / np.maximum(1.0 + (before * normals).sum(axis=2, keepdims=True), 1e-9)
    result: np.ndarray = polys - both * scale
    return result


# ---- the parts of a position -----------------------------------------------------------


@lru_cache(maxsize=4096)
def stone_polygon(board: Board, cells: tuple[str, ...], scale: float = STONE_SCALE
                  ) -> np.ndarray:
    """A sarsen or cube on its cell, `scale` of its width; a lintel over the hull of its
    three cells."""
    polys = [footprint(board, board.index[c], scale) for c in cells]
    poly = polys[0] if len(polys) == 1 else convex_hull(np.concatenate(polys))
    poly.setflags(write=False)
    return poly


def stone_prisms(board: Board, stones: Iterable[Stone], colours: dict[str, RGB],
                 beams: bool = False, scale: float = STONE_SCALE, alpha: float = 1.0
                 ) -> PrismSet:
    """The stones, highest first: upper stones hide lower ones from most viewpoints, so
    drawing them first lets the depth test skip more hidden pixels. With `beams` lintels
    are narrow beams with a darker underside; `scale` sizes sarsens and cubes; `alpha`
    below 1 draws them see-through."""
    prisms = PrismSet()
    rgba = {owner: rgbf(colour, alpha) for owner, colour in colours.items()}
    grey = rgbf((128, 128, 128), alpha)
    stones = sorted(stones, key=lambda s: -s.level)
    capped = {(s.cells[0], s.level - 1) for s in stones if len(s.cells) == 1}
    for stone in stones:
        z0, z1 = stone_z(stone.level)
        beam = beams and len(stone.cells) > 1
        # a single stone under a single stone shows no top; only a beam shows its bottom
        hidden_top = len(stone.cells) == 1 and (stone.cells[0], stone.level) in capped
        poly = stone_polygon(board, stone.cells, BEAM_SCALE if beam else scale)
        prisms.add(poly, z0, z1, rgba.get(stone.owner, grey),
                   BEAM_UNDERSIDE_SHADE if beam else UNDERSIDE_SHADE, top=not hidden_top,
                   bottom=len(stone.cells) > 1)
    return prisms


SARSEN_MARK_SCALE = 0.36  # the mark's size relative to its cell
SARSEN_MARK_SHADE = 0.55  # the mark's colour: the stone's, this much as bright
SARSEN_MARK_LIFT = 0.015  # above the top face: clear of it in the depth buffer


def uncovered_sarsens(stones: Iterable[Stone]) -> list[Stone]:
    """The sarsens whose top nothing covers (no stone above them, lintels included)."""
    stones = list(stones)
    top: dict[str, int] = {}
    for stone in stones:
        for cell in stone.cells:
            top[cell] = max(top.get(cell, 0), stone.level)
    return [s for s in stones if s.kind == "sarsen" and top[s.cells[0]] == s.level]


def sarsen_marks(board: Board, stones: Iterable[Stone], colours: dict[str, RGB]) -> Mesh:
    """A small darker plate in the cell's shape on the top of every uncovered sarsen (for a
    position that marks sarsens): flat faces only, to be merged into the stone mesh."""
    marked = uncovered_sarsens(stones)
    if not marked:
        return Mesh()
    grey = (128, 128, 128)
    polys = np.array([footprint(board, board.index[s.cells[0]], SARSEN_MARK_SCALE)
                      for s in marked])
    z = np.array([stone_z(s.level)[1] + SARSEN_MARK_LIFT for s in marked])
    rgb = np.array([colours.get(s.owner, grey) for s in marked], float) / 255.0
    return flat_plates(polys, z, rgb * SARSEN_MARK_SHADE)


GAP_SHADOW_SCALE = 0.8  # the shadow under a lintel's middle, relative to the cell
GAP_SHADOW_SHADE = 0.45  # its colour: the surface's, this much as bright
GAP_SHADOW_LIFT = 0.01


def gap_shadows(board: Board, stones: Iterable[Stone], colours: dict[str, RGB],
                palette: Sequence[RGB]) -> Mesh:
    """A dark plate on whatever lies under each lintel's middle cell (a tile or a lower
    stack's top), so that the open gap under a beam reads as shade, not as more stone."""
    stones = list(stones)
    levels: dict[tuple[str, int], Stone] = {}
    stacks: dict[str, list[int]] = defaultdict(list)  # each cell's levels
    for stone in stones:
        for cell in stone.cells:
            levels[cell, stone.level] = stone
            stacks[cell].append(stone.level)
    polys, zs, rgbs = [], [], []
    for stone in stones:
        if len(stone.cells) != 3:
            continue
        middle = stone.cells[1]
        level = max((lv for lv in stacks[middle] if lv < stone.level), default=0)
        if level == stone.level - 1:
            continue  # the middle is filled up to the beam: no gap
        if level == 0:
            surface = palette[tile_colour_index(board, board.index[middle])]
            z = 0.0
        else:
            under = levels[middle, level]
            surface = colours.get(under.owner, (128, 128, 128))
            z = stone_z(level)[1]
        polys.append(footprint(board, board.index[middle], GAP_SHADOW_SCALE))
        zs.append(z + GAP_SHADOW_LIFT)
        rgbs.append(np.array(surface, float) / 255.0 * GAP_SHADOW_SHADE)
    return flat_plates(np.array(polys), np.array(zs), np.array(rgbs))


CONTACT_SHADOW_SCALE = 0.95  # the shade round a stack's foot, relative to its cell
CONTACT_SHADOW_SHADE = 0.62  # its colour: the tile's, this much as bright
CONTACT_SHADOW_LIFT = 0.004


def contact_shadows(board: Board, stones: Iterable[Stone], palette: Sequence[RGB]) -> Mesh:
    """A shade on the tile round the foot of every stack standing on the ground, a little
    wider than the stones: they stand on the board instead of floating over it."""
    grounded = sorted({board.index[c] for s in stones if s.level == 1 for c in s.cells
                       if len(s.cells) == 1})
    if not grounded:
        return Mesh()
    polys = np.array([footprint(board, i, CONTACT_SHADOW_SCALE) for i in grounded])
    rgbs = np.array([palette[tile_colour_index(board, i)] for i in grounded], float) / 255.0
    return flat_plates(polys, np.full(len(grounded), CONTACT_SHADOW_LIFT),
                       rgbs * CONTACT_SHADOW_SHADE)


def flat_plates(polys: np.ndarray, zs: np.ndarray, rgbs: np.ndarray) -> Mesh:
    """Flat polygons (n, k, 2) facing up at heights zs, one colour (n, 3) each."""
    if len(polys) == 0:
        return Mesh()
    n, k, _ = polys.shape
    vertices = np.dstack([polys, np.broadcast_to(zs[:, None], (n, k))]).reshape(-1, 3)
    fan = np.array([(0, i, i + 1) for i in range(1, k - 1)])
    faces = (fan[None] + (np.arange(n) * k)[:, None, None]).reshape(-1, 3)
    return Mesh(vertices.astype(np.float32), faces.astype(np.uint32),
                np.repeat(np.c_[rgbs, np.ones(n)], k, axis=0).astype(np.float32))


# The tiles: a cool mid grey, far from the cream of the second player's stones and from the
# red, blue and green of the others (the first look's beige nearly hid the cream stones).
BOARD_COLOURS = ((118, 124, 130), (104, 110, 117), (111, 117, 124))
SLAB_COLOUR = (104, 84, 64)


def board_hull(board: Board, margin: float = SLAB_MARGIN) -> np.ndarray:
    centres = np.array(board.centres)
    hull = convex_hull(np.concatenate([footprint(board, i) for i in range(len(board))]))
    middle = centres.mean(axis=0)
    offset = hull - middle
    dist = np.linalg.norm(offset, axis=1, keepdims=True)
    result: np.ndarray = hull + offset / dist * margin
    return result


def tile_colour_index(board: Board, cell: int) -> int:
    x, y = board.coords[cell]
    if board.kind == "square":
        return (x + y) % 2
    return y % 3  # doubled hex coordinates: no two neighbours share y mod 3


def edge_strip(board: Board, cells: Sequence[str], inner: float = 0.56,
               outer: float = 0.74) -> np.ndarray:
    """A band just outside a side of the board, along the given edge cells, from `inner`
    to `outer` units beyond the outermost cell centre."""
    idx = [board.index[c] for c in cells]
    pts = np.array([board.centres[i] for i in idx])
    middle = np.array(board.centres).mean(axis=0)
    if len(pts) > 1:
        axis = _principal(pts)
        tangent = pts[np.argmax(pts @ axis)] - pts[np.argmin(pts @ axis)]
        tangent /= np.linalg.norm(tangent)
    else:
        tangent = np.array([1.0, 0.0])
    normal = np.array([tangent[1], -tangent[0]])
    if (pts.mean(axis=0) - middle) @ normal < 0:
        normal = -normal
    along = (pts - pts.mean(axis=0)) @ tangent
    base = pts.mean(axis=0) + normal * ((pts - pts.mean(axis=0)) @ normal).max()
    a, b = along.min() - 0.45, along.max() + 0.45
    quad = np.array([base + tangent * a + normal * inner, base + tangent * b + normal * inner,
                     base + tangent * b + normal * outer, base + tangent * a + normal * outer])
    return convex_hull(quad)


def _principal(pts: np.ndarray) -> np.ndarray:
    centred = pts - pts.mean(axis=0)
    if not np.any(centred):
        return np.array([1.0, 0.0])
    result: np.ndarray = np.linalg.svd(centred, full_matrices=False)[2][0]
    return result


def board_prisms(board: Board, edges: Sequence[tuple[Sequence[str], RGB]] = (),
                 marked: Sequence[tuple[Sequence[str], RGB]] = (),
                 palette: Sequence[RGB] = BOARD_COLOURS) -> PrismSet:
    """The slab, the tiles, coloured bands along goal edges, and for marked cells (a
    figure's target side) tinted tiles and a low wall along the edge, which stays visible when
    stones cover the tiles (it raises that side's goal band, low enough not to hide the
    coordinates just beyond it)."""
    prisms = PrismSet()
    prisms.add(board_hull(board), SLAB_BOTTOM, SLAB_TOP, rgbf(SLAB_COLOUR), bottom=False)
    tint: dict[int, np.ndarray] = {}
    for cells, colour in marked:
        for c in cells:
            tint[board.index[c]] = rgbf(colour)
    for i in range(len(board)):
        base = rgbf(palette[tile_colour_index(board, i)])
        if i in tint:
            base = base * 0.45 + tint[i] * 0.55
        # tiles are flat plates: their sides would only show as slivers in the gaps
        prisms.add(footprint(board, i, TILE_SCALE), TILE_BOTTOM, 0.0, base, bottom=False,
                   sides=False)
    shared: dict[tuple[str, ...], list[RGB]] = defaultdict(list)
    for cells, colour in edges:
        shared[tuple(cells)].append(colour)
    for cells, colours in shared.items():  # an edge several players use: one band each
        width = (0.74 - 0.56) / len(colours)
        for k, colour in enumerate(colours):
            band = edge_strip(board, cells, 0.56 + k * width, 0.56 + (k + 1) * width)
            prisms.add(band, SLAB_TOP, SLAB_TOP + 0.05, rgbf(colour))
    for cells, colour in marked:
        prisms.add(edge_strip(board, cells), SLAB_TOP, SLAB_TOP + TARGET_WALL,
                   rgbf(colour))
    return prisms


FIGURE_HEIGHT = 0.9


def figure_mesh(board: Board, cell: str, base_z: float, colour: RGB, alpha: float = 1.0
                ) -> Mesh:
    """A small robed figure standing on the stack at `cell`: a tapering body and a head
    (see-through with `alpha` below 1)."""
    return figure_prisms(board, cell, base_z, colour, alpha).mesh()


def figure_prisms(board: Board, cell: str, base_z: float, colour: RGB, alpha: float = 1.0
                  ) -> PrismSet:
    """The figure's three parts (figure_mesh), also its solids for picking."""
    cx, cy = board.centres[board.index[cell]]
    ring = np.radians(np.arange(0, 360, 45))
    unit = np.c_[np.cos(ring), np.sin(ring)]
    body_colour = np.array(colour, float) * 0.55
    head_colour = np.array((238, 222, 196), float)
    parts = PrismSet()
    body, head = rgbf(tuple(body_colour), alpha), rgbf(tuple(head_colour), alpha)
    parts.add(unit * 0.26 + (cx, cy), base_z, base_z + 0.18, body)
    parts.add(unit * 0.18 + (cx, cy), base_z + 0.18, base_z + 0.62, body)
    parts.add(unit * 0.14 + (cx, cy), base_z + 0.64, base_z + FIGURE_HEIGHT, head)
    return parts


def ghost_prisms(board: Board, cells: Sequence[str], level: int, colour: RGB,
                 alpha: float = 0.55, scale: float = STONE_SCALE) -> PrismSet:
    """Where a piece would land: one prism per cell, or a lintel over three cells."""
    prisms = PrismSet()
    z0, z1 = stone_z(level)
    polys = [footprint(board, board.index[c], scale) for c in cells]
    poly = polys[0] if len(polys) == 1 else convex_hull(np.concatenate(polys))
    prisms.add(poly, z0, z1, rgbf(colour, alpha))
    return prisms


REFUSAL_COLOUR = (220, 30, 30)


def refusal_prisms(board: Board, cell: str, z: float) -> PrismSet:
    """A red cross lying just above the stack at `cell`: it may not go there."""
    cx, cy = board.centres[board.index[cell]]
    prisms = PrismSet()
    long, thin = 0.42, 0.08
    bar = np.array([(-long, -thin), (long, -thin), (long, thin), (-long, thin)])
    for angle in (45.0, -45.0):
        a = math.radians(angle)
        rot = np.array([[math.cos(a), -math.sin(a)], [math.sin(a), math.cos(a)]])
        prisms.add(bar @ rot.T + (cx, cy), z + 0.02, z + 0.08, rgbf(REFUSAL_COLOUR, 0.95))
    return prisms


def outline_segments(board: Board, cells_z: Iterable[tuple[str, float]],
                     scale: float = 1.0, lift: float = 0.03) -> np.ndarray:
    """Line segments (2m, 3) around the given cells, each at its own height."""
    segs = []
    for cell, z in cells_z:
        ring = footprint(board, board.index[cell], scale)
        nxt = np.roll(ring, -1, axis=0)
        zz = np.full((len(ring), 1), z + lift)
        segs.append(np.stack([np.hstack([ring, zz]), np.hstack([nxt, zz])], axis=1).reshape(-1, 3))
    if not segs:
        return np.zeros((0, 3), np.float32)
    return np.concatenate(segs).astype(np.float32)


def chain_segments(board: Board, chain: Sequence[str], tops: Sequence[float],
                   lift: float = 0.25, trim: float = 0.0) -> np.ndarray:
    """Line segments (2m, 3) joining a winning chain's cells, floating `lift` above their
    tops: each cell is joined to the cell before it, or, where a branch starts (a Y chain's
    third arm), to the first earlier cell it touches. `trim` (a fraction of each link at
    either end) leaves the middle of the cells clear: links between their outlines."""
    idx = [board.index[c] for c in chain]
    points = [np.array([*board.centres[i], z + lift]) for i, z in zip(idx, tops)]
    segs: list[np.ndarray] = []
    for k in range(1, len(idx)):
        touching = [j for j in [k - 1, *range(k - 1)] if idx[j] in board.neighbours[idx[k]]]
        if touching:
            a, b = points[touching[0]], points[k]
            segs.extend((a + (b - a) * trim, b + (a - b) * trim))
    if not segs:
        return np.zeros((0, 3), np.float32)
    return np.array(segs, np.float32)


def _row_directions(board: Board) -> tuple[tuple[float, float], tuple[float, float]]:
    """Which way a row runs out of the board at its first and at its last cell: square rows
    run east-west; Y rows rise to the right (north-east); a hex-hex row is a V (it runs
    down to the right over the left half, up over the right half), so it leaves the board
    north-west and north-east."""
    if board.kind == "square":
        return (-1.0, 0.0), (1.0, 0.0)
    c, s = math.sqrt(3.0) / 2.0, 0.5
    if board.kind == "y":
        return (-c, -s), (c, s)
    return (-c, s), (c, s)


def coordinate_labels(board: Board, reach: float = 0.95) -> list[tuple[tuple[float, float], str]]:
    """Where the coordinates go on every side of the board, `reach` beyond the cells that
    end each line: each column's letters below its lowest cell (and on square boards above
    its highest), each row's number beyond its first and its last cell, along the row. So
    a hex board's upper rows, which do not reach the first column, are labelled on the
    upper edges where they begin, and a Y board's rows on its right-hand edge where they
    end. (On hex and Y boards the column tops lie on the edges the rows label; letters
    there too would crowd the numbers.)"""
    columns: dict[int, list[int]] = {}
    rows: dict[str, list[int]] = {}
    for i, (x, _) in enumerate(board.coords):
        columns.setdefault(x, []).append(i)
        rows.setdefault(board.names[i][len(column_letters(x)):], []).append(i)
    out: list[tuple[tuple[float, float], str]] = []
    ends = ((min, -1.0), (max, 1.0))[:2 if board.kind == "square" else 1]
    for x, cells in sorted(columns.items()):
        for end, dy in ends:
            cx, cy = board.centres[end(cells, key=lambda i: board.centres[i][1])]
            out.append(((cx, cy + dy * reach), column_letters(x)))
    first, last = _row_directions(board)
    for row, cells in rows.items():
        for pick, (dx, dy) in ((min, first), (max, last)):
            cx, cy = board.centres[pick(cells, key=lambda i: board.coords[i][0])]
            out.append(((cx + dx * reach, cy + dy * reach), row))
    return out
