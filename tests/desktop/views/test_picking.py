"""Ray-cast picking and the numpy camera, without GL state (the camera comparison with
pyqtgraph only builds matrices)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from megalith.desktop.views.camera import Camera, clamp_elevation
from megalith.desktop.views.picking import PickScene
from megalith.rules.druid.game import DruidState
from megalith.rules.geometry import Board, hex_board, square_board, y_board
from megalith.rules.protocol import Stone
from tests.desktop.app_support import new_position


def camera_over(board: Board, elevation: float = 38.0, azimuth: float = -90.0,
                distance_factor: float = 2.5, fov: float = 60.0) -> Camera:
    centres = np.array(board.centres)
    middle = centres.mean(axis=0)
    extent = float(np.linalg.norm(centres - middle, axis=1).max()) + 1.0
    return Camera((float(middle[0]), float(middle[1]), 0.5), extent * distance_factor,
                  elevation, azimuth, fov, 800, 600)


def crowded(params: str, players: int, moves: int, seed: int) -> DruidState:
    """A Druid game of random moves that prefers lintels, so stacks and gaps appear."""
    state = new_position("druid", DruidState, params, players)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.outcome().over:
            break
        legal = [m for m in state.legal_moves() if m != "--" and "," not in m]
        lintels = [m for m in legal if "-" in m]
        state.play(rng.choice(lintels) if lintels and rng.random() < 0.6 else rng.choice(legal))
    return state


def test_camera_matches_pyqtgraph(qtbot) -> None:
    import pyqtgraph.opengl as gl
    from PySide6.QtGui import QVector3D

    view = gl.GLViewWidget()
    qtbot.addWidget(view)
    view.resize(640, 480)
    view.opts["center"] = QVector3D(3.0, 4.0, 0.5)
    view.setCameraPosition(distance=17.0, elevation=33.0, azimuth=-71.0)
    camera = Camera((3.0, 4.0, 0.5), 17.0, 33.0, -71.0, view.opts["fov"], 640, 480)
    ours_view = camera.view_matrix()
    theirs_view = np.array(view.viewMatrix().data()).reshape(4, 4).T
    np.testing.assert_allclose(ours_view, theirs_view, atol=1e-5)
    region = (0, 0, 640, 480)
    theirs_proj = np.array(view.projectionMatrix(region, region).data()).reshape(4, 4).T
    np.testing.assert_allclose(camera.projection_matrix(), theirs_proj, rtol=1e-4, atol=1e-6)


def test_ray_passes_through_the_projected_point() -> None:
    camera = camera_over(square_board(8), 50.0, -30.0)
    point = np.array([2.0, 5.0, 1.5])
    (x, y), = camera.project(point[None])
    origin, direction = camera.ray(x, y)
    closest = origin + direction * ((point - origin) @ direction)
    assert np.linalg.norm(closest - point) < 1e-6
    np.testing.assert_allclose(camera.eye(), origin, atol=camera.distance * 0.01)


def test_elevation_is_clamped_above_the_board() -> None:
    assert clamp_elevation(-40.0) >= 5.0
    assert clamp_elevation(0.0) >= 5.0
    assert clamp_elevation(120.0) == 90.0


def top_centres(scene: PickScene, board: Board) -> np.ndarray:
    return np.array([(x, y, scene.top(name)) for name, (x, y) in zip(board.names, board.centres)])


@pytest.mark.parametrize("params,players", [("-size=8", 2), ("-hex -size=4", 3), ("-y -size=6", 2)])
def test_click_at_each_cells_projected_top_returns_it(params: str, players: int) -> None:
    """Seen from above, every cell's top (ground, stack or lintel) picks that cell."""
    state = crowded(params, players, 70, 11)
    board = state.board
    scene = PickScene(board, state.stones(), state.druids.values())
    assert any(s.kind == "lintel" for s in state.stones()), "the position needs lintels"
    assert max(scene.heights) >= 2
    camera = camera_over(board, 90.0, -90.0, distance_factor=12.0, fov=15.0)
    for name, (x, y) in zip(board.names, camera.project(top_centres(scene, board))):
        assert scene.pick_at(camera, x, y) == name


