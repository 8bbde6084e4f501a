"""Dragons on the desk: hexagonal tiles on an open 2D table, with a palette of the tiles that
fit the place under the pointer."""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from megalith.desktop.games import Desk
from megalith.desktop.games.tiles import auto_note, pool_facts


def _view(parent: QWidget | None) -> QWidget:
    from megalith.desktop.views.dragons import DragonsView
    return DragonsView(parent)


DESK = Desk(name="dragons", make_view=_view,
            move_examples="d3, resign", facts=pool_facts, move_note=auto_note)
