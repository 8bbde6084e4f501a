"""The main window around a stand-in view: the new-game dialog, typed moves, the status
bar, the move table, walking the moves, undo/redo, files, autosave and settings
(help: ../test_help.py).
The real views are driven by clicks in test_app_play.py."""

from __future__ import annotations


import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QMessageBox

from megalith.desktop.game import autosave
from megalith.desktop.dialogs import NewGameDialog
from megalith.desktop.game.session import GameChoice
from megalith.desktop.window.main_window import MainWindow
from megalith.desktop.game.session import Session
from tests.desktop.app_support import (FakeMap, FakeView, check_box, crash, map_of,
                                       quady_window, session_of, spin_box, stand_in_dialogs)

Yes, No = QMessageBox.StandardButton.Yes, QMessageBox.StandardButton.No
Save, Cancel = QMessageBox.StandardButton.Save, QMessageBox.StandardButton.Cancel


@pytest.fixture
def dialogs(monkeypatch, tmp_path):
    return stand_in_dialogs(monkeypatch, tmp_path)


@pytest.fixture
def window(qtbot, dialogs) -> MainWindow:
    return quady_window(qtbot)


def type_move(qtbot, window: MainWindow, text: str) -> None:
    window.move_line.setText(text)
    qtbot.keyClick(window.move_line, Qt.Key.Key_Return)


def show(qtbot, window: MainWindow) -> None:
    """Shortcuts need the window on screen and active."""
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)


def status(window: MainWindow) -> str:
    return window.message_label.text()


# ---- the new-game dialog ---------------------------------------------------------------

def test_dialog_offers_every_option_and_refuses_impossible_ones_with_the_engine_reason(
        qtbot, dialogs) -> None:
    dialog = NewGameDialog(None)
    qtbot.addWidget(dialog)
    dialog.game_combo.setCurrentIndex(dialog.game_combo.findData("drogo"))
    assert set(dialog.option_widgets) == {"size", "single", "in_place", "easy_free"}
    assert dialog.count_spin.isEnabled() and dialog.count_spin.maximum() == 4
    dialog.count_spin.setValue(3)
    assert [row.side.text() for row in dialog.rows[:3]] == ["X", "O", "Y"]
    assert dialog.rows[2].name.isVisibleTo(dialog) and not dialog.rows[3].name.isVisibleTo(dialog)
    dialog.game_combo.setCurrentIndex(dialog.game_combo.findData("quady"))
    assert not dialog.count_spin.isEnabled()
    spin_box(dialog, "size").setValue(6)
    ok = dialog.buttons.button(dialog.buttons.StandardButton.Ok)
    assert "6" in dialog.error and not ok.isEnabled()
    spin_box(dialog, "size").setValue(7)
    assert dialog.error == "" and ok.isEnabled()
    dialog.rows[1].name.setText("bob smith")
    assert "one word" in dialog.error and not ok.isEnabled()
    dialog.rows[1].name.setText("alice")
    assert dialog.error == "Each player needs a different name"
    dialog.rows[1].name.setText("bob")
    choice = dialog.choice()
    assert choice == GameChoice("quady", ["-size=7"], ["alice", "bob"],
                                [(180, 60, 50), (225, 220, 200)])


def test_dialog_refuses_druid_combinations_the_engine_refuses(qtbot, dialogs) -> None:
    dialog = NewGameDialog(GameChoice("druid", [], ["alice", "bob"], []))
    qtbot.addWidget(dialog)
    assert set(dialog.option_widgets) >= {"size", "hex", "walk", "nostack", "nogaps", "y"}
    assert [row.side.text() for row in dialog.rows[:2]] == ["V", "H"]
    check_box(dialog, "y").setChecked(True)
    check_box(dialog, "hex").setChecked(True)
    ok = dialog.buttons.button(dialog.buttons.StandardButton.Ok)
    assert "-y" in dialog.error and not ok.isEnabled()
    check_box(dialog, "y").setChecked(False)
    dialog.count_spin.setValue(3)
    assert dialog.error == "" and ok.isEnabled()
    assert [row.side.text() for row in dialog.rows[:3]] == ["X", "O", "Y"]
    assert dialog.rows[2].colour == (60, 90, 170)
    check_box(dialog, "hex").setChecked(False)
    assert dialog.error and not ok.isEnabled()  # three players only on the hex board


