"""The new-game dialog: the game, every option of its challenge command, the number of
players where the game allows a choice, and each player's name and colour.

Every change is checked at once by building the game with the engine's own factory, so an
impossible combination is refused in the dialog with the engine's reason, and the side
letters shown beside the names are the engine's.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from PySide6.QtGui import QColor
from PySide6.QtWidgets import (QCheckBox, QColorDialog, QComboBox, QDialog, QDialogButtonBox,
                               QFormLayout, QGridLayout, QGroupBox, QHBoxLayout, QLabel,
                               QLineEdit, QPushButton, QSpinBox, QVBoxLayout, QWidget)

from megalith.rules import registry
from megalith.rules.protocol import OptionError, OptionSpec
from megalith.rules.registry import GameInfo

from megalith.desktop.games import has_desk
from megalith.desktop.game.session import Colour, GameChoice
from megalith.desktop.settings import default_colour

DEFAULT_NAMES = ("alice", "bob", "carol", "dave")
BAD_NAME = re.compile(r"[\s()\\]")
NO_LIMIT = 999


# Who can sit at a seat: a person, or the computer at a level (rules.ai.levels.NAMED).
SEAT_KINDS = (("Person", ""), ("Computer, easy (0.3 s)", "easy"),
              ("Computer, medium (1 s)", "medium"), ("Computer, hard (4 s)", "hard"))


class _PlayerRow:
    """One seat: its side letter, the person's name, the colour button and who plays it."""

    def __init__(self, seat: int, grid: QGridLayout, changed: Callable[[], object]) -> None:
        self.side = QLabel()
        self.name = QLineEdit(DEFAULT_NAMES[seat])
        self.name.setObjectName(f"name_{seat}")
        self.name.textChanged.connect(changed)
        self.button = QPushButton("Colour")
        self.button.setObjectName(f"colour_{seat}")
        self.button.clicked.connect(self.pick_colour)
        self.colour: Colour = default_colour("", seat)
        self.custom = False  # a colour the user chose survives changes of game
        self.who = QComboBox()
        self.who.setObjectName(f"who_{seat}")
        for text, level in SEAT_KINDS:
            self.who.addItem(text, level)
        for column, widget in enumerate((self.side, self.name, self.button, self.who)):
            grid.addWidget(widget, seat, column)

    def set_visible(self, visible: bool) -> None:
        for widget in (self.side, self.name, self.button, self.who):
            widget.setVisible(visible)

    @property
    def computer(self) -> str:
        return str(self.who.currentData() or "")

    def set_computer(self, level: str) -> None:
        self.who.setCurrentIndex(max(0, self.who.findData(level)))

    def set_colour(self, colour: Colour, custom: bool) -> None:
        self.colour = (colour[0], colour[1], colour[2])
        self.custom = custom
        r, g, b = self.colour
        self.button.setStyleSheet(f"background-color: rgb({r},{g},{b});"
                                  f"color: {'black' if r + g + b > 380 else 'white'};")

    def pick_colour(self) -> None:
        chosen = QColorDialog.getColor(QColor(*self.colour), self.button, "Player colour")
        if chosen.isValid():
            self.set_colour((chosen.red(), chosen.green(), chosen.blue()), custom=True)


