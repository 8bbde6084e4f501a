"""The toy game's desk (tests/rules/toy_game.py): a sixth game plugged into the window with
nothing but its rules module and this module, to show that no shared table needs an edit.

Its view is a row of squares: a click on an empty square plays it, stones are drawn in their
side's colour."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeGuard

from PySide6.QtCore import QPoint, QRect, Signal
from PySide6.QtGui import QColor, QImage, QMouseEvent, QPainter, QPaintEvent
from PySide6.QtWidgets import QWidget

from megalith.desktop.games.desk import Desk
from tests.rules.toy_game import ToyState

RGB = tuple[int, int, int]
CELL = 60  # pixels per square
GROUND = QColor(90, 140, 90)


class RowView(QWidget):
    """The toy's board: squares a1, b1, .. from the left."""

    moveChosen = Signal(str)
    hint = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setMinimumSize(9 * CELL, CELL)
        self._cells: list[str | None] = []
        self._colours: dict[str, RGB] = {}
        self._legal: set[str] = set()

    def set_position(self, state: ToyState, colours: dict[str, RGB], legal: list[str] | None,
                     last_move: str | None, last_cells: Sequence[str] | None = None) -> None:
        self._cells = list(state.cells)
        self._colours = dict(colours)
        self._legal = set(legal or ())
        self.update()

    def _square(self, index: int) -> QRect:
        return QRect(index * CELL, 0, CELL - 2, CELL - 2)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        for index, side in enumerate(self._cells):
            colour = GROUND if side is None else QColor(*self._colours[side])
            painter.fillRect(self._square(index), colour)
        painter.end()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        name = f"{chr(97 + event.position().toPoint().x() // CELL)}1"
        if name in self._legal:
            self.moveChosen.emit(name)
        else:
            self.hint.emit(f"{name}: not a legal move")

    def cell_screen_pos(self, name: str) -> QPoint:
        return self._square(ord(name[0]) - 97).center()

    def grab_image(self) -> QImage:
        return self.grab().toImage()

    def cancel_pending(self) -> None: ...

    def reset_camera(self, animate: bool = True) -> None: ...

    def top_view(self) -> None: ...

    def turn(self, quarters: int) -> None: ...

    def set_show_heights(self, on: bool) -> None: ...

    def show_suggestions(self, suggestions: Sequence[tuple[str, float]]) -> None: ...

    def set_lintel_mode(self, on: bool) -> None: ...


def reads_row(state: object) -> TypeGuard[ToyState]:
    """The toy's contract is its own state: a row of cells."""
    return isinstance(state, ToyState)


DESK: Desk[ToyState] = Desk(name="toy", reads=reads_row, make_view=RowView,
                            move_examples="a1, pass")