def test_dialog_size_left_at_default_gives_no_option(qtbot, dialogs) -> None:
    dialog = NewGameDialog(GameChoice("drogo", ["-size=5", "-single"], ["ann", "ben", "cy"],
                                      [(1, 2, 3), (4, 5, 6), (7, 8, 9)]))
    qtbot.addWidget(dialog)
    assert spin_box(dialog, "size").value() == 5
    assert check_box(dialog, "single").isChecked()
    assert dialog.count_spin.value() == 3
    spin_box(dialog, "size").setValue(spin_box(dialog, "size").minimum())
    assert spin_box(dialog, "size").text() == "default"
    assert dialog.choice() == GameChoice("drogo", ["-single"], ["ann", "ben", "cy"],
                                         [(1, 2, 3), (4, 5, 6), (7, 8, 9)])


def test_new_game_from_the_dialog_starts_it_and_remembers_the_choice(
        qtbot, window, monkeypatch) -> None:
    def run_dialog(dialog):
        dialog.game_combo.setCurrentIndex(dialog.game_combo.findData("drogo"))
        spin_box(dialog, "size").setValue(4)
        dialog.count_spin.setValue(3)
        dialog.rows[2].name.setText("carol")
        return NewGameDialog.DialogCode.Accepted
    monkeypatch.setattr(NewGameDialog, "exec", run_dialog)
    assert window.new_game_dialog()
    session = window.session
    assert (session.game, session.record.parameters) == ("drogo", ["-size=4"])
    assert session.record.players == ["alice", "bob", "carol"]
    assert isinstance(window.view, FakeView) and window.view.game == "drogo"
    assert window.commands.map_action.isEnabled()
    assert window.last_choice().parameters == ["-size=4"]
    assert "X (alice) to move" in status(window)


# ---- playing by typing ------------------------------------------------------------------

def test_typed_moves_play_and_the_status_bar_says_what_happened_or_why_not(
        qtbot, window) -> None:
    type_move(qtbot, window, "C3")
    assert window.session.record.moves == ["c3"]
    assert status(window) == "X (alice) played c3. O (bob) to move."
    assert window.move_line.text() == ""
    view = window.view
    ply, colours, legal, last, cells = view.positions[-1]
    assert (ply, last, cells) == (1, "c3", ("c3",)) and "c3" not in legal and "swap" in legal
    assert colours == {"X": (180, 60, 50), "O": (225, 220, 200)}
    type_move(qtbot, window, "c3")
    assert window.session.record.moves == ["c3"]
    assert status(window).startswith("Illegal move c3: ")
    assert window.move_line.text() == "c3"  # kept, to correct it
    type_move(qtbot, window, "swap")
    assert window.session.record.players == ["bob", "alice"]
    assert "bob swapped" in status(window)
    assert window.panel.players_grid.itemAtPosition(0, 1).widget().text() == "X  bob"


def test_the_view_s_moves_and_hints_reach_the_game_and_status_bar(qtbot, window) -> None:
    window.view.moveChosen.emit("a1")
    assert window.session.record.moves == ["a1"]
    window.view.hint.emit("b2: an empty cell")
    assert window.hint_label.text() == "b2: an empty cell"


def test_a_sub_game_win_is_scored_in_the_panel(qtbot, window) -> None:
    for move in ("a3", "a5", "b3", "b5", "c3"):
        type_move(qtbot, window, move)
    panel = window.panel
    assert panel.findChild(type(panel.result_label), "score_X").text() == "2"
    assert "top: X (alice)" in panel.subgames_label.text()
    assert "centre: X (alice)" in panel.subgames_label.text()
    assert not window.banner.isVisible()


