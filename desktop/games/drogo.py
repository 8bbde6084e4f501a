"""Drogo on the desk: stacks of cubes in 3D, with the owners/heights map."""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from megalith.desktop.games.desk import Desk
from megalith.desktop.games.contracts import stacked
from megalith.desktop.views.base import BoardView, PositionView
from megalith.rules.contracts import StackedPosition


def _view(parent: QWidget | None) -> BoardView[StackedPosition]:
    from megalith.desktop.views.stack3d import StackView
    return StackView(parent)


def _map(parent: QWidget | None) -> PositionView[StackedPosition]:
    from megalith.desktop.views.summary import SummaryMap
    return SummaryMap(parent)


DESK: Desk[StackedPosition] = Desk(
    name="drogo", reads=stacked,
    make_view=_view,
    make_map=_map,
    camera=True,
    move_examples="c3, c3,c4, c3,c3, swap, resign",
)
