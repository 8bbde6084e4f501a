"""The banner over the top of the board: what the last move did (captures, a figure
entering, a sub-game won, a forced pass, a swap) for a few seconds, and the result for as
long as the finished position is on screen, or until a click puts it away (it would
otherwise hide the top of the board for good). It floats over the board instead of taking a
row of the layout, so the board never changes size (nor the camera its framing) when it
comes and goes."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QLabel, QWidget

EVENT_MS = 6000  # how long a move's events stay over the board
MARGIN = 10  # pixels between the banner and the board's top and sides


class EventBanner(QLabel):
    """A label floating centred over the top of `board` (a child of the board's parent,
    kept over it as it moves and resizes)."""

    def __init__(self, board: QWidget) -> None:
        super().__init__(board.parentWidget())
        self._board = board
        self.setObjectName("banner")
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setWordWrap(True)
        self.setTextFormat(Qt.TextFormat.RichText)  # players' names come escaped
        self.setStyleSheet("background: rgba(243, 226, 160, 235); color: #222;"
                           "font-weight: bold; padding: 6px 12px; font-size: 14px;"
                           "border: 1px solid #8a7a40; border-radius: 6px;")
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self.hide)
        board.installEventFilter(self)
        self.hide()

    def say(self, text: str, lasting: bool = False) -> None:
        """Show `text` (rich text allowed) over the board: for a few seconds (clicks go
        through it to the board), or until the next call or a click on it when `lasting`;
        an empty text hides the banner."""
        self._timer.stop()
        self.setText(text)
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents, not lasting)
        self.setToolTip("Click to put this away" if lasting else "")
        if not text:
            self.hide()
            return
        self._place()
        self.show()
        self.raise_()
        if not lasting:
            self._timer.start(EVENT_MS)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        self.hide()
        event.accept()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self._board and event.type() in (QEvent.Type.Resize, QEvent.Type.Move):
            self._place()
        return False

    def _place(self) -> None:
        board = self._board.geometry()
        width = min(board.width() - 2 * MARGIN, max(240, self.sizeHint().width()))
        height = self.heightForWidth(width) if self.wordWrap() else self.sizeHint().height()
        self.setGeometry(board.x() + (board.width() - width) // 2, board.y() + MARGIN,
                         width, max(height, self.sizeHint().height()))
