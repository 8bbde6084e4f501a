"""Quadrant Y on the desk: the triangle of hexagonal cells on a 2D canvas."""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from megalith.desktop.games import Desk


def _view(parent: QWidget | None) -> QWidget:
    from megalith.desktop.views.triangle import TriangleView
    return TriangleView(parent)


DESK = Desk(name="quady", make_view=_view, move_examples="e9, swap, resign")
