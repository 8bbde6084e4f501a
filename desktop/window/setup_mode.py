"""Set-up mode (Edit > Set up position): the ordinary board views show a position being set
up by hand (`desktop.game.setup_editor`), and a palette beside them chooses what a click on
the board does.

A click places a piece of the chosen kind and side on top of the cell (a lintel by its two
ends, as lintel moves are laid); a right-click, or a click with "Remove", takes the top piece
off. The side to move and the swap are chosen in the palette. The engine judges every change
and refuses what its rules cannot hold, with its reason in the status bar and nothing
changed. "Start from here" puts the new game on the table (after asking about unsaved
changes); "Cancel" leaves the game in progress as it was. The palette is built from what the
rules say of the game (`GameState.setup_kinds`): the window never tests a game's name.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import (QButtonGroup, QCheckBox, QComboBox, QDockWidget, QLabel,
                               QMainWindow, QPushButton, QRadioButton, QVBoxLayout, QWidget)

from megalith.desktop.game import autosave
from megalith.desktop.game.controller import GameController
from megalith.desktop.game.session import Session
from megalith.desktop.game.setup_editor import LINTEL, SetupEditor
from megalith.desktop.window.board_pane import BoardPane

REMOVE = "remove"  # the palette's eraser
KIND_WORDS = {"sarsen": "Sarsen", "lintel": "Lintel (click both ends)", "druid": "Druid figure",
              "cube": "Cube", "stone": "Stone"}
PIECE_WORDS = {"druid": "Druid figure"}  # in a sentence; the others are their kind's name


@runtime_checkable
class CellFinder(Protocol):
    """A board view that can tell which cell lies under a point (every board view can)."""

    def cell_at(self, x: float, y: float) -> str | None: ...


@dataclass(frozen=True)
class SetupParts:
    """What set-up mode works on: the window (which carries its dock), the controller that
    gets the new game, the board pane that shows the position, whether the game in progress
    may be replaced (`may_replace`, which asks about unsaved changes), the status bar's
    `say`, and `redraw` for the window once the mode ends."""

    window: QMainWindow
    controller: GameController
    board: BoardPane
    may_replace: Callable[[], bool]
    say: Callable[[str], None]
    redraw: Callable[[], None]


class SetupPanel(QWidget):
    """The palette: the kind of piece (or Remove), its side, who moves first, the swap, and
    Start from here / Cancel."""

    def __init__(self, editor: SetupEditor, side_words: Callable[[str], str]) -> None:
        super().__init__()
        layout = QVBoxLayout(self)
        words = QLabel("Click a cell to place a piece on top; right-click (or Remove) takes "
                       "the top piece off.")
        words.setWordWrap(True)
        layout.addWidget(words)
        self.kinds = QButtonGroup(self)
        for kind in (*editor.kinds, REMOVE):
            button = QRadioButton(KIND_WORDS.get(kind, kind.capitalize())
                                  if kind != REMOVE else "Remove")
            button.setObjectName(f"setup_kind_{kind}")
            button.setProperty("kind", kind)
            self.kinds.addButton(button)
            layout.addWidget(button)
        self.kinds.buttons()[0].setChecked(True)
        layout.addWidget(QLabel("Pieces of:"))
        self.sides = QButtonGroup(self)
        for side in editor.state.sides:
            button = QRadioButton(side_words(side))
            button.setObjectName(f"setup_side_{side}")
            button.setProperty("side", side)
            self.sides.addButton(button)
            layout.addWidget(button)
        self.sides.buttons()[0].setChecked(True)
        layout.addWidget(QLabel("To move first:"))
        self.to_move = QComboBox()
        self.to_move.setObjectName("setup_to_move")
        for side in editor.state.sides:
            self.to_move.addItem(side_words(side), side)
        layout.addWidget(self.to_move)
        self.swap = QCheckBox("The swap is still open")
        self.swap.setObjectName("setup_swap")
        self.swap.setToolTip("The side to move may swap instead of moving")
        self.swap.setEnabled(editor.swap_offered)
        layout.addWidget(self.swap)
        self.clear_button = QPushButton("Clear the board")
        self.clear_button.setObjectName("setup_clear")
        self.start_button = QPushButton("Start from here")
        self.start_button.setObjectName("setup_start")
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.setObjectName("setup_cancel")
        for push in (self.clear_button, self.start_button, self.cancel_button):
            layout.addWidget(push)
        layout.addStretch(1)
        self.show_choices(editor)

    @property
    def kind(self) -> str:
        return _chosen(self.kinds, "kind")

    @property
    def side(self) -> str:
        return _chosen(self.sides, "side")

    def show_choices(self, editor: SetupEditor) -> None:
        """The side to move and the swap as the editor holds them (after a refusal too)."""
        for widget in (self.to_move, self.swap):
            widget.blockSignals(True)
        self.to_move.setCurrentIndex(self.to_move.findData(editor.setup.to_move))
        self.swap.setChecked(editor.setup.swap_open)
        for widget in (self.to_move, self.swap):
            widget.blockSignals(False)


def _chosen(group: QButtonGroup, name: str) -> str:
    """The property `name` of the group's checked button (one always is)."""
    button = group.checkedButton()
    assert button is not None
    return str(button.property(name))


