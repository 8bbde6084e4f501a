"""The main window: the board pane, the side panel, the move line and the status bar,
around the controller (which owns the game in progress).

The window holds no game logic and never tests a game's name: it asks the controller to
play, undo and walk the moves, asks the game's desk entry (`desktop.games`) what the board
offers, and redraws from the Session whenever the controller says something changed. Its
actions and menus are `desktop.window.actions`, its files `desktop.window.files`, its help
windows `desktop.window.help_windows`, its board views `desktop.window.board_pane`; each is
handed the parts it works on, never the window. Dialogs that need an answer go through
QMessageBox's static functions (tests replace them).
"""

from __future__ import annotations

from html import escape

from PySide6.QtCore import QByteArray, Qt
from PySide6.QtGui import QCloseEvent, QResizeEvent
from PySide6.QtWidgets import (QDockWidget, QLabel, QLineEdit, QMainWindow, QMessageBox,
                               QWidget)

from megalith.rules.protocol import OptionError
from megalith.rules.record import RecordError
from megalith.rules.review import Drop

from megalith.desktop import settings

from megalith.desktop.game import autosave
from megalith.desktop.window.board_pane import BoardPane, board_column
from megalith.desktop.game.controller import GameController
from megalith.desktop.dialogs import NewGameDialog, SeatsDialog
from megalith.desktop.window.event_banner import EventBanner
from megalith.desktop.game.event_words import banner_sentences, move_notes
from megalith.desktop.games import desk
from megalith.desktop.game.last_game import fallback_choice, last_choice, remember_choice
from megalith.desktop.panels import SidePanel
from megalith.desktop.game.pbmserv_copy import MoveMailer
from megalith.desktop.game.session import GameChoice, Session
from megalith.desktop.window.actions import MAP_MIN_WIDTH, WindowActions, WindowParts, WindowSlots
from megalith.desktop.window.files import RecordFiles
from megalith.desktop.window.help_windows import WindowHelp
from megalith.desktop.window.puzzle_window import PuzzleWindow
from megalith.desktop.window.setup_mode import SetupMode, SetupParts

BannerKey = tuple[int, int, int, int, bool]  # the session, line, ply shown and on it, swapped


