"""Which cell is under the pointer: a ray cast in plain numpy.

Every cell is a column of convex prisms: its ground tile, one prism per stone level that
covers it (a lintel counts on each of its three cells), and the Druid figure standing on it.
A ray is clipped against all prisms at once (Cyrus-Beck against each prism's planes); the
nearest hit names the cell. No GL state is needed, so it is tested without a screen, and it
works however the meshes are merged.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

import numpy as np

from megalith.desktop.views.camera import Camera
from megalith.desktop.views.meshes import DRUID_HEIGHT, TILE_BOTTOM, footprint, stone_z, top_z
from megalith.rules.geometry import Board
from megalith.rules.protocol import Stone

MAX_SIDES = 6


class PickScene:
    """The pickable solids of one position.

    The stack heights are counted at once (the view needs them to place marks); the prisms'
    planes are made on the first pick, so that the frame after a move does not wait for
    them, and the ground tiles' part is shared by every position on the same board."""

    def __init__(self, board: Board, stones: Iterable[Stone] = (),
                 druid_cells: Iterable[str] = ()) -> None:
        self.board = board
        self._stones = list(stones)
        self._druid_cells = list(druid_cells)
        self.heights = [0] * len(board)
        index = board.index
        heights = self.heights
        for stone in self._stones:
            for name in stone.cells:
                i = index[name]
                if stone.level > heights[i]:
                    heights[i] = stone.level
        self._solids: tuple[np.ndarray, np.ndarray, np.ndarray] | None = None

    @property
    def cells(self) -> np.ndarray:
        """The cell of each prism (index into the board)."""
        return self._built()[0]

    @property
    def normals(self) -> np.ndarray:
        return self._built()[1]

    @property
    def offsets(self) -> np.ndarray:
        return self._built()[2]

    def _built(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        if self._solids is None:
            self._solids = self._build()
        return self._solids

    def _build(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        index = self.board.index
        cells: list[int] = []
        spans: list[tuple[float, float]] = []
        for stone in self._stones:
            z1 = stone_z(stone.level)[1]
            z0 = stone_z(stone.level - 1)[1] if stone.level > 1 else 0.0  # gaps count too
            for name in stone.cells:
                cells.append(index[name])
                spans.append((z0, z1))
        for name in self._druid_cells:
            i = index[name]
            base = top_z(self.heights[i])
            cells.append(i)
            spans.append((base, base + DRUID_HEIGHT))
        tile_cells, tile_normals, tile_offsets = _tile_solids(self.board)
        if not cells:
            return tile_cells, tile_normals, tile_offsets
        own = np.array(cells)
        normals, offsets = _planes(self.board, own, np.array(spans))
        return (np.concatenate([tile_cells, own]), np.concatenate([tile_normals, normals]),
                np.concatenate([tile_offsets, offsets]))

    def pick(self, origin: np.ndarray, direction: np.ndarray) -> tuple[str, np.ndarray] | None:
        """The cell whose solid the ray meets first, and the point where it meets it."""
        denom = self.normals @ direction  # (n, p)
        num = self.offsets - self.normals @ origin
        with np.errstate(divide="ignore", invalid="ignore"):
            t = num / denom
        entering = np.where(denom < -1e-12, t, -np.inf).max(axis=1)
        exiting = np.where(denom > 1e-12, t, np.inf).min(axis=1)
        outside_parallel = ((np.abs(denom) <= 1e-12) & (num < 0)).any(axis=1)
        entering = np.maximum(entering, 0.0)
        hit = (entering <= exiting) & ~outside_parallel
        if not hit.any():
            return None
        candidates = np.where(hit, entering, np.inf)
        best = int(np.argmin(candidates))
        return self.board.names[self.cells[best]], origin + direction * candidates[best]

    def pick_at(self, camera: Camera, x: float, y: float) -> str | None:
        """The cell under widget pixel (x, y), or None."""
        found = self.pick(*camera.ray(x, y))
        return found[0] if found else None

    def top(self, name: str) -> float:
        """The z of the surface a click on this cell touches."""
        return top_z(self.heights[self.board.index[name]])


@lru_cache(maxsize=32)
def _tile_solids(board: Board) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every cell's ground tile: cells, normals and offsets, read-only (shared)."""
    cells = np.arange(len(board))
    spans = np.tile([TILE_BOTTOM, 0.0], (len(board), 1))
    normals, offsets = _planes(board, cells, spans)
    for array in (cells, normals, offsets):
        array.setflags(write=False)
    return cells, normals, offsets


@lru_cache(maxsize=32)
def _cell_planes(board: Board) -> np.ndarray:
    """Each cell's side planes (cells, MAX_SIDES, 3): outward unit normal (x, y) and offset;
    a square's four planes are repeated to fill six."""
    planes = np.zeros((len(board), MAX_SIDES, 3))
    for cell in range(len(board)):
        ring = footprint(board, cell)
        edge = np.roll(ring, -1, axis=0) - ring
        side = np.c_[edge[:, 1], -edge[:, 0]]
        side /= np.linalg.norm(side, axis=1, keepdims=True)
        reps = np.resize(np.arange(len(ring)), MAX_SIDES)
        planes[cell] = np.c_[side[reps], (side * ring).sum(axis=1)[reps]]
    return planes


def _planes(board: Board, cells: np.ndarray, spans: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Outward normals (n, MAX_SIDES + 2, 3) and offsets (n, MAX_SIDES + 2): a point p is
    inside prism j when normals[j] @ p <= offsets[j] for every plane."""
    sides = _cell_planes(board)[cells]
    n = len(cells)
    normals = np.zeros((n, MAX_SIDES + 2, 3))
    offsets = np.zeros((n, MAX_SIDES + 2))
    normals[:, :MAX_SIDES, :2] = sides[:, :, :2]
    offsets[:, :MAX_SIDES] = sides[:, :, 2]
    normals[:, MAX_SIDES] = (0.0, 0.0, 1.0)
    offsets[:, MAX_SIDES] = spans[:, 1]
    normals[:, MAX_SIDES + 1] = (0.0, 0.0, -1.0)
    offsets[:, MAX_SIDES + 1] = -spans[:, 0]
    return normals, offsets