def test_winning_shows_the_banner_and_stops_interaction(qtbot, window) -> None:
    # X takes top, centre and left: row 3 and the left column of the bottom-left triangle.
    for move in ("a3", "e5", "b3", "d5", "c3", "d4", "a4", "c4", "a5"):
        type_move(qtbot, window, move)
    outcome = window.session.current.outcome()
    assert outcome.status == "win" and outcome.winner == "X"
    assert window.banner.isVisibleTo(window)
    assert window.banner.text() == "X (alice) won four games: main, top, left, centre"
    assert window.view.positions[-1][2] is None  # not interactive
    assert window.session.result_text() in status(window)
    type_move(qtbot, window, "b5")
    assert status(window) == "Illegal move b5: the game is over"


def test_move_table_is_numbered_with_players_in_columns_and_clicks_show_positions(
        qtbot, window) -> None:
    for move in ("a3", "a5", "b3"):
        type_move(qtbot, window, move)
    table = window.panel.table
    assert (table.rowCount(), table.columnCount()) == (2, 2)
    assert [table.horizontalHeaderItem(c).text() for c in (0, 1)] == ["X alice", "O bob"]
    assert table.verticalHeaderItem(1).text() == "2"
    assert [table.item(0, 0).text(), table.item(0, 1).text(), table.item(1, 0).text()] == [
        "a3", "a5", "b3"]
    rect = table.visualItemRect(table.item(0, 1))
    qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert window.session.viewed == 2
    assert window.view.positions[-1][0] == 2 and window.view.positions[-1][3] == "a5"
    assert "round 1, after O's a5 (move 2 of 3)" in status(window)


def test_arrow_keys_walk_the_moves(qtbot, window) -> None:
    for move in ("a3", "a5", "b3"):
        type_move(qtbot, window, move)
    show(qtbot, window)
    window.view.setFocus()
    for key, expected in ((Qt.Key.Key_Left, 2), (Qt.Key.Key_Home, 0), (Qt.Key.Key_Right, 1),
                          (Qt.Key.Key_End, 3)):
        qtbot.keyClick(window.view, key)
        assert window.session.viewed == expected, key


def test_arrow_keys_walk_the_moves_from_the_empty_move_line(qtbot, window) -> None:
    for move in ("a3", "a5", "b3"):
        type_move(qtbot, window, move)
    show(qtbot, window)
    window.move_line.setFocus()
    assert window.move_line.text() == ""  # as after every typed move
    for key, expected in ((Qt.Key.Key_Left, 2), (Qt.Key.Key_Left, 1), (Qt.Key.Key_Home, 0),
                          (Qt.Key.Key_Right, 1), (Qt.Key.Key_End, 3)):
        qtbot.keyClick(window.move_line, key)
        assert window.session.viewed == expected, key
    qtbot.keyClicks(window.move_line, "c4")  # typing: the keys move the cursor again
    qtbot.keyClick(window.move_line, Qt.Key.Key_Left)
    qtbot.keyClick(window.move_line, Qt.Key.Key_Home)
    assert window.session.viewed == 3 and window.move_line.cursorPosition() == 0
    qtbot.keyClick(window.move_line, Qt.Key.Key_End)
    assert window.move_line.cursorPosition() == 2 and window.session.viewed == 3


def test_playing_in_an_earlier_position_starts_a_variation_without_asking(
        qtbot, window, dialogs) -> None:
    for move in ("a3", "a5", "b3"):
        type_move(qtbot, window, move)
    window.show_ply(1)
    type_move(qtbot, window, "e5")
    assert dialogs.texts("question") == []
    assert window.session.record.moves == ["a3", "a5", "b3"]
    assert window.session.moves == ["a3", "e5"] and window.session.line == 1
    assert status(window).startswith("New variation 1 (from move 2): ")


