"""The banner over the top left corner of the board: what the last move did (captures, a
figure entering, a sub-game won, a forced pass, a swap) for a few seconds, and the result
for as long as the finished position is on screen, or until a click puts it away (it would
otherwise hide part of the board for good). It floats over the board instead of taking a
row of the layout, so the board never changes size (nor the camera its framing) when it
comes and goes. It keeps to the corner, which the boards leave empty (the 3D view's
framing, Quadrant Y's triangle), not the top middle, where a board's top coordinate label
stands."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QLabel, QWidget

EVENT_MS = 6000  # how long a move's events stay over the board
MARGIN = 10  # pixels between the banner and the board's top and sides
MIN_WIDTH = 240  # the banner wraps its text at this width or the share of the board below
BOARD_SHARE = 0.4


class EventBanner(QLabel):
    """A label floating over the top left corner of `board` (a child of the board's
    parent, kept over it as it moves and resizes)."""

    def __init__(self, board: QWidget) -> None:
        super().__init__(board.parentWidget())
        self._board = board
        self.setObjectName("banner")
        self.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
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
        """One line as wide as the text where it fits in the corner (a share of the
        board), else wrapped at that width."""
        board = self._board.geometry()
        self.setWordWrap(False)
        one_line = self.sizeHint().width()
        self.setWordWrap(True)
        corner = max(MIN_WIDTH, round(board.width() * BOARD_SHARE))
        width = min(board.width() - 2 * MARGIN, one_line, corner)
        height = self.heightForWidth(width)
        self.setGeometry(board.x() + MARGIN, board.y() + MARGIN, width,
                         max(height, self.sizeHint().height()))
