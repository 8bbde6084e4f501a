"""The lines of the game (a tab under the move table): the main line and its variations as
a tree (each variation under the line it parts from), the line on screen in bold; clicking a
line shows it, and two buttons make the line on screen the main line or delete it."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (QHBoxLayout, QPushButton, QTreeWidget, QTreeWidgetItem,
                               QVBoxLayout, QWidget)

from megalith.rules import variations
from megalith.rules.record import Record

from megalith.desktop.game.session import Session

SHOWN_MOVES = 4  # of a variation, in its line of the tree


def line_text(record: Record, line: int) -> str:
    """'Main line: 23 moves' or '2. from move 4: d4 e5 f6 a1 ... (7 moves)'."""
    if line == 0:
        count = len(record.moves)
        return f"Main line: {count} move{'s' if count != 1 else ''}"
    moves = variations.own_moves(record, line)
    shown = " ".join(moves[:SHOWN_MOVES]) + (" ..." if len(moves) > SHOWN_MOVES else "")
    total = f" ({len(moves)} moves)" if len(moves) > SHOWN_MOVES else ""
    return f"{line}. from move {variations.start(record, line) + 1}: {shown}{total}"


class LinesBox(QWidget):
    lineSelected = Signal(int)
    promoteRequested = Signal()
    deleteRequested = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("lines")
        self.tree = QTreeWidget()
        self.tree.setHeaderHidden(True)
        self.tree.setMaximumHeight(5 * self.tree.fontMetrics().lineSpacing() + 14)
        self.tree.itemClicked.connect(self._clicked)
        self.promote_button = QPushButton("Make main line")
        self.promote_button.setToolTip("The line on screen becomes the game's main line; the "
                                       "moves it replaces become a variation")
        self.promote_button.clicked.connect(self.promoteRequested)
        self.delete_button = QPushButton("Delete variation")
        self.delete_button.setToolTip("Delete the variation on screen (and the variations "
                                      "that part from it)")
        self._line = 0  # the line on screen
        self.delete_button.clicked.connect(lambda: self.deleteRequested.emit(self._line))
        buttons = QHBoxLayout()
        buttons.addWidget(self.promote_button)
        buttons.addWidget(self.delete_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(2, 2, 2, 2)
        layout.addWidget(self.tree)
        layout.addLayout(buttons)
        self._shape: tuple[tuple[int, int], ...] | None = None
        self._items: list[QTreeWidgetItem] = []

    def show_lines(self, session: Session) -> bool:
        """Shows the session's lines. The tree is built again only when its shape (which
        line parts from which, where) changed, and otherwise gets the new texts; returns
        whether the shape or the line on screen changed."""
        record = session.record
        shape = tuple((v.parent, v.ply) for v in record.variations)
        rebuilt = shape != self._shape
        if rebuilt:
            self._shape = shape
            self.tree.clear()
            self._items = []
            for line in range(variations.count(record)):
                item = QTreeWidgetItem()
                if line == 0:
                    self.tree.addTopLevelItem(item)
                else:
                    self._items[variations.parent(record, line)].addChild(item)
                self._items.append(item)
            self.tree.expandAll()
        for line, item in enumerate(self._items):
            text = line_text(record, line)
            if item.text(0) != text:
                item.setText(0, text)
        moved = rebuilt or session.line != self._line
        if moved:
            self._line = session.line
            for line, item in enumerate(self._items):
                font = item.font(0)
                font.setBold(line == session.line)
                item.setFont(0, font)
            self.tree.setCurrentItem(self._items[session.line])
            self.promote_button.setEnabled(session.line != 0)
            self.delete_button.setEnabled(session.line != 0)
        return moved

    def _clicked(self, item: QTreeWidgetItem) -> None:
        self.lineSelected.emit(self._items.index(item))