def test_undo_and_redo_by_shortcut(qtbot, window) -> None:
    for move in ("a3", "a5"):
        type_move(qtbot, window, move)
    show(qtbot, window)
    window.view.setFocus()
    qtbot.keyClick(window.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert window.session.record.moves == ["a3"]
    assert ("cancel_pending",) in window.view.calls
    assert window.commands.redo_action.isEnabled()
    window.commands.redo_action.trigger()
    assert window.session.record.moves == ["a3", "a5"]
    assert not window.commands.redo_action.isEnabled()


def test_view_commands_reach_the_view(qtbot, window) -> None:
    assert not window.commands.top_action.isEnabled()  # the Quadrant Y canvas has no camera
    window.start_game(GameChoice("drogo", [], ["alice", "bob"], []))
    assert window.commands.top_action.isEnabled()
    show(qtbot, window)
    window.view.setFocus()
    for key in (Qt.Key.Key_0, Qt.Key.Key_T, Qt.Key.Key_BracketLeft, Qt.Key.Key_BracketRight):
        qtbot.keyClick(window.view, key)
    assert window.view.calls[-4:] == [("reset_camera",), ("top_view",), ("turn", -1),
                                      ("turn", 1)]
    window.move_line.setFocus()
    before = len(window.view.calls)
    qtbot.keyClick(window.move_line, Qt.Key.Key_T)
    assert window.move_line.text() == "t" and len(window.view.calls) == before


def test_owners_map_beside_the_board_and_lintel_toggle(qtbot, window) -> None:
    window.start_game(GameChoice("drogo", ["-size=4"], ["alice", "bob"], []))
    assert window.width() >= 1200  # wide enough: the map is on at first
    assert window.commands.map_action.isChecked() and window.map_shown
    window.commands.map_action.trigger()
    assert not window.map_shown
    window.commands.map_action.trigger()
    assert window.map_shown
    window.move_line.setText("a1")
    window.play_typed()
    owners_map = map_of(window, FakeMap)
    assert owners_map.positions[-1][0] == 1
    window.commands.map_action.trigger()
    assert not window.map_shown and not owners_map.isVisible()
    window.move_line.setText("b1")
    window.play_typed()
    assert owners_map.positions[-1][0] == 1  # a hidden map is not redrawn
    window.commands.map_action.trigger()
    assert window.map_shown and owners_map.positions[-1][0] == 2
    assert not window.commands.lintel_action.isEnabled()  # Drogo has no lintels
    window.start_game(GameChoice("druid", ["-size=5"], ["alice", "bob"], []))
    assert window.commands.lintel_action.isEnabled()
    window.commands.lintel_action.trigger()
    assert window.view.calls[-1] == ("lintel", True)


# ---- notes --------------------------------------------------------------------------------

def test_a_note_is_kept_for_the_ply_on_screen_and_saved(qtbot, window, tmp_path) -> None:
    type_move(qtbot, window, "a3")
    window.panel.note_edit.setPlainText("the left edge")
    assert window.session.note(1) == "the left edge"
    assert "a3 *" == window.panel.table.item(0, 0).text()
    window.show_ply(0)
    assert window.panel.note_edit.toPlainText() == ""
    assert window.files.save_as(tmp_path / "noted.txt")
    assert Session.load(tmp_path / "noted.txt").record.notes == {1: "the left edge"}


# ---- files --------------------------------------------------------------------------------

def test_save_and_reopen_gives_the_same_game(qtbot, window, tmp_path) -> None:
    for move in ("a3", "swap", "b5", "b3"):
        type_move(qtbot, window, move)
    target = tmp_path / "game.txt"
    assert window.files.save_as(target)
    assert not window.isWindowModified() and window.session.path == target
    saved = window.session.record
    colours = window.session.colours_by_side()
    assert colours["X"] == (225, 220, 200)  # the swap gave alice's colour to bob with X
    window.start_game(GameChoice("drogo", [], ["x", "y"], []))
    assert window.files.open_file(target)
    assert window.session.record == saved
    assert window.session.current.render() == Session.load(target).current.render()
    assert window.session.colours_by_side() == colours
    assert status(window) == "Opened game.txt: 3 moves. O (alice) to move."


def test_an_unreadable_file_gives_a_dialog_and_leaves_the_game_untouched(
        qtbot, window, dialogs, tmp_path) -> None:
    type_move(qtbot, window, "a3")
    before = (list(window.session.record.moves), window.session.modified)
    bad = tmp_path / "bad.txt"
    bad.write_text("(game quady)\n(players a b)\n(moves\na3\na3\n)\n(parameters -size=5)\n")
    assert not window.files.open_file(bad)
    assert dialogs.texts("warning") == ["bad.txt: line 5, move 2 (a3): a3 is not empty"] or \
        dialogs.texts("warning")[0].startswith("bad.txt: line 5, move 2 (a3): ")
    assert (window.session.record.moves, window.session.modified) == before
    assert dialogs.texts("question") == []  # nothing was discarded for a file that failed
    truncated = tmp_path / "truncated.txt"
    truncated.write_text("(game druid)\n(players a b)\n(moves\nc3\n")
    assert not window.files.open_file(truncated)
    assert "line" in dialogs.texts("warning")[-1]
    assert window.session.record.moves == ["a3"]


def test_opening_over_unsaved_changes_asks_and_cancel_keeps_the_game(
        qtbot, window, dialogs, tmp_path) -> None:
    other = Session.new("quady", ["-size=7"], ["c", "d"])
    other.play("d4")
    other.save(tmp_path / "other.txt")
    type_move(qtbot, window, "a3")
    dialogs.answers = [Cancel]
    assert not window.files.open_file(tmp_path / "other.txt")
    assert window.session.record.moves == ["a3"]
    dialogs.answers = [Save]
    monkey_target = tmp_path / "mine.txt"
    window.session.path = monkey_target
    assert window.files.open_file(tmp_path / "other.txt")
    assert Session.load(monkey_target).record.moves == ["a3"]
    assert window.session.record.players == ["c", "d"]


def test_closing_with_unsaved_changes_asks(qtbot, window, dialogs) -> None:
    type_move(qtbot, window, "a3")
    dialogs.answers = [Cancel]
    assert not window.close()
    dialogs.answers = [QMessageBox.StandardButton.Discard]
    assert window.close()
    assert len(dialogs.texts("question")) == 2
    assert not autosave.path().exists()  # a normal close leaves nothing to recover


def test_export_image_writes_a_png(qtbot, window, tmp_path) -> None:
    assert window.files.export_image(tmp_path / "board")
    image = QImage(str(tmp_path / "board.png"))
    assert image.width() == 40 and image.pixelColor(5, 5).green() == 200


def test_recent_files_and_last_folder_persist(qtbot, window, tmp_path) -> None:
    window.files.save_as(tmp_path / "one.txt")
    window.files.save_as(tmp_path / "two.txt")
    window.files.fill_recent_menu(window.commands.recent_menu)
    assert [a.text() for a in window.commands.recent_menu.actions()] == ["two.txt", "one.txt"]
    again = MainWindow()
    qtbot.addWidget(again)
    again.files.fill_recent_menu(again.commands.recent_menu)
    assert [a.text() for a in again.commands.recent_menu.actions()] == ["two.txt", "one.txt"]
    assert again.files.last_dir() == str(tmp_path.resolve())


def test_the_map_is_beside_the_board_when_the_window_is_wide_until_the_player_chooses(
        qtbot, window) -> None:
    window.start_game(GameChoice("drogo", [], ["alice", "bob"], []))
    show(qtbot, window)
    for width, on in ((900, False), (1400, True), (1000, False)):
        window.resize(width, 700)
        qtbot.waitUntil(lambda: window.width() == width)
        assert window.commands.map_action.isChecked() == on == window.map_shown, width
    window.commands.map_action.trigger()  # the player shows it: it stays, whatever the width
    window.resize(900, 700)
    qtbot.waitUntil(lambda: window.width() == 900)
    assert window.map_shown
    assert window.close()
    again = MainWindow()
    qtbot.addWidget(again)
    again.resize(800, 600)
    again.start_game(GameChoice("drogo", [], ["alice", "bob"], []))
    assert again.commands.map_action.isChecked() and again.map_shown


def test_window_layout_and_view_choices_persist(qtbot, window) -> None:
    window.start_game(GameChoice("drogo", [], ["alice", "bob"], []))
    window.commands.map_action.trigger()  # hide the map, shown at first in a wide window
    show(qtbot, window)
    window.resize(700, 500)
    qtbot.waitUntil(lambda: window.width() == 700)
    window.dock.hide()
    assert window.close()
    again = MainWindow()
    qtbot.addWidget(again)
    again.show()
    qtbot.waitExposed(again)
    assert not again.commands.map_action.isChecked()  # the player's choice, not the width's
    assert (again.width(), again.height()) == (700, 500)
    assert again.dock.isHidden()
    assert again.last_choice().game == "drogo"


# ---- autosave -----------------------------------------------------------------------------

def test_every_move_is_autosaved_and_offered_again_after_a_crash(qtbot, window, dialogs) -> None:
    for move in ("a3", "a5"):
        type_move(qtbot, window, move)
    assert autosave.find() is None and autosave.path().exists()
    crash()  # as if this run had died without closing its window
    again = MainWindow()
    qtbot.addWidget(again)
    dialogs.answers = [Yes]
    again.start()
    assert "quady between alice, bob, 2 moves" in dialogs.texts("question")[-1]
    session = session_of(again)
    assert session.record.moves == ["a3", "a5"] and session.modified
    assert status(again) == "Recovered the autosaved game."
    assert autosave.find() is None  # the orphan became this run's own autosave
    assert autosave.path().exists()


def test_the_autosave_of_another_running_megalith_is_left_alone(qtbot, window, dialogs
                                                               ) -> None:
    import os
    type_move(qtbot, window, "a3")
    autosave.path().rename(autosave.path(os.getppid()))  # a live process's game
    again = MainWindow()
    qtbot.addWidget(again)
    again.start()
    assert dialogs.texts("question") == [] and autosave.path(os.getppid()).exists()


def test_declining_the_recovery_removes_it_and_starts_a_game(qtbot, window, dialogs) -> None:
    type_move(qtbot, window, "a3")
    crash()
    again = MainWindow()
    qtbot.addWidget(again)
    dialogs.answers = [No]
    again.start()
    assert autosave.find() is None and not autosave.orphans()
    session = session_of(again)
    assert session.ply == 0 and session.game == "quady"


def test_start_opens_the_file_given_on_the_command_line(qtbot, dialogs, tmp_path) -> None:
    game = Session.new("drogo", ["-size=4"], ["ann", "ben"])
    game.play("b2")
    game.save(tmp_path / "g.txt")
    window = MainWindow()
    qtbot.addWidget(window)
    window.start(str(tmp_path / "g.txt"))
    session = session_of(window)
    assert session.record.moves == ["b2"] and session.path == tmp_path / "g.txt"


def test_a_repeated_position_is_mentioned_in_the_status_bar(qtbot, window) -> None:
    window.start_game(GameChoice("drogo", ["-size=3", "-single"], ["ann", "ben"], []))
    for move in ["a1", "b1", "b2", "b1", "a3", "a2", "a3", "c1", "a1", "a2"]:
        type_move(qtbot, window, move)
    assert status(window).endswith("This position repeats the one after move 8 (repeats are "
                                   "allowed, as on pbmserv).")


@pytest.mark.parametrize("game, parameters, players, forced", [
    ("drogo", ["-size=3", "-in_place"], 4, True),  # full stacks: players run out of moves
    ("drogo", ["-size=4", "-in_place", "-easy_free"], 3, True),
    ("quady", ["-size=5"], 2, False),
    ("druid", ["-size=4"], 2, False),
    ("druid", ["-size=3", "-hex", "-walk"], 3, False),
    ("druid", ["-size=4", "-y"], 2, False),
])
def test_random_games_through_the_window_end_and_replay_from_the_file(
        qtbot, window, tmp_path, game, parameters, players, forced) -> None:
    """Whole seeded random games typed into the window: forced passes are played for the
    players who cannot move, the end is announced, and the saved file replays to the same
    position."""
    import random

    from megalith.rules import record as records
    rng = random.Random(5)
    names = ["ann", "ben", "cat", "dan"][:players]
    window.start_game(GameChoice(game, parameters, names, []))
    session = window.session
    for _ in range(400):
        state = session.current
        if state.outcome().over:
            break
        legal = state.legal_moves()
        assert legal != ["--"]  # the window has already passed for a player with no choice
        type_move(qtbot, window, rng.choice([m for m in legal if m != "swap"] or legal))
    outcome = session.current.outcome()
    assert outcome.over, session.record.moves
    assert any(session.is_forced_pass(k) for k in range(session.ply)) == forced
    assert window.banner.text() == session.result_text(outcome) != ""
    assert window.view.positions[-1][2] is None
    target = tmp_path / "game.txt"
    window.files.save_as(target)
    replayed = records.replay(records.load(target))
    assert replayed[-1].render() == session.current.render()
    assert len(replayed) == session.ply + 1
    rows = window.panel.table.rowCount()
    assert rows == -(-session.ply // players)


def test_the_game_menu_passes_swaps_and_resigns_after_asking(qtbot, window, dialogs) -> None:
    assert not window.commands.pass_action.isEnabled()  # Quadrant Y has no pass
    assert not window.commands.swap_action.isEnabled()
    type_move(qtbot, window, "c3")
    assert window.commands.swap_action.isEnabled()
    window.commands.swap_action.trigger()
    assert window.session.record.swapped and not window.commands.swap_action.isEnabled()
    dialogs.answers = [No]
    window.commands.resign_action.trigger()
    assert dialogs.texts("question")[-1] == "Resign the game for O (alice)?"
    assert window.session.ply == 1
    dialogs.answers = [Yes]
    window.commands.resign_action.trigger()
    assert window.session.record.moves == ["c3", "Resign"]
    assert window.banner.text() == "X (bob) wins: the other player resigned"
    assert not window.commands.resign_action.isEnabled()
    window.start_game(GameChoice("druid", ["-size=5"], ["vera", "hugo"], []))
    assert window.commands.pass_action.isEnabled()  # Druid allows passing
    window.commands.pass_action.trigger()
    assert window.session.record.moves == ["--"]
    assert status(window) == "V (vera) passed. H (hugo) to move."


# ---- nothing sticks to the next position or game ---------------------------------------

def test_lintel_mode_is_off_after_each_move(qtbot, window) -> None:
    window.start_game(GameChoice("druid", ["-size=5"], ["alice", "bob"], []))
    window.commands.lintel_action.trigger()
    assert window.commands.lintel_action.isChecked() and window.view.calls[-1] == ("lintel", True)
    type_move(qtbot, window, "a1")
    assert not window.commands.lintel_action.isChecked()
    assert ("lintel", False) in window.view.calls


def test_a_new_or_opened_game_starts_with_no_old_text(qtbot, window, tmp_path) -> None:
    type_move(qtbot, window, "zz9")  # refused: the message names the move
    assert "zz9" in status(window)
    window.view.hint.emit("a3: click to play a3")
    window.move_line.setText("b4")  # typed but not played
    window.start_game(GameChoice("drogo", ["-size=4"], ["alice", "bob"], []))
    assert window.hint_label.text() == "" and window.move_line.text() == ""
    assert "zz9" not in status(window) and status(window).startswith("New game of Drogo")
    window.view.hint.emit("b2: an empty cell")
    window.move_line.setText("c3")
    path = tmp_path / "g.txt"
    Session.new("quady", ["-size=5"], ["x", "y"]).save(path)
    assert window.files.open_file(path)
    assert window.hint_label.text() == "" and window.move_line.text() == ""
    assert status(window).startswith("Opened g.txt")


def test_walking_the_moves_counts_rounds_as_the_table_does(qtbot, window) -> None:
    window.start_game(GameChoice("drogo", ["-size=4"], ["alice", "bob", "carol"], []))
    for move in ("a1", "b2", "c3", "d4"):
        type_move(qtbot, window, move)
    window.show_ply(4)
    assert "round 2, after X's d4 (move 4 of 4)" in status(window)
    window.show_ply(3)
    assert "round 1, after Y's c3 (move 3 of 4)" in status(window)


def test_exported_and_copied_images_carry_a_caption_under_the_board(qtbot, window,
                                                                     tmp_path) -> None:
    from PySide6.QtGui import QGuiApplication, QImage

    type_move(qtbot, window, "a3")
    board = window.view.grab_image()  # the fake view draws a green 40x30 block
    assert window.commands.caption_action.isChecked()
    assert window.files.export_image(tmp_path / "with.png")
    image = QImage(str(tmp_path / "with.png"))
    assert image.width() == board.width() and image.height() > board.height() + 40
    assert image.pixelColor(5, 5).green() == 200  # the board on top
    strip = [image.pixelColor(x, y).lightness() for x in range(image.width())
             for y in range(board.height(), image.height())]
    assert min(strip) < 100 and max(strip) > 230  # dark text on the light strip
    window.commands.caption_action.trigger()
    assert window.files.export_image(tmp_path / "bare.png")
    assert QImage(str(tmp_path / "bare.png")).size() == board.size()
    assert window.files.copy_image()
    assert QGuiApplication.clipboard().image().size() == board.size()


def test_caption_names_the_game_players_move_and_result() -> None:
    from megalith.desktop.window.board_image import caption_lines

    session = Session.new("quady", ["-size=5"], ["xena", "otto"])
    for move in ("a1", "a2", "b2"):
        session.play(move)
    session.view(2)
    assert caption_lines(session, "Quadrant Y -size=5") == [
        "Quadrant Y -size=5", "X xena  -  O otto", "after move 2 of 3: O played a2"]
    session.view(0)
    assert caption_lines(session, "t")[2] == "start position (3 moves in the game)"


def test_about_names_the_version_and_every_playable_game(qtbot, window, dialogs) -> None:
    from megalith.desktop.version import version

    window.commands.about_action.trigger()
    (text,) = dialogs.texts("about")
    assert text.startswith(f"<p>Megalith {version()}:") and version() != "unknown"
    assert "Druid" in text and "Quadrant Y" in text and "Dragons" in text
    assert "Licence: MIT" in text and "PySide6" in text  # the licence, what it is built on


def test_height_numbers_toggle_and_a_new_game_framed_at_once(qtbot, window) -> None:
    assert not window.commands.heights_action.isEnabled()  # Quadrant Y has no stacks
    window.start_game(GameChoice("drogo", ["-size=4"], ["alice", "bob"], []))
    assert window.commands.heights_action.isEnabled()
    assert window.view.calls[-1] == ("reset_camera", "at once")
    window.commands.heights_action.trigger()
    assert window.view.calls[-1] == ("heights", True)
    window.start_game(GameChoice("drogo", ["-size=5"], ["alice", "bob"], []))  # same view
    assert window.view.calls[-1] == ("reset_camera", "at once")
    assert window.commands.heights_action.isChecked()


def test_the_dialog_keeps_the_side_letters_while_the_options_are_invalid(qtbot,
                                                                          dialogs) -> None:
    dialog = NewGameDialog(GameChoice("quady", ["-size=7"], ["alice", "bob"], []))
    qtbot.addWidget(dialog)
    assert [row.side.text() for row in dialog.rows[:2]] == ["X", "O"]
    spin_box(dialog, "size").setValue(6)  # refused: even sizes do not split
    assert dialog.error
    assert [row.side.text() for row in dialog.rows[:2]] == ["X", "O"]


def test_open_asks_about_unsaved_changes_before_the_file_is_chosen(qtbot, window, dialogs,
                                                                   monkeypatch) -> None:
    from PySide6.QtWidgets import QFileDialog

    type_move(qtbot, window, "a3")  # an unsaved change
    order: list[str] = []
    def choose(*args: object, **kwargs: object) -> tuple[str, str]:
        order.append("file dialog")
        return "", ""

    monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(choose))
    dialogs.answers = [QMessageBox.StandardButton.Discard]
    original = QMessageBox.question

    def question(*args, **kwargs):
        order.append("asked")
        return original(*args, **kwargs)
    monkeypatch.setattr(QMessageBox, "question", staticmethod(question))
    assert not window.files.open_file()  # the file dialog was cancelled
    assert order == ["asked", "file dialog"]
    assert window.session.modified  # still unsaved: closing asks again
