"""The merged meshes of the 3D view, built in numpy without a screen."""

from __future__ import annotations

import numpy as np
import pytest

from megalith.desktop.views import meshes
from megalith.desktop.views.meshes import PrismSet, footprint, rgbf, stone_z
from megalith.rules.geometry import hex_board, square_board, y_board
from megalith.rules.protocol import Stone

RED = (180, 60, 50)
STONE = (225, 220, 200)


def area(poly: np.ndarray) -> float:
    x, y = poly[:, 0], poly[:, 1]
    return 0.5 * float(np.sum(x * np.roll(y, -1) - np.roll(x, -1) * y))


def face_normals(mesh: meshes.Mesh) -> np.ndarray:
    v = mesh.vertices[mesh.faces]
    return np.cross(v[:, 1] - v[:, 0], v[:, 2] - v[:, 0])


@pytest.mark.parametrize("board,sides,cell_area", [
    (square_board(5), 4, 1.0), (hex_board(3), 6, np.sqrt(3) / 2), (y_board(4), 6, np.sqrt(3) / 2)])
def test_footprints_tile_the_plane_counter_clockwise(board, sides, cell_area) -> None:
    ring = footprint(board, 0)
    assert len(ring) == sides
    assert area(ring) == pytest.approx(cell_area)  # positive: counter-clockwise
    # neighbours share an edge: their centres are one unit apart, half a unit to the edge
    a, b = 0, board.neighbours[0][0]
    gap = np.linalg.norm(np.subtract(board.centres[a], board.centres[b]))
    assert gap == pytest.approx(1.0)


def test_a_prism_has_a_full_colour_top_and_distinct_darker_sides() -> None:
    prisms = PrismSet()
    prisms.add(footprint(square_board(3), 4, 0.9), *stone_z(2), rgbf(RED))
    mesh = prisms.mesh()
    assert mesh.vertices.shape == (24, 3) and mesh.faces.shape == (12, 3)
    assert mesh.faces.max() < len(mesh.vertices)
    normals = face_normals(mesh)
    tops = normals[:, 2] > 1e-9
    colours = mesh.colours[mesh.faces[:, 0]]
    assert tops.sum() == 2
    np.testing.assert_allclose(colours[tops][:, :3], np.tile(np.array(RED) / 255, (2, 1)),
                               atol=1e-6)
    assert mesh.vertices[mesh.faces[tops]][:, :, 2].min() == pytest.approx(2.0)
    sides = np.abs(normals[:, 2]) < 1e-9
    side_shades = {tuple(np.round(c[:3], 4)) for c in colours[sides]}
    assert len(side_shades) == 4  # each face of the cube its own shade
    assert all(max(s) < RED[0] / 255 for s in side_shades)
    # every side face points outwards
    centre = np.array([1.0, 1.0])
    for face, normal in zip(mesh.faces[sides], normals[sides]):
        middle = mesh.vertices[face].mean(axis=0)[:2]
        assert normal[:2] @ (middle - centre) > 0


def test_stones_merge_into_one_mesh_and_a_lintel_spans_three_cells() -> None:
    board = square_board(5)
    stones = [Stone(("b2",), 1, "V", "sarsen"), Stone(("d2",), 1, "V", "sarsen"),
              Stone(("b2", "c2", "d2"), 2, "H", "lintel"), Stone(("c4",), 1, "H", "sarsen"),
              Stone(("c4",), 2, "H", "sarsen")]
    prisms = meshes.stone_prisms(board, stones, {"V": RED, "H": STONE})
    assert len(prisms) == 5
    mesh = prisms.mesh()
    # a cube is 12 triangles; nobody sees a sarsen's bottom (4 sarsens: 2 each less) or
    # the top of c4's lower stone under the upper one (2 less); the lintel keeps both
    assert len(mesh.faces) == 5 * 12 - 4 * 2 - 2
    assert prisms.tops == sorted(prisms.tops, reverse=True)  # highest stones drawn first
    k = max(range(5), key=lambda i: np.ptp(prisms.polys[i][:, 0]))
    lintel = prisms.polys[k]
    assert np.ptp(lintel[:, 0]) == pytest.approx(2.9) and np.ptp(lintel[:, 1]) == pytest.approx(0.9)
    assert (prisms.bottoms[k], prisms.tops[k]) == stone_z(2)
    np.testing.assert_allclose(prisms.colours[k][:3], np.array(STONE) / 255)
    # the gap: nothing stands on c2 between the ground and the lintel
    c2 = np.array(board.centres[board.index["c2"]])
    under = [i for i, poly in enumerate(prisms.polys)
             if prisms.bottoms[i] < 1.0 and _inside(poly, c2)]
    assert under == []
    # stacked stones leave a thin gap between them
    assert stone_z(2)[0] - stone_z(1)[1] == pytest.approx(meshes.VGAP)
    edges = prisms.edges()
    assert edges.shape == (5 * 4 * 2, 3)  # around each top face
    assert set(np.round(edges[:, 2], 2)) == {round(z + 0.004, 2) for z in set(prisms.tops)}


