"""The window's files: opening and saving records, exporting and copying the board image,
the recent files, and asking before unsaved changes are lost.

Dialogs that need an answer go through QFileDialog's and QMessageBox's static functions
(tests replace them), with the window as their parent.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtGui import QGuiApplication, QImage
from PySide6.QtWidgets import QFileDialog, QMessageBox

from megalith.rules.protocol import OptionError
from megalith.rules.record import RecordError

from megalith.desktop import settings
from megalith.desktop.assets import OPEN_FILTER, RECORD_SUFFIX, SAVE_FILTER
from megalith.desktop.window.board_image import caption_lines, with_caption
from megalith.desktop.game.session import Session

if TYPE_CHECKING:
    from megalith.desktop.window.main_window import MainWindow


class RecordFiles:
    """The File menu's work for `window`."""

    def __init__(self, window: MainWindow) -> None:
        self.window = window

    def open_file(self, path: str | Path | None = None) -> bool:
        """Opens a record. A file that cannot be read or replayed gives a dialog with the
        line and the reason, and the game on screen stays as it was; a good one replaces
        it once the user has saved or discarded unsaved changes."""
        window = self.window
        asked = False
        if path is None:
            if not self.maybe_discard():  # ask before the player spends time choosing
                return False
            asked = True
            path, _ = QFileDialog.getOpenFileName(window, "Open a game record",
                                                  self.last_dir(), OPEN_FILTER)
            if not path:
                return False
        path = Path(path)
        try:
            session = Session.load(path)
        except (RecordError, OptionError) as exc:
            QMessageBox.warning(window, "Cannot open the record", f"{path.name}: {exc}")
            window.say(f"{path.name} was not opened: {exc}")
            return False
        except OSError as exc:
            QMessageBox.warning(window, "Cannot open the record",
                                f"{path.name}: {exc.strerror or exc}")
            window.say(f"{path.name} was not opened: {exc.strerror or exc}")
            settings.remove_recent_file(window.settings, str(path.resolve()))
            return False
        if not asked and not self.maybe_discard():
            return False
        window.controller.opened(session, path)
        self._remember_file(path)
        return True

    def save(self) -> bool:
        session = self.window.session
        if session is None:
            return False
        if session.path is None:
            return self.save_as()
        return self._write(session.path)

    def save_as(self, path: str | Path | None = None) -> bool:
        session = self.window.session
        if session is None:
            return False
        if path is None:
            default = str(Path(self.last_dir()) / f"{session.game}{RECORD_SUFFIX}")
            chosen, _ = QFileDialog.getSaveFileName(self.window, "Save the game", default,
                                                    SAVE_FILTER)
            if not chosen:
                return False
            path = chosen
        return self._write(Path(path))

    def _write(self, path: Path) -> bool:
        try:
            self.window.controller.save(path)
        except OSError as exc:
            QMessageBox.warning(self.window, "Cannot save", f"{path}: {exc.strerror or exc}")
            return False
        self._remember_file(path)
        return True

    def board_image(self) -> QImage | None:
        """The board as drawn, with its caption when Caption is on."""
        window = self.window
        image = window.board_split.grab_image() if window.session is not None else None
        if image is None or window.session is None:
            return None
        if window.commands.caption_action.isChecked():
            image = with_caption(image, caption_lines(window.session, window.controller.title()))
        return image

    def export_image(self, path: str | Path | None = None) -> bool:
        """Saves the board as a PNG (with its caption when Caption is on)."""
        window = self.window
        image = self.board_image()
        if image is None:
            return False
        if path is None:
            stem = window.session.game if window.session else "board"
            default = str(Path(self.last_dir()) / f"{stem}.png")
            chosen, _ = QFileDialog.getSaveFileName(window, "Export the board as an image",
                                                    default, "PNG images (*.png)")
            if not chosen:
                return False
            path = chosen
        path = Path(path)
        if path.suffix.lower() != ".png":
            path = path.with_suffix(".png")
        if not image.save(str(path)):  # PNG, from the suffix
            QMessageBox.warning(window, "Cannot export", f"Could not write {path}")
            return False
        window.settings.setValue("lastDir", str(path.parent))
        window.say(f"Exported the board to {path.name}.")
        return True

    def copy_image(self) -> bool:
        """Puts the board image on the clipboard."""
        image = self.board_image()
        if image is None:
            return False
        QGuiApplication.clipboard().setImage(image)
        self.window.say("Copied the board image to the clipboard.")
        return True

    def last_dir(self) -> str:
        """The folder the file dialogs open in: the last one a record or image went to."""
        return str(self.window.settings.value("lastDir", str(Path.home())))

    def _remember_file(self, path: Path) -> None:
        self.window.settings.setValue("lastDir", str(path.resolve().parent))
        settings.add_recent_file(self.window.settings, str(path))

    def fill_recent_menu(self) -> None:
        menu = self.window.commands.recent_menu
        menu.clear()
        files = settings.recent_files(self.window.settings)
        for file in files:
            action = menu.addAction(Path(file).name)
            action.setToolTip(file)
            action.triggered.connect(lambda _=False, f=file: self.open_file(f))
        if not files:
            menu.addAction("(none)").setEnabled(False)

    def maybe_discard(self) -> bool:
        """True when the game on screen may be replaced: it is saved, or the user saved it
        or chose to discard it now."""
        session = self.window.session
        if session is None or not session.modified:
            return True
        name = session.path.name if session.path else "this game"
        answer = QMessageBox.question(
            self.window, "Unsaved game", f"Save the changes to {name} first?",
            QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard
            | QMessageBox.StandardButton.Cancel, QMessageBox.StandardButton.Save)
        if answer == QMessageBox.StandardButton.Save:
            return self.save()
        if answer == QMessageBox.StandardButton.Discard:
            # (the game stays marked unsaved: if the player then cancels the new game or
            # the file dialog, closing still asks)
            return True
        return False
