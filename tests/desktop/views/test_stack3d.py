"""The 3D StackView on a real (Xvfb) screen: pixels where pieces should be, clicks that build
moves, the hover ghost and refusal sign, marks, and the camera limits."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import QImage, QMouseEvent
from PySide6.QtWidgets import QApplication

from megalith.desktop.views.meshes import BOARD_COLOURS, tile_colour_index
from megalith.desktop.views.look import NEW
from megalith.desktop.views.stack3d import StackView
from megalith.rules import registry
from megalith.rules.druid.game import DruidState
from megalith.rules.protocol import GameState
from tests.desktop.app_support import pick_scene, position_as, shown_board, stack_view, stacked

RED, STONE, BLUE = (180, 60, 50), (225, 220, 200), (60, 90, 170)
SHIFT = Qt.KeyboardModifier.ShiftModifier
LEFT = Qt.MouseButton.LeftButton


def game(name: str, params: str, moves: list[str], players: int = 2) -> GameState:
    state = registry.get(name).new(params, players)
    for move in moves:
        state.play(move)
    return state


@pytest.fixture
def view(qtbot) -> StackView:
    widget = stack_view("druid")
    qtbot.addWidget(widget)
    widget.resize(800, 600)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def show(view: StackView, state: GameState, colours: dict | None = None) -> None:
    legal = None if state.outcome().over else state.legal_moves()
    last = state.moves[-1] if state.moves else None
    view.set_position(stacked(state), colours or {}, legal, last)


def rgb(image: QImage, point: QPoint | QPointF) -> tuple[int, int, int]:
    c = image.pixelColor(round(point.x()), round(point.y()))
    return c.red(), c.green(), c.blue()


def close(a: tuple[int, int, int], b: tuple[int, int, int], tolerance: int = 4) -> bool:
    return max(abs(x - y) for x, y in zip(a, b)) <= tolerance


def pixels(image: QImage) -> np.ndarray:
    """The image as an (h, w, 3) array."""
    image = image.convertToFormat(QImage.Format.Format_RGB888)
    data = np.frombuffer(image.constBits(), np.uint8, image.sizeInBytes())
    return data.reshape(image.height(), image.bytesPerLine())[:, :image.width() * 3].reshape(
        image.height(), image.width(), 3).copy()


def near(image: QImage, point: QPoint, radius: int = 30) -> np.ndarray:
    arr = pixels(image)
    x, y = point.x(), point.y()
    return arr[max(0, y - radius):y + radius, max(0, x - radius):x + radius].reshape(-1, 3)


def count(block: np.ndarray, colour: tuple[int, int, int], tolerance: int = 12) -> int:
    return int((np.abs(block.astype(int) - colour).max(axis=1) <= tolerance).sum())


def screen(view: StackView, x: float, y: float, z: float) -> QPoint:
    px, py = view.camera().project(np.array([[x, y, z]]))[0]
    return QPoint(round(px), round(py))


@pytest.mark.parametrize("params,cell,colour", [
    ("-size=6", "c3", RED), ("-hex -size=4", "d4", RED), ("-y -size=6", "b3", RED)])
def test_a_sarsen_shows_in_its_owners_colour(view, params, cell, colour) -> None:
    state = game("druid", params, [cell])
    show(view, state)
    image = view.grab_image()
    assert close(rgb(image, view.cell_screen_pos(cell)), colour)
    board = stacked(state).board
    empty = next(n for n in board.names if n != cell and board.index[n] > 3)
    tile = BOARD_COLOURS[tile_colour_index(board, board.index[empty])]
    assert close(rgb(image, view.cell_screen_pos(empty)), tile)


def test_players_colours_are_used(view) -> None:
    state = game("druid", "-size=6", ["c3", "d4"])
    show(view, state, {"V": (40, 160, 200), "H": (240, 200, 30)})
    image = view.grab_image()
    assert close(rgb(image, view.cell_screen_pos("c3")), (40, 160, 200))
    assert close(rgb(image, view.cell_screen_pos("d4")), (240, 200, 30))


def test_stack_sides_are_shaded_differently_from_the_top(view) -> None:
    state = game("druid", "-size=6", ["c3", "--", "c3", "--", "c3"])
    show(view, state)
    image = view.grab_image()
    top = rgb(image, view.cell_screen_pos("c3"))
    front = rgb(image, screen(view, 2.0, 1.55, 1.5))  # the front face, second level
    assert close(top, RED)
    assert front != top and front[0] < top[0] and front[0] > front[1] + 30


def test_a_click_plays_the_sarsen(qtbot, view) -> None:
    show(view, game("druid", "-size=6", []))
    with qtbot.waitSignal(view.moveChosen) as signal:
        qtbot.mouseClick(view, LEFT, pos=view.cell_screen_pos("d4"))
    assert signal.args == ["d4"]


LINTEL_READY = ["b2", "--", "d2", "--"]


def test_shift_clicks_on_two_ends_lay_a_lintel(qtbot, view) -> None:
    state = game("druid", "-size=6", LINTEL_READY)
    show(view, state)
    hints: list[str] = []
    view.hint.connect(hints.append)
    qtbot.mouseClick(view, LEFT, SHIFT, view.cell_screen_pos("d2"))
    assert "other end" in hints[-1]
    with qtbot.waitSignal(view.moveChosen) as signal:
        qtbot.mouseClick(view, LEFT, SHIFT, view.cell_screen_pos("b2"))
    assert signal.args == ["b2-d2"]


def test_a_lintel_is_drawn_at_its_level_with_the_gap_under_it(view) -> None:
    state = game("druid", "-size=6", LINTEL_READY + ["b2-d2"])
    show(view, state)
    image = view.grab_image()
    for cell in ("b2", "c2", "d2"):  # the beam's top over all three cells
        assert close(rgb(image, view.cell_screen_pos(cell)), RED)
    view.opts["elevation"] = 8.0  # low, from the front: look under the beam
    view.update()
    image = view.grab_image()
    beam = rgb(image, screen(view, 2.0, 0.55, 1.5))
    gap = rgb(image, screen(view, 2.0, 0.55, 0.5))
    assert beam[0] > beam[1] + 40  # the beam's red-brown front face
    assert not gap[0] > gap[1] + 40  # no stone under the middle of the lintel


def test_hover_shows_a_ghost_and_a_refusal_sign(qtbot, view) -> None:
    state = game("druid", "-size=6", ["c3"])  # H to move
    show(view, state)
    hints: list[str] = []
    view.hint.connect(hints.append)
    ghost_spot = screen(view, 4.0, 3.0, 0.5)  # where a sarsen on e4 would stand
    before = rgb(view.grab_image(), ghost_spot)
    qtbot.mouseMove(view, view.cell_screen_pos("e4"))
    qtbot.waitUntil(lambda: bool(hints) and "e4" in hints[-1])
    after = rgb(view.grab_image(), ghost_spot)
    assert after != before and after[0] > before[0] - 5 and "click to play e4" in hints[-1]
    point = view.cell_screen_pos("c3")
    assert count(near(view.grab_image(), point), (220, 30, 30), 30) == 0
    qtbot.mouseMove(view, point)
    qtbot.waitUntil(lambda: "c3" in hints[-1])
    assert "sarsens go on the ground or on your own stones" in hints[-1]
    assert count(near(view.grab_image(), point), (220, 30, 30), 30) > 30


def test_the_last_move_is_outlined(view) -> None:
    state = game("druid", "-size=6", ["c3", "e5"])
    show(view, state)
    view.top_view(animate=False)
    image = view.grab_image()
    assert count(near(image, view.cell_screen_pos("e5"), 40), (255, 219, 51), 40) > 20
    assert count(near(image, view.cell_screen_pos("c3"), 20), (255, 219, 51), 40) == 0


NOSTACK_MOVES = ["c3", "d4", "c5", "d3", "c3-c5", "b2", "a1"]  # V's lintel covers c3, c5


def darker(colour: tuple[int, int, int]) -> tuple[int, int, int]:
    r, g, b = (round(c * 0.55) for c in colour)
    return r, g, b


def test_with_nostack_the_top_of_every_uncovered_sarsen_is_marked(view) -> None:
    tops = {}
    for params in ("-size=6", "-size=6 -nostack"):
        show(view, game("druid", params, NOSTACK_MOVES))
        image = view.grab_image()
        tops[params] = {cell: rgb(image, view.cell_screen_pos(cell))
                        for cell in ("a1", "b2", "d4", "c4")}
    plain, marked = tops["-size=6"], tops["-size=6 -nostack"]
    assert close(plain["a1"], RED) and close(plain["b2"], STONE) and close(plain["d4"], STONE)
    assert close(marked["a1"], darker(RED)) and close(marked["b2"], darker(STONE))
    assert close(marked["d4"], darker(STONE))
    assert close(plain["c4"], RED) and close(marked["c4"], RED)  # a lintel is not a sarsen
    # the mark is small: the top's corners keep the stone's colour
    image = view.grab_image()
    board = shown_board(view)
    cx, cy = board.centres[board.index["b2"]]
    assert close(rgb(image, screen(view, cx - 0.3, cy - 0.3, 1.0)), STONE)
    # Drogo's cubes are never marked
    drogo = stack_view("drogo")
    drogo.resize(400, 300)
    state = game("drogo", "-size=4", ["b2"])
    drogo.set_position(stacked(state), {}, state.legal_moves(), "b2")
    assert close(rgb(drogo.grab_image(), drogo.cell_screen_pos("b2")), RED)
    drogo.deleteLater()


def outlined(view: StackView, image: QImage, cell: str, side: str) -> int:
    """Last-move yellow near the middle of one edge ('n', 's', 'e', 'w') of a cell's
    outline, where no neighbour's outline reaches."""
    board = shown_board(view)
    cx, cy = board.centres[board.index[cell]]
    dx, dy = {"n": (0, 1), "s": (0, -1), "e": (1, 0), "w": (-1, 0)}[side]
    point = screen(view, cx + 0.485 * dx, cy + 0.485 * dy, pick_scene(view).top(cell) + 0.03)
    return count(near(image, point, 5), (255, 219, 51), 40)


