"""Nothing the player needs is hidden in the default view: the last move's stone shows at
least half of the area it would show alone in every crowded position, a north-south lintel
shows the board between its supports, the hovered cell behind a tall stack shows, and Ctrl
clears the stacks near the pointer so that a hidden cell can be played."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import QEvent, QPointF, Qt

from megalith.desktop.views.camera import Camera
from megalith.desktop.views.fading import near_pointer
from megalith.desktop.views.meshes import footprint
from megalith.desktop.views.picking import PickScene
from megalith.desktop.views.stack3d import StackView
from tests.desktop.app_support import pick_scene, shown_board, stack_view
from tests.desktop.views.test_picking_matches_drawing import POSITIONS
from tests.desktop.views.test_stack3d import RED, game, pixels, send_mouse, show

CTRL = Qt.KeyboardModifier.ControlModifier


def make_view(qtbot, name: str = "druid") -> StackView:
    view = stack_view(name)
    qtbot.addWidget(view)
    view.resize(800, 600)
    view.show()
    qtbot.waitExposed(view)
    return view


def shown_share(view: StackView, cells: tuple[str, ...]) -> float:
    """How much of the top stones of `cells` the player sees, as a share of what they
    would show with nothing else on the board: rays through every 2nd pixel. Where the
    view's see-through stones are, the pointer (and the eye) passes."""
    camera: Camera = view.camera()
    scene, board = pick_scene(view), shown_board(view)
    tops = [s for s in view.scene_items.stones if set(s.cells) & set(cells)
            and s.level == max(scene.heights[board.index[c]] for c in s.cells)]
    ys, xs = np.mgrid[1:camera.height:2, 1:camera.width:2]
    xs, ys = xs.ravel() + 0.5, ys.ravel() + 0.5
    alone = PickScene(board, tops, (), view.look.beams, view.look.stone_scale)
    own = alone.pick_pixels(camera, xs, ys, stones_only=True) >= 0
    picked = scene.pick_pixels(camera, xs[own], ys[own], view.faded)
    wanted = [board.index[c] for s in tops for c in s.cells]
    return float(np.isin(picked, wanted).sum()) / max(1, int(own.sum()))


@pytest.mark.parametrize("name", list(POSITIONS))
def test_the_last_move_shows_at_least_half_of_itself(qtbot, name) -> None:
    view = make_view(qtbot, "drogo" if name.startswith("drogo") else "druid")
    state = POSITIONS[name]()
    show(view, state)
    cells = view.last_cells
    assert cells
    assert shown_share(view, cells) >= 0.5
    scene, board = pick_scene(view), shown_board(view)
    kept = set().union(*(scene.top_stone_cells(board.index[c]) for c in cells))
    assert not kept & view.faded  # the last move itself (a lintel whole) stays solid


def test_the_last_move_behind_a_tower_is_uncovered(qtbot) -> None:
    """Drogo for four: O's c4 right behind X's three-high tower on c3."""
    view = make_view(qtbot, "drogo")
    state = game("drogo", "", ["c3", "c4", "a1", "f1", "c3,c3", "e5", "a2", "f2"], 4)
    state.play("e6")
    state.play("c5")  # O: the last move, behind the tower from the default camera
    show(view, state)
    assert shown_board(view).index["c3"] in view.faded
    assert shown_share(view, ("c5",)) >= 0.5


def test_a_north_south_lintel_shows_the_board_between_its_supports(qtbot) -> None:
    view = make_view(qtbot)
    show(view, game("druid", "-size=8", ["c3", "a8", "c5", "h8", "c3-c5", "a7"]))
    board, scene, camera = shown_board(view), pick_scene(view), view.camera()
    ring = footprint(board, board.index["c4"], 0.8)
    points = [(x, y, 0.0) for x in np.linspace(ring[:, 0].min(), ring[:, 0].max(), 9)
              for y in np.linspace(ring[:, 1].min(), ring[:, 1].max(), 9)]
    shown = camera.project(np.array(points))
    ground = [scene.pick_at(camera, x, y) == "c4" for x, y in shown]
    assert sum(ground) >= 0.2 * len(ground)  # a good part of c4's ground is in sight
    image = pixels(view.grab_image()).astype(int)
    for (x, y), seen in zip(shown, ground):
        if seen:  # and what is drawn there is the board or the shade under the beam
            assert np.abs(image[int(y), int(x)] - RED).max() > 60


