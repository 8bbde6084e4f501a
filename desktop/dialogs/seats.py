"""Game > Seats: who plays each seat of the game on the table, a person or the computer at
a level; changed at any time, the game going on.

A row per side in turn order, with the player's name; what the dialog returns is keyed by
person (the seat at the start of the game, as the controller's `computers`), so that a
swap, which gives the two people each other's colours, leaves every person's choice with
them.
"""

from __future__ import annotations

from PySide6.QtWidgets import (QComboBox, QDialog, QDialogButtonBox, QGridLayout, QLabel,
                               QVBoxLayout, QWidget)

from megalith.desktop.dialogs.new_game import SEAT_KINDS
from megalith.desktop.game.session import Seat


class SeatsDialog(QDialog):
    def __init__(self, seats: list[Seat], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Seats")
        self.seats = seats
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel("Who plays each side from now on:"))
        grid = QGridLayout()
        self.choices: list[QComboBox] = []
        for row, seat in enumerate(seats):
            choice = QComboBox()
            choice.setObjectName(f"seat_{seat.side}")
            for text, level in SEAT_KINDS:
                choice.addItem(text, level)
            index = choice.findData(seat.level)
            if index < 0:  # a level the list lacks (a number of iterations): keep it
                choice.addItem(f"Computer, {seat.level}", seat.level)
                index = choice.count() - 1
            choice.setCurrentIndex(index)
            grid.addWidget(QLabel(seat.who), row, 0)
            grid.addWidget(choice, row, 1)
            self.choices.append(choice)
        layout.addLayout(grid)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)

    def levels(self) -> dict[int, str]:
        """The computer's level by person, for the seats the computer plays."""
        return {seat.person: str(choice.currentData()) for seat, choice
                in zip(self.seats, self.choices) if choice.currentData()}
