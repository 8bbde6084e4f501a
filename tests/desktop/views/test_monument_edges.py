"""Issue #39, the monument's rough edges: the Druid figure picks its own cell, suggestions
are marked on the stacks, the hover line never outlives what is under the pointer, the
start of a compound move shows its ghost, and a faded tower keeps its height readable."""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QEvent, QPointF, Qt

from megalith.desktop.views.picking import PickScene
from megalith.desktop.views.stack3d import StackView
from tests.desktop.app_support import pick_scene, shown_board, stacked
from tests.desktop.views.test_fading import make_view
from tests.desktop.views.test_picking import camera_over
from tests.desktop.views.test_stack3d import game, pixels, rgb, screen, send_mouse, show

NONE = Qt.MouseButton.NoButton


def hover(view: StackView, point: QPointF) -> None:
    send_mouse(view, QEvent.Type.MouseMove, point, NONE, NONE)


def figure_head(view: StackView, cell: str) -> QPointF:
    board = shown_board(view)
    x, y = board.centres[board.index[cell]]
    point = view.camera().project(np.array([[x, y, pick_scene(view).top(cell) + 0.75]]))[0]
    return QPointF(float(point[0]), float(point[1]))


# ---- 1. the figure picks its own cell ----------------------------------------------------

def test_a_figure_is_picked_even_where_its_cell_is_see_through() -> None:
    state = stacked(game("druid", "-size=8 -walk", ["d1", "a5", "d2"]))
    board = state.board
    scene = PickScene(board, state.stones(), ["d1"])
    camera = camera_over(board)
    x, y = board.centres[board.index["d1"]]
    for z in (0.3, 0.5, 0.8):  # the body and the head
        px, py = camera.project(np.array([[x, y, z]]))[0]
        assert scene.pick_at(camera, px, py, frozenset({board.index["d1"]})) == "d1"


def test_pointing_at_the_druid_behind_the_last_move_names_its_cell(qtbot) -> None:
    view = make_view(qtbot)
    show(view, game("druid", "-size=8 -walk", ["d1", "a5", "d2"]))
    view.settle()
    hints: list[str] = []
    view.hint.connect(hints.append)
    hover(view, figure_head(view, "d1"))
    assert hints and hints[-1].startswith("d1"), hints
    head = figure_head(view, "d1")
    assert view.cell_at(head.x(), head.y()) == "d1"


# ---- 3. the hover line follows the pointer off the cells --------------------------------

def test_the_hover_line_clears_on_a_border_and_off_the_board(qtbot) -> None:
    view = make_view(qtbot)
    show(view, game("druid", "-size=8", []))
    view.top_view(animate=False)
    view.settle()
    board = shown_board(view)
    hints: list[str] = []
    view.hint.connect(hints.append)
    (gx, gy), (hx, hy) = board.centres[board.index["g3"]], board.centres[board.index["h3"]]
    for point in (screen(view, (gx + hx) / 2, gy, 0.0), QPointF(3.0, 3.0)):
        hover(view, QPointF(view.cell_screen_pos("g3")))
        assert "g3 (empty): click to play g3" in hints[-1]
        spot = QPointF(point)
        assert view.cell_at(spot.x(), spot.y()) is None
        hover(view, spot)
        assert hints[-1] == "", hints[-3:]


def test_the_hover_line_clears_when_the_pointer_leaves_the_view(qtbot) -> None:
    view = make_view(qtbot)
    show(view, game("druid", "-size=8", []))
    hints: list[str] = []
    view.hint.connect(hints.append)
    hover(view, QPointF(view.cell_screen_pos("d4")))
    assert "click to play d4" in hints[-1]
    view.leaveEvent(QEvent(QEvent.Type.Leave))
    assert hints[-1] == ""


# ---- 5. the start of a compound move shows its ghost -------------------------------------

def ghost_change(qtbot, game_name: str, params: str, moves: list[str], cell: str) -> int:
    """How much the top of a first piece on `cell` changes when the pointer is on it."""
    view = make_view(qtbot, game_name)
    view.top_view(animate=False)
    show(view, game(game_name, params, moves))
    view.settle()
    board = shown_board(view)
    x, y = board.centres[board.index[cell]]
    level = pick_scene(view).heights[board.index[cell]] + 1
    spot = screen(view, x + 0.2, y + 0.2, level - 0.02)
    hints: list[str] = []
    view.hint.connect(hints.append)
    hover(view, QPointF(view.cell_screen_pos("a1" if cell != "a1" else "a2")))
    before = rgb(view.grab_image(), spot)
    hover(view, QPointF(view.cell_screen_pos(cell)))
    assert "click to start a move here" in hints[-1], hints[-1]
    after = rgb(view.grab_image(), spot)
    return sum(abs(a - b) for a, b in zip(after, before))


