"""The hover ghost of compound moves in every stacking game: the engine says which pieces a
move places (`placed_pieces`), and the view draws each where it lands (desktop.views.ghosts)."""

from __future__ import annotations

import pytest

from megalith.desktop.views.ghosts import landings
from megalith.desktop.views.stack3d import StackView
from tests.desktop.app_support import shown_board, stacked
from tests.desktop.views.test_fading import make_view
from tests.desktop.views.test_stack3d import LEFT, SHIFT, game, rgb, screen, show


def test_landings_stack_the_pieces_of_one_move() -> None:
    drogo = stacked(game("drogo", "", ["c3", "d4"]))
    assert landings(drogo, "c3,c3") == [(("c3",), 2), (("c3",), 3)]
    assert landings(drogo, "d5,d4") == [(("d5",), 1), (("d4",), 2)]
    assert landings(drogo, "d5,d4", held="d5") == [(("d4",), 2)]
    walk = stacked(game("druid", "-size=8 -walk", ["d1", "a5", "d2", "a6"]))
    assert landings(walk, "b5,d2") == [(("b5",), 1)]  # the Druid's step places nothing
    assert landings(walk, "b5,d2", held="b5") == []
    druid = stacked(game("druid", "-size=6", ["c3", "a1", "e3", "a2"]))
    assert landings(druid, "c3-e3") == [(("c3", "d3", "e3"), 2)]
    assert landings(druid, "pass") == [] and landings(druid, "zz9") == []


def _view(qtbot, name: str) -> StackView:
    view = make_view(qtbot, name)
    view.top_view(animate=False)  # nothing stands in front of a ghost
    view.settle()
    return view


def _hover(qtbot, view: StackView, cell: str, move: str) -> None:
    hints: list[str] = []
    view.hint.connect(hints.append)
    qtbot.mouseMove(view, view.cell_screen_pos(cell))
    qtbot.waitUntil(lambda: bool(hints) and f"click to play {move}" in hints[-1])


@pytest.mark.parametrize("second", ["d5", "d4"])
def test_drogo_pair_shows_its_second_piece(qtbot, second) -> None:
    view = _view(qtbot, "drogo")
    show(view, game("drogo", "", ["c3"]))  # O to move, in its colour
    level = 2 if second == "d4" else 1
    board = shown_board(view)
    x, y = board.centres[board.index[second]]
    spot = screen(view, x + 0.25, y + 0.25, level - 0.02)  # on the ghost's top face
    qtbot.mouseClick(view, LEFT, pos=view.cell_screen_pos("d4"))
    qtbot.mouseMove(view, view.cell_screen_pos("a1"))
    before = rgb(view.grab_image(), spot)
    _hover(qtbot, view, second, f"d4,{second}")
    after = rgb(view.grab_image(), spot)
    assert sum(abs(a - b) for a, b in zip(after, before)) > 60, (before, after)


def test_walk_placement_with_a_druid_step_shows_no_stone_where_the_druid_goes(qtbot) -> None:
    view = _view(qtbot, "druid")
    show(view, game("druid", "-size=8 -walk", ["d1", "a5", "d2", "a6"]))
    board = shown_board(view)
    x, y = board.centres[board.index["d2"]]
    spot = screen(view, x + 0.25, y + 0.25, 2.0 - 0.02)  # where a stone on d2 would show
    qtbot.mouseClick(view, LEFT, pos=view.cell_screen_pos("b5"))
    qtbot.mouseMove(view, view.cell_screen_pos("h8"))
    before = rgb(view.grab_image(), spot)
    _hover(qtbot, view, "d2", "b5,d2")
    assert rgb(view.grab_image(), spot) == before


def test_a_lintel_shows_as_one_ghost_over_its_three_cells(qtbot) -> None:
    view = _view(qtbot, "druid")
    show(view, game("druid", "-size=6", ["c3", "a1", "e3", "a2"]))
    board = shown_board(view)
    x, y = board.centres[board.index["d3"]]
    spot = screen(view, x, y, 2.0 - 0.02)  # the middle of the beam's top
    qtbot.mouseClick(view, LEFT, SHIFT, view.cell_screen_pos("c3"))
    qtbot.mouseMove(view, view.cell_screen_pos("a6"))
    before = rgb(view.grab_image(), spot)
    _hover(qtbot, view, "e3", "c3-e3")
    after = rgb(view.grab_image(), spot)
    assert sum(abs(a - b) for a, b in zip(after, before)) > 60, (before, after)
