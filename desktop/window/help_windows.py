"""The Help menu's windows: the rules of the game on the table, the desktop guide and the
About box. Help windows stay open beside the game (several at once), so they are kept
here until closed."""

from __future__ import annotations

from PySide6.QtWidgets import QMessageBox, QWidget

from megalith.rules import registry

from megalith.desktop.dialogs.about import about_text
from megalith.desktop.dialogs.help import HelpDialog, desktop_guide_text, page_text
from megalith.desktop.game.controller import GameController
from megalith.desktop.games import first_game


class WindowHelp:
    """The help windows over `parent`, about the game `controller` has on the table."""

    def __init__(self, parent: QWidget, controller: GameController) -> None:
        self._parent = parent
        self._controller = controller
        self._dialogs: list[HelpDialog] = []

    def show_rules(self) -> HelpDialog:
        """The rules of the game on the table (of the first game, before there is one)."""
        session = self._controller.session
        game = session.game if session else first_game()
        try:
            title = registry.get(game).title
        except registry.UnknownGameError:
            title = game
        return self._show(f"Rules of {title}", page_text(game, title))

    def show_guide(self) -> HelpDialog:
        return self._show("Playing Megalith", desktop_guide_text())

    def _show(self, title: str, text: str) -> HelpDialog:
        dialog = HelpDialog(title, text, self._parent)
        self._dialogs = [d for d in self._dialogs if d.isVisible()] + [dialog]
        dialog.show()
        return dialog

    def show_about(self) -> None:
        titles = [info.title for info in registry.available()]
        QMessageBox.about(self._parent, "About Megalith", about_text(titles))