def test_drogo_shows_a_ghost_where_a_pair_would_start(qtbot) -> None:
    assert ghost_change(qtbot, "drogo", "", ["c3"], "d4") > 60


def test_the_walk_shows_a_ghost_where_a_stone_and_step_would_start(qtbot) -> None:
    assert ghost_change(qtbot, "druid", "-size=8 -walk", ["d1", "a5"], "d2") > 60


# ---- 2. suggestions are marked on the monument --------------------------------------------

MAGENTA = (235, 80, 235)


def near_colour(image, point: QPointF, colour: tuple[int, int, int], radius: int = 2,
                tolerance: int = 60) -> bool:
    block = pixels(image)[round(point.y()) - radius:round(point.y()) + radius + 1,
                          round(point.x()) - radius:round(point.x()) + radius + 1]
    return bool((np.abs(block.astype(int) - colour).max(axis=2) <= tolerance).any())


def top_ring(view: StackView, cell: str, scale: float = 0.88) -> np.ndarray:
    """The cell's top outline on the screen (k, 2)."""
    from megalith.desktop.views.meshes import footprint
    board = shown_board(view)
    ring = footprint(board, board.index[cell], scale)
    z = pick_scene(view).top(cell)
    return view.camera().project(np.c_[ring, np.full(len(ring), z)])


def test_suggested_cells_are_outlined_and_labelled_above_their_tops(qtbot) -> None:
    view = make_view(qtbot)
    # V's d5 just played, a faded stack of two on d4 (its height written) before it
    state = game("druid", "-size=8", ["d4", "c5", "d4", "e5", "c3", "f6", "c4", "e6", "d5"])
    show(view, state)
    view.settle()
    view.show_suggestions([("d5", 0.56), ("e4", 0.51), ("c6", 0.47)])
    image = view.grab_image()
    for cell in ("d5", "e4", "c6"):
        ring = top_ring(view, cell)
        middles = (ring + np.roll(ring, -1, axis=0)) / 2  # the middle of each edge
        marked = [near_colour(image, QPointF(*m), MAGENTA) for m in middles]
        assert all(marked), (cell, marked)
    boxes = view.marks.suggestion_boxes(view.camera())
    assert len(boxes) == 3
    for cell, box in zip(("d5", "e4", "c6"), boxes):
        assert box.bottom() <= top_ring(view, cell, 1.0)[:, 1].min(), cell  # above its top
        assert box.height() >= 16
        assert not any(box.intersects(other) for other in boxes if other is not box)
    for box in boxes:  # filled in magenta, the text written on it
        block = pixels(image)[round(box.top()) + 2:round(box.bottom()) - 1,
                              round(box.left()) + 2:round(box.right()) - 1]
        filled = (np.abs(block.astype(int) - MAGENTA).max(axis=2) <= 30).mean()
        assert 0.4 < filled < 0.95, filled


# ---- 6. a faded tower keeps its height readable ------------------------------------------

def test_a_faded_tower_shows_its_height(qtbot) -> None:
    view = make_view(qtbot, "drogo")
    # X's c3 is three high and stands in front of O's c4, the last move (docs/screenshots.py)
    show(view, game("drogo", "", ["c3", "e6", "a1", "f1", "c3,c3", "c4"], players=4))
    view.settle()
    board = shown_board(view)
    assert pick_scene(view).heights[board.index["c3"]] == 3
    assert board.index["c3"] in view.faded and not view.marks.show_heights
    x, y = board.centres[board.index["c3"]]
    point = screen(view, x, y, pick_scene(view).top("c3"))
    block = pixels(view.grab_image())[point.y() - 9:point.y() + 10, point.x() - 9:point.x() + 10]
    light = (np.abs(block.astype(int) - (250, 245, 225)).max(axis=2) <= 20).sum()
    dark = (block.astype(int).max(axis=2) < 60).sum()
    assert light >= 6 and dark >= 40, (light, dark)


# ---- 7. coordinate labels keep clear of stones and of a held piece ------------------------

def label_colour_pixels(view: StackView, image, corners: np.ndarray, pad: int = 0) -> int:
    """The label-coloured pixels inside the screen box of these world points."""
    from megalith.desktop.views.stack_labels import LABEL_COLOUR
    shown = view.camera().project(corners)
    (left, top), (right, bottom) = shown.min(axis=0) - pad, shown.max(axis=0) + pad
    block = pixels(image)[int(top):int(bottom) + 1, int(left):int(right) + 1].reshape(-1, 3)
    return int((np.abs(block.astype(int) - LABEL_COLOUR).max(axis=1) <= 40).sum())


