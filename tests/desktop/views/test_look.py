"""Issue 13 on the 3D view, checked by pixels on a real (Xvfb) screen: the high framed default
camera, stones that stand apart, the last-move pin no stone hides, the orthographic top view,
animated turns, beams with a shaded gap, labels on every side, height numbers, the Drogo
ghost's outline, and multisampling with the depth read-back it needs."""

from __future__ import annotations

import time
from dataclasses import replace

import numpy as np
import pytest
from PySide6.QtCore import QPoint, Qt

from benchmarks.earlier_looks import CLASSIC
from megalith.desktop.views import meshes
from megalith.desktop.views.look import NEW
from megalith.desktop.views.stack3d import StackView, software_renderer
from megalith.desktop.views.stack_labels import LABEL_COLOUR, MARKER_SIZE
from tests.desktop.app_support import pick_scene, shown_board
from tests.desktop.views.test_stack3d import (RED, STONE, close, count, game, near, pixels,
                                              rgb, screen, show)

PIN = (255, 219, 51)


def glide(view: StackView, seen: list[float] | None = None) -> None:
    """Run the camera's glide to its end. Its timer must be running; the steps are taken
    here, with real time passing, because after an application event loop has quit in this
    process (tests/desktop/test_soak.py runs the whole app) Qt timers no longer fire."""
    assert view.rig.timer.isActive()
    deadline = time.monotonic() + 3.0
    while view.animating and time.monotonic() < deadline:
        time.sleep(0.02)
        view.rig.glide_step()
        if seen is not None:
            seen.append(view.opts["azimuth"])
    assert not view.animating


def make_view(qtbot, look=NEW, size=(800, 600)) -> StackView:
    view = StackView(look=look)
    qtbot.addWidget(view)
    view.resize(*size)
    view.show()
    qtbot.waitExposed(view)
    return view


@pytest.fixture
def view(qtbot) -> StackView:
    return make_view(qtbot)


def corners_on_screen(view: StackView) -> np.ndarray:
    """Every cell's outline corners at ground level, projected."""
    board = shown_board(view)
    ring = np.concatenate([meshes.footprint(board, i) for i in range(len(board))])
    return view.camera().project(np.c_[ring, np.zeros(len(ring))])


@pytest.mark.parametrize("params,players", [("-size=8", 2), ("-hex -size=5", 3),
                                            ("-y -size=7", 2), ("-size=16", 2)])
def test_the_default_camera_is_high_and_frames_the_whole_board(view, params, players) -> None:
    show(view, game("druid", params, [], players))
    assert 55.0 <= view.opts["elevation"] <= 60.0
    shown = corners_on_screen(view)
    assert shown.min() >= 0 and shown[:, 0].max() <= 800 and shown[:, 1].max() <= 600
    # framed, not lost in the middle: the board spans most of the window one way
    span = shown.max(axis=0) - shown.min(axis=0)
    assert span[0] > 0.6 * 800 or span[1] > 0.6 * 600


def test_a_new_board_and_reset_bring_the_framed_default_back(qtbot, view) -> None:
    show(view, game("druid", "-size=6", ["c3"]))
    home = view.camera()
    view.opts["elevation"] = 20.0
    view.opts["distance"] *= 3
    show(view, game("druid", "-size=8", []))  # a new game on another board
    assert view.opts["elevation"] == pytest.approx(NEW.elevation)
    show(view, game("druid", "-size=6", ["c3"]))
    assert view.camera() == home
    view.turn(1, animate=False)
    view.reset_camera()  # animated: not there at once, there soon
    assert view.animating and view.camera() != home
    glide(view)
    assert view.camera() == home


def test_a_stone_behind_another_stands_apart(view) -> None:
    """c3 and c4 of one colour: between their tops on screen lies a band of clearly darker
    pixels (outline, and the side of c4 in the gap), so they do not read as one stack."""
    show(view, game("druid", "-size=6", ["c3", "--", "c4"]))
    image = pixels(view.grab_image())
    front, back = view.cell_screen_pos("c3"), view.cell_screen_pos("c4")
    assert close(tuple(image[front.y(), front.x()]), RED)
    assert close(tuple(image[back.y(), back.x()]), RED)
    steps = front.y() - back.y()  # along the line from the back top to the front one
    xs = np.round(np.linspace(back.x(), front.x(), steps)).astype(int)
    column = image[np.arange(back.y(), front.y()), xs].astype(int)
    dark = (column.sum(axis=1) < 0.6 * sum(RED))
    assert dark.sum() >= 2
    # the tops themselves: the front top does not run into the back one
    first_dark = np.flatnonzero(dark)
    assert first_dark.min() > 2 and first_dark.max() < len(column) - 3