class SetupMode(QObject):
    """Set-up mode on the window: the editor, its palette in a dock, and the board's clicks
    while it lasts."""

    def __init__(self, parts: SetupParts) -> None:
        super().__init__(parts.window)
        self._parts = parts
        self.dock = QDockWidget("Set up position", parts.window)
        self.dock.setObjectName("setup_dock")
        self.dock.setFeatures(QDockWidget.DockWidgetFeature.NoDockWidgetFeatures)
        parts.window.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, self.dock)
        self.dock.hide()
        self.editor: SetupEditor | None = None
        self.panel: SetupPanel | None = None
        self._watched: list[QObject] = []

    @property
    def active(self) -> bool:
        return self.editor is not None

    def enter(self) -> bool:
        """Starts setting up from the position on screen (for games whose rules allow it)."""
        session = self._parts.controller.session
        if session is None or not session.shown.supports_setup:
            self._parts.say("Positions of this game cannot be set up yet.")
            return False
        self.leave()
        self.editor = editor = SetupEditor.starting_from(session.record, session.shown)
        self.panel = panel = SetupPanel(editor, session.side_name)
        panel.kinds.buttonClicked.connect(lambda _: self._kind_chosen())
        panel.to_move.currentIndexChanged.connect(
            lambda _: self._change(editor.set_to_move(str(panel.to_move.currentData()))))
        panel.swap.toggled.connect(lambda on: self._change(editor.set_swap_open(on)))
        panel.clear_button.clicked.connect(lambda: self._change(editor.clear()))
        panel.start_button.clicked.connect(self.start)
        panel.cancel_button.clicked.connect(self.cancel)
        self.dock.setWidget(panel)
        self.dock.show()
        self._watch_right_clicks()
        self.redraw()
        self._parts.say("Setting up a position: choose a piece and click the board; Start "
                        "from here plays from it, Cancel leaves the game as it was.")
        return True

    def click(self, text: str) -> bool:
        """A cell (or a lintel's two ends) chosen on the board or typed in the move line."""
        if self.editor is None or self.panel is None:
            return False
        if self.panel.kind == REMOVE:
            return self._change(self.editor.remove(text))
        return self._change(self.editor.place(self.panel.kind, self.panel.side, text))

    def redraw(self) -> None:
        """Shows the position being set up on the board views: every cell (or every lintel,
        with Lintel chosen) is a place a click can put a piece."""
        editor, views, session = self.editor, self._parts.board.views, \
            self._parts.controller.session
        if editor is None or views is None or session is None or self.panel is None:
            return
        lintels = self.panel.kind == LINTEL
        self._parts.board.set_lintel_mode(lintels)
        places = editor.lintel_ends() if lintels else editor.cell_names()
        views.show(editor.state, session.colours_by_side(), places, None, (),
                   with_map=self._parts.board.map_shown)

    def hint(self, text: str) -> str:
        """The board's sentence about the pointer (`c3 (empty): click to play c3`) in the
        words of set-up: what a click there puts on or takes off. A lintel's ends keep the
        board's own sentences, which are about lintels already."""
        where, colon, _ = text.partition(": ")
        if self.panel is None or not colon or self.panel.kind == LINTEL:
            return text
        if self.panel.kind == REMOVE:
            return f"{where}: click to take the top piece off"
        kind = PIECE_WORDS.get(self.panel.kind, self.panel.kind)
        return (f"{where}: click to put {self.panel.side}'s {kind} on top; right-click takes "
                "the top piece off")

    def start(self) -> bool:
        """Puts a new game starting from the position set up on the table."""
        editor, session = self.editor, self._parts.controller.session
        if editor is None or session is None or not self._parts.may_replace():
            return False
        colours = ["#%02x%02x%02x" % colour for colour in session.colours]
        started = Session.from_record(editor.record(colours), list(session.colours))
        self.leave()
        autosave.clear()
        mover = started.shown.to_move or ""
        self._parts.controller.adopt(started, f"Started from the position set up: "
                                              f"{started.who(mover)} to move.")
        return True

    def cancel(self) -> None:
        """Leaves set-up mode; the game in progress is as it was."""
        self.leave()
        self._parts.redraw()
        self._parts.say("Set-up cancelled: the game is as it was.")

    def leave(self) -> None:
        """Ends set-up mode (if on); the palette is hidden whatever the window's saved
        layout said."""
        self.dock.hide()
        if self.editor is None:
            return
        for watched in self._watched:
            watched.removeEventFilter(self)
        self._watched = []
        self.editor = self.panel = None
        self._parts.board.set_lintel_mode(False)

    # ---- helpers ------------------------------------------------------------------------

    def _kind_chosen(self) -> None:
        self.redraw()

    def _change(self, reason: str) -> bool:
        """After a change was tried: the board redrawn, or the engine's reason said."""
        if self.panel is not None and self.editor is not None:
            self.panel.show_choices(self.editor)
        if reason:
            self._parts.say(f"Not set up: {reason}.")
            return False
        self._parts.say(f"{len(self.editor.setup.pieces) if self.editor else 0} pieces on the "
                        "board.")
        self.redraw()
        return True

    def _watch_right_clicks(self) -> None:
        views = self._parts.board.views
        if views is None:
            return
        for widget in (views.board_widget, views.map_widget):
            if widget is None:
                continue
            target = getattr(widget, "viewport", lambda: widget)()
            target.installEventFilter(self)
            self._watched.append(target)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """A right-click on a board view takes the top piece off that cell."""
        if event.type() not in (QEvent.Type.MouseButtonPress, QEvent.Type.MouseButtonRelease):
            return False
        if not isinstance(event, QMouseEvent) or event.button() != Qt.MouseButton.RightButton:
            return False
        if event.type() == QEvent.Type.MouseButtonRelease and self.editor is not None:
            view = watched if isinstance(watched, CellFinder) else watched.parent()
            if isinstance(view, CellFinder):
                cell = view.cell_at(event.position().x(), event.position().y())
                if cell is not None:
                    self._change(self.editor.remove(cell))
        return True