@pytest.mark.parametrize("board", [square_board(6), hex_board(4), y_board(6)],
                         ids=["square", "hex", "y"])
def test_oblique_clicks_hit_stack_tops_lintels_and_sides(board: Board) -> None:
    names = board.names
    a, mid, b = next(line for line in board.lines if all(
        board.centres[i][1] > 1.5 for i in line))  # a line away from the front edge
    lintel_cells = tuple(names[i] for i in (a, mid, b))
    stones = [Stone((lintel_cells[0],), 1, "V", "sarsen"),
              Stone((lintel_cells[2],), 1, "V", "sarsen"), Stone(lintel_cells, 2, "V", "lintel")]
    scene = PickScene(board, stones)
    for elevation, azimuth in ((38.0, -90.0), (60.0, -20.0), (25.0, 200.0)):
        camera = camera_over(board, elevation, azimuth)
        for name in lintel_cells:
            x, y = camera.project(np.array([[*board.centres[names.index(name)], 2.0]]))[0]
            assert scene.pick_at(camera, x, y) == name  # on the lintel, above each cell
    # seen from the front, low, the side of a lone stack belongs to its cell
    lone = names[min(range(len(board)), key=lambda i: board.centres[i][1])]
    scene = PickScene(board, [Stone((lone,), 1, "X", "sarsen"), Stone((lone,), 2, "X", "sarsen")])
    camera = camera_over(board, 10.0, -90.0)
    x, y = camera.project(np.array([[*board.centres[names.index(lone)], 1.0]]))[0]
    found = scene.pick(*camera.ray(x, y))
    assert found is not None and found[0] == lone and found[1][2] < 1.95


def test_the_gap_under_a_lintel_shows_the_cell_behind_it() -> None:
    board = square_board(6)
    stones = [Stone(("b3",), 1, "V", "sarsen"), Stone(("d3",), 1, "V", "sarsen"),
              Stone(("b3", "c3", "d3"), 2, "V", "lintel")]
    scene = PickScene(board, stones)
    camera = camera_over(board, 8.0, -90.0)  # low, from the front
    x, y = camera.project(np.array([[2.0, 2.0, 0.5]]))[0]  # c3's ground, under the lintel
    assert scene.pick_at(camera, x, y) in {"c3", "c4", "c5", "c6"}  # through the gap
    x, y = camera.project(np.array([[2.0, 2.0, 1.5]]))[0]
    assert scene.pick_at(camera, x, y) == "c3"  # the lintel's middle


def test_off_the_board_is_nothing() -> None:
    board = square_board(5)
    camera = camera_over(board)
    assert PickScene(board).pick_at(camera, 2, 2) is None


def test_a_scene_counts_heights_at_once_and_makes_its_solids_on_the_first_pick() -> None:
    board = square_board(5)
    scene = PickScene(board, [Stone(("c3",), 1, "V", "sarsen"), Stone(("c3",), 2, "H", "sarsen")],
                      ["c3"])
    assert scene.heights[board.index["c3"]] == 2 and scene.top("c3") == pytest.approx(2.0)
    assert scene._arrays is None  # a position nobody points at costs no solids
    camera = camera_over(board, 90.0)
    x, y = camera.project(np.array([[*board.centres[board.index["b2"]], 0.0]]))[0]
    assert scene.pick_at(camera, x, y) == "b2"
    # every tile, both stones and the Druid standing on them
    assert len(scene.cells) == len(board) + 2 + 3  # the Druid in its three parts
    empty = PickScene(board)
    tiles = scene.normals[:len(board), -empty.normals.shape[1]:]
    assert np.array_equal(empty.normals, tiles)  # the shared tiles


