"""The Qt application: created with the attributes the 3D views need, then the window."""

from __future__ import annotations

import sys

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QApplication

from desktop.main_window import MainWindow


def create_application(argv: list[str] | None = None) -> QApplication:
    """The QApplication, made once. Shared OpenGL contexts must be switched on before it
    exists, or every 3D view after the first draws blank (QT-NOTES.md)."""
    existing = QApplication.instance()
    if existing is not None:
        return existing  # type: ignore[return-value]
    QCoreApplication.setAttribute(Qt.ApplicationAttribute.AA_ShareOpenGLContexts)
    app = QApplication(argv if argv is not None else sys.argv[:1])
    app.setApplicationName("Megalith")
    app.setOrganizationName("Megalith")
    return app


def run(path: str | None = None) -> int:
    """Opens the window (with the record at `path`, if given) and runs until it closes."""
    app = create_application()
    window = MainWindow()
    window.show()
    window.start(path)
    return app.exec()
