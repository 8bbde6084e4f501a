"""The main window: menus, toolbar, the board view, the side panel, the move line and the
status bar, around the controller (which owns the game in progress).

The window holds no game logic and never tests a game's name: it asks the controller to
play, undo and walk the moves, asks the game's desk entry (`desktop.games`) what the board
offers, and redraws from the Session whenever the controller says something changed.
Dialogs that need an answer go through QMessageBox's static functions (tests replace them).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import cast

from PySide6.QtCore import QByteArray, Qt
from PySide6.QtGui import QAction, QCloseEvent, QGuiApplication, QImage, QKeySequence
from PySide6.QtWidgets import (QDockWidget, QFileDialog, QHBoxLayout, QLabel, QLineEdit,
                               QMainWindow, QMessageBox, QPushButton, QSplitter,
                               QToolBar, QVBoxLayout, QWidget)

from megalith.rules import registry
from megalith.rules.protocol import OptionError
from megalith.rules.record import RecordError
from megalith.rules.text import shown

from megalith.desktop import autosave, settings
from megalith.desktop.assets import OPEN_FILTER, RECORD_SUFFIX, SAVE_FILTER
from megalith.desktop.board_image import caption_lines, with_caption
from megalith.desktop.controller import GameController
from megalith.desktop.dialogs import GameChoice, NewGameDialog
from megalith.desktop.games import Desk, desk
from megalith.desktop.help import HelpDialog, desktop_guide_text, page_text
from megalith.desktop.panels import SidePanel
from megalith.desktop.panels.analysis_graph import TO_MOVE, curve_points
from megalith.desktop.session import Session
from megalith.desktop.version import version
from megalith.desktop.views.base import BoardView, PositionView

FALLBACK_GAME = GameChoice("druid", [], ["alice", "bob"], [])


class MainWindow(QMainWindow):
    def __init__(self) -> None:
        super().__init__()
        self.settings = settings.open_settings()
        self.controller = GameController(self)
        self.controller.gameReplaced.connect(self._game_replaced)
        self.controller.positionChanged.connect(self._position_changed)
        self.controller.message.connect(self.say)
        self.controller.suggested.connect(self._show_suggestions)
        self.controller.analysis.updated.connect(self._analysis_updated)
        self.desk: Desk | None = None
        self.view: BoardView | None = None  # the board view of the current game
        self.summary: PositionView | None = None  # the owners/heights map, where the game has it
        self._help_dialogs: list[HelpDialog] = []
        self.setWindowTitle("Megalith")
        self.resize(1200, 800)

        self.banner = QLabel()
        self.banner.setObjectName("banner")
        self.banner.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.banner.setStyleSheet("background: #f3e2a0; color: #222; font-weight: bold;"
                                  "padding: 6px; font-size: 14px;")
        self.banner.hide()
        # the board view, and beside it the owners/heights map where the game has one (as
        # pbmserv's two summaries sit beside its board)
        self.board_split = QSplitter(Qt.Orientation.Horizontal)
        self.board_split.setObjectName("board_split")
        self.board_split.setChildrenCollapsible(False)
        self.hint_label = QLabel()
        self.hint_label.setObjectName("hint")
        self.hint_label.setWordWrap(True)
        self.hint_label.setStyleSheet("color: #555; padding: 2px 6px;")
        # Room for two lines whatever it says: a label that grew and shrank with its text
        # would resize the board view (a new GL framebuffer) on every hover.
        self.hint_label.setFixedHeight(self.hint_label.fontMetrics().lineSpacing() * 2 + 6)
        self.move_line = QLineEdit()
        self.move_line.setObjectName("move_line")
        self._set_move_examples("c3, resign")
        self.move_line.returnPressed.connect(self.play_typed)
        play_button = QPushButton("Play")
        play_button.clicked.connect(self.play_typed)
        line = QHBoxLayout()
        line.addWidget(QLabel("Move:"))
        line.addWidget(self.move_line, stretch=1)
        line.addWidget(play_button)
        centre = QWidget()
        column = QVBoxLayout(centre)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.banner)
        column.addWidget(self.board_split, stretch=1)
        column.addWidget(self.hint_label)
        column.addLayout(line)
        self.setCentralWidget(centre)

        self.panel = SidePanel()
        self.panel.plySelected.connect(self.show_ply)
        self.panel.noteEdited.connect(self._note_edited)
        self.dock = QDockWidget("Game", self)
        self.dock.setObjectName("game_dock")
        self.dock.setWidget(self.panel)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.dock)

        # What just happened or why not: a whole sentence, wrapped rather than cut off.
        self.message_label = QLabel()
        self.message_label.setObjectName("message")
        self.message_label.setWordWrap(True)
        self.statusBar().addWidget(self.message_label, 1)
        self._build_actions()
        self._restore_layout()

    # ---- actions and menus ------------------------------------------------------------

    def _action(self, text: str, slot: Callable[[], object],
                shortcut: QKeySequence | QKeySequence.StandardKey | str | None = None,
                checkable: bool = False, tip: str = "") -> QAction:
        action = QAction(text, self)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        action.setCheckable(checkable)
        if tip:
            action.setStatusTip(tip)
            action.setToolTip(tip)
        action.triggered.connect(slot)
        self.addAction(action)  # shortcuts work even when the menu bar is hidden
        return action

    def _build_actions(self) -> None:
        K = QKeySequence.StandardKey
        self.new_action = self._action("&New game...", self.new_game_dialog, K.New)
        self.open_action = self._action("&Open...", lambda: self.open_file(), K.Open)
        self.save_action = self._action("&Save", lambda: self.save(), K.Save)
        self.save_as_action = self._action("Save &as...", lambda: self.save_as(), K.SaveAs)
        self.export_action = self._action("&Export image...", lambda: self.export_image(),
                                          "Ctrl+E")
        self.copy_image_action = self._action("&Copy board image", self.copy_image,
                                              "Ctrl+Shift+C",
                                              tip="Put the board (with its caption) on the "
                                                  "clipboard")
        self.caption_action = self._action("Caption on board &images", lambda: None,
                                           checkable=True,
                                           tip="Write the game, players, move and result "
                                               "under exported and copied board images")
        self.quit_action = self._action("&Quit", self.close, K.Quit)
        self.undo_action = self._action("&Undo", self.controller.undo, K.Undo)
        self.redo_action = self._action("&Redo", self.controller.redo, K.Redo)
        self.pass_action = self._action("&Pass", lambda: self.play_move("pass"), "Ctrl+P")
        self.swap_action = self._action("S&wap", lambda: self.play_move("swap"),
                                        tip="Take over the first player's stones (second move "
                                            "only)")
        self.resign_action = self._action("&Resign...", self.resign)
        self.move_now_action = self._action("Computer: move &now", self.controller.move_now,
                                            "Ctrl+Return",
                                            tip="The computer plays its best move so far "
                                                "(or starts thinking, if it is its turn)")
        self.analyse_action = self._action("&Analyse game", self.controller.analyse,
                                           "Ctrl+Shift+A",
                                           tip="The win rate of the side to move at every "
                                               "move, drawn under the move list; click it to "
                                               "see that move")
        self.suggest_action = self._action("S&uggest a move", self.controller.suggest,
                                           "Ctrl+H",
                                           tip="The computer looks for the best moves for "
                                               "the player to move (one second)")
        self.first_action = self._action("&Start position", lambda: self.show_ply(0), "Home")
        self.previous_action = self._action("&Previous move", self.controller.show_previous,
                                            "Left")
        self.next_action = self._action("&Next move", self.controller.show_next, "Right")
        self.last_action = self._action("&Last move", self.controller.show_last, "End")
        # Left/Right/Home/End walk the moves (the issue asks for it), so the camera has its
        # own keys; a focused move line keeps these characters for typing.
        self.reset_action = self._action("&Reset camera", self._reset_camera, "0",
                                         tip="Show the whole board (0)")
        self.top_action = self._action("&Top view", self._top_view, "T")
        self.left_action = self._action("Turn &left", lambda: self._turn(-1), "[",
                                        tip="Turn the board a quarter turn left ([)")
        self.right_action = self._action("Turn r&ight", lambda: self._turn(1), "]",
                                         tip="Turn the board a quarter turn right (])")
        self.map_action = self._action("Owners and heights &map", self._map_toggled, "Ctrl+M",
                                       checkable=True,
                                       tip="Show pbmserv's two summaries beside the 3D view")
        self.heights_action = self._action("&Height numbers", self._heights_toggled, "H",
                                           checkable=True,
                                           tip="Write each stack's height on its top (H)")
        self.lintel_action = self._action("&Lintel", self._lintel_toggled, "Ctrl+L",
                                          checkable=True,
                                          tip="Lay lintels: click one end, then the other "
                                              "(the same as Shift+click)")
        self.rules_action = self._action("&Rules of this game", self.show_rules, K.HelpContents)
        self.guide_action = self._action("&Playing Megalith", self.show_guide)
        self.about_action = self._action("&About", self.show_about)

        for action, short in ((self.first_action, "Start"), (self.previous_action, "Back"),
                              (self.next_action, "Forward"), (self.last_action, "End"),
                              (self.map_action, "Map"), (self.reset_action, "Reset camera"),
                              (self.left_action, "Turn left"), (self.right_action, "Turn right")):
            action.setIconText(short)
        bar = self.menuBar()
        file_menu = bar.addMenu("&File")
        file_menu.addActions([self.new_action, self.open_action])
        self.recent_menu = file_menu.addMenu("Open &recent")
        self.recent_menu.aboutToShow.connect(self._fill_recent_menu)
        file_menu.addActions([self.save_action, self.save_as_action, self.export_action,
                              self.copy_image_action, self.caption_action])
        file_menu.addSeparator()
        file_menu.addAction(self.quit_action)
        edit_menu = bar.addMenu("&Edit")
        edit_menu.addActions([self.undo_action, self.redo_action])
        game_menu = bar.addMenu("&Game")
        game_menu.addActions([self.pass_action, self.swap_action, self.resign_action])
        game_menu.addSeparator()
        game_menu.addActions([self.move_now_action, self.suggest_action, self.analyse_action])
        go_menu = bar.addMenu("&Moves")
        go_menu.addActions([self.first_action, self.previous_action, self.next_action,
                            self.last_action])
        view_menu = bar.addMenu("&View")
        view_menu.addActions([self.reset_action, self.top_action, self.left_action,
                              self.right_action])
        view_menu.addSeparator()
        view_menu.addActions([self.map_action, self.heights_action, self.lintel_action,
                              self.dock.toggleViewAction()])
        help_menu = bar.addMenu("&Help")
        help_menu.addActions([self.rules_action, self.guide_action, self.about_action])

        tools = QToolBar("Tools")
        tools.setObjectName("tools")
        tools.addActions([self.new_action, self.open_action, self.save_action])
        tools.addSeparator()
        tools.addActions([self.undo_action, self.redo_action])
        tools.addSeparator()
        tools.addActions([self.first_action, self.previous_action, self.next_action,
                          self.last_action])
        tools.addSeparator()
        tools.addActions([self.lintel_action, self.map_action, self.reset_action,
                          self.top_action, self.left_action, self.right_action])
        self.addToolBar(tools)

    def _restore_layout(self) -> None:
        geometry = self.settings.value("window/geometry")
        if isinstance(geometry, QByteArray):
            self.restoreGeometry(geometry)
        state = self.settings.value("window/state")
        if isinstance(state, QByteArray):
            self.restoreState(state)
        # off at first: beside the board it costs about 30 ms a move on a software renderer
        self.map_action.setChecked(settings.get_bool(self.settings, "view/map", False))
        self.caption_action.setChecked(settings.get_bool(self.settings, "view/caption", True))
        self.heights_action.setChecked(settings.get_bool(self.settings, "view/heights", False))

    def _save_layout(self) -> None:
        self.settings.setValue("window/geometry", self.saveGeometry())
        self.settings.setValue("window/state", self.saveState())
        self.settings.setValue("view/map", self.map_action.isChecked())
        self.settings.setValue("view/caption", self.caption_action.isChecked())
        self.settings.setValue("view/heights", self.heights_action.isChecked())
        self.settings.sync()

    # ---- starting up ------------------------------------------------------------------

    @property
    def session(self) -> Session | None:
        """The game in progress (the controller's)."""
        return self.controller.session

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
        if path is not None and self.open_file(path):
            return
        self.start_game(self.last_choice())

    def last_choice(self) -> GameChoice:
        stored = self.settings.value("newGame/game")
        if not stored:
            return FALLBACK_GAME
        def listed(key: str) -> list[str]:
            value = self.settings.value(key, [])
            return [value] if isinstance(value, str) else [str(v) for v in value or []]
        colours: list[tuple[int, int, int]] = []
        for text in listed("newGame/colours"):
            parts = text.split(",")
            if len(parts) != 3 or not all(p.strip().isdecimal() for p in parts):
                colours = []
                break
            colours.append((int(parts[0]), int(parts[1]), int(parts[2])))
        return GameChoice(str(stored), listed("newGame/parameters"), listed("newGame/players"),
                          colours, listed("newGame/computers"))

    def _remember_choice(self, choice: GameChoice) -> None:
        self.settings.setValue("newGame/game", choice.game)
        self.settings.setValue("newGame/parameters", choice.parameters)
        self.settings.setValue("newGame/players", choice.players)
        self.settings.setValue("newGame/colours", [",".join(map(str, c)) for c in choice.colours])
        self.settings.setValue("newGame/computers", choice.computers)

    # ---- the game on the table --------------------------------------------------------

    def set_session(self, session: Session) -> None:
        """Shows a game made elsewhere (tests, the benchmarks)."""
        self.controller.adopt(session)

    def start_game(self, choice: GameChoice) -> bool:
        try:
            self.controller.new_game(choice)
        except (OptionError, RecordError) as exc:
            if choice is FALLBACK_GAME:
                raise
            self.say(f"Could not start {choice.game}: {exc}")
            return self.start_game(FALLBACK_GAME)
        self._remember_choice(choice)
        return True

    def new_game_dialog(self) -> bool:
        if not self.maybe_discard():
            return False
        dialog = NewGameDialog(self.last_choice(), self)
        if dialog.exec() != NewGameDialog.DialogCode.Accepted:
            return False
        return self.start_game(dialog.choice())

    def _game_replaced(self) -> None:
        """A different game on the table starts clean: no text typed for the last one, no
        message about it, no mode left on."""
        session = self.session
        assert session is not None
        self._ensure_view(session.game)
        self.move_line.clear()
        self.say("")
        self._position_changed()
        assert self.view is not None
        self.view.reset_camera(animate=False)  # a new game is seen whole, from the start

    def _position_changed(self) -> None:
        """Every new position starts clean: no hover text about the last one, lintel mode
        off (a lintel is one move, not a way of playing)."""
        self.hint_label.clear()
        if self.lintel_action.isChecked():
            self.lintel_action.setChecked(False)
            self._lintel_toggled()
        self.refresh()

    def _ensure_view(self, game: str) -> None:
        """One board view per kind of game; a new game of the same kind reuses it."""
        entry = desk(game)
        if self.view is not None and entry == self.desk:
            return
        for old in (self.view, self.summary):
            if old is not None:
                widget = cast(QWidget, old)
                widget.setParent(None)
                widget.deleteLater()
        view = entry.make_view(self)
        self.view = cast(BoardView, view)
        self.view.moveChosen.connect(self.play_move)
        self.view.hint.connect(self.hint_label.setText)
        self.board_split.addWidget(view)
        self.board_split.setStretchFactor(0, 2)
        self.summary = None
        if entry.make_map is not None:
            summary = entry.make_map(self)
            self.summary = cast(PositionView, summary)
            self.board_split.addWidget(summary)
            self.board_split.setStretchFactor(1, 1)
            self.board_split.setSizes([650, 350])  # proportions: the board gets most
            self.summary.hint.connect(self.hint_label.setText)
            self.summary.moveChosen.connect(self.play_move)
        self.desk = entry
        self.map_action.setEnabled(self.summary is not None)
        self.lintel_action.setEnabled(entry.lintels)
        for action in (self.top_action, self.left_action, self.right_action,
                       self.heights_action):
            action.setEnabled(entry.camera)
        self.view.set_show_heights(self.heights_action.isChecked())
        self.reset_action.setText("&Reset camera" if entry.camera else "&Fit the board")
        self.lintel_action.setChecked(False)
        self._set_move_examples(entry.move_examples)
        self._show_map(self.map_action.isChecked())

    def _set_move_examples(self, examples: str) -> None:
        self.move_line.setPlaceholderText(f"Type a move in pbmserv notation ({examples}) "
                                          "and press Enter")

    def _reset_camera(self) -> None:
        if self.view is not None:
            self.view.reset_camera()

    def _top_view(self) -> None:
        if self.view is not None:
            self.view.top_view()

    def _turn(self, quarters: int) -> None:
        if self.view is not None:
            self.view.turn(quarters)

    def _map_toggled(self) -> None:
        self._show_map(self.map_action.isChecked())
        self.refresh()

    def _show_map(self, on: bool) -> None:
        if self.summary is not None:
            cast(QWidget, self.summary).setVisible(on)

    def _show_suggestions(self, suggestions: list[tuple[str, float]]) -> None:
        if self.view is not None:
            self.view.show_suggestions(suggestions)

    def _heights_toggled(self) -> None:
        if self.view is not None:
            self.view.set_show_heights(self.heights_action.isChecked())

    def _lintel_toggled(self) -> None:
        if self.view is not None:
            self.view.set_lintel_mode(self.lintel_action.isChecked())

    # ---- redrawing --------------------------------------------------------------------

    def refresh(self) -> None:
        """Redraws the view, the panel, the banner, the title and the actions."""
        session = self.session
        if session is None:
            return
        state = session.shown
        outcome = state.outcome()
        legal = None if outcome.over else state.legal_moves()
        colours = session.colours_by_side()
        last, cells = session.last_move_shown, session.last_cells_shown
        if self.view is not None:
            self.view.cancel_pending()  # a half-built move belongs to the position it began on
            self.view.set_position(state, colours, legal, last, cells)
        if self.map_shown:
            assert self.summary is not None
            self.summary.cancel_pending()
            self.summary.set_position(state, colours, legal, last, cells)
        entry = self.desk
        facts = entry.facts(state) if entry is not None and entry.facts is not None else []
        self.panel.show_session(session, facts, entry.move_note if entry is not None else None)
        self.panel.analysis_graph.set_current(session.viewed)
        self.banner.setText(session.result_text(outcome))
        self.banner.setVisible(outcome.over)
        self.pass_action.setEnabled(legal is not None and "--" in legal)
        self.swap_action.setEnabled(legal is not None and "swap" in legal)
        self.resign_action.setEnabled(legal is not None)
        self.undo_action.setEnabled(session.can_undo())
        self.redo_action.setEnabled(session.can_redo())
        self.previous_action.setEnabled(session.viewed > 0)
        self.first_action.setEnabled(session.viewed > 0)
        self.next_action.setEnabled(not session.at_end)
        self.last_action.setEnabled(not session.at_end)
        name = session.path.name if session.path else "unsaved game"
        self.setWindowTitle(f"{self.controller.title()}: {name}[*] - Megalith")
        self.setWindowModified(session.modified)

    @property
    def map_shown(self) -> bool:
        """Whether the owners/heights map is beside the board."""
        return self.summary is not None and not cast(QWidget, self.summary).isHidden()

    def _analysis_updated(self) -> None:
        analysis, graph = self.controller.analysis, self.panel.analysis_graph
        session = self.session
        shown = session is not None and (analysis.running or bool(analysis.rates))
        graph.setVisible(shown)
        if shown and session is not None:
            plies, values, side = curve_points(analysis.rates, analysis.movers, session.sides,
                                               session.current.outcome())
            label = TO_MOVE if side is None else f"{session.name(side) or side} wins"
            graph.set_curve(plies, values, label, session.ply)
            graph.set_current(session.viewed)
            if not analysis.running:
                self.say(f"Analysis done: {len(analysis.rates)} positions.")

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
        """Plays a move from the view or the move line in the position on screen; asks
        first if that discards later moves. The status bar says what happened or why not."""
        session = self.session
        if session is None:
            return False
        self.panel.commit_note()
        if self.controller.would_discard:
            later = session.ply - session.viewed
            answer = QMessageBox.question(
                self, "Discard later moves?",
                f"You are looking at move {session.viewed} of {session.ply}. Playing "
                f"{shown(text)} "
                f"here discards the {later} later move{'s' if later != 1 else ''}. Play it?",
                QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
                QMessageBox.StandardButton.No)
            if answer != QMessageBox.StandardButton.Yes:
                self.say(f"{shown(text)} not played: the later moves are kept.")
                return False
        return self.controller.play(text)

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
        self.panel.commit_note()
        self.controller.show_ply(ply)

    def _note_edited(self, ply: int, text: str) -> None:
        if self.controller.set_note(ply, text):
            self.panel.mark_notes()
            self.setWindowModified(True)

    # ---- files ------------------------------------------------------------------------

    def open_file(self, path: str | Path | None = None) -> bool:
        """Opens a record. A file that cannot be read or replayed gives a dialog with the
        line and the reason, and the game on screen stays as it was; a good one replaces
        it once the user has saved or discarded unsaved changes."""
        asked = False
        if path is None:
            if not self.maybe_discard():  # ask before the player spends time choosing
                return False
            asked = True
            path, _ = QFileDialog.getOpenFileName(self, "Open a game record", self._last_dir(),
                                                  OPEN_FILTER)
            if not path:
                return False
        path = Path(path)
        try:
            session = Session.load(path)
        except (RecordError, OptionError) as exc:
            QMessageBox.warning(self, "Cannot open the record", f"{path.name}: {exc}")
            self.say(f"{path.name} was not opened: {exc}")
            return False
        except OSError as exc:
            QMessageBox.warning(self, "Cannot open the record",
                                f"{path.name}: {exc.strerror or exc}")
            settings.remove_recent_file(self.settings, str(path.resolve()))
            return False
        if not asked and not self.maybe_discard():
            return False
        self.controller.opened(session, path)
        self._remember_file(path)
        return True

    def save(self) -> bool:
        if self.session is None:
            return False
        if self.session.path is None:
            return self.save_as()
        return self._write(self.session.path)

    def save_as(self, path: str | Path | None = None) -> bool:
        if self.session is None:
            return False
        if path is None:
            default = str(Path(self._last_dir()) / f"{self.session.game}{RECORD_SUFFIX}")
            chosen, _ = QFileDialog.getSaveFileName(self, "Save the game", default,
                                                    SAVE_FILTER)
            if not chosen:
                return False
            path = chosen
        return self._write(Path(path))

    def _write(self, path: Path) -> bool:
        assert self.session is not None
        self.panel.commit_note()
        try:
            self.controller.save(path)
        except OSError as exc:
            QMessageBox.warning(self, "Cannot save", f"{path}: {exc.strerror or exc}")
            return False
        self._remember_file(path)
        return True

    def board_image(self) -> QImage | None:
        """The board as drawn, with its caption when Caption is on."""
        if self.view is None or self.session is None:
            return None
        image = self.view.grab_image()
        if self.caption_action.isChecked():
            image = with_caption(image, caption_lines(self.session, self.controller.title()))
        return image

    def export_image(self, path: str | Path | None = None) -> bool:
        """Saves the board as a PNG (with its caption when Caption is on)."""
        image = self.board_image()
        if image is None:
            return False
        if path is None:
            stem = self.session.game if self.session else "board"
            default = str(Path(self._last_dir()) / f"{stem}.png")
            chosen, _ = QFileDialog.getSaveFileName(self, "Export the board as an image",
                                                    default, "PNG images (*.png)")
            if not chosen:
                return False
            path = chosen
        path = Path(path)
        if path.suffix.lower() != ".png":
            path = path.with_suffix(".png")
        if not image.save(str(path)):  # PNG, from the suffix
            QMessageBox.warning(self, "Cannot export", f"Could not write {path}")
            return False
        self.settings.setValue("lastDir", str(path.parent))
        self.say(f"Exported the board to {path.name}.")
        return True

    def copy_image(self) -> bool:
        """Puts the board image on the clipboard."""
        image = self.board_image()
        if image is None:
            return False
        QGuiApplication.clipboard().setImage(image)
        self.say("Copied the board image to the clipboard.")
        return True

    def _last_dir(self) -> str:
        return str(self.settings.value("lastDir", str(Path.home())))

    def _remember_file(self, path: Path) -> None:
        self.settings.setValue("lastDir", str(path.resolve().parent))
        settings.add_recent_file(self.settings, str(path))

    def _fill_recent_menu(self) -> None:
        self.recent_menu.clear()
        files = settings.recent_files(self.settings)
        for file in files:
            action = self.recent_menu.addAction(Path(file).name)
            action.setToolTip(file)
            action.triggered.connect(lambda _=False, f=file: self.open_file(f))
        if not files:
            self.recent_menu.addAction("(none)").setEnabled(False)

    # ---- closing ----------------------------------------------------------------------

    def maybe_discard(self) -> bool:
        """True when the game on screen may be replaced: it is saved, or the user saved it
        or chose to discard it now."""
        if self.session is None:
            return True
        self.panel.commit_note()
        if not self.session.modified:
            return True
        name = self.session.path.name if self.session.path else "this game"
        answer = QMessageBox.question(
            self, "Unsaved game", f"Save the changes to {name} first?",
            QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard
            | QMessageBox.StandardButton.Cancel, QMessageBox.StandardButton.Save)
        if answer == QMessageBox.StandardButton.Save:
            return self.save()
        if answer == QMessageBox.StandardButton.Discard:
            # (the game stays marked unsaved: if the player then cancels the new game or
            # the file dialog, closing still asks)
            return True
        return False

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self.maybe_discard():
            event.ignore()
            return
        self._save_layout()
        self.controller.close()
        event.accept()

    # ---- help -------------------------------------------------------------------------

    def show_rules(self) -> HelpDialog:
        game = self.session.game if self.session else "druid"
        try:
            title = registry.get(game).title
        except OptionError:
            title = game
        return self._help(f"Rules of {title}", page_text(game, title))

    def show_guide(self) -> HelpDialog:
        return self._help("Playing Megalith", desktop_guide_text())

    def _help(self, title: str, text: str) -> HelpDialog:
        dialog = HelpDialog(title, text, self)
        self._help_dialogs = [d for d in self._help_dialogs if d.isVisible()] + [dialog]
        dialog.show()
        return dialog

    def show_about(self) -> None:
        titles = ", ".join(info.title for info in registry.available())
        QMessageBox.about(self, "About Megalith",
                          f"Megalith {version()}: a table for Cameron Browne's pbmserv games "
                          f"({titles}).")
