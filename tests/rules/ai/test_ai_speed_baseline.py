"""`benchmarks/ai_speed.py --baseline REV` measures a revision from before the `megalith/`
package (when the engines were imported as `rules`) as well as one after it, back to the
first with the search (OLDEST), and names that one when given an older revision."""

from __future__ import annotations

import importlib.util
import subprocess
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture(scope="module")
def ai_speed() -> ModuleType:
    path = ROOT / "benchmarks" / "ai_speed.py"
    spec = importlib.util.spec_from_file_location("ai_speed", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _package_commit() -> str:
    """The commit that added megalith/ (so its parent imports the engines as `rules`)."""
    return subprocess.run(["git", "log", "--diff-filter=A", "--format=%H", "--",
                           "megalith/__init__.py"], cwd=ROOT, check=True, capture_output=True,
                          text=True).stdout.split()[-1]


@pytest.mark.parametrize("which", ["oldest", "before megalith/", "with megalith/"])
def test_a_revision_is_timed_with_its_own_engines(ai_speed: ModuleType, which: str) -> None:
    revision = {"oldest": ai_speed.OLDEST, "before megalith/": _package_commit() + "^",
                "with megalith/": _package_commit()}[which]
    baseline = ai_speed.Baseline(revision)
    state = ai_speed.position("quady", "", 2, 4)
    job = baseline.job("quady", "", 2, state, 0.2)
    assert ai_speed.child_rate(baseline.folder.name, job) > 0


def test_a_revision_without_the_search_is_named(ai_speed: ModuleType) -> None:
    """The first commits have no search to time: the benchmark says so, and from when."""
    first = subprocess.run(["git", "rev-list", "--max-parents=0", "HEAD"], cwd=ROOT,
                           check=True, capture_output=True, text=True).stdout.split()[-1]
    with pytest.raises(SystemExit) as refused:
        ai_speed.Baseline(first)
    assert "has no search to time" in str(refused.value)
    assert ai_speed.OLDEST in str(refused.value)