class NewGameDialog(QDialog):
    def __init__(self, previous: GameChoice | None = None, parent: QWidget | None = None
                 ) -> None:
        super().__init__(parent)
        self.setWindowTitle("New game")
        # the games with both an engine and a place on the desk
        self.games: list[GameInfo] = [info for info in registry.available()
                                      if has_desk(info.name)]
        self.option_widgets: dict[str, QCheckBox | QSpinBox] = {}
        layout = QVBoxLayout(self)

        form = QFormLayout()
        self.game_combo = QComboBox()
        for info in self.games:
            self.game_combo.addItem(info.title, info.name)
        form.addRow("Game", self.game_combo)
        self.count_spin = QSpinBox()
        form.addRow("Players", self.count_spin)
        layout.addLayout(form)

        self.options_box = QGroupBox("Options")
        self.options_form = QFormLayout(self.options_box)
        layout.addWidget(self.options_box)

        people = QGroupBox("People")
        grid = QGridLayout(people)
        most = max((info.max_players for info in self.games), default=2)
        self.rows = [_PlayerRow(seat, grid, self.validate) for seat in range(most)]
        layout.addWidget(people)

        self.error_label = QLabel()
        self.error_label.setObjectName("error")
        self.error_label.setWordWrap(True)
        self.error_label.setStyleSheet("color: #b00000;")
        layout.addWidget(self.error_label)

        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                        | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)

        self.game_combo.currentIndexChanged.connect(self._game_changed)
        self.count_spin.valueChanged.connect(self.validate)
        self._sides: tuple[str, ...] = ()
        self._side_names: dict[str, str] = {}
        self._restore(previous)

    # ---- building the form ----------------------------------------------------------

    @property
    def info(self) -> GameInfo:
        return self.games[self.game_combo.currentIndex()]

    def _restore(self, previous: GameChoice | None) -> None:
        index = self.game_combo.findData(previous.game) if previous else -1
        self.game_combo.blockSignals(True)
        self.game_combo.setCurrentIndex(max(index, 0))
        self.game_combo.blockSignals(False)
        self._build_options()
        if previous is not None and index >= 0:
            try:
                self._apply_parameters(self.info.parse_parameters(previous.parameters))
            except OptionError:
                pass  # an option an older version knew: keep the defaults
            self.count_spin.setValue(len(previous.players) or self.info.min_players)
            for row, name, colour in zip(self.rows, previous.players, previous.colours):
                row.name.setText(name)
                row.set_colour(colour, custom=True)
            for row, level in zip(self.rows, previous.computers):
                row.set_computer(level)
        self.validate()

    def _game_changed(self) -> None:
        self._build_options()
        self.validate()

    def _build_options(self) -> None:
        while self.options_form.rowCount():
            self.options_form.removeRow(0)
        self.option_widgets = {}
        for spec in self.info.options:
            widget = self._option_widget(spec)
            widget.setToolTip(spec.help)
            widget.setObjectName(f"option_{spec.name}")
            self.option_widgets[spec.name] = widget
            label = QLabel(f"-{spec.name}")
            label.setToolTip(spec.help)
            self.options_form.addRow(label, self._described(widget, spec))
        self.options_box.setVisible(bool(self.info.options))
        info = self.info
        self.count_spin.blockSignals(True)
        self.count_spin.setRange(info.min_players, info.max_players)
        self.count_spin.setValue(info.min_players)
        self.count_spin.setEnabled(info.min_players < info.max_players)
        self.count_spin.blockSignals(False)

    @staticmethod
    def _described(widget: QCheckBox | QSpinBox, spec: OptionSpec) -> QWidget:
        """A check box says what it does in its own text; a number gets its description
        written beside it (object name `about_NAME`)."""
        if isinstance(widget, QCheckBox):
            return widget
        row = QWidget()
        line = QHBoxLayout(row)
        line.setContentsMargins(0, 0, 0, 0)
        about = QLabel(spec.help)
        about.setObjectName(f"about_{spec.name}")
        about.setWordWrap(True)
        line.addWidget(widget)
        line.addWidget(about, 1)
        return row

    def _option_widget(self, spec: OptionSpec) -> QCheckBox | QSpinBox:
        if spec.kind == "flag":
            box = QCheckBox(spec.help)
            box.toggled.connect(self.validate)
            return box
        spin = QSpinBox()
        low = spec.minimum if spec.minimum is not None else 1
        # One below the minimum means "not given": the engine applies its own default,
        # which may depend on other options (Druid's size on -hex and -y).
        spin.setRange(low - 1, spec.maximum if spec.maximum is not None else NO_LIMIT)
        spin.setSpecialValueText("default")
        spin.setValue(low - 1)
        spin.valueChanged.connect(self.validate)
        return spin

    def _apply_parameters(self, options: dict[str, int | bool]) -> None:
        for name, value in options.items():
            widget = self.option_widgets.get(name)
            if isinstance(widget, QCheckBox):
                widget.setChecked(bool(value))
            elif isinstance(widget, QSpinBox):
                widget.setValue(int(value))

    # ---- reading and checking ---------------------------------------------------------

    def options(self) -> dict[str, int | bool]:
        """The options the user gave, as the registry's factory takes them."""
        options: dict[str, int | bool] = {}
        for name, widget in self.option_widgets.items():
            if isinstance(widget, QCheckBox):
                if widget.isChecked():
                    options[name] = True
            elif widget.value() != widget.minimum():
                options[name] = widget.value()
        return options

    def validate(self) -> bool:
        """Checks the whole choice, shows the reason for a refusal, enables OK."""
        count = self.count_spin.value()
        error = ""
        try:
            state = self.info.new(self.options(), count)
            self._sides = state.sides
            self._side_names = {side: state.side_name(side) for side in state.sides}
        except OptionError as exc:
            error = str(exc)  # the side letters of the last valid choice stay on show
        for seat, row in enumerate(self.rows):
            row.set_visible(seat < count)
            side = self._sides[seat] if seat < len(self._sides) else ""
            row.side.setText(self._side_names.get(side, side) or f"Player {seat + 1}")
            if not row.custom:
                row.set_colour(default_colour(side, seat), custom=False)
        if not error:
            error = self._name_problem(count)
        self.error_label.setText(error)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(not error)
        return not error

    def _name_problem(self, count: int) -> str:
        names = [row.name.text().strip() for row in self.rows[:count]]
        for seat, name in enumerate(names):
            if not name:
                return f"Player {seat + 1} needs a name"
            if BAD_NAME.search(name):
                return f"{name!r}: a name is one word without brackets or backslashes"
        if len(set(names)) != len(names):
            return "Each player needs a different name"
        return ""

    @property
    def error(self) -> str:
        return self.error_label.text()

    def choice(self) -> GameChoice:
        count = self.count_spin.value()
        computers = [row.computer for row in self.rows[:count]]
        return GameChoice(
            game=self.info.name,
            parameters=registry.format_parameters(self.options()),
            players=[row.name.text().strip() for row in self.rows[:count]],
            colours=[row.colour for row in self.rows[:count]],
            computers=computers if any(computers) else [])

    def accept(self) -> None:
        if self.validate():
            super().accept()
