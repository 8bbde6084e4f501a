"""Studying a game in the real window (issue 27): notes that stay through navigation,
undo, redo, save and reopen; variations started by playing at an earlier position, kept in
the file, shown as a tree, followed by the arrow keys, promoted and deleted."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence

from megalith.desktop.game import autosave
from megalith.desktop.game.session import GameChoice
from megalith.desktop.window.main_window import MainWindow
from megalith.desktop.game.session import Session
from megalith.rules import record as records
from tests.desktop.app_support import item, session_of, stand_in_dialogs


@pytest.fixture
def window(qtbot, monkeypatch, tmp_path) -> MainWindow:
    stand_in_dialogs(monkeypatch, tmp_path)
    window = MainWindow()
    qtbot.addWidget(window)
    window.start_game(GameChoice("druid", ["-size=8"], ["alice", "bob"], []))
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    return window


def type_move(qtbot, window: MainWindow, text: str) -> None:
    window.move_line.setText(text)
    qtbot.keyClick(window.move_line, Qt.Key.Key_Return)


def type_note(qtbot, window: MainWindow, text: str) -> None:
    """Clicks into the note box and types, as a person does."""
    box = window.panel.note_edit
    qtbot.mouseClick(box.viewport(), Qt.MouseButton.LeftButton)
    qtbot.keyClicks(box, text)


def click_cell(qtbot, window: MainWindow, row: int, column: int) -> None:
    table = window.panel.table
    rect = table.visualItemRect(item(table, row, column))
    qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())


def tab_shown(window: MainWindow, tab) -> bool:
    tabs = window.panel.study_tabs
    return tabs.isVisible() and tabs.isTabVisible(tabs.indexOf(tab))


def dark_pixels(widget) -> int:
    """Pixels of text (dark) in what the widget draws."""
    image = widget.grab().toImage()
    return sum(1 for x in range(0, image.width(), 2) for y in range(0, image.height(), 2)
               if max(image.pixelColor(x, y).getRgb()[:3]) < 90)


# ---- notes ------------------------------------------------------------------------------

def test_a_note_typed_then_a_move_played_survives_back_and_marks_its_move(
        qtbot, window, tmp_path) -> None:
    type_move(qtbot, window, "c3")
    assert window.files.save_as(tmp_path / "game.txt") and not window.isWindowModified()
    type_note(qtbot, window, "fresh note")
    assert window.session.note(1) == "fresh note"  # in the record as it is typed
    assert window.isWindowModified() and window.panel.table.item(0, 0).text() == "c3 *"
    def autosaved_notes() -> dict[int, str]:
        saved = json.loads(autosave.path().read_text())
        return records.parse(saved["record"]).notes

    qtbot.waitUntil(lambda: autosaved_notes() == {1: "fresh note"}, timeout=5000)
    type_move(qtbot, window, "d4")
    window.commands.previous_action.trigger()  # Back
    assert window.session.viewed == 1
    assert window.panel.note_edit.toPlainText() == "fresh note"
    assert window.panel.note_label.text() == "Note after move 1"


def test_a_note_survives_clicking_another_move_in_the_table(qtbot, window) -> None:
    for move in ("c3", "d4", "e5"):
        type_move(qtbot, window, move)
    click_cell(qtbot, window, 0, 1)  # move 2
    type_note(qtbot, window, "the centre")
    click_cell(qtbot, window, 0, 0)
    assert window.panel.note_edit.toPlainText() == ""
    click_cell(qtbot, window, 0, 1)
    assert window.panel.note_edit.toPlainText() == "the centre"
    assert window.panel.table.item(0, 1).text() == "d4 *"
    assert window.panel.table.item(0, 1).toolTip() == "the centre"


def test_a_note_then_the_move_line_and_ctrl_s_saves_the_note(qtbot, window, tmp_path) -> None:
    type_move(qtbot, window, "c3")
    assert window.files.save_as(tmp_path / "game.txt")
    type_note(qtbot, window, "kept")
    qtbot.mouseClick(window.move_line, Qt.MouseButton.LeftButton)
    qtbot.keySequence(window.move_line, QKeySequence("Ctrl+S"))
    assert not window.isWindowModified()
    assert window.panel.note_edit.toPlainText() == "kept"
    assert Session.load(tmp_path / "game.txt").record.notes == {1: "kept"}
    window.close()
    again = MainWindow()
    qtbot.addWidget(again)
    assert again.files.open_file(tmp_path / "game.txt")
    again.show_ply(1)
    assert again.panel.note_edit.toPlainText() == "kept"
    assert item(again.panel.table, 0, 0).text() == "c3 *"


def test_a_note_survives_undo_and_redo(qtbot, window) -> None:
    for move in ("c3", "d4"):
        type_move(qtbot, window, move)
    type_note(qtbot, window, "on d4")
    window.commands.undo_action.trigger()
    assert window.session.ply == 1 and window.panel.note_edit.toPlainText() == ""
    window.commands.redo_action.trigger()
    assert window.session.ply == 2 and window.session.note(2) == "on d4"
    assert window.panel.note_edit.toPlainText() == "on d4"
    assert window.panel.table.item(0, 1).text() == "d4 *"


def test_spaces_typed_at_the_end_of_a_note_stay_in_the_box(qtbot, window) -> None:
    type_move(qtbot, window, "c3")
    type_note(qtbot, window, "two words")
    assert window.panel.note_edit.toPlainText() == "two words"
    window.refresh()
    assert window.panel.note_edit.toPlainText() == "two words"
    assert window.session.note(1) == "two words"


# ---- variations -------------------------------------------------------------------------

def play_with_variation(qtbot, window: MainWindow) -> None:
    """Main line c3 d4 e5 f6; back to move 1; d5 there starts variation 1."""
    for move in ("c3", "d4", "e5", "f6"):
        type_move(qtbot, window, move)
    window.show_ply(1)
    type_move(qtbot, window, "d5")


def test_a_move_at_an_earlier_position_starts_a_variation_shown_as_a_tree(
        qtbot, window) -> None:
    lines = window.panel.lines
    assert not tab_shown(window, lines)
    for move in ("c3", "d4", "e5", "f6"):
        type_move(qtbot, window, move)
    empty = dark_pixels(window.panel.table)
    window.show_ply(1)
    type_move(qtbot, window, "d5")
    session = window.session
    assert session.record.moves == ["c3", "d4", "e5", "f6"] and session.moves == ["c3", "d5"]
    assert tab_shown(window, lines) and lines.isVisible()  # the tab on top
    tree = lines.tree
    main = tree.topLevelItem(0)
    assert main.text(0) == "Main line: 4 moves" and main.child(0).text(0) == \
        "1. from move 2: d5"
    assert main.child(0).font(0).bold() and not main.font(0).bold()
    assert dark_pixels(lines) > 100  # the tree is drawn with its text
    assert window.panel.table.item(0, 1).text() == "d5 +1"
    assert window.panel.table.item(0, 1).toolTip() == "Also played here: d4 (see Lines)"
    assert dark_pixels(window.panel.table) < empty  # the table shows the two moves only
    # the main line shows the mark where the variation parts
    qtbot.mouseClick(tree.viewport(), Qt.MouseButton.LeftButton,
                     pos=tree.visualItemRect(main).center())
    assert session.line == 0 and window.panel.table.item(0, 1).text() == "d4 +1"


def test_arrow_keys_and_undo_redo_follow_the_line_on_screen(qtbot, window) -> None:
    play_with_variation(qtbot, window)
    type_move(qtbot, window, "e6")
    session = window.session
    assert session.moves == ["c3", "d5", "e6"]
    window.setFocus()
    for key, expected in ((Qt.Key.Key_Home, 0), (Qt.Key.Key_Right, 1), (Qt.Key.Key_Right, 2),
                          (Qt.Key.Key_End, 3), (Qt.Key.Key_Left, 2)):
        qtbot.keyClick(window, key)
        assert session.viewed == expected and session.line == 1, key
    assert session.last_move_shown == "d5"
    window.commands.undo_action.trigger()
    assert session.moves == ["c3", "d5"] and session.record.moves == ["c3", "d4", "e5", "f6"]
    window.commands.undo_action.trigger()  # the variation's last move: the variation is gone
    assert session.record.variations == [] and session.line == 0 and session.viewed == 1
    window.commands.redo_action.trigger()
    window.commands.redo_action.trigger()
    assert session.moves == ["c3", "d5", "e6"] and session.line == 1


def test_a_variation_survives_save_and_reopen_and_the_file_keeps_the_main_line(
        qtbot, window, tmp_path) -> None:
    play_with_variation(qtbot, window)
    type_note(qtbot, window, "why not d5")
    assert window.files.save_as(tmp_path / "study.txt")
    text = (tmp_path / "study.txt").read_text()
    assert "(moves\nc3\nd4\ne5\nf6\n)" in text
    assert "(variations\n0 1 d5\nnote 2 why not d5\n)" in text
    again = MainWindow()
    qtbot.addWidget(again)
    assert again.files.open_file(tmp_path / "study.txt")
    session = session_of(again)
    assert session.line == 0 and session.ply == 4
    again.controller.switch_line(1)
    session = session_of(again)
    assert session.moves == ["c3", "d5"] and session.viewed == 2
    assert again.panel.note_edit.toPlainText() == "why not d5"


def test_promote_and_delete_a_variation_with_the_buttons(qtbot, window) -> None:
    play_with_variation(qtbot, window)
    lines = window.panel.lines
    session = window.session
    qtbot.mouseClick(lines.promote_button, Qt.MouseButton.LeftButton)
    assert session.record.moves == ["c3", "d5"] and session.line == 0
    assert session.record.variations[0].moves == ["d4", "e5", "f6"]
    assert lines.tree.topLevelItem(0).text(0) == "Main line: 2 moves"
    assert window.isWindowModified()
    window.controller.switch_line(1)
    assert session.moves == ["c3", "d4", "e5", "f6"] and session.viewed == 2
    qtbot.mouseClick(lines.delete_button, Qt.MouseButton.LeftButton)
    assert session.record.variations == [] and session.line == 0 and session.viewed == 1
    assert not tab_shown(window, lines) and not window.panel.study_tabs.isVisible()
    assert window.message_label.text().startswith("Deleted variation 1 (from move 2).")


# ---- the review -------------------------------------------------------------------------

def analysed(window: MainWindow, rates: dict, best: dict) -> None:
    """Gives the window an analysis of the line on screen, as the workers would."""
    analysis, session = window.controller.analysis, session_of(window)
    analysis.moves = tuple(session.moves)
    analysis.outcome = session.current.outcome()
    analysis.movers = {p: s.to_move for p, s in enumerate(session.states) if s.to_move}
    analysis.rates, analysis.best = dict(rates), dict(best)
    analysis.updated.emit()


def test_the_review_lists_the_largest_drops_and_plays_the_better_move_as_a_variation(
        qtbot, window) -> None:
    for move in ("c3", "d4", "e5", "f6"):
        type_move(qtbot, window, move)
    # V 55% -> H 40% (V 60%): fine; d4 by H: 40% -> V 90% (H 10%): -30; e5 by V: 90% ->
    # H 60% (V 40%): -50; f6 by H: 60% -> V 50% (H 50%): -10
    analysed(window, {0: 0.55, 1: 0.4, 2: 0.9, 3: 0.6, 4: 0.5},
             {0: "c3", 1: "b2", 2: "d5", 3: "a1", 4: "g7"})
    review = window.panel.review
    assert review.isVisible() and window.panel.analysis_graph.isVisible()  # the tab on top
    texts = [review.list.item(i).text() for i in range(review.list.count())]
    assert texts == ["3. alice e5: 90% to 40% (-50), better d5",
                     "2. bob d4: 40% to 10% (-30), better b2",
                     "4. bob f6: 60% to 50% (-10), better a1"]
    assert dark_pixels(review.list) > 100
    graph = window.panel.analysis_graph
    assert graph.getPlotItem().getAxis("left").labelText == "alice wins (%)"
    assert (graph.top_name.textItem.toPlainText(), graph.bottom_name.textItem.toPlainText()) \
        == ("alice ahead", "bob ahead")
    item = review.list.item(0)
    qtbot.mouseClick(review.list.viewport(), Qt.MouseButton.LeftButton,
                     pos=review.list.visualItemRect(item).center())
    session = window.session
    assert session.viewed == 2 and session.line == 0
    assert window.view.calls[-1] == ("suggestions", (("d5", 0.9),))
    assert "The computer prefers d5" in window.message_label.text()
    qtbot.mouseClick(review.play_button, Qt.MouseButton.LeftButton)
    assert session.moves == ["c3", "d4", "d5"] and session.line == 1
    assert session.record.moves == ["c3", "d4", "e5", "f6"]
    # the main line analysed is still in the record: the review stays, the new line on top
    assert tab_shown(window, review) and window.panel.lines.isVisible()


def test_a_real_analysis_ends_with_the_review_of_its_own_figures(qtbot, window) -> None:
    window.start_game(GameChoice("druid", ["-size=5"], ["alice", "bob"], []))
    for move in ("c3", "a1", "d3", "a2"):
        type_move(qtbot, window, move)
    controller = window.controller
    controller.analysis.iterations = 60
    window.commands.analyse_action.trigger()
    qtbot.waitUntil(lambda: not controller.analysis.running, timeout=60000)
    analysis = controller.analysis
    assert sorted(analysis.best) == [0, 1, 2, 3, 4]
    assert all(analysis.best[p] in window.session.states[p].legal_moves() for p in range(5))
    from megalith.desktop.panels.review import drop_text
    from megalith.rules.review import largest_drops
    drops = largest_drops(analysis.rates, analysis.movers, analysis.best, analysis.moves,
                          window.session.sides, analysis.outcome)
    review = window.panel.review
    assert review.isVisible() and tab_shown(window, review)
    shown = [review.list.item(i).text() for i in range(review.list.count())]
    assert shown == ([drop_text(d, window.session.name) for d in drops] if drops
                     else ["No move lost much: every drop was under 5 points."])


# ---- Copy move for pbmserv --------------------------------------------------------------

def answer_password(monkeypatch, password: str, remember: bool, asked: list[str]) -> None:
    from megalith.desktop.game.pbmserv_copy import PasswordDialog

    def run(dialog: PasswordDialog) -> int:
        asked.append(dialog.windowTitle())
        dialog.password.setText(password)
        dialog.remember.setChecked(remember)
        return PasswordDialog.DialogCode.Accepted

    monkeypatch.setattr(PasswordDialog, "exec", run)


def test_copy_move_for_pbmserv_puts_the_mail_line_on_the_clipboard(
        qtbot, window, monkeypatch, tmp_path) -> None:
    from PySide6.QtGui import QGuiApplication

    asked: list[str] = []
    answer_password(monkeypatch, "", False, asked)
    type_move(qtbot, window, "c3")
    window.commands.mail_action.trigger()
    clipboard = QGuiApplication.clipboard()
    assert clipboard.text() == "druid move BOARD alice PASSWORD c3" and len(asked) == 1
    assert window.message_label.text() == ("Copied for pbmserv: druid move BOARD alice "
                                           "PASSWORD c3 (replace BOARD with the board number)")
    type_move(qtbot, window, "d4")
    assert window.files.save_as(tmp_path / "101")  # a pbmserv board file's name
    answer_password(monkeypatch, "s3cret", True, asked)
    window.commands.mail_action.trigger()
    assert clipboard.text() == "druid move 101 bob s3cret d4"
    assert "s3cret" not in window.message_label.text()
    assert window.message_label.text() == "Copied for pbmserv: druid move 101 bob ***** d4"
    # remembered for bob in memory, asked for no more; never written anywhere
    window.commands.mail_action.trigger()
    assert len(asked) == 2 and clipboard.text() == "druid move 101 bob s3cret d4"
    assert "s3cret" not in (tmp_path / "101").read_text()
    assert "s3cret" not in autosave.path().read_text()
    window.show_ply(1)  # the move on screen is the one copied: alice's c3
    answer_password(monkeypatch, "", False, asked)
    window.commands.mail_action.trigger()
    assert clipboard.text() == "druid move 101 alice PASSWORD c3" and len(asked) == 3


def test_the_study_pictures_game_opens_with_its_variations() -> None:
    import importlib.util
    from pathlib import Path

    script = Path(__file__).resolve().parents[3] / "docs" / "screenshots_study.py"
    spec = importlib.util.spec_from_file_location("screenshots_study", script)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    session = Session.from_record(records.parse(module.STUDY))  # every line replays
    assert session.record.moves == "c1 a6 c2 b6 c3 f1 c4 a5 c5 f2 c6".split()
    assert session.switch(1, 6) == 6 and session.note(6).startswith("c4 blocks")
    for name in ("study-variations.png", "study-review.png"):
        assert (script.parent / "images" / name).is_file()


def test_a_click_on_the_graph_shows_the_line_analysed(qtbot, window) -> None:
    play_with_variation(qtbot, window)  # variation 1 on screen
    window.controller.switch_line(0)
    analysed(window, {0: 0.5, 1: 0.5, 2: 0.5, 3: 0.5, 4: 0.5}, {})
    window.controller.switch_line(1)
    window.panel.analysis_graph.plySelected.emit(3)  # as a click at ply 3 does
    assert window.session.line == 0 and window.session.viewed == 3


def click_line(qtbot, window: MainWindow, item) -> None:
    tree = window.panel.lines.tree
    qtbot.mouseClick(tree.viewport(), Qt.MouseButton.LeftButton,
                     pos=tree.visualItemRect(item).center())


def selected_cell(window: MainWindow) -> tuple[int, int, str]:
    chosen = window.panel.table.selectedItems()
    assert len(chosen) == 1
    return chosen[0].row(), chosen[0].column(), chosen[0].text()


def test_main_line_in_the_lines_tab_shows_where_the_variation_parts_from_it(
        qtbot, window) -> None:
    """Issue 39, item 12: from deep in a variation, "Main line" shows the main line's move
    that the variation replaces (as clicking a variation shows its own first move), not the
    position after move 1; from a position both lines share, the board stays where it is."""
    for move in ("c3", "d4", "e5", "f6", "g7", "h8"):
        type_move(qtbot, window, move)
    window.show_ply(3)
    type_move(qtbot, window, "a1")  # variation 1 from move 4
    for move in ("b2", "a2"):
        type_move(qtbot, window, move)
    session = window.session
    assert session.line == 1 and session.viewed == 6
    main = window.panel.lines.tree.topLevelItem(0)
    click_line(qtbot, window, main)
    assert session.line == 0 and session.viewed == 4
    assert selected_cell(window) == (1, 1, "f6 +1")  # move 4, beside the variation's a1
    assert window.message_label.text().startswith(
        "Showing the main line at move 4, where variation 1 (from move 4) parts from it.")
    # back into the variation (its first own move), two moves back: a shared position
    click_line(qtbot, window, main.child(0))
    assert session.line == 1 and session.viewed == 4
    window.show_ply(2)
    click_line(qtbot, window, main)
    assert session.line == 0 and session.viewed == 2
    # a variation of the variation: "variation 1" shows where the inner one leaves it
    window.controller.switch_line(1)
    window.show_ply(5)
    type_move(qtbot, window, "h1")  # variation 2 parts from variation 1 at move 6
    assert session.line == 2 and session.viewed == 6
    main = window.panel.lines.tree.topLevelItem(0)  # the tree was built again
    click_line(qtbot, window, main.child(0))
    assert session.line == 1 and session.viewed == 6 and session.last_move_shown == "a2"
