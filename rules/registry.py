"""The games Megalith knows, by pbmserv short name, and their challenge options.

`GAME_MODULES` is the one table of games: the command line, the tests and the window all
start from it. Each game module defines `INFO: GameInfo`; modules are imported on first use.
How the window shows a game is the desktop's business (`desktop/games`), not the rules'.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from megalith.rules.protocol import GameState, MegalithError, OptionError, OptionSpec, Setup
from megalith.rules.text import number as read_number
from megalith.rules.text import quoted, shown

GAME_MODULES = {
    "druid": "megalith.rules.druid.game",
    "drogo": "megalith.rules.drogo.game",
    "quady": "megalith.rules.quady.game",
    "dragons": "megalith.rules.dragons.game",
    "trichet": "megalith.rules.trichet.game",
}

Options = dict[str, int | bool]


class UnknownGameError(MegalithError):
    """A game name that is not in `GAME_MODULES`."""


@dataclass(frozen=True)
class GameInfo:
    """A game's entry in the registry.

    `factory(options, players)` builds the starting state from parsed options (only those
    given; the game applies its defaults) and raises OptionError for impossible combinations
    (a dialog learns the side letters and the reason for a refusal by calling it).
    """

    name: str
    title: str
    min_players: int
    max_players: int
    options: tuple[OptionSpec, ...]
    factory: Callable[[Options, int], GameState]

    def option(self, name: str) -> OptionSpec | None:
        return next((o for o in self.options if o.name == name), None)

    def parse_parameters(self, parameters: Sequence[str] | str) -> Options:
        """Parse pbmserv challenge options (`-size=8 -hex`) into a dict, refusing unknown
        or malformed ones with a message that names them."""
        tokens = parameters.split() if isinstance(parameters, str) else list(parameters)
        options: Options = {}
        for token in tokens:
            if not token.startswith("-") or token in ("-", "--"):
                raise OptionError(f"{quoted(token)} is not an option (options look like -size=8 "
                                  "or -hex)")
            name, has_value, value = token[1:].lower().partition("=")
            spec = self.option(name)
            if spec is None:
                known = " ".join(f"-{o.name}" for o in self.options)
                raise OptionError(f"{self.name} has no option -{shown(name)} (its options: "
                                  f"{known})")
            if spec.kind == "flag":
                if has_value:
                    raise OptionError(f"-{name} takes no value")
                options[name] = True
                continue
            if not has_value or not value:
                raise OptionError(f"-{name} needs a number, as in -{name}=8")
            number = read_number(value)
            if number is None:
                raise OptionError(f"-{name} needs a whole number ({spec.minimum} to "
                                  f"{spec.maximum}), not {quoted(value)}")
            if spec.minimum is not None and number < spec.minimum or (
                    spec.maximum is not None and number > spec.maximum):
                raise OptionError(f"-{name}={number} is out of range "
                                  f"({spec.minimum} to {spec.maximum})")
            options[name] = number
        return options

    def new(self, parameters: Sequence[str] | str | Options = (), players: int | None = None
            ) -> GameState:
        """A new game from challenge options and a player count (default: the fewest)."""
        options = parameters if isinstance(parameters, dict) else self.parse_parameters(parameters)
        count = self.min_players if players is None else players
        if not self.min_players <= count <= self.max_players:
            allowed = (f"{self.min_players}" if self.min_players == self.max_players
                       else f"{self.min_players} to {self.max_players}")
            raise OptionError(f"{self.name} is for {allowed} players, not {count}")
        return self.factory(dict(options), count)

    def set_up(self, parameters: Sequence[str] | str | Options, players: int | None,
               setup: Setup) -> GameState:
        """A new game from challenge options and a player count, starting from the position
        `setup` (GameState.set_up: SetupError with the reason the rules cannot hold it)."""
        state = self.new(parameters, players)
        state.set_up(setup)
        return state


def format_parameters(options: Options) -> list[str]:
    """Options back to pbmserv tokens, in the order given: `{'size': 8, 'hex': True}` ->
    `['-size=8', '-hex']`."""
    return [f"-{name}" if value is True else f"-{name}={value}"
            for name, value in options.items() if value is not False]


def get(name: str) -> GameInfo:
    """The registry entry of a game by short name (any case); UnknownGameError if there is
    none. Every game listed has its module: one that cannot be imported is a bug, raised as
    it is."""
    module_name = GAME_MODULES.get(name.lower())
    if module_name is None:
        raise UnknownGameError(f"unknown game {quoted(name)} (games: {', '.join(GAME_MODULES)})")
    info: GameInfo = importlib.import_module(module_name).INFO
    return info


def available() -> list[GameInfo]:
    """Every game's entry, in the registry's order."""
    return [get(name) for name in GAME_MODULES]


def new_game(name: str, parameters: Sequence[str] | str = (), players: int | None = None
             ) -> GameState:
    return get(name).new(parameters, players)