def test_a_druid_step_is_outlined_where_the_druid_left_and_where_it_stands(view) -> None:
    before = game("druid", "-size=5 -walk", ["c1", "a3", "c2", "b3"])  # both Druids out
    after = position_as(before.copy(), DruidState)
    after.play("n")  # V's Druid from c1 to c2; `n` now reads as H's step from a3 to a4
    assert after.druids == {"V": "c2", "H": "a3"} and after.move_cells("n") == ("a3", "a4")
    view.set_position(after, {}, after.legal_moves(), "n", before.move_cells("n"))
    view.top_view(animate=False)
    image = view.grab_image()
    assert outlined(view, image, "c2", "n") > 3 and outlined(view, image, "c1", "s") > 3
    for cell in ("a3", "a4"):
        for side in "nsew":
            assert outlined(view, image, cell, side) == 0, (cell, side)


def test_a_druid_stands_on_its_stone_and_targets_are_marked(view) -> None:
    state = position_as(game("druid", "-size=6 -walk", ["c1"]), DruidState)
    assert state.druids == {"V": "c1"}
    show(view, state)
    view.top_view(animate=False)
    image = view.grab_image()
    head = (238, 222, 196)
    assert count(near(image, view.cell_screen_pos("c1"), 25), head, 6) > 10
    # the target side (row 6) is tinted towards V's colour
    target = rgb(image, view.cell_screen_pos("c6"))
    plain = rgb(image, view.cell_screen_pos("c5"))
    assert target[0] - target[2] > plain[0] - plain[2] + 20