def _inside(poly: np.ndarray, point: np.ndarray) -> bool:
    edge = np.roll(poly, -1, axis=0) - poly
    rel = point - poly
    return bool(np.all(edge[:, 0] * rel[:, 1] - edge[:, 1] * rel[:, 0] >= 0))


def test_hex_lintel_is_one_prism_over_the_hull_of_its_cells() -> None:
    board = hex_board(4)
    a, mid, b = next(line for line in board.lines
                     if board.direction_between(line[0], line[1]) == "ne")
    cells = tuple(board.names[i] for i in (a, mid, b))
    poly = meshes.stone_polygon(board, cells)
    assert area(poly) > 0
    for i in (a, mid, b):
        assert _inside(poly, np.array(board.centres[i]))


def test_board_has_slab_tiles_and_goal_bands_shared_edges_split() -> None:
    board = square_board(4)
    bottom = [board.names[i] for i in sorted(board.sides["bottom"])]
    left = [board.names[i] for i in sorted(board.sides["left"])]
    prisms = meshes.board_prisms(board, [(bottom, RED), (left, STONE), (bottom, (60, 90, 170))],
                                 marked=[(left, RED)])
    assert len(prisms) == 1 + 16 + 3 + 1
    bands = prisms.polys[17:20]
    wall = prisms.polys[20]  # the marked side's band, raised into a low wall
    assert wall[:, 0].max() < -0.5 and prisms.tops[20] == pytest.approx(
        meshes.SLAB_TOP + meshes.TARGET_WALL)
    # both bands of the shared bottom edge lie below the board, one outside the other
    assert all(band[:, 1].max() < -0.5 for band in bands[:2] if band[:, 1].max() < 0)
    ys = sorted(band[:, 1].mean() for band in bands if band[:, 1].max() < 0)
    assert len(ys) == 2 and ys[0] < ys[1]
    left_band = next(band for band in bands if band[:, 0].max() < 0)
    assert left_band[:, 1].max() - left_band[:, 1].min() >= 3.5
    # marked tiles are tinted towards the mark's colour
    tile_a2 = prisms.colours[1 + board.index["a2"]]
    tile_b2 = prisms.colours[1 + board.index["b2"]]
    assert tile_a2[0] - tile_a2[2] > tile_b2[0] - tile_b2[2]


def test_ghost_and_refusal_sign() -> None:
    board = hex_board(3)
    ghost = meshes.ghost_prisms(board, ["c3"], 3, RED)
    assert ghost.colours[0][3] < 1.0 and (ghost.bottoms[0], ghost.tops[0]) == stone_z(3)
    refusal = meshes.refusal_prisms(board, "c3", 2.0)
    assert len(refusal) == 2 and all(c[0] > 0.8 and c[1] < 0.2 for c in refusal.colours)
    assert min(refusal.bottoms) > 2.0


def test_outline_segments_follow_the_cell_at_its_height() -> None:
    segs = meshes.outline_segments(square_board(3), [("b2", 2.0)])
    assert segs.shape == (8, 3)
    assert np.allclose(segs[:, 2], 2.03)
    assert segs[:, 0].min() == pytest.approx(0.5) and segs[:, 0].max() == pytest.approx(1.5)


def test_chain_segments_join_neighbours_and_branches() -> None:
    board = square_board(5)
    chain = ["a1", "a2", "a3", "b2", "c2"]  # a3 -> b2 is not a step; b2 touches a2
    segs = meshes.chain_segments(board, chain, [1.0, 1.0, 2.0, 1.0, 1.0])
    pairs = {tuple(sorted((tuple(np.round(a[:2], 3)), tuple(np.round(b[:2], 3)))))
             for a, b in zip(segs[::2], segs[1::2])}
    centre = {name: tuple(np.round(board.centres[board.index[name]], 3)) for name in chain}
    expected = {tuple(sorted((centre[a], centre[b])))
                for a, b in (("a1", "a2"), ("a2", "a3"), ("a2", "b2"), ("b2", "c2"))}
    assert pairs == expected
    assert segs[2:4, 2].max() == pytest.approx(2.25)  # floating above a3's top


