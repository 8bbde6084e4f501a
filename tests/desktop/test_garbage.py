"""Cyclic garbage is collected from the event loop only (desktop/garbage.py): automatic
collection is off, and the timer collects once enough has been allocated."""

from __future__ import annotations

import gc
import weakref

from PySide6.QtCore import QCoreApplication, QEvent, QObject

from megalith.desktop import app
from megalith.desktop.garbage import CHECK_EVERY_MS, collect_due, collect_from_event_loop


class Cycle:
    """An object that refers to itself: only the cyclic collector frees it."""

    def __init__(self) -> None:
        self.me = self


def dead_cycle() -> weakref.ref[Cycle]:
    return weakref.ref(Cycle())


def test_the_event_loop_collects_what_automatic_collection_would(qtbot) -> None:
    # What earlier tests left for the event loop to delete goes first: freed during the
    # wait below, each such object takes one off the young generation's count, which could
    # then stay under its threshold (seen when the tests ran in another order, under xdist).
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    parent = QObject()
    timer = collect_from_event_loop(parent)
    try:
        assert not gc.isenabled()
        cycle = dead_cycle()
        young: list[list[int]] = [[] for _ in range(2 * gc.get_threshold()[0])]  # past gen 0
        assert cycle() is not None  # nothing collects it outside the event loop
        qtbot.waitUntil(lambda: cycle() is None, timeout=3 * CHECK_EVERY_MS)
        assert young
    finally:
        timer.stop()
        gc.enable()


def test_nothing_is_collected_before_the_youngest_generation_is_due() -> None:
    gc.disable()
    try:
        gc.collect()
        cycle = dead_cycle()
        collect_due((10**9, 10, 10))
        assert cycle() is not None
        collect_due((0, 10**9, 10**9))
        assert cycle() is None
    finally:
        gc.enable()


def test_the_application_collects_from_its_event_loop(monkeypatch) -> None:
    """`app.run` installs the collector before it builds the window."""
    installed: list[QObject] = []
    monkeypatch.setattr(app, "collect_from_event_loop", installed.append)

    class Stop(Exception):
        pass

    def no_window() -> None:
        raise Stop

    monkeypatch.setattr(app, "MainWindow", no_window)
    try:
        app.run()
    except Stop:
        pass
    assert installed == [app.QApplication.instance()]