class MainWindow(QMainWindow):
    def __init__(self) -> None:
        super().__init__()
        self.settings = settings.open_settings()
        self.controller = GameController(self)
        self.controller.gameReplaced.connect(self._game_replaced)
        self.controller.positionChanged.connect(self._position_changed)
        self.controller.message.connect(self.say)
        self.controller.analysis.updated.connect(self._analysis_updated)
        self.mailer = MoveMailer()
        self.help = WindowHelp(self, self.controller)
        self.setWindowTitle("Megalith")
        self.resize(1200, 800)

        self.hint_label = QLabel()
        self.hint_label.setObjectName("hint")
        self.hint_label.setWordWrap(True)
        self.hint_label.setStyleSheet("color: #555; padding: 2px 6px;")
        # Room for two lines whatever it says: a label that grew and shrank with its text
        # would resize the board view (a new GL framebuffer) on every hover.
        self.hint_label.setFixedHeight(self.hint_label.fontMetrics().lineSpacing() * 2 + 6)
        self.board_pane = BoardPane(self.play_move, self._hint)
        self.controller.suggested.connect(self.board_pane.show_suggestions)
        self.files = RecordFiles(self, self.controller, self.board_pane, self.settings, self.say,
                                 lambda: self.commands.caption_action.isChecked())
        self.move_line = QLineEdit()
        self.move_line.setObjectName("move_line")
        self._set_move_examples("c3, resign")
        self.setCentralWidget(board_column(self.board_pane, self.hint_label, self.move_line,
                                           self.play_typed))
        self.banner = EventBanner(self.board_pane)  # over the board, not in the layout
        self.puzzle_window: PuzzleWindow | None = None  # made by Game > Puzzles
        self._banner_key: BannerKey | None = None

        self.panel = SidePanel()
        self.panel.plySelected.connect(self.show_ply)
        self.panel.seatsRequested.connect(self.seats_dialog)
        self.panel.noteEdited.connect(self._note_edited)
        self.panel.analysedPlySelected.connect(self.controller.show_analysed_ply)
        self.panel.lines.lineSelected.connect(self.controller.switch_line)
        self.panel.lines.promoteRequested.connect(self.controller.promote_line)
        self.panel.lines.deleteRequested.connect(self.controller.delete_line)
        self.panel.review.dropSelected.connect(self.controller.show_drop)
        self.panel.review.playBest.connect(self._play_better)
        self.dock = QDockWidget("Game", self)
        self.dock.setObjectName("game_dock")
        self.dock.setWidget(self.panel)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.dock)

        # What just happened or why not: a whole sentence, wrapped rather than cut off.
        self.message_label = QLabel()
        self.message_label.setObjectName("message")
        self.message_label.setWordWrap(True)
        # two lines whatever it says: a status bar that grew with a long sentence would
        # shrink the board view (and move the board under the pointer)
        self.message_label.setFixedHeight(self.message_label.fontMetrics().lineSpacing() * 2 + 4)
        self.statusBar().addWidget(self.message_label, 1)
        self.commands = WindowActions(
            WindowParts(self, self.controller, self.board_pane, self.files, self.help,
                        self.settings, self.move_line, self.dock),
            WindowSlots(self.new_game_dialog, self.play_move, self.resign, self.seats_dialog,
                        self.copy_pbmserv_move, self.map_toggled, lambda: self.setup_mode.enter(),
                        self.open_puzzles))
        self.setup_mode = SetupMode(SetupParts(self, self.controller, self.board_pane,
                                               self.files.maybe_discard, self.say, self.refresh))
        self._restore_layout()
        self.setup_mode.leave()  # a window closed while setting up saved the palette shown

    def _restore_layout(self) -> None:
        geometry = self.settings.value("window/geometry")
        if isinstance(geometry, QByteArray):
            self.restoreGeometry(geometry)
        state = self.settings.value("window/state")
        if isinstance(state, QByteArray):
            self.restoreState(state)
        # the map follows the window's width until the player chooses (then remembered)
        self._map_chosen = self.commands.restore(self.width() >= MAP_MIN_WIDTH)

    def _save_layout(self) -> None:
        self.settings.setValue("window/geometry", self.saveGeometry())
        self.settings.setValue("window/state", self.saveState())
        self.commands.save(self._map_chosen)
        self.settings.sync()

    # ---- starting up ------------------------------------------------------------------

    @property
    def session(self) -> Session | None:
        """The game in progress (the controller's)."""
        return self.controller.session

    @property
    def view(self) -> QWidget | None:
        """The board view of the current game."""
        views = self.board_pane.views
        return views.board_widget if views is not None else None

    def start(self, path: str | None = None) -> None:
        """What the program does once the window exists: offer an autosave left by a run
        that did not close normally, else open `path`, else start the last kind of game."""
        found = autosave.find()
        if found is not None:
            if found.session is None:
                QMessageBox.warning(self, "Autosave", found.describe())
                found.discard()
            else:
                answer = QMessageBox.question(
                    self, "Recover game",
                    "Megalith did not close normally last time. Recover the game in "
                    f"progress?\n\n{found.describe()}",
                    QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
                    QMessageBox.StandardButton.Yes)
                if answer == QMessageBox.StandardButton.Yes:
                    self.controller.recover(found)
                    return
                found.discard()
        if path is not None and self.files.open_file(path):
            return
        refused = self.message_label.text() if path is not None else ""
        self.start_game(self.last_choice())
        if refused:  # the reason stays after the dialog, not the new game's greeting
            self.say(f"{refused} A new game was started instead.")

    def last_choice(self) -> GameChoice:
        return last_choice(self.settings)

    # ---- the game on the table --------------------------------------------------------

    def start_game(self, choice: GameChoice) -> bool:
        try:
            self.controller.new_game(choice)
        except (OptionError, RecordError) as exc:
            fallback = fallback_choice()
            if choice == fallback:
                raise
            self.say(f"Could not start {choice.game}: {exc}")
            return self.start_game(fallback)
        remember_choice(self.settings, choice)
        return True

    def new_game_dialog(self) -> bool:
        if not self.files.maybe_discard():
            return False
        dialog = NewGameDialog(self.last_choice(), self)
        if dialog.exec() != NewGameDialog.DialogCode.Accepted:
            return False
        return self.start_game(dialog.choice())

    def seats_dialog(self) -> bool:
        """Game > Seats: a person or the computer at each seat, from now on."""
        if self.session is None:
            return False
        dialog = SeatsDialog(self.controller.computer_seats.seats(), self)
        if dialog.exec() != SeatsDialog.DialogCode.Accepted:
            return False
        self.controller.computer_seats.set_seats(dialog.levels())
        self.refresh()  # the panel names the computer's seats
        return True

    def _game_replaced(self) -> None:
        """A different game on the table starts clean: no text typed for the last one, no
        message about it, no mode left on."""
        session = self.session
        assert session is not None
        self.setup_mode.leave()
        self._ensure_view(session.game)
        self.move_line.clear()
        self.say("")
        self._position_changed()
        self.board_pane.reset_camera(animate=False)  # a new game is seen whole, from the start

    def _position_changed(self) -> None:
        """Every new position starts clean: no hover text about the last one, lintel mode
        off (a lintel is one move, not a way of playing)."""
        self.hint_label.clear()
        self.commands.lintel_off()
        self.refresh()

    def _ensure_view(self, game: str) -> None:
        """One set of board views per kind of game; a new game of the same kind reuses it."""
        entry = desk(game)
        if not self.board_pane.set_desk(entry):
            return
        self.commands.desk_changed(entry, self.board_pane.has_map)
        self.board_pane.set_show_heights(self.commands.heights_action.isChecked())
        self._set_move_examples(entry.move_examples)
        self.board_pane.show_map(self.commands.map_action.isChecked())

    def _set_move_examples(self, examples: str) -> None:
        self.move_line.setPlaceholderText(f"Type a move in pbmserv notation ({examples}) "
                                          "and press Enter")

    def map_toggled(self) -> None:
        self._map_chosen = True
        self.board_pane.show_map(self.commands.map_action.isChecked())
        self.refresh()

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Until the player shows or hides the map, it is beside the board whenever the
        window is wide enough for both."""
        super().resizeEvent(event)
        wide = self.width() >= MAP_MIN_WIDTH
        map_action = self.commands.map_action
        if not self._map_chosen and wide != map_action.isChecked():
            map_action.setChecked(wide)
            self.board_pane.show_map(wide)
            self.refresh()

    @property
    def map_shown(self) -> bool:
        """Whether the owners/heights map is beside the board."""
        return self.board_pane.map_shown

    # ---- redrawing --------------------------------------------------------------------

    def refresh(self) -> None:
        """Redraws the views, the panel, the banner, the title and the actions."""
        session = self.session
        if session is None:
            return
        if self.setup_mode.active:  # the board shows the position being set up
            self.setup_mode.redraw()
            return
        state = session.shown
        outcome = state.outcome()
        legal = None if outcome.over else state.legal_moves()
        views = self.board_pane.views
        if views is not None:
            views.show(state, session.colours_by_side(), legal, session.last_move_shown,
                       session.last_cells_shown, with_map=self.map_shown)
        self.panel.computer_sides = {seat.side: seat.level
                                     for seat in self.controller.computer_seats.seats()
                                     if seat.level}
        self.panel.show_session(session, views.facts(state) if views is not None else [],
                                move_notes(session, views.move_note if views else None),
                                views.move_tip if views is not None else None)
        self.panel.analysis_graph.set_current(session.viewed)
        self._say_events(session)
        self.commands.position_shown(session, legal)
        name = session.path.name if session.path else "unsaved game"
        self.setWindowTitle(f"{self.controller.title()}: {name}[*] - Megalith")
        self.setWindowModified(session.modified)

    def _say_events(self, session: Session) -> None:
        """Over the board: the result when a finished position comes on screen (until it
        goes or the player clicks it away), else what the moves that led to a newly shown
        position did (once, for a few seconds)."""
        outcome = session.shown.outcome()
        key = (id(session), session.line, session.viewed, session.ply, session.record.swapped)
        if key == self._banner_key:
            return
        if outcome.over:
            self.banner.say(escape(session.result_text(outcome), quote=False), lasting=True)
        else:
            self.banner.say(" ".join(banner_sentences(session)))
        self._banner_key = key

    def _analysis_updated(self) -> None:
        analysis = self.controller.analysis
        if self.session is not None:
            self.panel.show_analysis(self.session, analysis)
            if analysis.rates and not analysis.running:
                self.say(f"Analysis done: {len(analysis.rates)} positions.")

    def _hint(self, text: str) -> None:
        """What the board says about the pointer (in set-up mode, what a click does there)."""
        self.hint_label.setText(self.setup_mode.hint(text) if self.setup_mode.active else text)

    def say(self, text: str) -> None:
        """The status bar's sentence about what just happened."""
        self.message_label.setText(text)
        self.message_label.setToolTip(text)

    # ---- playing ----------------------------------------------------------------------

    def play_typed(self) -> None:
        text = self.move_line.text().strip()
        if text and self.play_move(text):
            self.move_line.clear()

    def play_move(self, text: str) -> bool:
        """Plays a move from the view or the move line in the position on screen (before
        the end of the line, it starts a variation). The status bar says what happened or
        why not."""
        if self.setup_mode.active:  # a click places a piece of the position being set up
            return self.setup_mode.click(text)
        return self.session is not None and self.controller.play(text)

    def open_puzzles(self) -> PuzzleWindow:
        """Game > Puzzles: the puzzle window beside this one (made once, then kept)."""
        if self.puzzle_window is None:
            self.puzzle_window = PuzzleWindow(self, self.controller, self.files, self.settings)
        self.puzzle_window.show()
        self.puzzle_window.raise_()
        self.puzzle_window.activateWindow()
        return self.puzzle_window

    def copy_pbmserv_move(self) -> None:
        if self.session is not None:
            self.say(self.mailer.copy(self.session, self))

    def _play_better(self, drop: Drop) -> None:
        """The review's better move, played where the reviewed move was: a variation."""
        self.controller.show_drop(drop)
        if drop.best is not None:
            self.play_move(drop.best)

    def resign(self) -> bool:
        """Resigns for the player to move in the position on screen, after asking."""
        if self.session is None or self.session.shown.to_move is None:
            return False
        who = self.session.who(self.session.shown.to_move)
        answer = QMessageBox.question(self, "Resign", f"Resign the game for {who}?",
                                      QMessageBox.StandardButton.Yes
                                      | QMessageBox.StandardButton.No,
                                      QMessageBox.StandardButton.No)
        return answer == QMessageBox.StandardButton.Yes and self.play_move("resign")

    # ---- walking the moves ------------------------------------------------------------

    def show_ply(self, ply: int) -> None:
        self.controller.show_ply(ply)

    def _note_edited(self, ply: int, text: str) -> None:
        if self.controller.set_note(ply, text):
            self.panel.mark_notes()
            self.setWindowModified(True)

    # ---- closing ----------------------------------------------------------------------

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self.files.maybe_discard():
            event.ignore()
            return
        self._save_layout()
        self.controller.close()
        if self.puzzle_window is not None:
            self.puzzle_window.close()  # and its worker process ends
        event.accept()
