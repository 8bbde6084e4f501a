"""Where the 3D view writes its coordinate labels so that nothing covers them.

Each label belongs beyond the cell that ends its line, on the slab. Where a stone, a figure
or a ghost piece covers any part of its text on the screen, it moves further out from the
board, a step at a time, until its text is clear (a tower at the board's edge hides the
labels behind it from a low camera; the text then floats beyond the slab). A label that no
step clears stays where it belongs and is written on a dark backdrop, readable over
whatever covers it. What covers a text is found by the picking ray cast (desktop.views.
picking) at points spread over its box, so no GL state is needed.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from megalith.desktop.views.camera import Camera
from megalith.desktop.views.picking import PickScene

STEP = 0.35  # world units a covered label moves further out
STEPS = 4  # the most steps it moves before it keeps its place on a backdrop
INSET = 1.0  # pixels inside a text's box where the covering is looked for
GRID = (3, 2)  # points across and down a text's box that are looked at


@dataclass(frozen=True)
class Places:
    """The labels as placed for one camera: how many steps out each moved, which no step
    cleared (written on a backdrop where they belong) and which are drawn at all (all of
    them, but in the looks before issue 39, where a label a stone hid was left out)."""

    steps: np.ndarray  # (n,) int
    covered: np.ndarray  # (n,) bool
    shown: np.ndarray  # (n,) bool

    @staticmethod
    def where_they_belong(shown: np.ndarray) -> Places:
        """Every label at its place, none on a backdrop; those `shown` drawn."""
        n = len(shown)
        return Places(np.zeros(n, int), np.zeros(n, bool), shown)


def outward(board_centres: np.ndarray, points: np.ndarray) -> np.ndarray:
    """Each label's way out of the board (n, 2), a unit vector: from the cell centre
    nearest to it (the cell ending its line) towards it."""
    gaps = points[:, None, :2] - board_centres[None, :, :]
    nearest = np.argmin(np.linalg.norm(gaps, axis=2), axis=1)
    away = points[:, :2] - board_centres[nearest]
    lengths: np.ndarray = np.linalg.norm(away, axis=1, keepdims=True)
    result: np.ndarray = away / np.maximum(lengths, 1e-9)
    return result


def moved(points: np.ndarray, ways: np.ndarray, steps: np.ndarray) -> np.ndarray:
    """The labels' world points `steps` steps out along their `ways`."""
    shifted: np.ndarray = np.array(points, float)
    shifted[:, :2] += ways * (steps * STEP)[:, None]
    return shifted


def text_boxes(anchors: np.ndarray, offsets: np.ndarray) -> np.ndarray:
    """The texts' boxes on the screen (n, 4: left, top, right, bottom): each label's
    `offsets` (left, top, right, bottom, from its anchor) moved to its screen anchor."""
    result: np.ndarray = np.asarray(np.tile(anchors, 2) + offsets)
    return result


def covered_boxes(scene: PickScene, camera: Camera, boxes: np.ndarray,
                  keep_clear: np.ndarray) -> np.ndarray:
    """Which boxes (n, 4) a stone or figure covers anywhere, or that overlap one of the
    `keep_clear` boxes (m, 4: the ghost pieces). Rays are cast only at the prisms whose
    screen box reaches a text's box."""
    covered: np.ndarray = np.asarray(overlapping(boxes, keep_clear).any(axis=1))
    near = overlapping(boxes, scene.screen_boxes(camera))
    looked = np.flatnonzero(~covered & near.any(axis=1))
    if not len(looked):
        return covered
    across, down = np.meshgrid(np.linspace(0.0, 1.0, GRID[0]), np.linspace(0.0, 1.0, GRID[1]))
    left, top = boxes[looked, 0] + INSET, boxes[looked, 1] + INSET
    width = np.maximum(boxes[looked, 2] - boxes[looked, 0] - 2 * INSET, 0.0)
    height = np.maximum(boxes[looked, 3] - boxes[looked, 1] - 2 * INSET, 0.0)
    origins, directions = camera.rays(
        (left[:, None] + width[:, None] * across.ravel()).ravel(),
        (top[:, None] + height[:, None] * down.ravel()).ravel())
    k = across.size  # rays a box
    for j, i in enumerate(looked):
        covered[i] = bool(scene.hits_among(origins[j * k:(j + 1) * k],
                                           directions[j * k:(j + 1) * k],
                                           np.flatnonzero(near[i])).any())
    return covered


def overlapping(boxes: np.ndarray, others: np.ndarray) -> np.ndarray:
    """Which of `others` (m, 4) each box (n, 4) overlaps: (n, m)."""
    overlap: np.ndarray = ((boxes[:, None, 0] < others[None, :, 2])
                           & (boxes[:, None, 2] > others[None, :, 0])
                           & (boxes[:, None, 1] < others[None, :, 3])
                           & (boxes[:, None, 3] > others[None, :, 1]))
    return overlap


def place_labels(scene: PickScene, camera: Camera, points: np.ndarray, ways: np.ndarray,
                 offsets: np.ndarray, keep_clear: np.ndarray | None = None) -> Places:
    """Each label moved out (`ways`, from `outward`) the fewest steps that leave its text
    (`offsets` round its screen anchor) uncovered; where none does, it stays, covered."""
    clear_of = np.zeros((0, 4)) if keep_clear is None else keep_clear
    n = len(points)
    steps = np.zeros(n, int)
    waiting = np.arange(n)
    for step in range(STEPS + 1):
        anchors = camera.project(moved(points[waiting], ways[waiting],
                                       np.full(len(waiting), step)))
        covered = covered_boxes(scene, camera, text_boxes(anchors, offsets[waiting]),
                                clear_of)
        steps[waiting[~covered]] = step
        waiting = waiting[covered]
        if not len(waiting):
            break
    steps[waiting] = 0
    blocked = np.zeros(n, bool)
    blocked[waiting] = True
    return Places(steps, blocked, np.ones(n, bool))
