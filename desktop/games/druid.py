"""Druid on the desk: a 3D monument of sarsens and lintels, with the owners/heights map."""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from megalith.desktop.games.desk import Desk
from megalith.desktop.games.contracts import stacked
from megalith.desktop.views.base import BoardView, PositionView
from megalith.rules.contracts import StackedPosition

# In Druid's Walk `c3,c3` also steps the Druid onto the new stone (Shift+click does that),
# so a second plain click on a held placement plays it alone.
REPEAT_COMPLETES = False


def _view(parent: QWidget | None) -> BoardView[StackedPosition]:
    from megalith.desktop.views.stack3d import StackView
    return StackView(parent, repeat_completes=REPEAT_COMPLETES)


def _map(parent: QWidget | None) -> PositionView[StackedPosition]:
    from megalith.desktop.views.summary import SummaryMap
    return SummaryMap(parent, repeat_completes=REPEAT_COMPLETES)


DESK: Desk[StackedPosition] = Desk(
    name="druid", reads=stacked,
    make_view=_view,
    make_map=_map,
    camera=True,
    lintels=True,
    move_examples="c3, b2-b4, c3,a4, n, pass, swap, resign",
)
