import pytest

from megalith.rules import registry


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> None:
    """Registers the toy game (tests/rules/toy_game.py) under the name "toy"."""
    monkeypatch.setitem(registry.GAME_MODULES, "toy", "tests.rules.toy_game")