def test_the_orthographic_camera_matches_qt_and_keeps_the_centres_scale(qtbot) -> None:
    from dataclasses import replace

    from PySide6.QtGui import QMatrix4x4

    from megalith.desktop.views.camera import ORTHO_FAR, ortho_matrix

    camera = Camera((3.0, 4.0, 0.5), 17.0, 90.0, -90.0, 60.0, 640, 480, ortho=True)
    r = camera.half_width()
    t = r * 480 / 640
    theirs = QMatrix4x4()
    theirs.ortho(-r, r, -t, t, 17.0 * 0.001, 17.0 * ORTHO_FAR)
    np.testing.assert_allclose(camera.projection_matrix(),
                               np.array(theirs.data()).reshape(4, 4).T, rtol=1e-6, atol=1e-9)
    np.testing.assert_allclose(ortho_matrix(r, 0.75, 0.017, 170.0), camera.projection_matrix())
    # a point's screen position does not depend on its height: straight down, no perspective
    low, high = camera.project(np.array([[1.0, 2.0, 0.0], [1.0, 2.0, 5.0]]))
    np.testing.assert_allclose(low, high, atol=1e-6)
    # at the centre's depth both projections agree on the scale
    flat = replace(camera, ortho=False)
    a, b = camera.project(np.array([[3.0, 4.0, 0.5], [4.0, 4.0, 0.5]]))
    c, d = flat.project(np.array([[3.0, 4.0, 0.5], [4.0, 4.0, 0.5]]))
    assert np.linalg.norm(b - a) == pytest.approx(np.linalg.norm(d - c), rel=1e-6)
    # rays are parallel and still pass through the projected point
    point = np.array([2.0, 5.0, 1.5])
    (x, y), = camera.project(point[None])
    origin, direction = camera.ray(x, y)
    np.testing.assert_allclose(direction, [0.0, 0.0, -1.0], atol=1e-9)
    closest = origin + direction * ((point - origin) @ direction)
    assert np.linalg.norm(closest - point) < 1e-6
    np.testing.assert_allclose(camera.toward_viewer(point[None])[0], [0.0, 0.0, 1.0], atol=1e-9)


@pytest.mark.parametrize("elevation,azimuth,ortho", [(58.0, -90.0, False), (58.0, 0.0, False),
                                                     (90.0, -90.0, True), (30.0, 45.0, False)])
def test_frame_fits_the_points_centred_with_the_margin(elevation, azimuth, ortho) -> None:
    from megalith.desktop.views.camera import frame

    rng = np.random.default_rng(3)
    points = np.c_[rng.uniform(-3, 9, (40, 2)), rng.uniform(0, 3, 40)]
    camera = frame(Camera((0.0, 0.0, 0.0), 5.0, elevation, azimuth, 60.0, 800, 600, ortho),
                   points, margin=12.0)
    shown = camera.project(points)
    low, high = shown.min(axis=0), shown.max(axis=0)
    assert low.min() >= 11.5 and high[0] <= 788.5 and high[1] <= 588.5
    # tight on one side (the margin), centred on both
    assert min(low[0], low[1], 800 - high[0], 600 - high[1]) == pytest.approx(12.0, abs=1.0)
    middle = (low + high) / 2
    assert abs(middle[0] - 400) < 2 and abs(middle[1] - 300) < 2


def test_blend_eases_and_turns_the_way_asked() -> None:
    from megalith.desktop.views.camera import Pose, blend, nearest_turn

    start = Pose((0.0, 0.0, 0.0), 10.0, 58.0, 270.0)
    end = Pose((2.0, 0.0, 0.0), 20.0, 90.0, 450.0, ortho=True)
    assert blend(start, end, 0.0) == start
    assert blend(start, end, 1.0) == end
    half = blend(start, end, 0.5)
    assert half.azimuth == pytest.approx(360.0) and half.distance == pytest.approx(15.0)
    assert not half.ortho  # flat only on arrival
    assert blend(start, end, 0.1).distance - 10.0 < 1.0  # eased: slow at the start
    assert nearest_turn(350.0, -90.0) == pytest.approx(270.0)
    assert nearest_turn(10.0, 270.0) == pytest.approx(-90.0)
