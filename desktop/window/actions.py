"""The window's commands: every QAction with its text, shortcut and tip, the menus and the
toolbar that show them, and which of them apply to the game and the position on screen.

The actions call the controller, the board pane, the files, the help windows and the few
slots the window keeps for itself (`WindowSlots`); this module only makes and arranges them,
and enables them from the game's desk entry and the position shown.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDockWidget, QLineEdit, QMainWindow, QToolBar

from megalith.desktop import settings
from megalith.desktop.game.controller import GameController
from megalith.desktop.game.session import Session
from megalith.desktop.games import GameDesk
from megalith.desktop.window.board_pane import BoardPane
from megalith.desktop.window.files import RecordFiles
from megalith.desktop.window.help_windows import WindowHelp
from megalith.desktop.window.walk_keys import WalkKeys

MAP_MIN_WIDTH = 1200  # a window this wide shows the map beside the board by default
Shortcut = QKeySequence | QKeySequence.StandardKey | str


@dataclass(frozen=True)
class WindowSlots:
    """What the window does itself when these actions are triggered (it asks the player,
    or it changes its own layout)."""

    new_game: Callable[[], object]
    play_move: Callable[[str], object]
    resign: Callable[[], object]
    seats: Callable[[], object]
    copy_move: Callable[[], object]
    map_toggled: Callable[[], object]
    set_up: Callable[[], object]
    puzzles: Callable[[], object]


@dataclass(frozen=True)
class WindowParts:
    """What the actions work on: `window` carries them (and their menus and toolbar),
    `store` remembers the toggles between runs, `move_line` lends them the walking keys
    while it is empty, and `dock`'s view action goes in the View menu."""

    window: QMainWindow
    controller: GameController
    board: BoardPane
    files: RecordFiles
    help: WindowHelp
    store: QSettings
    move_line: QLineEdit
    dock: QDockWidget


