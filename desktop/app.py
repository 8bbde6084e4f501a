"""The Qt application: created with the attributes the 3D views need and Megalith's icon,
then the window."""

from __future__ import annotations

import os
import signal
import socket
import sys
from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QSocketNotifier, Qt, QTimer
from PySide6.QtOpenGLWidgets import QOpenGLWidget
from PySide6.QtWidgets import QAbstractScrollArea, QApplication, QWidget

from megalith.desktop import assets
from megalith.desktop.garbage import collect_from_event_loop
from megalith.desktop.window.main_window import MainWindow

# Set to 1, `megalith` prints this word on standard output once the board has drawn its
# first frame (benchmarks/startup.py and the packaging tests time and watch real launches).
FIRST_FRAME_ENV = "MEGALITH_REPORT_FIRST_FRAME"
FIRST_FRAME_MARK = "FIRST-FRAME"


def create_application(argv: list[str] | None = None) -> QApplication:
    """The QApplication, made once. Shared OpenGL contexts must be switched on before it
    exists, or every 3D view after the first draws blank (docs/desktop.md, "Qt and OpenGL")."""
    existing = QApplication.instance()
    if existing is not None:
        return existing  # type: ignore[return-value]
    QCoreApplication.setAttribute(Qt.ApplicationAttribute.AA_ShareOpenGLContexts)
    app = QApplication(argv if argv is not None else sys.argv[:1])
    app.setApplicationName("Megalith")
    app.setOrganizationName("Megalith")
    app.setDesktopFileName("megalith")  # ties the window to megalith.desktop in a taskbar
    app.setWindowIcon(assets.app_icon())
    return app


class _FirstPaint(QObject):
    """Calls back once, after the first paint event of the widget it filters."""

    def __init__(self, target: QWidget, callback: Callable[[], None]) -> None:
        super().__init__(target)
        self.callback = callback
        target.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            watched.removeEventFilter(self)
            QTimer.singleShot(0, self.callback)
        return False


def report_first_frame(window: MainWindow) -> None:
    """Prints FIRST_FRAME_MARK once the board view's first frame is on screen: a GL view's
    first buffer swap, or a painted view's first paint."""
    view = window.view
    if view is None:
        raise RuntimeError("the window shows no board view")
    reported: list[bool] = []

    def report() -> None:
        if not reported:
            reported.append(True)
            print(FIRST_FRAME_MARK, flush=True)

    if isinstance(view, QOpenGLWidget):
        view.frameSwapped.connect(report)
    else:
        _FirstPaint(view.viewport() if isinstance(view, QAbstractScrollArea) else view,
                    report)


def close_on_terminate(app: QApplication, window: MainWindow) -> None:
    """SIGTERM (a logout, `kill`) and SIGINT (Ctrl+C in a terminal) close Megalith cleanly:
    a saved game closes as with the window's close button; a game with unsaved changes is
    not asked about (nobody may be there to answer) but left in the autosave, which the next
    start offers to recover. Qt's event loop would hold Python's own handlers back, so the
    signals wake it through a socket."""
    reader, writer = socket.socketpair()
    reader.setblocking(False)
    writer.setblocking(False)
    signal.set_wakeup_fd(writer.fileno())
    for number in (signal.SIGTERM, signal.SIGINT):
        signal.signal(number, lambda *_: None)  # handled below, when the socket wakes Qt

    def terminate() -> None:
        try:
            reader.recv(64)
        except BlockingIOError:
            return
        session = window.session
        if session is not None and session.modified:
            app.quit()
        else:
            window.close()

    notifier = QSocketNotifier(reader.fileno(), QSocketNotifier.Type.Read, app)
    notifier.activated.connect(terminate)
    app._terminate_socket = (reader, writer, notifier)  # type: ignore[attr-defined]


def run(path: str | None = None) -> int:
    """Opens the window (with the record at `path`, if given) and runs until it closes."""
    app = create_application()
    collect_from_event_loop(app)  # never inside a Qt call (desktop/garbage.py)
    window = MainWindow()
    window.show()
    window.start(path)
    if os.environ.get(FIRST_FRAME_ENV) == "1":
        report_first_frame(window)
    close_on_terminate(app, window)
    return app.exec()
