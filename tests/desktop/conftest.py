"""Qt set-up for the desktop tests (docs/desktop.md, "Qt and OpenGL"): the normal xcb platform on the
Xvfb that pytest-xvfb starts (offscreen gives blank GL frames), and shared OpenGL contexts
before any QApplication exists (without them every GL view after the first renders blank)."""

from __future__ import annotations

import os

os.environ["QT_QPA_PLATFORM"] = "xcb"

from PySide6.QtCore import QCoreApplication, Qt  # noqa: E402

QCoreApplication.setAttribute(Qt.ApplicationAttribute.AA_ShareOpenGLContexts)