class WindowActions:
    """The actions on `parts.window`, in its menus and toolbar."""

    def __init__(self, parts: WindowParts, slots: WindowSlots) -> None:
        self._parts = parts
        self._slots = slots
        self._make_file_actions()
        self._make_game_actions()
        self._make_view_actions()
        self._fill_menus()
        self._fill_toolbar()
        # What needs a game (or a board) on the table: none is there until the first one
        # is shown (`position_shown`, `desk_changed`), e.g. while the dialog about a file
        # refused at start is up.
        self._game_actions = (self.save_action, self.save_as_action, self.export_action,
                              self.copy_image_action, self.move_now_action, self.seats_action,
                              self.analyse_action, self.mail_action, self.suggest_action)
        for action in (*self._game_actions, self.pass_action, self.swap_action,
                       self.resign_action, self.undo_action, self.redo_action,
                       self.first_action, self.previous_action, self.next_action,
                       self.last_action, self.reset_action, self.top_action, self.left_action,
                       self.right_action, self.map_action, self.heights_action,
                       self.lintel_action):
            action.setEnabled(False)

    def _action(self, text: str, slot: Callable[[], object], shortcut: Shortcut | None = None,
                checkable: bool = False, tip: str = "") -> QAction:
        action = QAction(text, self._parts.window)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        action.setCheckable(checkable)
        if tip:
            action.setStatusTip(tip)
            action.setToolTip(tip)
        action.triggered.connect(slot)
        self._parts.window.addAction(action)  # shortcuts work even when the menu bar is hidden
        return action

    def _make_file_actions(self) -> None:
        K = QKeySequence.StandardKey
        window, files, helps = self._parts.window, self._parts.files, self._parts.help
        self.new_action = self._action("&New game...", self._slots.new_game, K.New)
        self.open_action = self._action("&Open...", lambda: files.open_file(), K.Open)
        self.save_action = self._action("&Save", files.save, K.Save)
        self.save_as_action = self._action("Save &as...", lambda: files.save_as(), K.SaveAs)
        self.export_action = self._action("&Export image...", lambda: files.export_image(),
                                          "Ctrl+E")
        self.copy_image_action = self._action("&Copy board image", files.copy_image,
                                              "Ctrl+Shift+C",
                                              tip="Put the board (with its caption) on the "
                                                  "clipboard")
        self.caption_action = self._action("Caption on board &images", lambda: None,
                                           checkable=True,
                                           tip="Write the game, players, move and result "
                                               "under exported and copied board images")
        self.quit_action = self._action("&Quit", window.close, K.Quit)
        self.rules_action = self._action("&Rules of this game", helps.show_rules,
                                         K.HelpContents)
        self.guide_action = self._action("&Playing Megalith", helps.show_guide)
        self.about_action = self._action("&About", helps.show_about)

    def _make_game_actions(self) -> None:
        K = QKeySequence.StandardKey
        slots, controller = self._slots, self._parts.controller
        computer = controller.computer_seats
        self.undo_action = self._action("&Undo", controller.undo, K.Undo)
        self.redo_action = self._action("&Redo", controller.redo, K.Redo)
        self.setup_action = self._action("Set up &position...", slots.set_up)
        self.pass_action = self._action("&Pass", lambda: slots.play_move("pass"), "Ctrl+P")
        self.swap_action = self._action("S&wap", lambda: slots.play_move("swap"),
                                        tip="Take over the first player's stones (second move "
                                            "only)")
        self.resign_action = self._action("&Resign...", slots.resign)
        self.move_now_action = self._action("Computer: move &now", computer.move_now,
                                            "Ctrl+Return",
                                            tip="The computer plays its best move so far, "
                                                "or thinks of one for the position on "
                                                "screen (earlier in the game: a variation)")
        self.seats_action = self._action("&Seats...", slots.seats,
                                         tip="Choose who plays each side from now on: a "
                                             "person or the computer")
        self.ponder_action = self._action("Computer thinks on your &time", self._ponder_toggled,
                                          checkable=True,
                                          tip="While you think, the computer thinks about "
                                              "your move too, and stops when you move")
        self.analyse_action = self._action("&Analyse game", controller.analyse,
                                           "Ctrl+Shift+A",
                                           tip="The win rate of the side to move at every "
                                               "move, drawn under the move list; click it to "
                                               "see that move")
        self.mail_action = self._action("&Copy move for pbmserv", slots.copy_move,
                                        tip="Put pbmserv's mail line for the move just made "
                                            "on the clipboard")
        self.suggest_action = self._action("S&uggest a move", computer.suggest,
                                           "Ctrl+H",
                                           tip="The computer looks for the best moves for "
                                               "the player to move (one second)")
        self.puzzles_action = self._action("Pu&zzles...", slots.puzzles,
                                           tip="Puzzles from real games: find the forced win "
                                               "(in a window of their own; your game stays)")
        self.first_action = self._action("&Start position", lambda: controller.show_ply(0), "Home")
        self.previous_action = self._action("&Previous move", controller.show_previous,
                                            "Left")
        self.next_action = self._action("&Next move", controller.show_next, "Right")
        self.last_action = self._action("&Last move", controller.show_last, "End")
        WalkKeys(self._parts.move_line, {Qt.Key.Key_Left: self.previous_action,
                                    Qt.Key.Key_Right: self.next_action,
                                    Qt.Key.Key_Home: self.first_action,
                                    Qt.Key.Key_End: self.last_action})

    def _make_view_actions(self) -> None:
        # Left/Right/Home/End walk the moves (the issue asks for it), so the camera has its
        # own keys; a focused move line keeps these characters for typing.
        board = self._parts.board
        self.reset_action = self._action("&Reset camera", lambda: board.reset_camera(), "0",
                                         tip="Show the whole board (0)")
        self.top_action = self._action("&Top view", board.top_view, "T")
        self.left_action = self._action("Turn &left", lambda: board.turn(-1), "[",
                                        tip="Turn the board left: a quarter turn, a sixth on "
                                            "hex boards ([)")
        self.right_action = self._action("Turn r&ight", lambda: board.turn(1), "]",
                                         tip="Turn the board right: a quarter turn, a sixth on "
                                             "hex boards (])")
        self.map_action = self._action("Owners and heights &map", self._slots.map_toggled, "Ctrl+M",
                                       checkable=True,
                                       tip="Show pbmserv's two summaries beside the 3D view")
        self.heights_action = self._action("&Height numbers", self.heights_toggled, "H",
                                           checkable=True,
                                           tip="Write each stack's height on its top (H)")
        self.lintel_action = self._action("&Lintel", self.lintel_toggled, "Ctrl+L",
                                          checkable=True,
                                          tip="Lay lintels: click one end, then the other "
                                              "(the same as Shift+click)")
        for action, short in ((self.first_action, "Start"), (self.previous_action, "Back"),
                              (self.next_action, "Forward"), (self.last_action, "End"),
                              (self.map_action, "Map"), (self.reset_action, "Reset camera"),
                              (self.left_action, "Turn left"), (self.right_action, "Turn right")):
            action.setIconText(short)

    def _fill_menus(self) -> None:
        bar = self._parts.window.menuBar()
        file_menu = bar.addMenu("&File")
        file_menu.addActions([self.new_action, self.open_action])
        self.recent_menu = file_menu.addMenu("Open &recent")
        self.recent_menu.aboutToShow.connect(
            lambda: self._parts.files.fill_recent_menu(self.recent_menu))
        file_menu.addActions([self.save_action, self.save_as_action, self.export_action,
                              self.copy_image_action, self.caption_action])
        file_menu.addSeparator()
        file_menu.addAction(self.quit_action)
        edit_menu = bar.addMenu("&Edit")
        edit_menu.addActions([self.undo_action, self.redo_action])
        edit_menu.addSeparator()
        edit_menu.addAction(self.setup_action)
        edit_menu.setToolTipsVisible(True)
        game_menu = bar.addMenu("&Game")
        game_menu.addActions([self.pass_action, self.swap_action, self.resign_action,
                              self.mail_action])
        game_menu.addSeparator()
        game_menu.addActions([self.seats_action, self.move_now_action, self.ponder_action,
                              self.suggest_action, self.analyse_action])
        game_menu.addSeparator()
        game_menu.addAction(self.puzzles_action)
        go_menu = bar.addMenu("&Moves")
        go_menu.addActions([self.first_action, self.previous_action, self.next_action,
                            self.last_action])
        view_menu = bar.addMenu("&View")
        view_menu.addActions([self.reset_action, self.top_action, self.left_action,
                              self.right_action])
        view_menu.addSeparator()
        view_menu.addActions([self.map_action, self.heights_action, self.lintel_action,
                              self._parts.dock.toggleViewAction()])
        help_menu = bar.addMenu("&Help")
        help_menu.addActions([self.rules_action, self.guide_action, self.about_action])

    def _fill_toolbar(self) -> None:
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
        self._parts.window.addToolBar(tools)

    # ---- what applies now ---------------------------------------------------------------

    def desk_changed(self, entry: GameDesk, has_map: bool) -> None:
        """A new kind of game: the actions its board offers."""
        self.reset_action.setEnabled(True)
        self.map_action.setEnabled(has_map)
        self.lintel_action.setEnabled(entry.lintels)
        for action in (self.top_action, self.left_action, self.right_action,
                       self.heights_action):
            action.setEnabled(entry.camera)
        self.reset_action.setText("&Reset camera" if entry.camera else "&Fit the board")
        self.lintel_action.setChecked(False)

    def position_shown(self, session: Session, legal: list[str] | None) -> None:
        """The moves and steps the position on screen allows."""
        for action in self._game_actions:
            action.setEnabled(True)
        self.pass_action.setEnabled(legal is not None and "--" in legal)
        self.swap_action.setEnabled(legal is not None and "swap" in legal)
        self.resign_action.setEnabled(legal is not None)
        self.undo_action.setEnabled(session.can_undo())
        self.redo_action.setEnabled(session.can_redo())
        can_set_up = session.shown.supports_setup
        self.setup_action.setEnabled(can_set_up)
        self.setup_action.setToolTip(
            "Place and remove any side's pieces, choose who moves, then play from there"
            if can_set_up else "Positions of the tile games cannot be set up yet")
        self.previous_action.setEnabled(session.viewed > 0)
        self.first_action.setEnabled(session.viewed > 0)
        self.next_action.setEnabled(not session.at_end)
        self.last_action.setEnabled(not session.at_end)

    def lintel_off(self) -> None:
        """Lintel mode ends with the position it was chosen on (a lintel is one move, not a
        way of playing)."""
        if self.lintel_action.isChecked():
            self.lintel_action.setChecked(False)
            self.lintel_toggled()

    def heights_toggled(self) -> None:
        self._parts.board.set_show_heights(self.heights_action.isChecked())

    def lintel_toggled(self) -> None:
        self._parts.board.set_lintel_mode(self.lintel_action.isChecked())

    def _ponder_toggled(self) -> None:
        self._parts.controller.computer_seats.think_on_your_time = self.ponder_action.isChecked()
        self._parts.store.setValue("computer/ponder", self.ponder_action.isChecked())

    # ---- remembered between runs ------------------------------------------------------

    def restore(self, wide: bool) -> bool:
        """Checks the toggles as they were last run; the map follows the window's width
        (`wide`) until the player chooses. Returns whether the player has chosen."""
        store = self._parts.store
        chosen = store.contains("view/map")
        self.map_action.setChecked(settings.get_bool(store, "view/map", wide))
        self.caption_action.setChecked(settings.get_bool(store, "view/caption", True))
        self.heights_action.setChecked(settings.get_bool(store, "view/heights", False))
        self.ponder_action.setChecked(settings.get_bool(store, "computer/ponder", False))
        self._parts.controller.computer_seats.think_on_your_time = self.ponder_action.isChecked()
        return chosen

    def save(self, map_chosen: bool) -> None:
        store = self._parts.store
        if map_chosen:
            store.setValue("view/map", self.map_action.isChecked())
        store.setValue("view/caption", self.caption_action.isChecked())
        store.setValue("view/heights", self.heights_action.isChecked())
