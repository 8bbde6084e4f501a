"""A short soak (benchmarks/soak.py): the real window plays random legal moves typed into
its move line in a game of every kind, undoes, redoes, walks the moves, saves and reopens
through its actions, and every saved record is the one the soak built; no Qt or Python
warning, no message box, little memory growth."""

from __future__ import annotations

from benchmarks.soak import MB, soak
from rules import registry


def test_a_short_soak_ends_with_the_record_it_built(qtbot) -> None:
    report = soak(moves=48, warm_up=10, game_moves=(4, 7))
    assert report.problems == []
    assert report.warnings == []
    assert report.moves == 48
    assert report.games >= len(registry.available())  # every kind of game was played
    assert report.undos and report.redos and report.walks and report.saves >= report.games
    growth = report.growth()
    assert growth is not None and growth < 50 * MB


def test_the_soak_gives_the_signals_back(qtbot) -> None:
    import signal

    before = signal.getsignal(signal.SIGINT)
    soak(moves=2, warm_up=0, game_moves=(2, 3))
    assert signal.getsignal(signal.SIGINT) is before
