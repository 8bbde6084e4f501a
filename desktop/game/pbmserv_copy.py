"""Game > Copy move for pbmserv: the mail line for the move just made, on the clipboard
(rules.pbmserv_mail writes it). The user id is the name of the seat that made the move, the
board number comes from the file's name when it is a pbmserv board file. The password is
asked for and never written anywhere; it stays in memory until Megalith closes only if the
player ticks the box, and an empty answer leaves the placeholder PASSWORD in the line."""

from __future__ import annotations

from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (QCheckBox, QDialog, QDialogButtonBox, QLabel, QLineEdit,
                               QVBoxLayout, QWidget)

from megalith.rules.pbmserv_mail import PASSWORD, board_number, move_line

from megalith.desktop.game.session import Session


class PasswordDialog(QDialog):
    def __init__(self, userid: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("pbmserv password")
        explain = QLabel(f"The password of {userid} on pbmserv, for the mail line. Leave it "
                         f"empty to get {PASSWORD} in the line and replace it in your mail.")
        explain.setWordWrap(True)
        self.password = QLineEdit()
        self.password.setEchoMode(QLineEdit.EchoMode.Password)
        self.remember = QCheckBox("Remember it until Megalith closes (it is never saved)")
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        for widget in (explain, self.password, self.remember, buttons):
            layout.addWidget(widget)


class MoveMailer:
    """Copies mail lines; holds the password the player asked it to remember (in memory)."""

    def __init__(self) -> None:
        self._passwords: dict[str, str] = {}  # user id -> password, for this run only

    def copy(self, session: Session, parent: QWidget | None = None) -> str:
        """Puts the mail line on the clipboard; returns what the status bar says (the line
        without its password)."""
        made = session.last_move_made()
        if made is None:
            return "No move has been made yet: there is nothing to mail to pbmserv."
        move, side = made
        userid = session.name(side)
        password = self._passwords.get(userid)
        if password is None:
            dialog = PasswordDialog(userid, parent)
            if dialog.exec() != QDialog.DialogCode.Accepted:
                return "Nothing copied."
            password = dialog.password.text()
            if password and dialog.remember.isChecked():
                self._passwords[userid] = password
        board = board_number(session.path)
        QGuiApplication.clipboard().setText(
            move_line(session.game, board, userid, password or None, move))
        shown = move_line(session.game, board, userid, "*****" if password else None, move)
        return f"Copied for pbmserv: {shown}" + (
            "" if board else " (replace BOARD with the board number)")