def test_the_winning_chain_is_marked_when_the_game_is_over(view) -> None:
    state = game("druid", "-size=3", ["b1", "a1", "b2", "a2", "b3"])
    assert state.outcome().over and set(state.outcome().chain) >= {"b1", "b2", "b3"}
    show(view, state)
    view.top_view(animate=False)
    image = view.grab_image()
    for cell in ("b1", "b2", "b3"):
        assert count(near(image, view.cell_screen_pos(cell), 90), (255, 255, 255), 10) > 10
    assert view.play.builder is None  # not interactive any more


def test_a_move_rebuilds_the_stones_but_reuses_the_board_mesh(view) -> None:
    state = game("druid", "-size=6", ["c3"])
    show(view, state)
    items = view.scene_items
    board_mesh, stone_mesh = items.board_item.opts["meshdata"], items.stone_item.opts["meshdata"]
    camera = view.camera()
    after = state.copy()
    after.play("d4")
    show(view, after)
    assert items.board_item.opts["meshdata"] is board_mesh  # same board, same goal edges
    assert items.stone_item.opts["meshdata"] is not stone_mesh
    assert view.camera() == camera  # a move on the same board keeps the camera
    assert close(rgb(view.grab_image(), view.cell_screen_pos("d4")), STONE)
    assert view.cell_at(*_xy(view.cell_screen_pos("d4"))) == "d4"  # picking follows


def _xy(point: QPoint) -> tuple[float, float]:
    return point.x(), point.y()


