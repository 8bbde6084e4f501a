"""The option spread is read from the registry: on the toy game (tests/rules/toy_game.py:
-size 3 to 9, flag -fast, two or three players, three players need -size=5 or more)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from megalith.rules import registry
from megalith.rules.protocol import GameState, OptionError
from tests.rules.option_spread import Setup, defaults, spread

pytestmark = pytest.mark.usefixtures("toy")


def labels(setups: list[Setup]) -> list[str]:
    return [s.label for s in setups]


def test_ints_at_minimum_and_small_flags_alone_every_player_count() -> None:
    assert labels(spread(registry.get("toy"))) == [
        "toy -size=3 2p", "toy -size=5 2p", "toy -fast -size=3 2p",
        # three players: size 3 and 4 are refused, so the minimum moves up to 5
        "toy -size=5 3p", "toy -fast -size=5 3p"]


def test_long_spread_sets_flags_on_the_small_board_too() -> None:
    assert labels(spread(registry.get("toy"), long=True)) == [
        "toy -size=3 2p", "toy -size=5 2p", "toy -fast -size=3 2p", "toy -fast -size=5 2p",
        "toy -size=5 3p", "toy -fast -size=5 3p"]


def test_combinations_refused_at_every_value_are_left_out() -> None:
    toy = registry.get("toy")

    def no_fast_threesome(options: registry.Options, players: int) -> GameState:
        if players == 3 and options.get("fast"):
            raise OptionError("-fast is for two players")
        return toy.factory(options, players)

    fussy = replace(toy, factory=no_fast_threesome)
    assert "toy -fast -size=5 3p" not in labels(spread(fussy))
    assert "toy -size=5 3p" in labels(spread(fussy))


def test_defaults_are_the_games_without_options() -> None:
    assert labels(defaults(registry.get("toy"))) == ["toy 2p", "toy 3p"]


def test_setups_build_their_game() -> None:
    state = Setup("toy", "-size=4", 2).new()
    assert state.render() == "...."
