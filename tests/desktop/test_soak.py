"""A short soak (benchmarks/soak.py): the real window plays random legal moves typed into
its move line in a game of every kind, undoes, redoes, walks the moves, saves and reopens
through its actions, and every saved record is the one the soak built; no Qt or Python
warning, no message box, little memory growth.

The soak runs the application's own event loop (`desktop.app.run`) to its end, and once a
QApplication's exec() has returned, Qt fires no more timers in that process: so the soak
runs in a child process of its own, and the rest of the suite keeps a live event loop."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from megalith.rules import registry

ROOT = Path(__file__).resolve().parents[2]

CHILD = r"""
import json, signal, sys
sys.path.insert(0, ".")
from benchmarks.soak import MB, soak
before = signal.getsignal(signal.SIGINT)
report = soak(moves=48, warm_up=10, game_moves=(4, 7))
growth = report.growth()
print(json.dumps({
    "problems": report.problems, "warnings": report.warnings, "moves": report.moves,
    "games": report.games, "undos": report.undos, "redos": report.redos,
    "walks": report.walks, "saves": report.saves,
    "growth_mb": None if growth is None else growth / MB,
    "signals_given_back": signal.getsignal(signal.SIGINT) is before,
}))
"""


def test_a_short_soak_ends_with_the_record_it_built() -> None:
    # the child inherits the suite's Xvfb display; the soak keeps its own private folders
    result = subprocess.run([sys.executable, "-c", CHILD], cwd=ROOT, capture_output=True,
                            text=True, timeout=600)
    assert result.returncode == 0, result.stderr[-3000:]
    report = json.loads(result.stdout.strip().splitlines()[-1])
    assert report["problems"] == []
    assert report["warnings"] == []
    assert report["moves"] == 48
    assert report["games"] >= len(registry.available())  # every kind of game was played
    assert report["undos"] and report["redos"] and report["walks"]
    assert report["saves"] >= report["games"]
    assert report["growth_mb"] is not None and report["growth_mb"] < 50
    assert report["signals_given_back"]  # Ctrl+C still works for whoever called the soak
