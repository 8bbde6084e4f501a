"""The board as an image to keep or share: the view's pixels with an optional caption strip
below them (game and options, players, the move shown, the result)."""

from __future__ import annotations

from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QImage, QPainter

from megalith.desktop.game.session import Session

CAPTION_BACKGROUND = QColor(250, 247, 238)
CAPTION_TEXT = QColor(30, 30, 30)
PADDING = 8


def caption_lines(session: Session, title: str) -> list[str]:
    """`Druid -size=8`, `V alice - H bob`, `after move 12 of 30: V played c3` or `start`,
    and the result when the position shown ends the game."""
    players = "  -  ".join(f"{session.side_name(side)} {session.name(side)}"
                           for side in session.sides)
    if session.viewed == 0:
        where = f"start position ({session.ply} moves in the game)"
    else:
        mover = session.mover_of(session.viewed)
        where = (f"after move {session.viewed} of {session.ply}: {session.side_name(mover)} played "
                 f"{session.last_move_shown}")
    lines = [title, players, where]
    result = session.result_text()
    if result:
        lines.append(result)
    return lines


def with_caption(board: QImage, lines: list[str]) -> QImage:
    """The board image with the lines written in a strip under it, as wide as the board."""
    font = QFont()
    font.setPixelSize(14)
    metrics = QFontMetrics(font)
    ratio = board.devicePixelRatio()
    width = round(board.width() / ratio)
    line_height = metrics.height()
    strip = PADDING * 2 + line_height * len(lines)
    image = QImage(round(width * ratio), round((board.height() / ratio + strip) * ratio),
                   QImage.Format.Format_RGB32)
    image.setDevicePixelRatio(ratio)
    image.fill(CAPTION_BACKGROUND)
    painter = QPainter(image)
    painter.drawImage(0, 0, board)
    painter.setFont(font)
    painter.setPen(CAPTION_TEXT)
    top = round(board.height() / ratio) + PADDING
    for k, line in enumerate(lines):
        text = metrics.elidedText(line, Qt.TextElideMode.ElideRight, width - 2 * PADDING)
        painter.drawText(QRect(PADDING, top + k * line_height, width - 2 * PADDING,
                               line_height), Qt.AlignmentFlag.AlignLeft, text)
    painter.end()
    return image
