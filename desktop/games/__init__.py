"""The desk: one entry per game, telling the window how to show and play it.

A game plugs into the desktop here and only here: a module defining `DESK: Desk[P]`
(the five games' are `desktop/games/<name>.py`; `Desk` is in desktop/games/desk.py), named in `DESK_MODULES` by the game's
short name. The rules know nothing of the desktop: this table is the desktop's own. `P` is the
position contract of rules/contracts.py that the desk's views and words read; mypy checks
each desk's views against it, and `Desk.position` checks at run time that the engine's
positions implement it. The window, its menus and the new-game dialog ask `desk(game)` what
a game offers (a camera, lintels, the owners/heights map, a tile palette) and never test a
game's name. Modules are imported on first use, so the views' OpenGL and pyqtgraph load
only with the first board.
"""

from __future__ import annotations

import importlib
from typing import Protocol

from PySide6.QtWidgets import QWidget

from megalith.rules import registry

from megalith.desktop.games.desk import Desk, GameViews

DESK_MODULES = {  # a game's short name (rules.registry) -> the module of its DESK
    "druid": "megalith.desktop.games.druid",
    "drogo": "megalith.desktop.games.drogo",
    "quady": "megalith.desktop.games.quady",
    "dragons": "megalith.desktop.games.dragons",
    "trichet": "megalith.desktop.games.trichet",
}


class GameDesk(Protocol):
    """A desk as the window holds it, whatever its contract: what the game offers, and its
    views (`build`), which take the session's positions."""

    @property
    def name(self) -> str: ...

    @property
    def camera(self) -> bool: ...

    @property
    def lintels(self) -> bool: ...

    @property
    def move_examples(self) -> str: ...

    def build(self, parent: QWidget | None) -> GameViews: ...


def desk(game: str) -> GameDesk:
    """The desk entry of a game by its short name; KeyError for a game with none."""
    module_name = DESK_MODULES.get(game.lower())
    if module_name is None:
        raise KeyError(f"no desktop module for {game!r}")
    entry = importlib.import_module(module_name).DESK
    if not isinstance(entry, Desk):
        raise TypeError(f"{module_name}.DESK is not a Desk")
    return entry


def has_desk(game: str) -> bool:
    """Whether the desktop can show the game (its desk module exists)."""
    try:
        desk(game)
    except (KeyError, ModuleNotFoundError):
        return False
    return True


def first_game() -> str:
    """The game the window starts when it has no other to start: the registry's first with
    a desk."""
    return next(info.name for info in registry.available() if has_desk(info.name))
