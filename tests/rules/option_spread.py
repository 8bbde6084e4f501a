"""A spread of challenge options for every registered game, read from its `OptionSpec`s.

The conformance suite and the perft files use it, so a game that registers itself (Dragons,
Trichet) is covered with no edit here. The spread keeps boards small:

- no flag, every flag alone and every pair of flags;
- every int option at its minimum; with no flag (and, for the long run, with every flag set)
  also at a small value, its minimum + 2;
- every player count from the game's minimum to its maximum.

A value the factory refuses for one combination (Druid's square board starts at size 3 while
its hex board starts at 2) moves up to the nearest value that it accepts; a combination the
factory refuses whatever the value (three-player Druid without `-hex`) is left out.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from megalith.rules import registry
from megalith.rules.protocol import GameState, OptionError, OptionSpec
from megalith.rules.registry import GameInfo, Options

SMALL_STEP = 2  # "a small value" is this much above the minimum
SEARCH = 8  # how far above a wanted value to look for one the factory accepts


@dataclass(frozen=True)
class Setup:
    """A game as a challenge starts it: short name, option text, number of players."""

    game: str
    parameters: str
    players: int

    def new(self) -> GameState:
        return registry.new_game(self.game, self.parameters, self.players)

    @property
    def label(self) -> str:
        """A test id: `druid -size=3 -walk 2p`."""
        return " ".join(filter(None, (self.game, self.parameters, f"{self.players}p")))


def _int_floor(spec: OptionSpec) -> int:
    return spec.minimum if spec.minimum is not None else 1


def _accepts(info: GameInfo, options: Options, players: int) -> bool:
    try:
        info.new(dict(options), players)
    except OptionError:
        return False
    return True


def _with_ints(info: GameInfo, flags: Options, players: int, offset: int) -> Options | None:
    """The flags plus every int option at (its minimum + offset), each moved up to the nearest
    value the factory accepts given the options chosen so far; None if there is none."""
    options: Options = dict(flags)
    for spec in (o for o in info.options if o.kind == "int"):
        wanted = _int_floor(spec) + offset
        top = wanted + SEARCH if spec.maximum is None else min(spec.maximum, wanted + SEARCH)
        for value in range(wanted, top + 1):
            if _accepts(info, {**options, spec.name: value}, players):
                options[spec.name] = value
                break
        else:
            return None
    return options if _accepts(info, options, players) else None


def flag_sets(info: GameInfo) -> list[Options]:
    """No flag, each flag alone, each pair of flags."""
    flags = [o.name for o in info.options if o.kind == "flag"]
    sets: list[Options] = [{}]
    sets += [{name: True} for name in flags]
    sets += [{a: True, b: True} for a, b in combinations(flags, 2)]
    return sets


def spread(info: GameInfo, long: bool = False) -> list[Setup]:
    """The setups of one game, without repeats, in a stable order: by player count, then flag
    set, then ints at their minimum before ints at the small value."""
    setups: list[Setup] = []
    for players in range(info.min_players, info.max_players + 1):
        for flags in flag_sets(info):
            for offset in (0, SMALL_STEP) if long or not flags else (0,):
                options = _with_ints(info, flags, players, offset)
                if options is None:
                    continue
                setup = Setup(info.name, " ".join(registry.format_parameters(options)), players)
                if setup not in setups:
                    setups.append(setup)
    return setups


def defaults(info: GameInfo) -> list[Setup]:
    """Each player count with no options at all (the full-size default boards)."""
    return [Setup(info.name, "", players)
            for players in range(info.min_players, info.max_players + 1)
            if _accepts(info, {}, players)]
