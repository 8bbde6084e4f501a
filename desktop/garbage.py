"""Python's cyclic garbage collector, run from Qt's event loop only.

Left automatic, the collector runs wherever an allocation crosses its threshold, and that
can be inside a Qt call that holds one of Qt's signal-slot mutexes: a signal's `disconnect`
(pyqtgraph disconnects a view's signals whenever an item joins a plot) calls back into
Python, an allocation there starts a collection, and a dead window's QObject destroyed by it
waits for a mutex its own thread already holds. The process then hangs for good (seen in the
test suite: `QObject::~QObject` blocked in `QBasicMutex::lockInternal`, under a disconnect
made while a new window was built). On the event loop no such mutex is held, so the
collections are made there, at the same thresholds the automatic collector uses.
"""

from __future__ import annotations

import gc

from PySide6.QtCore import QObject, QTimer

CHECK_EVERY_MS = 1000


def collect_from_event_loop(parent: QObject) -> QTimer:
    """Turn automatic collection off and check every CHECK_EVERY_MS on the event loop
    instead, collecting each generation whose count has passed its threshold (as the
    automatic collector would have, only later). The timer, a child of `parent`, is
    returned: stopping it and calling `gc.enable()` undoes this."""
    thresholds = gc.get_threshold()
    gc.disable()
    timer = QTimer(parent)
    timer.timeout.connect(lambda: collect_due(thresholds))
    timer.start(CHECK_EVERY_MS)
    return timer


def collect_due(thresholds: tuple[int, int, int]) -> None:
    """Collect the oldest generation whose count has passed its threshold, with the younger
    ones, as automatic collection does; nothing if the youngest has not passed its own.
    CPython also puts off a full collection until the objects moved into the oldest
    generation since the last full one number a quarter of those it kept then; that count
    is not visible from Python, so here a full one comes whenever the oldest generation's
    count passes its threshold: at the default thresholds (700, 10, 10), with a young
    collection due at every tick, the first full one came at the 144th tick, some two and a
    half minutes."""
    counts = gc.get_count()
    due = -1
    for generation in range(3):
        if counts[generation] <= thresholds[generation]:
            break
        due = generation
    if due >= 0:
        gc.collect(due)
