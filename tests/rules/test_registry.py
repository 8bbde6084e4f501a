"""Building games from pbmserv challenge options."""

from __future__ import annotations

import pytest

from megalith.rules import registry
from megalith.rules.protocol import OptionError
from megalith.rules.registry import UnknownGameError

pytestmark = pytest.mark.usefixtures("toy")


def test_options_are_parsed_and_applied() -> None:
    info = registry.get("toy")
    assert info.parse_parameters("-size=7 -FAST") == {"size": 7, "fast": True}
    assert registry.new_game("TOY", ["-size=7"]).render() == "......."


@pytest.mark.parametrize("parameters, message", [
    ("-colour=red", "toy has no option -colour (its options: -size -fast)"),
    ("-size", "-size needs a number, as in -size=8"),
    ("-size=big", "-size needs a whole number (3 to 9), not 'big'"),
    ("-size=-5", "-size needs a whole number (3 to 9), not '-5'"),
    ("-size=²", "-size needs a whole number (3 to 9), not '²'"),
    ("-size=" + "9" * 5000, "-size needs a whole number (3 to 9), not "
                            "'9999999999999999999999999999999999999999... (5,000 characters)'"),
    ("-" + "x\x00" * 30, "toy has no option -" + "x\\x00" * 8 + "... (60 characters) "
                         "(its options: -size -fast)"),
    ("-size=12", "-size=12 is out of range (3 to 9)"),
    ("-fast=1", "-fast takes no value"),
    ("size=5", "'size=5' is not an option (options look like -size=8 or -hex)"),
])
def test_bad_options_are_refused_with_a_reason(parameters: str, message: str) -> None:
    with pytest.raises(OptionError) as error:
        registry.new_game("toy", parameters)
    assert str(error.value) == message


def test_player_count_is_checked() -> None:
    with pytest.raises(OptionError, match="toy is for 2 to 3 players, not 4"):
        registry.new_game("toy", "", 4)


def test_impossible_combination_gives_the_games_reason() -> None:
    with pytest.raises(OptionError, match="three players need -size=5 or more"):
        registry.new_game("toy", "-size=3", 3)


def test_an_unknown_game_is_no_option_error() -> None:
    with pytest.raises(UnknownGameError) as error:
        registry.get("chess")
    assert str(error.value) == ("unknown game 'chess' (games: druid, drogo, quady, dragons, "
                                "trichet, toy)")
    assert not isinstance(error.value, OptionError)


def test_a_listed_game_without_its_module_is_a_bug_not_a_missing_game(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Every game of GAME_MODULES is shipped: a module that cannot be imported is raised as
    it is, by `get` and by `available`, never passed over."""
    monkeypatch.setitem(registry.GAME_MODULES, "menhir", "tests.rules.no_such_engine")
    with pytest.raises(ModuleNotFoundError, match="tests.rules.no_such_engine"):
        registry.get("menhir")
    with pytest.raises(ModuleNotFoundError):
        registry.available()


def test_every_listed_game_is_available_in_order() -> None:
    assert [info.name for info in registry.available()] == list(registry.GAME_MODULES)


def test_format_parameters_round_trips() -> None:
    options = registry.get("toy").parse_parameters("-size=4 -fast")
    assert registry.format_parameters(options) == ["-size=4", "-fast"]