def test_drogo_second_piece_on_the_same_cell_or_alone(qtbot) -> None:
    view = stack_view("drogo")
    qtbot.addWidget(view)
    view.resize(800, 600)
    view.show()
    qtbot.waitExposed(view)
    show(view, game("drogo", "", ["c3"]))
    qtbot.mouseClick(view, LEFT, pos=view.cell_screen_pos("d4"))
    builder = view.play.builder
    assert builder is not None and builder.pending is not None
    with qtbot.waitSignal(view.moveChosen) as signal:
        qtbot.mouseClick(view, LEFT, pos=view.cell_screen_pos("d4"))
    assert signal.args == ["d4,d4"]
    show(view, game("drogo", "", ["c3"]))
    qtbot.mouseClick(view, LEFT, pos=view.cell_screen_pos("d4"))
    with qtbot.waitSignal(view.moveChosen) as signal:
        qtbot.mouseClick(view, Qt.MouseButton.RightButton, pos=view.cell_screen_pos("a1"))
    assert signal.args == ["d4"]


def send_mouse(view: StackView, kind: QEvent.Type, pos: QPointF, buttons, button=LEFT,
               modifiers=Qt.KeyboardModifier.NoModifier) -> None:
    event = QMouseEvent(kind, pos, view.mapToGlobal(pos), button, buttons, modifiers)
    QApplication.sendEvent(view, event)


def drag(view: StackView, start: QPointF, end: QPointF, modifiers=Qt.KeyboardModifier.NoModifier,
         steps: int = 10) -> None:
    send_mouse(view, QEvent.Type.MouseButtonPress, start, LEFT, modifiers=modifiers)
    for k in range(1, steps + 1):
        pos = start + (end - start) * (k / steps)
        send_mouse(view, QEvent.Type.MouseMove, pos, LEFT, Qt.MouseButton.NoButton, modifiers)
    send_mouse(view, QEvent.Type.MouseButtonRelease, end, Qt.MouseButton.NoButton,
               modifiers=modifiers)


def test_camera_turns_zooms_pans_and_never_goes_below_the_board(qtbot, view) -> None:
    show(view, game("druid", "-size=6", ["c3"]))
    chosen: list[str] = []
    view.moveChosen.connect(chosen.append)
    azimuth = view.opts["azimuth"]
    drag(view, QPointF(400, 100), QPointF(400, -3000))  # drag far upwards: tilt down
    assert view.opts["elevation"] >= 5.0
    drag(view, QPointF(400, 100), QPointF(400, 3000))
    assert view.opts["elevation"] == 90.0
    drag(view, QPointF(100, 300), QPointF(300, 300))
    assert view.opts["azimuth"] != azimuth
    assert chosen == []  # drags are not clicks
    view.reset_camera(animate=False)
    assert view.opts["elevation"] == pytest.approx(NEW.elevation)
    centre = view.opts["center"]
    before = (centre.x(), centre.y())
    drag(view, QPointF(300, 300), QPointF(400, 350), SHIFT)  # right and down
    after = view.opts["center"]
    assert view.opts["elevation"] == pytest.approx(NEW.elevation)  # a pan does not turn
    # the board follows the pointer: the point looked at moves left and away (north)
    assert after.x() < before[0] and after.y() > before[1]
    assert after.z() == pytest.approx(centre.z())
    view.reset_camera(animate=False)
    distance = view.opts["distance"]
    qtbot.wait(1)
    wheel = QPointF(400, 300)
    from PySide6.QtGui import QWheelEvent
    QApplication.sendEvent(view, QWheelEvent(wheel, view.mapToGlobal(wheel), QPoint(0, 0),
                                             QPoint(0, 240), Qt.MouseButton.NoButton,
                                             Qt.KeyboardModifier.NoModifier,
                                             Qt.ScrollPhase.NoScrollPhase, False))
    assert view.opts["distance"] < distance
    view.turn(1, animate=False)
    assert view.opts["azimuth"] == pytest.approx((NEW.azimuth + 90.0) % 360.0)
    view.top_view(animate=False)
    assert view.opts["elevation"] == 90.0


def test_escape_drops_the_first_end_of_a_lintel(qtbot, view) -> None:
    show(view, game("druid", "-size=6", LINTEL_READY))
    view.set_lintel_mode(True)
    qtbot.mouseClick(view, LEFT, pos=view.cell_screen_pos("b2"))
    builder = view.play.builder
    assert builder is not None and builder.pending is not None
    qtbot.keyClick(view, Qt.Key.Key_Escape)
    assert view.play.builder.pending is None
    view.set_lintel_mode(False)
    with qtbot.waitSignal(view.moveChosen) as signal:
        qtbot.mouseClick(view, LEFT, pos=view.cell_screen_pos("b2"))
    assert signal.args == ["b2"]


def test_two_views_in_one_process_both_draw(qtbot, view) -> None:
    show(view, game("druid", "-size=6", ["c3"]))
    other = stack_view("drogo")
    qtbot.addWidget(other)
    other.resize(400, 300)
    state = game("drogo", "", ["c3"])
    other.set_position(stacked(state), {}, state.legal_moves(), "c3")
    image = other.grab_image()
    assert close(rgb(image, other.cell_screen_pos("c3")), RED)
    assert len({tuple(p) for p in pixels(image)[::7, ::7].reshape(-1, 3)}) > 10


