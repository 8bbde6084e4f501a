"""The typed contracts hold: `mypy --strict rules` and plain `mypy desktop` pass.

The views read positions through the Protocols of rules/contracts.py and the engines
implement them; a view that reaches for an attribute some game lacks, or an engine that
drops one, fails here rather than in a player's window.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("arguments", [["--strict", "-p", "megalith.rules"], ["-p", "megalith.desktop"]],
                         ids=["strict rules", "desktop"])
def test_mypy_passes(arguments: list[str]) -> None:
    result = subprocess.run([sys.executable, "-m", "mypy", *arguments], cwd=ROOT,
                            capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout + result.stderr


def test_every_engine_implements_the_contract_its_desk_reads() -> None:
    from megalith.rules import registry
    from megalith.rules.contracts import CellBoardPosition, StackedPosition, TilePosition

    from megalith.desktop.games import has_desk

    contracts = (StackedPosition, CellBoardPosition, TilePosition)
    for info in registry.available():
        state = info.new()
        assert any(isinstance(state, c) for c in contracts), info.name
        assert has_desk(info.name), f"{info.name} has an engine but no desk module"
