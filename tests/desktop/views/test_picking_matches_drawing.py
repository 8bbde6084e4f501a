"""What the pointer picks is what is drawn: crowded positions of every stacking game, seen
from the default camera and four other angles, are rendered offscreen with one colour per
cell from the solids the view draws (id_render.py beside this file), and at every 4th
pixel the ray cast must name the cell drawn there. Only pixels on the border between two
cells in the render (where a pixel's centre may fall either side of an edge) are left
out."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace

import numpy as np
import pytest

from benchmarks.frame_time import crowded_monument
from megalith.desktop.views.camera import Camera
from megalith.desktop.views.picking import PickScene
from megalith.rules.drogo.game import DrogoState
from megalith.rules.druid.game import DruidState
from tests.desktop.app_support import new_position, pick_scene, shown_board, stack_view
from tests.desktop.views.id_render import render_ids
from tests.desktop.views.test_picking import crowded


def walk_with_both_druids() -> DruidState:
    state = new_position("druid", DruidState, "-size=8 -walk", 2)
    rng = random.Random(5)
    while len(state.moves) < 40 or len(state.druids) < 2:
        legal = [m for m in state.legal_moves() if m not in ("--", "swap")]
        lintels = [m for m in legal if "-" in m]
        state.play(rng.choice(lintels) if lintels and rng.random() < 0.5 else rng.choice(legal))
    assert all(state.druids.values()) and not state.outcome().over
    return state


def drogo_four_high() -> DrogoState:
    state = new_position("drogo", DrogoState, "-size=6", 4)
    rng = random.Random(2)
    while max(state.height(c) for c in state.board.names) < 4 or len(state.moves) < 40:
        legal = [m for m in state.legal_moves() if m != "--"]
        stacked = [m for m in legal if "," in m and len(set(m.split(","))) == 1]
        state.play(rng.choice(stacked) if stacked and rng.random() < 0.5 else rng.choice(legal))
    return state


POSITIONS: dict[str, Callable[[], DruidState | DrogoState]] = {
    "druid 16": lambda: crowded_monument(1),
    "walk": walk_with_both_druids,
    "drogo 4": drogo_four_high,
    "hex": lambda: crowded("-hex -size=5", 3, 90, 3),
    "y": lambda: crowded("-y -size=8", 2, 90, 4),
}


def angles(default: Camera) -> list[Camera]:
    """The default camera and four others: lower and turned, steep, very low from behind,
    and straight down."""
    return [default,
            replace(default, elevation=30.0, azimuth=default.azimuth + 45.0),
            replace(default, elevation=75.0, azimuth=default.azimuth + 135.0),
            replace(default, elevation=18.0, azimuth=default.azimuth + 200.0),
            replace(default, elevation=90.0, ortho=True)]


def on_borders(ids: np.ndarray) -> np.ndarray:
    """Pixels with a different cell among their eight neighbours."""
    padded = np.pad(ids, 1, mode="edge")
    h, w = ids.shape
    border = np.zeros_like(ids, bool)
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            border |= padded[1 + dy:1 + dy + h, 1 + dx:1 + dx + w] != ids
    return border


@pytest.mark.parametrize("name", list(POSITIONS))
def test_the_pick_names_the_cell_drawn_at_every_4th_pixel(qtbot, name) -> None:
    view = stack_view("drogo" if name.startswith("drogo") else "druid")
    qtbot.addWidget(view)
    view.resize(640, 480)
    view.show()
    qtbot.waitExposed(view)
    state = POSITIONS[name]()
    view.set_position(state, {}, state.legal_moves(), None)
    view.settle()
    scene = pick_scene(view)
    ys, xs = np.mgrid[2:480:4, 2:640:4]
    for camera in angles(view.camera()):
        ids = render_ids(view, camera, scene)
        assert len(np.unique(ids)) > 0.5 * len(shown_board(view)), "most cells show"
        picked = scene.pick_pixels(camera, xs + 0.5, ys + 0.5).reshape(xs.shape)
        drawn = ids[ys, xs]
        wrong = (picked != drawn) & ~on_borders(ids)[ys, xs]
        assert not wrong.any(), (camera, int(wrong.sum()),
                                 list(zip(xs[wrong][:5], ys[wrong][:5], picked[wrong][:5],
                                          drawn[wrong][:5])))


def test_the_floor_behind_a_druid_is_its_own_cell(qtbot) -> None:
    """Druid's Walk after V d1 and H a5: d2's floor just behind V's Druid on d1 picks d2,
    not the Druid's cell (whose solid once filled the whole cell up to the Druid's head)."""
    from megalith.desktop.views.meshes import footprint

    view = stack_view("druid")
    qtbot.addWidget(view)
    view.resize(800, 600)
    view.show()
    qtbot.waitExposed(view)
    state = new_position("druid", DruidState, "-size=8 -walk", 2)
    for move in ("d1", "a5"):
        state.play(move)
    view.set_position(state, {}, state.legal_moves(), None)
    camera, scene, board = view.camera(), pick_scene(view), shown_board(view)
    ring = footprint(board, board.index["d2"], 0.85)
    floor = [(x, y, 0.0) for x in np.linspace(ring[:, 0].min(), ring[:, 0].max(), 7)
             for y in np.linspace(ring[:, 1].min(), ring[:, 1].max(), 7)]
    shown = camera.project(np.array(floor))
    picked = [scene.pick_at(camera, x, y) for x, y in shown]
    bare = PickScene(board, state.stones(), (), view.look.beams, view.look.stone_scale)
    without = [bare.pick_at(camera, x, y) for x, y in shown]
    assert without.count("d2") < len(floor)  # d1's stone hides the front of d2's floor
    # the slim figure on it hides hardly more (its whole cell's column once hid most)
    assert picked.count("d2") >= without.count("d2") - 3
    assert picked.count("d2") > len(floor) // 2