def pin_pixels(view: StackView, cell: str) -> int:
    """Pin-yellow pixels in the box where the pin over `cell` is drawn."""
    image = view.grab_image()
    board = shown_board(view)
    ring = meshes.footprint(board, board.index[cell], 0.9)
    top = pick_scene(view).top(cell)
    shown = view.camera().project(np.c_[ring, np.full(len(ring), top)])
    x, y = int(shown[:, 0].mean()), int(shown[:, 1].min())
    block = pixels(image)[max(0, y - int(2.6 * MARKER_SIZE)):y,
                          x - int(MARKER_SIZE):x + int(MARKER_SIZE)].reshape(-1, 3)
    return count(block, PIN, 30)


def test_the_last_move_pin_shows_with_a_lintel_in_front(qtbot, view) -> None:
    # V's lintel b2-d2 stands at level 2 in front of c3, the last move (on the ground)
    state = game("druid", "-size=6", ["b2", "--", "d2", "--", "b2-d2", "--", "c3"])
    show(view, state)
    front = screen(view, 2.0, 1.6, 0.0)  # the front of c3's ground, behind the beam
    # the lintel in front of the last move is see-through, and the pointer reaches past it
    assert view.board.index["c2"] in view.faded
    assert view.cell_at(front.x(), front.y()) == "c3"
    assert pin_pixels(view, "c3") > 60
    # the first look marked the last move only by an outline, which the lintel hid
    classic = make_view(qtbot, CLASSIC)
    show(classic, state)
    assert pin_pixels(classic, "c3") < 5


def test_the_pin_leaves_the_top_face_its_colour(view) -> None:
    show(view, game("druid", "-size=6", ["c3"]))
    for top in (False, True):
        if top:
            view.top_view(animate=False)
        assert close(rgb(view.grab_image(), view.cell_screen_pos("c3")), RED)


def top_width(view: StackView, cell: str, colour: tuple[int, int, int]) -> int:
    """How many pixels of `colour` the row through the cell's top centre has, in a run."""
    point = view.cell_screen_pos(cell)
    row = pixels(view.grab_image())[point.y()].astype(int)
    match = np.abs(row - colour).max(axis=1) <= 10
    left = right = point.x()
    while left > 0 and match[left - 1]:
        left -= 1
    while right < len(row) - 1 and match[right + 1]:
        right += 1
    return right - left + 1


def test_the_top_view_is_orthographic_and_fits_the_board(view) -> None:
    # one stone on a1, a stack of three on e5: perspective would draw the taller top bigger
    show(view, game("druid", "-size=6", ["a1", "--", "e5", "--", "e5", "--", "e5"]))
    view.top_view(animate=False)
    assert view.opts["ortho"] and view.opts["elevation"] == 90.0
    low, high = top_width(view, "a1", RED), top_width(view, "e5", RED)
    assert low > 30 and abs(low - high) <= 1
    # a stack's top lies straight over its cell
    camera = view.camera()
    ground, top = camera.project(np.array([[4.0, 4.0, 0.0], [4.0, 4.0, 3.0]]))
    assert np.abs(ground - top).max() < 0.5
    shown = corners_on_screen(view)
    assert shown.min() >= 0 and shown[:, 0].max() <= 800 and shown[:, 1].max() <= 600
    assert (shown.max(axis=0) - shown.min(axis=0))[1] > 0.7 * 600  # fills the height
    # picking follows the orthographic camera
    assert view.cell_at(*_xy(view.cell_screen_pos("e5"))) == "e5"
    # tilting leaves the flat projection
    from tests.desktop.views.test_stack3d import drag
    from PySide6.QtCore import QPointF
    drag(view, QPointF(400, 300), QPointF(400, 200))
    assert not view.opts["ortho"] and view.opts["elevation"] < 90.0


def _xy(point: QPoint) -> tuple[float, float]:
    return point.x(), point.y()


def test_quarter_turns_are_animated_and_add_up(qtbot, view) -> None:
    show(view, game("druid", "-size=6", ["c3"]))
    start = view.opts["azimuth"]
    seen: list[float] = []
    view.turn(1)
    assert view.opts["azimuth"] == pytest.approx(start)  # nothing jumps
    time.sleep(0.05)
    view.rig.glide_step()
    view.turn(1)  # a second press while turning: half a turn in all
    glide(view, seen)
    assert view.opts["azimuth"] == pytest.approx((start + 180.0) % 360.0)
    between = [a for a in seen if 1.0 < (a - start) % 360.0 < 179.0]
    assert len(between) >= 3  # it passed through angles on the way


def test_a_beam_with_a_shaded_gap_under_it(view) -> None:
    show(view, game("druid", "-size=6", ["b2", "--", "d2", "--", "b2-d2"]))
    image = view.grab_image()
    # the ground under the middle of the beam is in shade: darker than any tile
    gap = rgb(image, screen(view, 2.0, 1.0, 0.01))
    assert sum(gap) < 0.6 * min(sum(c) for c in meshes.BOARD_COLOURS)
    # the beam is narrower than a sarsen: from above, c2's tile shows at the cell's edge
    view.top_view(animate=False)
    image = view.grab_image()
    assert close(rgb(image, screen(view, 2.0, 1.0, 2.0)), RED)
    edge = rgb(image, screen(view, 2.0, 1.42, 0.0))
    tile = meshes.BOARD_COLOURS[meshes.tile_colour_index(view.board, view.board.index["c2"])]
    assert close(edge, tile, 6)
    # seen from low in front, its underside is darker than its front face
    view.opts["elevation"] = 6.0
    view.opts["distance"] *= 0.6
    view.update()
    image = view.grab_image()
    front = rgb(image, screen(view, 2.0, 0.67, 1.5))
    assert front[0] > front[1] + 40