def test_row_labels_behind_a_tower_still_show(qtbot) -> None:
    view = make_view(qtbot)
    show(view, game("druid", "-size=8", ["h6", "a1", "h6", "a2"]))  # a tower on h6
    view.settle()
    image = view.grab_image()
    for row in (6.0, 7.0):  # "7" and "8", beyond h7 and h8, where the tower stands before
        # them: wherever they go, out along their rows
        reach = np.array([(7.0 + d, row, -0.09) for d in (0.6, 2.6)])
        assert label_colour_pixels(view, image, reach, pad=12) > 12, row


def test_a_label_keeps_off_a_held_piece(qtbot) -> None:
    view = make_view(qtbot, "drogo")
    show(view, game("drogo", "-size=6", ["c3", "a1"]))  # X (red) to move
    view.settle()
    view.grab_image()  # the labels are placed for this position, as a player sees it
    view.click_cell("e6")  # held: its ghost stands on e6, before the "e" beyond the board
    view.leaveEvent(QEvent(QEvent.Type.Leave))
    image = view.grab_image()
    board = shown_board(view)
    x, y = board.centres[board.index["e6"]]
    cube = np.array([(x + dx, y + dy, z) for dx in (-0.35, 0.35) for dy in (-0.35, 0.35)
                     for z in (0.1, 0.9)])  # inside the ghost
    assert label_colour_pixels(view, image, cube) == 0


def test_labels_move_out_from_behind_a_tower_and_out_of_a_ghost_s_way() -> None:
    from megalith.desktop.views.label_places import moved, outward, place_labels, text_boxes
    from megalith.desktop.views.meshes import coordinate_labels

    state = stacked(game("druid", "-size=6", ["c6", "--", "c6", "--", "c6"]))  # a tower on c6
    board = state.board
    camera = camera_over(board)
    labels = coordinate_labels(board, 0.95)
    points = np.array([(x, y, -0.09) for (x, y), _ in labels])
    ways = outward(np.array(board.centres), points)
    assert np.allclose(np.linalg.norm(ways, axis=1), 1.0)
    offsets = np.tile([-4.0, -9.0, 4.0, 5.0], (len(points), 1))
    scene = PickScene(board, state.stones())
    behind_c6 = int(np.argmin(np.hypot(points[:, 0] - 2.0, points[:, 1] - 5.95)))
    in_front = int(np.argmin(np.hypot(points[:, 0] - 2.0, points[:, 1] + 0.95)))
    places = place_labels(scene, camera, points, ways, offsets)
    assert places.steps[in_front] == 0 and not places.covered[in_front]
    assert places.steps[behind_c6] > 0 or places.covered[behind_c6]
    assert np.allclose(ways[behind_c6], (0.0, 1.0))  # out beyond row 6: north
    # a ghost's box over the front "c" sends it out too
    box = text_boxes(camera.project(points[[in_front]]), offsets[[in_front]])[0]
    ghost = np.array([[box[0] - 2, box[1] - 2, box[2] + 2, box[3] + 2]])
    again = place_labels(scene, camera, points, ways, offsets, keep_clear=ghost)
    assert again.steps[in_front] > 0
    shown = camera.project(moved(points, ways, again.steps))[in_front]
    assert not (ghost[0, 0] < shown[0] < ghost[0, 2] and ghost[0, 1] < shown[1] < ghost[0, 3])


def test_the_looks_before_39_leave_out_a_label_a_stone_hides(qtbot) -> None:
    from dataclasses import replace

    from megalith.desktop.views.look import NEW

    view = StackView(look=replace(NEW, labels_clear=False))  # benchmarks.earlier_looks
    qtbot.addWidget(view)
    view.resize(800, 600)
    view.show()
    qtbot.waitExposed(view)
    show(view, game("druid", "-size=6", ["c6", "--", "c6", "--", "c6"]))  # a tower on c6
    view.grab_image()
    points = np.array([p[:2] for p, _ in view.marks.labels])
    behind_c6, in_front = (int(np.argmin(np.hypot(*(points - xy).T)))
                           for xy in ((2.0, 5.95), (2.0, -0.95)))
    _, covered, shown = view.marks.label_boxes(view.camera())
    assert shown[in_front] and not shown[behind_c6] and not covered.any()
    assert (view.marks.label_steps() == 0).all()
