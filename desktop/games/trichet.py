"""Trichet on the desk: triangular tiles on an open 2D table, placed by pointing at a
numbered place (the corner nearest the pointer chooses the tile's orientation)."""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from megalith.desktop.games.desk import Desk
from megalith.desktop.games.contracts import region_tiles
from megalith.desktop.games.tiles import auto_note, auto_tip, pool_facts
from megalith.desktop.views.base import BoardView
from megalith.rules.contracts import RegionTilePosition


def _view(parent: QWidget | None) -> BoardView[RegionTilePosition]:
    from megalith.desktop.views.trichet import TrichetView
    return TrichetView(parent)


DESK: Desk[RegionTilePosition] = Desk(
    name="trichet", reads=region_tiles, make_view=_view, move_examples="d3, resign",
    facts=pool_facts, move_note=auto_note, move_tip=auto_tip)
