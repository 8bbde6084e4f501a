"""The desk: one entry per game, telling the window how to show and play it.

A game plugs into the desktop here and only here. Each game has a module
`desktop/games/<name>.py` defining `DESK: Desk`; `DESK_MODULES` lists them by the rules
registry's short name. The window, its menus and the new-game dialog ask `desk(game)` what
a game offers (a camera, lintels, the owners/heights map, a tile palette) and never test a
game's name. Modules are imported on first use, so the views' OpenGL and pyqtgraph load
only with the first board.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PySide6.QtWidgets import QWidget

DESK_MODULES = {
    "druid": "megalith.desktop.games.druid",
    "drogo": "megalith.desktop.games.drogo",
    "quady": "megalith.desktop.games.quady",
    "dragons": "megalith.desktop.games.dragons",
    "trichet": "megalith.desktop.games.trichet",
}


@dataclass(frozen=True)
class Desk:
    """How the desktop shows and plays one game.

    `make_view(parent)` builds the board view (a QWidget following `desktop.views.base.
    BoardView`), importing its module only then. `make_map(parent)` builds the owners and
    heights map shown beside a 3D board, for games that have pbmserv's two summaries.
    `camera`: the view turns and has a top view. `lintels`: two-ended moves laid in lintel
    mode (Shift+click).
    `move_examples`: notation shown in the move line's placeholder. `facts(state)`: lines
    about the position for the side panel (a tile game's pool). `move_note(state, ply)`:
    what move `ply` did by itself, read on the position after it, for the move table (a
    tile game's auto tiles).
    """

    name: str
    make_view: Callable[[QWidget | None], QWidget]
    make_map: Callable[[QWidget | None], QWidget] | None = None
    camera: bool = False
    lintels: bool = False
    move_examples: str = "c3"
    facts: Callable[[Any], list[str]] | None = None
    move_note: Callable[[Any, int], str] | None = None


def desk(game: str) -> Desk:
    """The desk entry of a game by its short name; KeyError for a game with none."""
    module_name = DESK_MODULES.get(game)
    if module_name is None:
        raise KeyError(f"no desktop module for {game!r}")
    entry: Desk = importlib.import_module(module_name).DESK
    return entry


def has_desk(game: str) -> bool:
    """Whether the desktop can show the game (its desk module exists)."""
    try:
        desk(game)
    except (KeyError, ModuleNotFoundError):
        return False
    return True
