"""Which cell is under the pointer: a ray cast in plain numpy against the solids as drawn.

The solids are the prisms the view draws (desktop.views.meshes), of the same size and
shape: each cell's ground tile (a thin plate), every stone (a lintel's beam cut where its
cells meet, so that each part belongs to one cell), and each figure's three parts.
Only where two stones of a stack meet is the thin gap between them filled, so that it picks
the stack. A ray is clipped against all prisms at once (Cyrus-Beck against each prism's
planes); the nearest hit names the cell. No GL state is needed; the tests render the same
solids offscreen with one colour per cell and compare pixel by pixel.

Cells given as `through` (a see-through stack, a faded one) are picked only by their
ground tile and their figure: the pointer reaches past their stones, drawn see-through, but
not past a figure standing on them, drawn solid. The figures of the cells in
`figures_through` (those Ctrl clears, where figures too are drawn see-through) let it pass.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from megalith.desktop.views import meshes
from megalith.desktop.views.camera import Camera
from megalith.desktop.views.meshes import (BEAM_SCALE, PITCH, SEPARATE_SCALE, TILE_SCALE, PrismSet,
                                           footprint, top_z)
from megalith.rules.geometry import Board
from megalith.rules.protocol import Stone

TILE_THICKNESS = 0.002  # the ground tiles are flat plates: their solids are nearly flat
CORNERS = 8  # the most sides of a solid: a figure's octagons, a hex lintel's middle part
PLANES = CORNERS + 2  # its sides, top and bottom
NO_COLOUR = np.zeros(4)


class PickScene:
    """The pickable solids of one position, drawn as the view draws it (`beams`, `scale`:
    the look's lintels and stone size).

    The stack heights are counted at once (the view needs them to place marks); the solids
    are gathered on first use from pieces cached per stone (a move adds one stone, so the
    next position computes only its planes), and the ground tiles' part is shared by every
    position on the same board."""

    def __init__(self, board: Board, stones: Iterable[Stone] = (),
                 figure_cells: Iterable[str] = (), beams: bool = True,
                 scale: float = SEPARATE_SCALE) -> None:
        self.board = board
        self._stones = list(stones)
        self._figure_cells = list(figure_cells)
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
        self._pieces: list[Piece] | None = None
        self._figure_prisms = 0  # the last of the pieces' prisms: the figures'
        self._arrays: Piece | None = None
        self._boxes: tuple[Camera, np.ndarray] | None = None

    def _gathered(self) -> list[Piece]:
        """The cached pieces of this position's stones and figures (not the tiles)."""
        if self._pieces is None:
            board, index = self.board, self.board.index
            width = BEAM_SCALE if self._beams else self._scale
            self._pieces = [_stone_piece(board, s.cells, s.level,
                                         self._scale if len(s.cells) == 1 else width)
                            for s in self._stones]
            figures = [_figure_piece(board, name, self.heights[index[name]])
                       for name in self._figure_cells]
            self._figure_prisms = sum(len(piece.cells) for piece in figures)
            self._pieces += figures
        return self._pieces

    @property
    def solids(self) -> PrismSet:
        """The stones' and figures' prisms, each with its cell (the tiles come apart)."""
        solids = PrismSet()
        for piece in self._gathered():
            for cell, poly, z0, z1 in zip(piece.cells, piece.polys, piece.bottoms, piece.tops):
                solids.add(poly, z0, z1, NO_COLOUR, cell=int(cell))
        return solids

    @property
    def tiles(self) -> PrismSet:
        """The ground tiles' solids, each with its cell."""
        tiles = PrismSet()
        piece = _tile_piece(self.board)
        for cell, poly in zip(piece.cells, piece.polys):
            tiles.add(poly, -TILE_THICKNESS, 0.0, NO_COLOUR, cell=int(cell))
        return tiles

    @property
    def cells(self) -> np.ndarray:
        """The cell of each pickable prism (index into the board): tiles first."""
        return self._all().cells

    @property
    def normals(self) -> np.ndarray:
        return self._all().normals

    @property
    def offsets(self) -> np.ndarray:
        return self._all().offsets

    def _all(self) -> Piece:
        if self._arrays is None:
            self._arrays = Piece.join([_tile_piece(self.board), *self._gathered()])
        return self._arrays

    def pick(self, origin: np.ndarray, direction: np.ndarray,
             through: frozenset[int] = frozenset(),
             figures_through: frozenset[int] = frozenset()) -> tuple[str, np.ndarray] | None:
        """The cell whose solid the ray meets first, and the point where it meets it; the
        stones of the cells in `through` (indices) and the figures of those in
        `figures_through` let the ray pass."""
        rows = np.flatnonzero(~self._passed(through, figures_through))
        best, t = self._first_hits(origin[None], direction[None], rows)
        if best[0] < 0:
            return None
        return self.board.names[self.cells[best[0]]], origin + direction * t[0]

    def pick_at(self, camera: Camera, x: float, y: float,
                through: frozenset[int] = frozenset(),
                figures_through: frozenset[int] = frozenset()) -> str | None:
        """The cell under widget pixel (x, y), or None."""
        found = self.pick(*camera.ray(x, y), through, figures_through)
        return found[0] if found else None

    def pick_pixels(self, camera: Camera, xs: np.ndarray, ys: np.ndarray,
                    through: frozenset[int] = frozenset(), tile: int = 32,
                    stones_only: bool = False,
                    figures_through: frozenset[int] = frozenset()) -> np.ndarray:
        """The cell index (or -1) under each widget pixel (xs, ys): `pick_at` for many
        pixels, each square `tile` pixels wide casting its rays only at the prisms whose
        outline on the screen reaches into it. `stones_only`: the tiles are not hit."""
        xs, ys = np.asarray(xs, float).ravel(), np.asarray(ys, float).ravel()
        origins, directions = camera.rays(xs, ys)
        boxes = self._screen_boxes(camera)
        usable = ~self._passed(through, figures_through)
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

    def blockers(self, origins: np.ndarray, directions: np.ndarray, limits: np.ndarray,
                 among: np.ndarray | None = None) -> set[int]:
        """The cells whose stones or figures any ray (origins, unit directions (r, 3))
        enters before going its `limit` (r,): what stands in front of the points at the
        rays' ends. `among`: only these of the stones' and figures' prisms (indices past
        the tiles, as `screen_boxes` counts them) are looked at."""
        rows = np.arange(len(self.board), len(self.cells))
        if among is not None:
            rows = rows[among]
        if not len(rows):
            return set()
        entering = _entering(self.normals[rows], self.offsets[rows], origins, directions)
        hit = entering < limits[:, None]
        return {int(c) for c in self.cells[rows[hit.any(axis=0)]]}

    def hits_among(self, origins: np.ndarray, directions: np.ndarray, among: np.ndarray
                   ) -> np.ndarray:
        """Whether each ray (origins, directions (r, 3)) meets one of the stones' and
        figures' prisms `among` (indices past the tiles, as `screen_boxes` counts them)."""
        best, _ = self._first_hits(origins, directions, len(self.board) + among)
        hit: np.ndarray = best >= 0
        return hit

    def screen_boxes(self, camera: Camera) -> np.ndarray:
        """Each stone's or figure's box on the screen (n, 4), with its cell: `cells` past
        the tiles."""
        return self._screen_boxes(camera)[len(self.board):]

    def _passed(self, through: frozenset[int], figures_through: frozenset[int]
                ) -> np.ndarray:
        """Which prisms the ray passes through: the stones (not the tiles) of the cells in
        `through`, the figures of those in `figures_through`."""
        passed = np.zeros(len(self.cells), bool)
        if through:
            passed = np.isin(self.cells, np.fromiter(through, int))
            passed[:len(self.board)] = False
        figures = len(passed) - self._figure_prisms
        passed[figures:] = (np.isin(self.cells[figures:], np.fromiter(figures_through, int))
                            if figures_through else False)
        return passed

    def _screen_boxes(self, camera: Camera) -> np.ndarray:
        """Each prism's bounding box on the screen (n, 4): left, top, right, bottom (kept
        for the last camera asked: Ctrl's see-through asks on every pointer move)."""
        if self._boxes is not None and self._boxes[0] == camera:
            return self._boxes[1]
        pieces = self._all()
        n, k, _ = pieces.corners.shape
        corners = np.concatenate([
            np.dstack([pieces.corners, np.broadcast_to(pieces.bottoms[:, None], (n, k))]),
            np.dstack([pieces.corners, np.broadcast_to(pieces.tops[:, None], (n, k))])],
            axis=1)
        shown = camera.project(corners.reshape(-1, 3)).reshape(n, 2 * k, 2)
        boxes = np.c_[shown.min(axis=1), shown.max(axis=1)]
        self._boxes = (camera, boxes)
        result: np.ndarray = boxes
        return result

    def _first_hits(self, origins: np.ndarray, directions: np.ndarray, rows: np.ndarray
                    ) -> tuple[np.ndarray, np.ndarray]:
        """For each ray, the prism (an index into `cells`, -1 for none) among `rows` that
        it enters first, and how far along the ray (Cyrus-Beck against every plane)."""
        if not len(rows):
            return np.full(len(origins), -1), np.full(len(origins), np.inf)
        nearest = _entering(self.normals[rows], self.offsets[rows], origins, directions)
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


def _entering(normals: np.ndarray, offsets: np.ndarray, origins: np.ndarray,
              directions: np.ndarray) -> np.ndarray:
    """How far each ray (r) goes before it enters each prism (n), clipped against every
    plane (Cyrus-Beck): (r, n), inf where it misses."""
    denom = np.einsum("npk,rk->rnp", normals, directions)
    num = offsets[None] - np.einsum("npk,rk->rnp", normals, origins)
    with np.errstate(divide="ignore", invalid="ignore"):
        t = num / denom
    entering = np.maximum(np.where(denom < -1e-12, t, -np.inf).max(axis=2), 0.0)
    exiting = np.where(denom > 1e-12, t, np.inf).min(axis=2)
    outside = ((np.abs(denom) <= 1e-12) & (num < 0)).any(axis=2)
    return np.where((entering <= exiting) & ~outside, entering, np.inf)


@dataclass(frozen=True)
class Piece:
    """Prisms as arrays, for picking: each one's cell, its outline padded to CORNERS
    points (the last repeated), bottom and top, and its planes (`_planes`); `polys` keeps
    the outlines as drawn."""

    cells: np.ndarray
    polys: tuple[np.ndarray, ...]
    corners: np.ndarray
    bottoms: np.ndarray
    tops: np.ndarray
    normals: np.ndarray
    offsets: np.ndarray

    @staticmethod
    def of(cells: Sequence[int], polys: Sequence[np.ndarray], bottoms: Sequence[float],
           tops: Sequence[float]) -> Piece:
        corners = np.array([np.r_[poly, np.repeat(poly[-1:], CORNERS - len(poly), axis=0)]
                            for poly in polys])
        normals, offsets = _planes(polys, bottoms, tops)
        piece = Piece(np.array(cells, int), tuple(polys), corners, np.array(bottoms, float),
                      np.array(tops, float), normals, offsets)
        for array in (piece.cells, piece.corners, piece.bottoms, piece.tops, piece.normals,
                      piece.offsets):
            array.setflags(write=False)
        return piece

    @staticmethod
    def join(pieces: Sequence[Piece]) -> Piece:
        return Piece(np.concatenate([p.cells for p in pieces]),
                     tuple(poly for p in pieces for poly in p.polys),
                     np.concatenate([p.corners for p in pieces]),
                     np.concatenate([p.bottoms for p in pieces]),
                     np.concatenate([p.tops for p in pieces]),
                     np.concatenate([p.normals for p in pieces]),
                     np.concatenate([p.offsets for p in pieces]))


@lru_cache(maxsize=32)
def _tile_piece(board: Board) -> Piece:
    """The ground tiles as thin plates the size the tiles are drawn."""
    n = len(board)
    return Piece.of(range(n), [footprint(board, i, TILE_SCALE) for i in range(n)],
                    [-TILE_THICKNESS] * n, [0.0] * n)


@lru_cache(maxsize=8192)
def _stone_piece(board: Board, cells: tuple[str, ...], level: int, width: float) -> Piece:
    """A stone as drawn (meshes.stone_prisms): a sarsen or cube `width` wide, standing on
    the stone under it (the thin gap between them filled); a lintel's beam cut where its
    cells meet, the gap under it left open."""
    index = board.index
    z1 = level * PITCH
    whole = meshes.stone_polygon(board, cells, width)
    if len(cells) == 1:
        z0 = meshes.stone_z(level)[0] if level == 1 else (level - 1) * PITCH
        return Piece.of([index[cells[0]]], [whole], [z0], [z1])
    z0 = meshes.stone_z(level)[0]
    parts = _cut(board, cells, whole)
    return Piece.of([index[c] for c in cells], parts, [z0] * len(parts), [z1] * len(parts))


@lru_cache(maxsize=256)
def _figure_piece(board: Board, cell: str, height: int) -> Piece:
    """A figure's three parts, as drawn (meshes.figure_prisms)."""
    figure = meshes.figure_prisms(board, cell, top_z(height), (0, 0, 0))
    return Piece.of([board.index[cell]] * len(figure), figure.polys, figure.bottoms,
                    figure.tops)


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


def _planes(polys: Sequence[np.ndarray], bottoms: Sequence[float], tops: Sequence[float]
            ) -> tuple[np.ndarray, np.ndarray]:
    """Outward normals (n, PLANES, 3) and offsets (n, PLANES): a point x is inside prism j
    when normals[j] @ x <= offsets[j] for every plane; fewer sides repeat their first."""
    n = len(polys)
    normals = np.zeros((n, PLANES, 3))
    offsets = np.zeros((n, PLANES))
    for j, poly in enumerate(polys):
        edge = np.roll(poly, -1, axis=0) - poly
        side = np.c_[edge[:, 1], -edge[:, 0]]
        side /= np.linalg.norm(side, axis=1, keepdims=True)
        reps = np.resize(np.arange(len(poly)), PLANES - 2)
        normals[j, :PLANES - 2, :2] = side[reps]
        offsets[j, :PLANES - 2] = (side * poly).sum(axis=1)[reps]
    normals[:, PLANES - 2] = (0.0, 0.0, 1.0)
    offsets[:, PLANES - 2] = tops
    normals[:, PLANES - 1] = (0.0, 0.0, -1.0)
    offsets[:, PLANES - 1] = -np.array(bottoms, float)
    return normals, offsets
