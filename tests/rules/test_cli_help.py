"""`megalith --help` names the games the registry has."""

from __future__ import annotations

import pytest

from megalith.rules import cli, registry


def test_help_names_every_registered_game(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli.main(["--help"])
    text = " ".join(capsys.readouterr().out.split())
    titles = [game.title for game in registry.available()]
    assert len(titles) >= 5
    for title in titles:
        assert title in text
    assert f"{', '.join(titles[:-1])} and {titles[-1]} at one table" in text
