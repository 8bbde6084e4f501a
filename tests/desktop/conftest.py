"""Qt set-up for the desktop tests (docs/desktop.md, "Qt and OpenGL"): the normal xcb
platform on the Xvfb that pytest-xvfb starts (offscreen gives blank GL frames), and shared
OpenGL contexts before any QApplication exists (without them every GL view after the first
renders blank)."""

from __future__ import annotations

import gc
import os
from collections.abc import Iterator

import pytest

os.environ["QT_QPA_PLATFORM"] = "xcb"

from PySide6.QtCore import QCoreApplication, Qt  # noqa: E402

QCoreApplication.setAttribute(Qt.ApplicationAttribute.AA_ShareOpenGLContexts)


@pytest.fixture(autouse=True, scope="session")
def freeze_what_lives_before_the_desktop_tests() -> None:
    """Whatever lives when the first desktop test starts (the modules, Qt's and numpy's
    included, and what they keep) is moved out of the collector's sight (gc.freeze): the
    full collection after each test below then looks only at what tests have made since,
    not at every object the imports made (some 65 ms a test, 24 s of CPU in all, now 3)."""
    gc.collect()
    gc.freeze()


@pytest.fixture(autouse=True)
def collect_garbage_between_tests() -> Iterator[None]:
    """No automatic garbage collection during a desktop test, and a full one after it, once
    its widgets are closed: a collection started inside a Qt call that holds a signal-slot
    mutex (pyqtgraph disconnects signals as a new window builds its plots) can destroy a
    dead window's QObject that waits for that very mutex, and the suite hangs
    (desktop/garbage.py; the application collects from its event loop for the same
    reason)."""
    gc.disable()
    try:
        yield
    finally:
        gc.collect()
        gc.enable()
