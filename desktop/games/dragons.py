"""Dragons on the desk: hexagonal tiles on an open 2D table, with a palette of the tiles that
fit the place under the pointer."""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from megalith.desktop.games.desk import Desk
from megalith.desktop.games.contracts import loop_tiles
from megalith.desktop.games.tiles import auto_note, auto_tip, pool_facts
from megalith.desktop.views.base import BoardView
from megalith.rules.contracts import LoopTilePosition


def _view(parent: QWidget | None) -> BoardView[LoopTilePosition]:
    from megalith.desktop.views.dragons import DragonsView
    return DragonsView(parent)


DESK: Desk[LoopTilePosition] = Desk(
    name="dragons", reads=loop_tiles, make_view=_view, move_examples="d3, resign",
    facts=pool_facts, move_note=auto_note, move_tip=auto_tip)
