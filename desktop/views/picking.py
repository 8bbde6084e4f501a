"""Which cell is under the pointer: a ray cast in plain numpy against the solids as drawn.

The solids are the prisms the view draws (desktop.views.meshes), of the same size and
shape: each cell's ground tile (a thin plate), every stone (a lintel's beam cut where its
cells meet, so that each part belongs to one cell), and each Druid figure's three parts.
Only where two stones of a stack meet is the thin gap between them filled, so that it picks
the stack. A ray is clipped against all prisms at once (Cyrus-Beck against each prism's
planes); the nearest hit names the cell. No GL state is needed; tests render the same
solids offscreen with one colour per cell (desktop.views.id_render) and compare pixel by
pixel.

Cells given as `through` (a see-through stack, a faded one) are picked only by their
ground tile: the pointer reaches past their stones.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

import numpy as np

from desktop.views import meshes
from desktop.views.camera import Camera
from desktop.views.meshes import (BEAM_SCALE, PITCH, SEPARATE_SCALE, TILE_SCALE, PrismSet,
                                  footprint, top_z)
from rules.geometry import Board
from rules.protocol import Stone

TILE_THICKNESS = 0.002  # the ground tiles are flat plates: their solids are nearly flat
NO_COLOUR = np.zeros(4)


class PickScene:
    """The pickable solids of one position, drawn as the view draws it (`beams`, `scale`:
    the look's lintels and stone size).

    The stack heights are counted at once (the view needs them to place marks); the solids
    are made on the first pick, so that the frame after a move does not wait for them, and
    the ground tiles' part is shared by every position on the same board."""

    def __init__(self, board: Board, stones: Iterable[Stone] = (),
                 druid_cells: Iterable[str] = (), beams: bool = True,
                 scale: float = SEPARATE_SCALE) -> None:
        self.board = board
        self._stones = list(stones)
        self._druid_cells = list(druid_cells)
        self._beams = beams
        self._scale = scale
        self.heights = [0] * len(board)
        index = board.index
        heights = self.heights
        for stone in self._stones:
            for name in stone.cells:
                i = index[name]
                if stone.level > heights[i]:
                    heights[i] = stone.level
        self._solids: PrismSet | None = None
        self._planes: tuple[np.ndarray, np.ndarray, np.ndarray] | None = None

    @property
    def solids(self) -> PrismSet:
        """The stones' and figures' prisms, each with its cell (the tiles come apart)."""
        if self._solids is None:
            self._solids = self._build()
        return self._solids

    @property
    def tiles(self) -> PrismSet:
        """The ground tiles' solids, each with its cell."""
        return _tile_prisms(self.board)

    @property
    def cells(self) -> np.ndarray:
        """The cell of each pickable prism (index into the board): tiles first."""
        return self._built()[0]

    @property
    def normals(self) -> np.ndarray:
        return self._built()[1]

    @property
    def offsets(self) -> np.ndarray:
        return self._built()[2]

    def _built(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        if self._planes is None:
            tile_cells, tile_normals, tile_offsets = _tile_solids(self.board)
            solids = self.solids
            if not len(solids):
                self._planes = (tile_cells, tile_normals, tile_offsets)
            else:
                normals, offsets = _planes(solids, tile_normals.shape[1])
                tile_normals, tile_offsets = _widen(tile_normals, tile_offsets,
                                                    normals.shape[1])
                self._planes = (np.concatenate([tile_cells, np.array(solids.cells)]),
                                np.concatenate([tile_normals, normals]),
                                np.concatenate([tile_offsets, offsets]))
        return self._planes

    def _build(self) -> PrismSet:
        board, index = self.board, self.board.index
        solids = PrismSet()
        for stone in self._stones:
            z1 = stone.level * PITCH
            # a stone on a stone of the same stack fills the thin gap under it
            z0 = meshes.stone_z(stone.level)[0] if stone.level == 1 else (stone.level - 1) * PITCH
            if len(stone.cells) == 1:
                poly = meshes._stone_polygon(board, stone.cells, self._scale)
                solids.add(poly, z0, z1, NO_COLOUR, cell=index[stone.cells[0]])
                continue
            z0 = meshes.stone_z(stone.level)[0]  # the gap under a lintel stays open
            width = BEAM_SCALE if self._beams else self._scale
            whole = meshes._stone_polygon(board, stone.cells, width)
            for name, part in zip(stone.cells, _cut(board, stone.cells, whole)):
                solids.add(part, z0, z1, NO_COLOUR, cell=index[name])
        for name in self._druid_cells:
            figure = meshes.druid_prisms(board, name, top_z(self.heights[index[name]]),
                                         (0, 0, 0))
            for poly, z0, z1 in zip(figure.polys, figure.bottoms, figure.tops):
                solids.add(poly, z0, z1, NO_COLOUR, cell=index[name])
        return solids

    def pick(self, origin: np.ndarray, direction: np.ndarray,
             through: frozenset[int] = frozenset()) -> tuple[str, np.ndarray] | None:
        """The cell whose solid the ray meets first, and the point where it meets it; the
        stones of the cells in `through` (indices) let the ray pass."""
        rows = np.flatnonzero(~self._passed(through))
        best, t = self._first_hits(origin[None], direction[None], rows)
        if best[0] < 0:
            return None
        return self.board.names[self.cells[best[0]]], origin + direction * t[0]

    def pick_at(self, camera: Camera, x: float, y: float,
                through: frozenset[int] = frozenset()) -> str | None:
        """The cell under widget pixel (x, y), or None."""
        found = self.pick(*camera.ray(x, y), through=through)
        return found[0] if found else None

    def pick_pixels(self, camera: Camera, xs: np.ndarray, ys: np.ndarray,
                    through: frozenset[int] = frozenset(), tile: int = 32,
                    stones_only: bool = False) -> np.ndarray:
        """The cell index (or -1) under each widget pixel (xs, ys): `pick_at` for many
        pixels, each square `tile` pixels wide casting its rays only at the prisms whose
        outline on the screen reaches into it. `stones_only`: the tiles are not hit."""
        xs, ys = np.asarray(xs, float).ravel(), np.asarray(ys, float).ravel()
        origins, directions = camera.rays(xs, ys)
        boxes = self._screen_boxes(camera)
        usable = ~self._passed(through)
        if stones_only:
            usable[:len(self.board)] = False
        found = np.full(len(xs), -1)
        keys = (ys // tile).astype(int) * 100_000 + (xs // tile).astype(int)
        for key in np.unique(keys):
            members = np.flatnonzero(keys == key)
            y0, x0 = divmod(int(key), 100_000)
            x0, y0 = x0 * tile, y0 * tile
            rows = np.flatnonzero(usable & (boxes[:, 0] <= x0 + tile) & (boxes[:, 2] >= x0)
                                  & (boxes[:, 1] <= y0 + tile) & (boxes[:, 3] >= y0))
            best, _ = self._first_hits(origins[members], directions[members], rows)
            found[members] = np.where(best >= 0, self.cells[np.maximum(best, 0)], -1)
        return found

    def blockers(self, origins: np.ndarray, directions: np.ndarray, limits: np.ndarray
                 ) -> set[int]:
        """The cells whose stones or figures any ray (origins, unit directions (r, 3))
        enters before going its `limit` (r,): what stands in front of the points at the
        rays' ends."""
        solids = self.solids
        if not len(solids):
            return set()
        rows = np.arange(len(self.board), len(self.cells))
        normals, offsets = self.normals[rows], self.offsets[rows]
        denom = np.einsum("npk,rk->rnp", normals, directions)
        num = offsets[None] - np.einsum("npk,rk->rnp", normals, origins)
        with np.errstate(divide="ignore", invalid="ignore"):
            t = num / denom
        entering = np.maximum(np.where(denom < -1e-12, t, -np.inf).max(axis=2), 0.0)
        exiting = np.where(denom > 1e-12, t, np.inf).min(axis=2)
        outside = ((np.abs(denom) <= 1e-12) & (num < 0)).any(axis=2)
        hit = (entering <= exiting) & ~outside & (entering < limits[:, None])
        return {int(c) for c in self.cells[rows[hit.any(axis=0)]]}

    def screen_boxes(self, camera: Camera) -> np.ndarray:
        """Each stone's or figure's box on the screen (n, 4), with its cell: `cells` past
        the tiles."""
        return self._screen_boxes(camera)[len(self.board):]

    def _passed(self, through: frozenset[int]) -> np.ndarray:
        """Which prisms the ray passes through: the stones and figures (not the tiles) of
        the cells in `through`."""
        passed = np.zeros(len(self.cells), bool)
        if through:
            passed = np.isin(self.cells, np.fromiter(through, int))
            passed[:len(self.board)] = False
        return passed

    def _screen_boxes(self, camera: Camera) -> np.ndarray:
        """Each prism's bounding box on the screen (n, 4): left, top, right, bottom."""
        polys = [*self.tiles.polys, *self.solids.polys]
        bottoms = [*self.tiles.bottoms, *self.solids.bottoms]
        tops = [*self.tiles.tops, *self.solids.tops]
        boxes = np.zeros((len(polys), 4))
        for j, (poly, z0, z1) in enumerate(zip(polys, bottoms, tops)):
            corners = np.r_[np.c_[poly, np.full(len(poly), z0)],
                            np.c_[poly, np.full(len(poly), z1)]]
            shown = camera.project(corners)
            boxes[j] = (*shown.min(axis=0), *shown.max(axis=0))
        return boxes

    def _first_hits(self, origins: np.ndarray, directions: np.ndarray, rows: np.ndarray
                    ) -> tuple[np.ndarray, np.ndarray]:
        """For each ray, the prism (an index into `cells`, -1 for none) among `rows` that
        it enters first, and how far along the ray (Cyrus-Beck against every plane)."""
        normals, offsets = self.normals[rows], self.offsets[rows]
        denom = np.einsum("npk,rk->rnp", normals, directions)
        num = offsets[None] - np.einsum("npk,rk->rnp", normals, origins)
        with np.errstate(divide="ignore", invalid="ignore"):
            t = num / denom
        entering = np.maximum(np.where(denom < -1e-12, t, -np.inf).max(axis=2), 0.0)
        exiting = np.where(denom > 1e-12, t, np.inf).min(axis=2)
        outside = ((np.abs(denom) <= 1e-12) & (num < 0)).any(axis=2)
        hit = (entering <= exiting) & ~outside
        if not len(rows):
            return np.full(len(origins), -1), np.full(len(origins), np.inf)
        nearest = np.where(hit, entering, np.inf)
        best = nearest.argmin(axis=1)
        t_best = nearest[np.arange(len(origins)), best]
        return np.where(np.isfinite(t_best), rows[best], -1), t_best

    def top_stone_cells(self, cell: int) -> set[int]:
        """The cells of the stone on top of `cell` (three for a lintel), or just `cell`."""
        index, height = self.board.index, self.heights[cell]
        name = self.board.names[cell]
        for stone in self._stones:
            if stone.level == height and name in stone.cells:
                return {index[c] for c in stone.cells}
        return {cell}

    def top(self, name: str) -> float:
        """The z of the surface a click on this cell touches."""
        return top_z(self.heights[self.board.index[name]])


@lru_cache(maxsize=32)
def _tile_prisms(board: Board) -> PrismSet:
    """The ground tiles as pickable solids: thin plates the size the tiles are drawn."""
    tiles = PrismSet()
    for i in range(len(board)):
        tiles.add(footprint(board, i, TILE_SCALE), -TILE_THICKNESS, 0.0, NO_COLOUR, cell=i)
    return tiles


def _cut(board: Board, cells: tuple[str, ...], poly: np.ndarray) -> list[np.ndarray]:
    """A lintel's polygon cut across its line where its cells meet: one part per cell."""
    centres = [np.array(board.centres[board.index[c]]) for c in cells]
    along = centres[-1] - centres[0]
    along /= np.linalg.norm(along)
    parts = []
    for k in range(len(cells)):
        part = poly
        if k > 0:  # beyond the middle between this cell and the one before
            part = _clip(part, -along, -float(along @ (centres[k - 1] + centres[k]) / 2))
        if k < len(cells) - 1:
            part = _clip(part, along, float(along @ (centres[k] + centres[k + 1]) / 2))
        parts.append(part)
    return parts


def _clip(poly: np.ndarray, normal: np.ndarray, offset: float) -> np.ndarray:
    """The part of a convex polygon where normal . p <= offset (Sutherland-Hodgman)."""
    out = []
    k = len(poly)
    for i in range(k):
        p, q = poly[i], poly[(i + 1) % k]
        dp, dq = normal @ p - offset, normal @ q - offset
        if dp <= 0:
            out.append(p)
        if dp * dq < 0:
            out.append(p + (q - p) * (dp / (dp - dq)))
    return np.array(out)


@lru_cache(maxsize=32)
def _tile_solids(board: Board) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every cell's ground tile: cells, normals and offsets, read-only (shared)."""
    tiles = _tile_prisms(board)
    normals, offsets = _planes(tiles, 0)
    cells = np.array(tiles.cells)
    for array in (cells, normals, offsets):
        array.setflags(write=False)
    return cells, normals, offsets


def _planes(prisms: PrismSet, least: int) -> tuple[np.ndarray, np.ndarray]:
    """Outward normals (n, p, 3) and offsets (n, p): a point x is inside prism j when
    normals[j] @ x <= offsets[j] for every plane; p is the most sides plus top and bottom
    (at least `least`), fewer sides repeating their first."""
    n = len(prisms)
    most = max(max(len(poly) for poly in prisms.polys) + 2, least)
    normals = np.zeros((n, most, 3))
    offsets = np.zeros((n, most))
    for j, poly in enumerate(prisms.polys):
        edge = np.roll(poly, -1, axis=0) - poly
        side = np.c_[edge[:, 1], -edge[:, 0]]
        side /= np.linalg.norm(side, axis=1, keepdims=True)
        reps = np.resize(np.arange(len(poly)), most - 2)
        normals[j, :most - 2, :2] = side[reps]
        offsets[j, :most - 2] = (side * poly).sum(axis=1)[reps]
    normals[:, most - 2] = (0.0, 0.0, 1.0)
    offsets[:, most - 2] = prisms.tops
    normals[:, most - 1] = (0.0, 0.0, -1.0)
    offsets[:, most - 1] = -np.array(prisms.bottoms)
    return normals, offsets


def _widen(normals: np.ndarray, offsets: np.ndarray, planes: int
           ) -> tuple[np.ndarray, np.ndarray]:
    """The same prisms with `planes` planes each: the first plane repeated (harmless)."""
    extra = planes - normals.shape[1]
    if extra <= 0:
        return normals, offsets
    return (np.concatenate([np.repeat(normals[:, :1], extra, axis=1), normals], axis=1),
            np.concatenate([np.repeat(offsets[:, :1], extra, axis=1), offsets], axis=1))
