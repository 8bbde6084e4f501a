"""The desk: one entry per game, telling the window how to show and play it.

A game plugs into the desktop here and only here: a module defining `DESK: Desk[P]`
(the five games' are `desktop/games/<name>.py`), named in `DESK_MODULES` by the game's
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
from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, Protocol, TypeGuard, TypeVar

from PySide6.QtWidgets import QWidget

from megalith.rules import registry
from megalith.rules.contracts import Position
from megalith.rules.protocol import GameState

from megalith.desktop.games.shown import DeskViews, GameViews
from megalith.desktop.views.base import BoardView, PositionView

P = TypeVar("P", bound=Position)

DESK_MODULES = {  # a game's short name (rules.registry) -> the module of its DESK
    "druid": "megalith.desktop.games.druid",
    "drogo": "megalith.desktop.games.drogo",
    "quady": "megalith.desktop.games.quady",
    "dragons": "megalith.desktop.games.dragons",
    "trichet": "megalith.desktop.games.trichet",
}


@dataclass(frozen=True)
class Desk(Generic[P]):
    """How the desktop shows and plays one game whose positions it reads through `P`.

    `reads(state)`: whether a position implements `P` (one of `desktop.games.contracts`).
    `make_view(parent)` builds the board view (a QWidget following `BoardView[P]`),
    importing its module only then. `make_map(parent)` builds the owners and heights map
    shown beside a 3D board, for games that have pbmserv's two summaries. `camera`: the view
    turns and has a top view. `lintels`: two-ended moves laid in lintel mode (Shift+click).
    `move_examples`: notation shown in the move line's placeholder. `facts(state)`: lines
    about the position for the side panel (a tile game's pool). `move_note(state, ply)`:
    what move `ply` did by itself, read on the position after it, for the move table (a
    tile game's auto tiles). `move_tip(state, ply)`, read likewise: what the move table's
    cell says when the pointer rests on it ("" for nothing).
    """

    name: str
    reads: Callable[[object], TypeGuard[P]]
    make_view: Callable[[QWidget | None], BoardView[P]]
    make_map: Callable[[QWidget | None], PositionView[P]] | None = None
    camera: bool = False
    lintels: bool = False
    move_examples: str = "c3"
    facts: Callable[[P], list[str]] | None = None
    move_note: Callable[[P, int], str] | None = None
    move_tip: Callable[[P, int], str] | None = None

    def position(self, state: GameState) -> P:
        """The session's position as this desk's views read it; TypeError for an engine
        that does not implement the desk's contract."""
        if self.reads(state):
            return state
        raise TypeError(f"{type(state).__name__} does not implement the contract the "
                        f"{self.name} desk reads ({self.reads.__name__})")

    def build(self, parent: QWidget | None) -> GameViews:
        """The game's views, made for the window."""
        return DeskViews(self, parent)


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
