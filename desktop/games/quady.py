"""Quadrant Y on the desk: the triangle of hexagonal cells on a 2D canvas."""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from megalith.desktop.games.desk import Desk
from megalith.desktop.games.contracts import cell_board
from megalith.desktop.views.base import BoardView
from megalith.rules.contracts import CellBoardPosition


def _view(parent: QWidget | None) -> BoardView[CellBoardPosition]:
    from megalith.desktop.views.triangle import TriangleView
    return TriangleView(parent)


DESK: Desk[CellBoardPosition] = Desk(name="quady", reads=cell_board, make_view=_view,
                                     move_examples="e9, swap, resign")
