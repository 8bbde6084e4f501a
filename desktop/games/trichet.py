"""Trichet on the desk: triangular tiles on an open 2D table, placed by pointing at a
numbered place (the corner nearest the pointer chooses the tile's orientation)."""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from desktop.games import Desk
from rules.contracts import TilePosition


def _view(parent: QWidget | None) -> QWidget:
    from desktop.views.trichet import TrichetView
    return TrichetView(parent)


def _pool(state: TilePosition) -> str:
    left = state.pool_left
    return f"Pool: {left} tile{'' if left == 1 else 's'} left"


DESK = Desk(name="trichet", make_view=_view, tile_palette=True, move_examples="d3",
            position_note=_pool)
