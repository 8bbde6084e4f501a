"""Which stacks the 3D view draws see-through, so that nothing hides what matters now.

Two reasons fade a cell's stones (and let the pointer reach past them, desktop.views.
picking's `through`):
- they stand between the camera and the top of a cell that matters: the one under the
  pointer, the last move's, a suggested move's, the winning chain's (`hiding`);
- the player holds Ctrl and they stand near the pointer on the screen
  (`near_pointer`): the ground round the pointer shows and can be played.
A figure stays solid, and pickable, on a cell faded for the first reason; Ctrl clears it
too (picking's `figures_through`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np

from megalith.desktop.views.camera import Camera
from megalith.desktop.views.meshes import footprint
from megalith.desktop.views.picking import PickScene
from megalith.rules.geometry import Board
from megalith.rules.protocol import Stone

FADED_ALPHA = 0.22  # how opaque a faded stone stays: its shape still shows
SEE_THROUGH_RADIUS = 90.0  # pixels round the pointer within which Ctrl clears the stacks
TOP_SAMPLES = 0.75  # the top face's points checked, as a fraction of the cell's size
SIDE_SAMPLES = 0.8  # the top stone's sides: points just inside its outline,
SIDE_DROP = 0.2  # this far under its top
LIFT = 0.01
NEAR = 1.6  # cells further than this to the side of the line of sight cannot hide one


def faded_cells(scene: PickScene, camera: Camera, wanted: Iterable[str],
                pointed: str | None = None) -> frozenset[int]:
    """The cells to draw see-through for what matters: those hiding the `wanted` cells
    (the last move, the winning chain, suggestions) and those hiding the `pointed` cell
    (even if that means the last move's own stack). Ctrl's see-through (`near_pointer`)
    is added by the view, which also draws the figures there see-through."""
    faded = hiding(scene, camera, wanted)
    if pointed is not None:
        faded |= hiding(scene, camera, [pointed])
    return faded


def split_stones(board: Board, stones: Sequence[Stone], faded: frozenset[int]
                 ) -> tuple[list[Stone], list[Stone]]:
    """The stones drawn solid, and those drawn see-through: every stone touching a faded
    cell (a lintel whole)."""
    names = {board.names[i] for i in faded}
    solid = [s for s in stones if not names.intersection(s.cells)]
    return solid, [s for s in stones if names.intersection(s.cells)]


def hiding(scene: PickScene, camera: Camera, cells: Iterable[str]) -> frozenset[int]:
    """The cells (indices) whose stones stand in front of the top of any of `cells`
    (its middle and points round it), seen from the camera."""
    board = scene.board
    wanted = {board.index[c] for c in cells}
    if not wanted:
        return frozenset()
    solid_cells = scene.cells[len(board):]
    centres = np.asarray(board.centres)[solid_cells]  # where each stone part stands
    found: set[int] = set()
    for i in sorted(wanted):
        ends = _samples(scene, i)
        toward = camera.toward_viewer(ends)
        if camera.ortho:
            reach = np.full(len(ends), camera.distance * 2.0)
        else:
            reach = np.linalg.norm(camera.eye() - ends, axis=1)
        # only the stones between the cell and the camera, seen from above, can hide it
        ahead = toward[0, :2] / max(float(np.linalg.norm(toward[0, :2])), 1e-9)
        offset = centres - np.asarray(board.centres[i])
        along = offset @ ahead
        across = np.abs(offset @ np.array([-ahead[1], ahead[0]]))
        among = np.flatnonzero((along > -NEAR) & (across < NEAR))
        if len(among):
            found |= scene.blockers(ends + toward * reach[:, None], -toward, reach - 1e-4,
                                    among)
    kept = set().union(*(scene.top_stone_cells(i) for i in wanted))  # a lintel whole
    return frozenset(found - kept)


def _samples(scene: PickScene, cell: int) -> np.ndarray:
    """Points on the top of the cell's stack (its middle and round it) and, for a stone,
    just under its top edge."""
    board = scene.board
    z = scene.top(board.names[cell]) + LIFT
    ring = footprint(board, cell, TOP_SAMPLES)
    centre = ring.mean(axis=0)
    points = [(x, y, z) for x, y in [centre, *ring, *((ring + centre) / 2)]]
    if z > 0.5:  # a stone on top: its sides too, just under the top edge (where a
        # neighbour no taller does not reach in front of them)
        points.extend((x, y, z - SIDE_DROP) for x, y in footprint(board, cell, SIDE_SAMPLES))
    return np.array(points)


def near_pointer(scene: PickScene, camera: Camera, x: float, y: float,
                 radius: float = SEE_THROUGH_RADIUS) -> frozenset[int]:
    """The cells with a stone (or figure) reaching within `radius` pixels of (x, y) on the
    screen."""
    boxes = scene.screen_boxes(camera)
    if not len(boxes):
        return frozenset()
    dx = np.maximum(np.maximum(boxes[:, 0] - x, x - boxes[:, 2]), 0.0)
    dy = np.maximum(np.maximum(boxes[:, 1] - y, y - boxes[:, 3]), 0.0)
    close = np.hypot(dx, dy) <= radius
    return frozenset(int(c) for c in scene.cells[len(scene.board):][close])
