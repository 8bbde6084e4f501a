"""The board pane: the game's board view and, beside it, the owners/heights map where the
game has one (as pbmserv's two summaries sit beside its board).

It builds the views from the game's desk entry (`desktop.games`), one set per kind of game
(a new game of the same kind reuses them), passes the view's signals on to the window, and
carries out the window's board commands on whatever view is there.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import Qt
from PySide6.QtGui import QImage
from PySide6.QtWidgets import (QHBoxLayout, QLabel, QLineEdit, QPushButton, QSplitter,
                               QVBoxLayout, QWidget)

from megalith.desktop.games import GameDesk
from megalith.desktop.games.desk import GameViews
from megalith.desktop.views.base import BoardControls


class BoardPane(QSplitter):
    """The board view and the map side by side; `play(move)` gets the moves chosen by
    pointing at either, `hint(text)` what they say about the pointer."""

    def __init__(self, play: Callable[[str], object], hint: Callable[[str], None],
                 parent: QWidget | None = None) -> None:
        super().__init__(Qt.Orientation.Horizontal, parent)
        self.setObjectName("board_pane")
        self.setChildrenCollapsible(False)
        self._play = play
        self._hint = hint
        self.desk: GameDesk | None = None
        self.views: GameViews | None = None

    def set_desk(self, entry: GameDesk) -> bool:
        """Shows the views of the game `entry` is the desk of; returns whether they were
        made anew (they stay for a game of the same kind)."""
        if self.views is not None and entry == self.desk:
            return False
        if self.views is not None:
            for old in (self.views.board_widget, self.views.map_widget):
                if old is not None:
                    old.setParent(None)
                    old.deleteLater()
        views = entry.build(self)
        views.board.moveChosen.connect(self._play)
        views.board.hint.connect(self._hint)
        self.addWidget(views.board_widget)
        self.setStretchFactor(0, 2)
        if views.map is not None and views.map_widget is not None:
            self.addWidget(views.map_widget)
            self.setStretchFactor(1, 1)
            self.setSizes([650, 350])  # proportions: the board gets most
            views.map.hint.connect(self._hint)
            views.map.moveChosen.connect(self._play)
        self.desk, self.views = entry, views
        return True

    @property
    def board(self) -> BoardControls | None:
        return self.views.board if self.views is not None else None

    @property
    def has_map(self) -> bool:
        return self.views is not None and self.views.map_widget is not None

    def show_map(self, on: bool) -> None:
        if self.views is not None and self.views.map_widget is not None:
            self.views.map_widget.setVisible(on)

    @property
    def map_shown(self) -> bool:
        """Whether the owners/heights map is beside the board."""
        return (self.views is not None and self.views.map_widget is not None
                and not self.views.map_widget.isHidden())

    # ---- the board commands, on whatever view is there --------------------------------

    def reset_camera(self, animate: bool = True) -> None:
        if self.board is not None:
            self.board.reset_camera(animate)

    def top_view(self) -> None:
        if self.board is not None:
            self.board.top_view()

    def turn(self, quarters: int) -> None:
        if self.board is not None:
            self.board.turn(quarters)

    def set_show_heights(self, on: bool) -> None:
        if self.board is not None:
            self.board.set_show_heights(on)

    def set_lintel_mode(self, on: bool) -> None:
        if self.board is not None:
            self.board.set_lintel_mode(on)

    def show_suggestions(self, suggestions: Sequence[tuple[str, float]]) -> None:
        if self.board is not None:
            self.board.show_suggestions(suggestions)

    def grab_image(self) -> QImage | None:
        return self.board.grab_image() if self.board is not None else None


def board_column(pane: BoardPane, words: QLabel, move_line: QLineEdit,
                 play: Callable[[], None]) -> QWidget:
    """The board, the pointer's words under it and the "Move:" line with its Play button, as
    the main window and the puzzle window show them; Enter or Play calls `play`."""
    move_line.returnPressed.connect(play)
    play_button = QPushButton("Play")
    play_button.clicked.connect(play)
    line = QHBoxLayout()
    line.addWidget(QLabel("Move:"))
    line.addWidget(move_line, stretch=1)
    line.addWidget(play_button)
    column_widget = QWidget()
    column = QVBoxLayout(column_widget)
    column.setContentsMargins(0, 0, 0, 0)
    column.addWidget(pane, stretch=1)
    column.addWidget(words)
    column.addLayout(line)
    return column_widget