def test_cream_stones_stand_out_from_the_board(view) -> None:
    show(view, game("druid", "-size=6", ["c3", "d4"]))
    image = view.grab_image()
    stone = np.array(rgb(image, view.cell_screen_pos("d4")))
    tile = np.array(rgb(image, view.cell_screen_pos("e4")))
    assert close(tuple(stone), STONE) and np.linalg.norm(stone - tile) > 150


def test_labels_on_every_side_of_a_hex_board(view) -> None:
    show(view, game("druid", "-hex -size=5", [], 3))
    texts = [text for _, text in view.marks.labels]
    for row in range(1, 10):  # each row at both of its ends, the upper rows too
        assert texts.count(str(row)) == 2
    image = view.grab_image()
    for point, text in view.marks.labels:
        if text in ("7", "9"):  # on the upper edges
            x, y = view.camera().project(point[None])[0]
            block = near(image, QPoint(round(x), round(y)), 9)
            assert count(block, LABEL_COLOUR, 40) > 5, text


def test_height_numbers_on_the_stacks_when_asked(view) -> None:
    show(view, game("druid", "-size=6", ["c3", "--", "c3", "--", "c3"]))
    text = (250, 245, 225)
    plain = count(near(view.grab_image(), view.cell_screen_pos("c3"), 12), text, 20)
    view.set_show_heights(True)
    numbered = count(near(view.grab_image(), view.cell_screen_pos("c3"), 12), text, 20)
    assert plain == 0 and numbered > 5


def test_the_drogo_ghost_is_outlined(qtbot) -> None:
    view = StackView()
    qtbot.addWidget(view)
    view.resize(800, 600)
    view.show()
    qtbot.waitExposed(view)
    show(view, game("drogo", "", ["c3"]))  # the cream player to move
    point = view.cell_screen_pos("d4")
    before = count(near(view.grab_image(), point, 45), (255, 255, 255), 10)
    qtbot.mouseClick(view, Qt.MouseButton.LeftButton, pos=point)  # d4 held: its ghost shows
    assert view.play.pending is not None and view.scene_items.ghost_item.visible()
    after = count(near(view.grab_image(), point, 45), (255, 255, 255), 10)
    assert before == 0 and after > 40


def test_no_multisampling_on_a_software_renderer_unless_forced(qtbot) -> None:
    assert software_renderer()  # Mesa llvmpipe on the test machines (docs/desktop.md)
    plain = make_view(qtbot, NEW, (400, 300))
    assert plain.samples == 0
    forced = make_view(qtbot, replace(NEW, software_samples=4))
    assert forced.samples == 4
    # the depth read-back still hides labels behind the monument (via the resolved copy)
    show(forced, game("druid", "-size=6", ["c6", "--", "c6", "--", "c6"]))
    image = forced.grab_image()
    camera = forced.camera()

    def label_pixels(x: float, y: float) -> int:
        px, py = camera.project(np.array([[x, y, meshes.SLAB_TOP + 0.01]]))[0]
        return count(near(image, QPoint(round(px), round(py)), 9), LABEL_COLOUR, 40)

    assert label_pixels(4.0, 5.95) > 5  # "e" behind row 6: shown
    assert label_pixels(2.0, 5.95) == 0  # "c" behind row 6, hidden by the tower on c6


def test_a_framed_view_stays_framed_when_resized_until_moved_by_hand(qtbot, view) -> None:
    show(view, game("druid", "-size=8", []))
    view.resize(420, 640)  # narrow and tall
    qtbot.waitUntil(lambda: view.camera().width == 420)
    shown = corners_on_screen(view)
    assert shown.min() >= 0 and shown[:, 0].max() <= 420 and shown[:, 1].max() <= 640
    assert np.ptp(shown[:, 0]) > 0.6 * 420
    from tests.desktop.views.test_stack3d import drag
    from PySide6.QtCore import QPointF
    drag(view, QPointF(200, 300), QPointF(260, 300))  # turned by hand
    camera = view.camera()
    view.resize(600, 640)
    qtbot.waitUntil(lambda: view.camera().width == 600)
    assert view.camera().distance == camera.distance  # left where the player put it


def test_a_stack_on_the_ground_casts_a_shade_round_its_foot(view) -> None:
    show(view, game("druid", "-size=6", ["c3", "--", "c3"]))
    image = view.grab_image()
    # just in front of c3's stones (towards the camera), and the same spot of the empty e3
    foot = rgb(image, screen(view, 2.0, 2.0 - 0.45, 0.0))
    bare = rgb(image, screen(view, 4.0, 2.0 - 0.45, 0.0))
    assert sum(foot) < 0.8 * sum(bare)
