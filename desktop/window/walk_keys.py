"""Left, Right, Home and End walk the moves even while the Move line has the focus, as long
as it is empty (it has the focus at the start and after every typed move). A line edit
claims those keys for its cursor before any shortcut sees them, so they are caught here,
before the line edit, and given to the window's actions; once the player has typed
something they move the cursor again."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QAction, QKeyEvent
from PySide6.QtWidgets import QLineEdit


class WalkKeys(QObject):
    """An event filter on `line` that triggers `actions[key]` for these keys while the line
    is empty."""

    def __init__(self, line: QLineEdit, actions: dict[Qt.Key, QAction]) -> None:
        super().__init__(line)
        self._line = line
        self._actions = actions
        line.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (watched is not self._line or event.type() != QEvent.Type.KeyPress
                or self._line.text()):
            return False
        assert isinstance(event, QKeyEvent)
        action = self._actions.get(Qt.Key(event.key()))
        plain = event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
        if action is None or plain != Qt.KeyboardModifier.NoModifier:
            return False
        if action.isEnabled():
            action.trigger()
        return True
