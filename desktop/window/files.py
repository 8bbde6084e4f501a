"""The window's files: opening and saving records, exporting and copying the board image,
the recent files, and asking before unsaved changes are lost.

Dialogs that need an answer go through QFileDialog's and QMessageBox's static functions
(tests replace them), with the window as their parent.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtGui import QGuiApplication, QImage
from PySide6.QtWidgets import QFileDialog, QMenu, QMessageBox, QWidget

from megalith.rules.protocol import OptionError
from megalith.rules.record import RecordError

from megalith.desktop import settings
from megalith.desktop.assets import OPEN_FILTER, RECORD_SUFFIX, SAVE_FILTER
from megalith.desktop.game.controller import GameController
from megalith.desktop.game.session import Session
from megalith.desktop.window.board_image import caption_lines, with_caption
from megalith.desktop.window.board_pane import BoardPane


def sentence(text: str) -> str:
    """The text ended as a sentence (a reason from the rules has no full stop), so that
    another sentence may follow it."""
    return text if text.endswith((".", "!", "?")) else text + "."


class RecordFiles:
    """The File menu's work: the records go through `controller`, the images come from
    `board` (with a caption while `caption()` says so), the last folder and the recent
    files are kept in `store`, and `say(text)` tells the player what happened. The dialogs
    are `parent`'s."""

    def __init__(self, parent: QWidget, controller: GameController, board: BoardPane,
                 store: QSettings, say: Callable[[str], None],
                 caption: Callable[[], bool]) -> None:
        self._parent = parent
        self._controller = controller
        self._board = board
        self._store = store
        self._say = say
        self._caption = caption

    def open_file(self, path: str | Path | None = None) -> bool:
        """Opens a record. A file that cannot be read or replayed gives a dialog with the
        line and the reason, and the game on screen stays as it was; a good one replaces
        it once the user has saved or discarded unsaved changes."""
        asked = False
        if path is None:
            if not self.maybe_discard():  # ask before the player spends time choosing
                return False
            asked = True
            path, _ = QFileDialog.getOpenFileName(self._parent, "Open a game record",
                                                  self.last_dir(), OPEN_FILTER)
            if not path:
                return False
        path = Path(path)
        try:
            session = Session.load(path)
        except (RecordError, OptionError) as exc:
            QMessageBox.warning(self._parent, "Cannot open the record", f"{path.name}: {exc}")
            self._say(f"{path.name} was not opened: {sentence(str(exc))}")
            return False
        except OSError as exc:
            QMessageBox.warning(self._parent, "Cannot open the record",
                                f"{path.name}: {exc.strerror or exc}")
            self._say(f"{path.name} was not opened: {sentence(str(exc.strerror or exc))}")
            settings.remove_recent_file(self._store, str(path.resolve()))
            return False
        if not asked and not self.maybe_discard():
            return False
        self._controller.opened(session, path)
        self._remember_file(path)
        return True

    def save(self) -> bool:
        session = self._controller.session
        if session is None:
            return False
        if session.path is None:
            return self.save_as()
        return self._write(session.path)

    def save_as(self, path: str | Path | None = None) -> bool:
        session = self._controller.session
        if session is None:
            return False
        if path is None:
            default = str(Path(self.last_dir()) / f"{session.game}{RECORD_SUFFIX}")
            chosen, _ = QFileDialog.getSaveFileName(self._parent, "Save the game", default,
                                                    SAVE_FILTER)
            if not chosen:
                return False
            path = chosen
        return self._write(Path(path))

    def _write(self, path: Path) -> bool:
        try:
            self._controller.save(path)
        except OSError as exc:
            QMessageBox.warning(self._parent, "Cannot save", f"{path}: {exc.strerror or exc}")
            return False
        self._remember_file(path)
        return True

    def board_image(self) -> QImage | None:
        """The board as drawn, with its caption when Caption is on."""
        session = self._controller.session
        image = self._board.grab_image() if session is not None else None
        if image is None or session is None:
            return None
        if self._caption():
            image = with_caption(image, caption_lines(session, self._controller.title()))
        return image

    def export_image(self, path: str | Path | None = None) -> bool:
        """Saves the board as a PNG (with its caption when Caption is on)."""
        image = self.board_image()
        if image is None:
            return False
        if path is None:
            session = self._controller.session
            stem = session.game if session else "board"
            default = str(Path(self.last_dir()) / f"{stem}.png")
            chosen, _ = QFileDialog.getSaveFileName(self._parent, "Export the board as an image",
                                                    default, "PNG images (*.png)")
            if not chosen:
                return False
            path = chosen
        path = Path(path)
        if path.suffix.lower() != ".png":
            path = path.with_suffix(".png")
        if not image.save(str(path)):  # PNG, from the suffix
            QMessageBox.warning(self._parent, "Cannot export", f"Could not write {path}")
            return False
        self._store.setValue("lastDir", str(path.parent))
        self._say(f"Exported the board to {path.name}.")
        return True

    def copy_image(self) -> bool:
        """Puts the board image on the clipboard."""
        image = self.board_image()
        if image is None:
            return False
        QGuiApplication.clipboard().setImage(image)
        self._say("Copied the board image to the clipboard.")
        return True

    def last_dir(self) -> str:
        """The folder the file dialogs open in: the last one a record or image went to."""
        return str(self._store.value("lastDir", str(Path.home())))

    def _remember_file(self, path: Path) -> None:
        self._store.setValue("lastDir", str(path.resolve().parent))
        settings.add_recent_file(self._store, str(path))

    def fill_recent_menu(self, menu: QMenu) -> None:
        """Fills File > Open recent as it opens."""
        menu.clear()
        files = settings.recent_files(self._store)
        for file in files:
            action = menu.addAction(Path(file).name)
            action.setToolTip(file)
            action.triggered.connect(lambda _=False, f=file: self.open_file(f))
        if not files:
            menu.addAction("(none)").setEnabled(False)

    def maybe_discard(self) -> bool:
        """True when the game on screen may be replaced: it is saved, or the user saved it
        or chose to discard it now."""
        session = self._controller.session
        if session is None or not session.modified:
            return True
        name = session.path.name if session.path else "this game"
        answer = QMessageBox.question(
            self._parent, "Unsaved game", f"Save the changes to {name} first?",
            QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard
            | QMessageBox.StandardButton.Cancel, QMessageBox.StandardButton.Save)
        if answer == QMessageBox.StandardButton.Save:
            return self.save()
        if answer == QMessageBox.StandardButton.Discard:
            # (the game stays marked unsaved: if the player then cancels the new game or
            # the file dialog, closing still asks)
            return True
        return False