def label_at(view: StackView, x: float, y: float) -> int:
    """The coordinate label that belongs at (x, y) on the slab."""
    points = np.array([p[:2] for p, _ in view.marks.labels])
    return int(np.argmin(np.hypot(points[:, 0] - x, points[:, 1] - y)))


def label_pixels(view: StackView, image: QImage, label: int) -> int:
    """How many pixels of the label's colour its text box holds on the screen."""
    from megalith.desktop.views.stack_labels import LABEL_COLOUR

    left, top, right, bottom = view.marks.label_boxes(view.camera())[0][label]
    block = pixels(image)[max(0, int(top)):int(bottom) + 1, max(0, int(left)):int(right) + 1]
    return count(block.reshape(-1, 3), LABEL_COLOUR, 40)


def test_coordinate_labels_move_out_from_behind_the_monument(view) -> None:
    state = game("druid", "-size=6", ["c6", "--", "c6", "--", "c6"])  # a tower at the back
    show(view, state)
    image = view.grab_image()
    front_c, back_e, back_c = (label_at(view, *p) for p in ((2.0, -0.95), (4.0, 5.95),
                                                              (2.0, 5.95)))
    boxes, covered, _ = view.marks.label_boxes(view.camera())
    start = view.camera().project(np.array([p for p, _ in view.marks.labels]))
    for label in (front_c, back_e, back_c):
        assert label_pixels(view, image, label) > 5
    for label in (front_c, back_e):  # nothing in the way: where they belong
        assert abs(boxes[label][0] + 4.0 - start[label][0]) < 1.0
    # the "c" beyond row 6 moved out from behind the tower, or is written on a backdrop
    assert covered[back_c] or abs(boxes[back_c][0] + 4.0 - start[back_c][0]) >= 1.0


def test_keys_turn_by_quarter_turns_and_tilt_within_limits(qtbot, view) -> None:
    show(view, game("druid", "-size=6", []))
    start = view.opts["azimuth"]
    qtbot.keyClick(view, Qt.Key.Key_BracketRight)
    view.settle()
    assert view.opts["azimuth"] == pytest.approx((start + 90.0) % 360.0)
    qtbot.keyClick(view, Qt.Key.Key_BracketLeft)
    qtbot.keyClick(view, Qt.Key.Key_BracketLeft)  # pressed again while the turn runs
    view.settle()
    assert view.opts["azimuth"] == pytest.approx((start - 90.0) % 360.0)
    for _ in range(12):
        qtbot.keyClick(view, Qt.Key.Key_Down)
    assert view.opts["elevation"] == pytest.approx(5.0)
    for _ in range(12):
        qtbot.keyClick(view, Qt.Key.Key_Up)
    assert view.opts["elevation"] == pytest.approx(90.0)


def test_labels_are_placed_again_once_the_camera_rests(qtbot, view) -> None:
    """While the camera moves the labels keep their last places (placing them on a crowded
    board takes tens of milliseconds); once it rests they follow the new view."""
    show(view, game("druid", "-size=6", ["c6", "--", "c6", "--", "c6"]))  # a tower at the back
    behind_c6 = label_at(view, 2.0, 5.95)
    view.grab_image()
    steps = view.marks.label_steps().copy()
    assert steps[behind_c6] > 0  # moved out from behind the tower
    view.turn(2, animate=False)  # seen from the north it stands in front of the tower
    view.grab_image()
    assert (view.marks.label_steps() == steps).all() and view.marks.timer.isActive()
    qtbot.waitUntil(lambda: not view.marks.timer.isActive())
    image = view.grab_image()
    assert (view.marks.label_steps() != steps).any()  # placed for the view from the north
    assert label_pixels(view, image, behind_c6) > 5


def test_hex_boards_turn_by_sixths_and_keep_off_their_lines(view) -> None:
    show(view, game("druid", "-hex -size=4", []))
    start = view.opts["azimuth"]
    view.turn(1, animate=False)
    assert view.opts["azimuth"] == pytest.approx((start + 60.0) % 360.0)
    for _ in range(6):  # the lines of a hex board run at 30, 90 and 150 degrees
        view.turn(1, animate=False)
        looking = (view.opts["azimuth"] + 180.0) % 60.0
        assert looking == pytest.approx(0.0, abs=1e-6) or looking == pytest.approx(60.0)