def test_uncovered_sarsens_get_a_darker_plate_on_their_tops() -> None:
    board = square_board(5)
    stones = [Stone(("b2",), 1, "V", "sarsen"), Stone(("d2",), 1, "V", "sarsen"),
              Stone(("b2", "c2", "d2"), 2, "H", "lintel"), Stone(("c4",), 1, "H", "sarsen"),
              Stone(("c4",), 2, "H", "sarsen"), Stone(("a1",), 1, "V", "sarsen")]
    assert [s.cells for s in meshes.uncovered_sarsens(stones)] == [("c4",), ("a1",)]
    assert [s.level for s in meshes.uncovered_sarsens(stones)] == [2, 1]
    mesh = meshes.sarsen_marks(board, stones, {"V": RED, "H": STONE})
    assert len(mesh.faces) == 2 * 2  # one square of two triangles per uncovered sarsen
    assert np.all(face_normals(mesh)[:, 2] > 0)  # facing up
    plates = mesh.vertices.reshape(2, 4, 3)
    for plate, cell, level, colour in ((plates[0], "c4", 2, STONE), (plates[1], "a1", 1, RED)):
        centre = np.array(board.centres[board.index[cell]])
        np.testing.assert_allclose(plate[:, :2].mean(axis=0), centre, atol=1e-6)
        assert np.ptp(plate[:, 0]) == pytest.approx(meshes.SARSEN_MARK_SCALE)
        assert np.all(plate[:, 2] > stone_z(level)[1]) and np.all(
            plate[:, 2] < stone_z(level)[1] + 0.05)
    np.testing.assert_allclose(mesh.colours[:4, :3], np.tile(np.array(STONE) / 255 * 0.55, (4, 1)),
                               atol=1e-6)
    np.testing.assert_allclose(mesh.colours[4:, :3], np.tile(np.array(RED) / 255 * 0.55, (4, 1)),
                               atol=1e-6)
    hexes = meshes.sarsen_marks(hex_board(3), [Stone(("c3",), 1, "X", "sarsen")], {})
    assert len(hexes.vertices) == 6 and len(hexes.faces) == 4  # a hexagon on hex boards
    assert len(meshes.sarsen_marks(board, stones[2:3], {}).faces) == 0


def test_legible_moves_only_colours_too_near_the_board() -> None:
    from megalith.desktop.views.interaction import DEFAULT_COLOURS

    tiles = meshes.BOARD_COLOURS
    for colour in [(180, 60, 50), (225, 220, 200), (40, 160, 200), (240, 200, 30)]:
        assert meshes.legible(colour, tiles) == colour  # far enough: as chosen
    for colour in [tiles[0], (120, 130, 120), (60, 90, 170), (100, 100, 100), (140, 140, 150),
                   *DEFAULT_COLOURS.values()]:
        moved = meshes.legible(colour, tiles)
        assert min(np.linalg.norm(np.subtract(moved, t)) for t in tiles) >= (
            meshes.MIN_CONTRAST - 1)
        assert all(0 <= c <= 255 for c in moved)
    # moved the shorter way: a grey a little lighter than the tiles gets lighter, one a
    # little darker gets darker
    assert sum(meshes.legible((150, 155, 160), tiles)) > sum((150, 155, 160))
    assert sum(meshes.legible((90, 95, 100), tiles)) < sum((90, 95, 100))


