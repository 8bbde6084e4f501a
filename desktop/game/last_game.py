"""The new game the window remembers between runs (the new-game dialog starts from it, and
the window starts one like it), kept in the settings."""

from __future__ import annotations

from PySide6.QtCore import QSettings

from megalith.desktop import settings
from megalith.desktop.games import first_game
from megalith.desktop.game.session import Colour, GameChoice


def fallback_choice() -> GameChoice:
    """The game started when there is no other to start: the first the desktop can show."""
    return GameChoice(first_game(), [], ["alice", "bob"], [])


def last_choice(store: QSettings) -> GameChoice:
    """The last new game chosen, or the fallback when none is remembered."""
    stored = store.value("newGame/game")
    if not stored:
        return fallback_choice()

    def listed(key: str) -> list[str]:
        return settings.get_list(store, key)
    colours: list[Colour] = []
    for text in listed("newGame/colours"):
        parts = text.split(",")
        if len(parts) != 3 or not all(p.strip().isdecimal() for p in parts):
            colours = []
            break
        colours.append((int(parts[0]), int(parts[1]), int(parts[2])))
    return GameChoice(str(stored), listed("newGame/parameters"), listed("newGame/players"),
                      colours, listed("newGame/computers"))


def remember_choice(store: QSettings, choice: GameChoice) -> None:
    store.setValue("newGame/game", choice.game)
    store.setValue("newGame/parameters", choice.parameters)
    store.setValue("newGame/players", choice.players)
    store.setValue("newGame/colours", [",".join(map(str, c)) for c in choice.colours])
    store.setValue("newGame/computers", choice.computers)
