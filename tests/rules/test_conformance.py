"""Every registered game, over a spread of its options, passes the protocol's checks
(tests/rules/conformance.py): random games to the end with every position checked, copies,
and the record written and read back. A game is covered by being registered.

`MEGALITH_LONG_TESTS=1` plays more games, longer, sets flags on the larger of the small boards too, and adds the default
(full-size) boards.
"""

from __future__ import annotations

import os

import pytest

from megalith.rules import registry
from tests.rules.conformance import check_record_round_trip, play_random_game
from tests.rules.option_spread import Setup, defaults, spread

LONG = os.environ.get("MEGALITH_LONG_TESTS") == "1"
SEEDS = range(6) if LONG else range(1)
PLY_CAP = 400 if LONG else 60


def _setups() -> list[Setup]:
    setups = []
    for info in registry.available():
        setups += spread(info, long=LONG)
        setups += defaults(info) if LONG else []
    return setups


SETUPS = _setups()


def test_every_registered_game_has_setups() -> None:
    games = {setup.game for setup in SETUPS}
    assert games == {info.name for info in registry.available()}
    assert {"druid", "drogo", "quady"} <= games


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("setup", SETUPS, ids=[s.label for s in SETUPS])
def test_random_game_conforms(setup: Setup, seed: int) -> None:
    state = setup.new()
    game = play_random_game(state, seed=seed * 7919 + len(setup.label), cap=PLY_CAP)
    check_record_round_trip(setup.game, setup.parameters, setup.players, state, game)