def test_beams_are_narrower_than_sarsens_with_a_darker_underside() -> None:
    board = square_board(5)
    stones = [Stone(("b2",), 1, "V", "sarsen"), Stone(("d2",), 1, "V", "sarsen"),
              Stone(("b2", "c2", "d2"), 2, "V", "lintel")]
    prisms = meshes.stone_prisms(board, stones, {"V": RED}, beams=True,
                                 scale=meshes.SEPARATE_SCALE)
    beam = next(i for i, poly in enumerate(prisms.polys) if np.ptp(poly[:, 0]) > 2)
    sarsen = next(i for i, poly in enumerate(prisms.polys) if np.ptp(poly[:, 0]) < 1)
    assert np.ptp(prisms.polys[beam][:, 1]) == pytest.approx(meshes.BEAM_SCALE)
    assert np.ptp(prisms.polys[sarsen][:, 1]) == pytest.approx(meshes.SEPARATE_SCALE)
    assert prisms.undersides[beam] < prisms.undersides[sarsen]
    # the shade under the beam's middle: one dark plate on c2's tile
    shadow = meshes.gap_shadows(board, stones, {"V": RED}, meshes.BOARD_COLOURS)
    assert len(shadow.vertices) == 4 and np.allclose(shadow.vertices[:, 2], 0.01)
    np.testing.assert_allclose(shadow.vertices[:, :2].mean(axis=0),
                               board.centres[board.index["c2"]])
    tile = meshes.BOARD_COLOURS[meshes.tile_colour_index(board, board.index["c2"])]
    np.testing.assert_allclose(shadow.colours[0, :3], np.array(tile) / 255 * 0.45, atol=1e-6)
    # a filled middle leaves no gap, and no shadow
    filled = stones + [Stone(("c2",), 1, "V", "sarsen")]
    assert len(meshes.gap_shadows(board, filled, {"V": RED}, meshes.BOARD_COLOURS).faces) == 0


def test_a_dark_rim_outlines_each_top_inside_its_edge() -> None:
    board = square_board(5)
    stones = [Stone(("b2",), 1, "V", "sarsen"), Stone(("c3",), 1, "H", "sarsen"),
              Stone(("b4", "c4", "d4"), 2, "V", "lintel")]
    prisms = meshes.stone_prisms(board, stones, {"V": RED, "H": STONE}, beams=True)
    plain, rimmed = prisms.mesh(), prisms.mesh(rim=0.05)
    corners = sum(len(p) for p in prisms.polys)
    assert len(rimmed.faces) == len(plain.faces) + 2 * corners
    assert len(rimmed.vertices) == len(plain.vertices) + corners  # one outer ring each
    outer = rimmed.vertices[len(plain.vertices):]
    dark = {tuple(np.round(c[:3] * 255 / meshes.OUTLINE_SHADE))
            for c in rimmed.colours[len(plain.colours):]}
    assert dark == {RED, STONE}
    # the outer ring is the top's edge; the top itself is inset by the rim's width
    start = 0
    for k, poly, top in zip(map(len, prisms.polys), prisms.polys, prisms.tops):
        np.testing.assert_allclose(outer[start:start + k, :2], poly, atol=1e-6)
        assert np.allclose(outer[start:start + k, 2], top)
        start += k
    tops = rimmed.vertices[:len(plain.vertices)]
    lintel = next(i for i, p in enumerate(prisms.polys) if np.ptp(p[:, 0]) > 2)
    inset = tops[np.isclose(tops[:, 2], prisms.tops[lintel])]
    half = meshes.BEAM_SCALE / 2  # the beam's half width; its inset top is 0.05 less
    assert np.isclose(np.abs(inset[:, 1] - 3.0), half - 0.05, atol=1e-5).sum() == 4
    assert len(prisms.edges(uprights=True)) == 2 * len(prisms.edges())  # the ghost's lines


@pytest.mark.parametrize("kind,size", [("square", 6), ("hex", 5), ("y", 6)])
def test_coordinates_on_every_side(kind, size) -> None:
    from megalith.rules.geometry import column_letters

    board = {"square": square_board, "hex": hex_board, "y": y_board}[kind](size)
    labels = meshes.coordinate_labels(board, 0.95)
    centres = np.array(board.centres)
    texts = [t for _, t in labels]
    rows = {name[len(column_letters(x)):] for name, (x, _) in zip(board.names, board.coords)}
    for row in rows:  # each row at both ends
        assert texts.count(row) == 2, row
    columns = {column_letters(x) for x, _ in board.coords}
    for column in columns:
        assert texts.count(column) == (2 if kind == "square" else 1)
    for (x, y), _ in labels:  # all off the board: nearer no cell than the reach
        assert np.linalg.norm(centres - (x, y), axis=1).min() >= 0.9
    # and round it: labels on both sides of the middle, both ways
    points = np.array([p for p, _ in labels]) - centres.mean(axis=0)
    angles = np.degrees(np.arctan2(points[:, 1], points[:, 0]))
    assert np.histogram(angles, bins=6, range=(-180, 180))[0].min() > 0
