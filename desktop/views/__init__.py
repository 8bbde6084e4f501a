"""The board views of the desktop app.

`create_view(game)` gives the BoardView for a game: the 3D StackView for the stacking games
(druid, drogo) and the 2D TriangleView for quady. Every BoardView is a QWidget with the
signals `moveChosen(str)` and `hint(str)` and the methods `set_position(state, colours,
legal, last_move, last_cells=None)`, `reset_camera()`, `top_view()`, `turn(quarters)`,
`cancel_pending()`, `set_lintel_mode(on)`, `grab_image()` and `cell_screen_pos(name)`.
`SummaryMap` is the top-down map of owners and heights for the stacking games.

`last_cells` are the cells to mark for the last move, read on the position before it
(`GameState.move_cells`); without them a view reads `last_move` on the position it shows,
which misplaces only a Druid's bare step (`n` means the Druid of the side to move).
"""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from desktop.views.summary import SummaryMap

STACKING_GAMES = ("druid", "drogo")
FLAT_GAMES = ("quady",)


def create_view(game: str, parent: QWidget | None = None) -> QWidget:
    """The board view for a game's short name; ValueError for a game without one."""
    if game in STACKING_GAMES:
        from desktop.views.stack3d import StackView
        return StackView(parent)
    if game in FLAT_GAMES:
        from desktop.views.triangle import TriangleView
        return TriangleView(parent)
    raise ValueError(f"no board view for {game!r} yet")


__all__ = ["SummaryMap", "create_view", "STACKING_GAMES", "FLAT_GAMES"]
