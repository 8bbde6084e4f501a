"""The typed contracts hold: `mypy --strict` passes on `rules` and on `desktop`.

The views read positions through the Protocols of rules/contracts.py, each desk names the
contract its views read (`Desk[P]`), and the engines implement them; a view that reaches
for an attribute some game lacks, a desk whose view reads another contract, or an engine
that drops a member fails here rather than in a player's window.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def mypy(name: str, *args: str) -> subprocess.CompletedProcess[str]:
    """mypy on this checkout, incremental: each check keeps its own cache (`.mypy_cache/`,
    ignored by git), so a later run rechecks only what changed since, errors in unchanged
    modules included. One cache per check: a cache is only reused under the options that
    wrote it, and the strict and plain checks would otherwise overwrite each other's."""
    cache = ROOT / ".mypy_cache" / f"test-{name}"
    return subprocess.run([sys.executable, "-m", "mypy", "--cache-dir", str(cache), *args],
                          cwd=ROOT, capture_output=True, text=True, timeout=600)


@pytest.mark.parametrize("package", ["megalith.rules", "megalith.desktop"])
def test_mypy_strict_passes(package: str) -> None:
    result = mypy(f"strict-{package}", "--strict", "-p", package)
    assert result.returncode == 0, result.stdout + result.stderr


def test_plain_mypy_passes_on_the_tests() -> None:
    """The tests (and the benchmarks they import) read positions through the engines' own
    classes or the contracts, checked by the typed helpers: plain `mypy tests`, nothing
    excluded, finds no error."""
    result = mypy("tests", "tests")
    assert result.returncode == 0, result.stdout + result.stderr


def test_every_engine_implements_the_contract_its_desk_reads() -> None:
    """Each game's positions pass its own desk's contract check (every member of the
    Protocol is there), at the start and after a move; the check refuses what is not one."""
    from megalith.rules import registry

    from megalith.desktop.games import desk, has_desk
    from megalith.desktop.games.desk import Desk

    for info in registry.available():
        assert has_desk(info.name), f"{info.name} has an engine but no desk module"
        entry = desk(info.name)
        assert isinstance(entry, Desk), info.name
        state = info.new()
        after = state.copy()
        after.play(after.legal_moves()[0])
        for position in (state, after):
            assert entry.reads(position), f"{info.name} does not implement {entry.reads.__name__}"
            assert entry.position(position) is position
        assert not entry.reads(object())
        with pytest.raises(TypeError):
            entry.position(object())  # type: ignore[arg-type]