def test_the_hovered_cell_behind_a_tall_stack_shows(qtbot) -> None:
    view = make_view(qtbot, "drogo")
    state = game("drogo", "", ["c3", "f6", "c3,c3", "f5", "c3,c3", "f4"])  # c3 five high
    show(view, state)
    hints: list[str] = []
    view.hint.connect(hints.append)
    qtbot.mouseMove(view, view.cell_screen_pos("c4"))
    qtbot.waitUntil(lambda: bool(hints) and hints[-1].startswith("c4"))
    assert shown_board(view).index["c3"] in view.faded
    camera, scene = view.camera(), pick_scene(view)
    ring = footprint(shown_board(view), shown_board(view).index["c4"], 0.8)
    points = camera.project(np.c_[ring, np.zeros(len(ring))])
    assert all(scene.pick_at(camera, x, y, view.faded) == "c4" for x, y in points)


def test_ctrl_clears_the_stacks_near_the_pointer_to_play_a_hidden_cell(qtbot) -> None:
    view = make_view(qtbot, "drogo")
    state = game("drogo", "", ["c3", "f6", "c3,c3", "f5", "c3,c3", "f4", "c2"])
    show(view, state)
    camera, scene = view.camera(), pick_scene(view)
    board = shown_board(view)
    x, y = camera.project(np.array([[*board.centres[board.index["c4"]], 0.0]]))[0]
    assert scene.pick_at(camera, x, y) == "c3"  # the tower hides c4's middle
    before = pixels(view.grab_image())
    hints: list[str] = []
    view.hint.connect(hints.append)
    send_mouse(view, QEvent.Type.MouseMove, QPointF(x, y), Qt.MouseButton.NoButton,
               Qt.MouseButton.NoButton, CTRL)
    assert shown_board(view).index["c3"] in view.faded and hints[-1].startswith("c4")
    after = pixels(view.grab_image())
    assert (np.abs(after.astype(int) - before).max(axis=2) > 40).sum() > 200  # cleared
    with qtbot.waitSignal(view.moveChosen) as chosen:
        for kind, buttons in ((QEvent.Type.MouseButtonPress, Qt.MouseButton.LeftButton),
                              (QEvent.Type.MouseButtonRelease, Qt.MouseButton.NoButton)):
            send_mouse(view, kind, QPointF(x, y), buttons, modifiers=CTRL)
        qtbot.mouseClick(view, Qt.MouseButton.RightButton, CTRL, QPointF(x, y).toPoint())
    assert chosen.args == ["c4"]
    send_mouse(view, QEvent.Type.MouseMove, QPointF(x, y), Qt.MouseButton.NoButton,
               Qt.MouseButton.NoButton)  # Ctrl let go: the tower is whole again
    assert shown_board(view).index["c3"] not in view.faded


@pytest.mark.parametrize("name", list(POSITIONS))
def test_every_cell_can_be_played_from_the_default_view(qtbot, name) -> None:
    """With Ctrl held at a cell's middle on the ground, the pointer names that cell: every
    cell of the crowded boards, without turning the camera."""
    view = make_view(qtbot, "drogo" if name.startswith("drogo") else "druid")
    show(view, POSITIONS[name]())
    camera, scene, board = view.camera(), pick_scene(view), shown_board(view)
    points = camera.project(np.c_[np.array(board.centres), np.zeros(len(board))])
    hidden = 0
    for name_, (x, y) in zip(board.names, points):
        hidden += scene.pick_at(camera, x, y) != name_
        cleared = near_pointer(scene, camera, x, y)  # stones and figures see-through
        assert scene.pick_at(camera, x, y, cleared, cleared) == name_
    assert hidden > 0  # some cells were out of reach without Ctrl


def test_a_suggested_move_behind_a_tower_is_uncovered(qtbot) -> None:
    view = make_view(qtbot, "drogo")
    state = game("drogo", "", ["c3", "f6", "c3,c3", "f5", "c3,c3", "f4"])  # c3 five high
    show(view, state)
    tower = shown_board(view).index["c3"]
    assert tower not in view.faded
    view.show_suggestions([("c4", 0.6)])  # behind the tower
    assert tower in view.faded
    show(view, state)  # suggestions belong to their position
    assert tower not in view.faded


def test_the_hover_ghost_shows_through_a_see_through_stack(qtbot) -> None:
    view = make_view(qtbot)
    show(view, game("druid", "-size=6", ["c3", "--", "c3", "--", "c3"]))  # H to move
    hints: list[str] = []
    view.hint.connect(hints.append)
    qtbot.mouseMove(view, view.cell_screen_pos("c4"))
    qtbot.waitUntil(lambda: bool(hints) and "click to play c4" in hints[-1])
    assert shown_board(view).index["c3"] in view.faded
    camera = view.camera()
    board = shown_board(view)
    x, y = camera.project(np.array([[*board.centres[board.index["c4"]], 1.0]]))[0]
    assert pick_scene(view).pick_at(camera, x, y) == "c3"  # the tower is in front there
    r, g, b = pixels(view.grab_image())[int(y), int(x)].astype(int)
    assert r + g + b > 480 and abs(r - g) < 40  # H's cream ghost, not the tower's red
