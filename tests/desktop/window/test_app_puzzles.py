"""Game > Puzzles in the real window with the real board views (issue 41): a puzzle played
to the end both ways by clicks on the board (a wrong move refuted, with the reason in words
and the defence drawn, then retried; the right line to the win, counted in the settings),
Hint and Solution, Open as game, and the game in the main window kept through it all."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox, QPushButton

from megalith.desktop import help_pages, settings
from megalith.desktop.game import autosave
from megalith.desktop.game.puzzle_scores import PuzzleScores
from megalith.desktop.game.puzzle_trainer import THINKING
from megalith.desktop.game.session import GameChoice
from megalith.desktop.games import desk
from megalith.desktop.views.stack3d import StackView
from megalith.desktop.window import puzzle_window
from megalith.desktop.window.main_window import MainWindow
from megalith.desktop.window.puzzle_window import PuzzleWindow
from megalith.rules import puzzles
from megalith.rules import record as records
from megalith.rules.protocol import PASS, GameState
from megalith.rules.puzzles import PuzzleRun
from tests.desktop.app_support import (board_of, install_dialogs, private_folders,
                                       session_of, view_of)
from tests.desktop.window.test_app_play import near

STONE_COLOURS = {"X": (180, 60, 50), "O": (225, 220, 200), "V": (180, 60, 50),
                 "H": (225, 220, 200)}
MAGENTA = (235, 80, 235)
YELLOW = (255, 215, 40)  # the last move's outline on a flat board


@pytest.fixture
def dialogs(monkeypatch, tmp_path):
    private_folders(monkeypatch, tmp_path)
    monkeypatch.setattr(puzzle_window, "SOLUTION_STEP_MS", 40)
    return install_dialogs(monkeypatch)


@pytest.fixture
def window(qtbot, dialogs) -> MainWindow:
    """The main window with a game in progress: Druid 8x8, c3 and d4 played."""
    window = MainWindow()
    qtbot.addWidget(window)
    window.resize(900, 640)
    window.start_game(GameChoice("druid", ["-size=8"], ["alice", "bob"], []))
    window.show()
    qtbot.waitExposed(window)
    for move in ("c3", "d4"):
        window.move_line.setText(move)
        qtbot.keyClick(window.move_line, Qt.Key.Key_Return)
    assert session_of(window).moves == ["c3", "d4"]
    return window


def open_puzzles(qtbot, window: MainWindow, family: str) -> PuzzleWindow:
    """Game > Puzzles, then the family chosen in the panel's list."""
    window.commands.puzzles_action.trigger()
    found = window.puzzle_window
    assert found is not None and found.isVisible()
    qtbot.waitExposed(found)
    box = found.panel.family_box
    index = box.findData(family)
    assert index > 0, f"no {family} in the list"
    box.setCurrentIndex(index)
    box.activated.emit(index)  # as a choice in the list does
    assert found.trainer.family == family
    return found


def press(qtbot, button: QPushButton) -> None:
    assert button.isEnabled(), f"{button.text()} is disabled"
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def next_of_depth(qtbot, found: PuzzleWindow, depth: int) -> None:
    """Next puzzle, pressed until one of that depth is on the board."""
    for _ in range(len(found.trainer.puzzles)):
        if found.trainer.puzzle.depth == depth:
            return
        press(qtbot, found.panel.next_button)
    raise AssertionError(f"no puzzle of depth {depth}")


def click(qtbot, found: PuzzleWindow, cell: str) -> None:
    """Clicks a cell of the puzzle's board, where the view says it is, and waits for the
    answer."""
    view = view_of_puzzles(found)
    target = view.viewport() if hasattr(view, "viewport") else view
    qtbot.mouseClick(target, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     board_of_puzzles(found).cell_screen_pos(cell))
    answered(qtbot, found)


def answered(qtbot, found: PuzzleWindow) -> None:
    """Waits while the worker finds the rules' answer (the window goes on meanwhile)."""
    qtbot.waitUntil(lambda: found.trainer.phase != THINKING and not found.worker.busy,
                    timeout=30_000)


def view_of_puzzles(found: PuzzleWindow):
    views = found.board_pane.views
    assert views is not None
    return views.board_widget


def board_of_puzzles(found: PuzzleWindow):
    board = found.board_pane.board
    assert board is not None
    return board


def colour_at(found: PuzzleWindow, cell: str) -> tuple[int, int, int]:
    board = board_of_puzzles(found)
    image = board.grab_image()
    point = board.cell_screen_pos(cell)
    ratio = image.devicePixelRatio()
    colour = image.pixelColor(round(point.x() * ratio), round(point.y() * ratio))
    return colour.red(), colour.green(), colour.blue()


def words(found: PuzzleWindow) -> str:
    return found.panel.words_label.text()


# ---- a puzzle to the end, both ways ---------------------------------------------------------

def clickable(found: PuzzleWindow, move: str) -> bool:
    """Whether the move is one cell that a click at the cell's place on screen reaches (on a
    3D board a taller stack in front may stand there) and no other one-cell move shares that
    place (Trichet's tiles c13, d13 and e13 all lie at place 13: the palette picks one)."""
    state = found.trainer.board().state
    if state.move_cells(move) != (move,):
        return False
    view = view_of_puzzles(found)
    board = board_of_puzzles(found)
    point = board.cell_screen_pos(move)
    if any(board.cell_screen_pos(other) == point for other in state.legal_moves()
           if other != move and state.move_cells(other) == (other,)):
        return False
    return not isinstance(view, StackView) or view.cell_at(point.x(), point.y()) == move


def play(qtbot, found: PuzzleWindow, move: str) -> None:
    """A click on the board where one does it, else the move typed in the Move line."""
    if clickable(found, move):
        click(qtbot, found, move)
    else:
        found.move_line.setText(move)
        qtbot.keyClick(found.move_line, Qt.Key.Key_Return)
        answered(qtbot, found)


def cells_of(start: GameState, before: list[str], move: str) -> tuple[str, ...]:
    """The cells of `move`, read on the position after `before` from `start`."""
    state = start.copy()
    for played in before:
        state.play(played)
    return tuple(state.move_cells(move))


def outlines(found: PuzzleWindow, cells: tuple[str, ...]) -> bool:
    """Whether the board outlines these cells as the last move's: the 3D view says which
    it outlines; on a flat board, yellow is drawn round each of them."""
    view = view_of_puzzles(found)
    if isinstance(view, StackView):
        return view.last_cells == cells
    board = board_of_puzzles(found)
    image = board.grab_image()
    ratio = image.devicePixelRatio()

    def ringed(cell: str) -> bool:
        centre = board.cell_screen_pos(cell)
        return sum(near(_rgb(image, (centre.x() + dx) * ratio, (centre.y() + dy) * ratio),
                        YELLOW, 50)
                   for dx in range(-40, 41, 2) for dy in range(-40, 41, 2)) > 10
    return all(ringed(cell) for cell in cells)


def is_stone(found: PuzzleWindow, cell: str, side: str) -> bool:
    """Whether the cell's top shows a stone of that side (where the click reaches it)."""
    return clickable(found, cell) and near(colour_at(found, cell), STONE_COLOURS[side], 40)


@pytest.mark.parametrize("family", ["druid-square", "quady"])
def test_a_wrong_move_is_refuted_and_retried_then_the_right_line_wins(qtbot, window,
                                                                     family) -> None:
    found = open_puzzles(qtbot, window, family)
    next_of_depth(qtbot, found, 3)
    puzzle = found.trainer.puzzle
    task = found.panel.task_label.text()
    assert task == f"{puzzle.side_name} to play and win in 3"
    start = puzzle.state()
    defender = next(s for s in start.sides if s != puzzle.side)

    # a wrong move, clicked on the board: refuted by the rules' defence, said in words
    wrong = next(m for m in start.legal_moves() if m not in puzzle.winning_moves
                 and clickable(found, m) and not is_stone(found, m, puzzle.side))
    expected = PuzzleRun(puzzle).try_move(wrong)
    assert expected.defence is not None
    click(qtbot, found, wrong)
    assert words(found) == f"Not quite. {expected.words} Press Retry to try again."
    assert words(found).startswith(f"Not quite. After {wrong}, ")
    assert ("a pass" if expected.defence == PASS else expected.defence) in words(found)
    assert is_stone(found, wrong, puzzle.side)
    assert outlines(found, cells_of(start, [wrong], expected.defence))
    if clickable(found, expected.defence):
        assert is_stone(found, expected.defence, defender)
    assert found.panel.retry_button.isDefault() and not found.panel.hint_button.isEnabled()

    # Retry: the position again, without the wrong move's stone
    press(qtbot, found.panel.retry_button)
    assert not is_stone(found, wrong, puzzle.side)
    assert found.trainer.phase == "solving" and found.panel.hint_button.isEnabled()

    # the right line, on the board: each move answered by the best defence, until the win
    run = PuzzleRun(puzzle)
    reply = run.try_move(run.hint().move)
    play(qtbot, found, reply.move)
    assert reply.kind == "right" and words(found) == reply.words
    assert reply.defence is not None
    assert outlines(found, cells_of(start, [reply.move], reply.defence))
    if clickable(found, reply.defence):
        assert is_stone(found, reply.defence, defender)
    last = run.try_move(run.hint().move)
    play(qtbot, found, last.move)
    assert last.kind == "solved" and words(found) == f"Solved! {last.words}"
    assert found.trainer.board().state.outcome().winner == puzzle.side
    total = len(puzzles.shipped(family))
    assert found.panel.counts_labels[family].text() == f"solved 1 of {total}, tried 1"
    kept = PuzzleScores(settings.open_settings())  # in the settings, for the next run
    assert kept.is_solved(family, puzzle.name)
    assert kept.counts(family, total).tried == 1


def test_hint_outlines_the_area_then_marks_the_move(qtbot, window) -> None:
    found = open_puzzles(qtbot, window, "quady")
    next_of_depth(qtbot, found, 3)
    hint = PuzzleRun(found.trainer.puzzle).hint()
    press(qtbot, found.panel.hint_button)
    answered(qtbot, found)
    assert words(found).startswith("Hint: the win starts on ")
    assert words(found).endswith(" (outlined in yellow). Ask again to see the move.")
    assert all(cell in words(found) for cell in hint.cells)
    assert outlines(found, hint.cells)
    press(qtbot, found.panel.hint_button)
    answered(qtbot, found)
    assert words(found) == f"Hint: play {hint.move} (marked in magenta on the board)."
    board = board_of_puzzles(found)
    image = board.grab_image()
    centre = board.cell_screen_pos(hint.move)
    ratio = image.devicePixelRatio()
    magenta = [(x, y) for x in range(-30, 31, 2) for y in range(-30, 31, 2)
               if near(_rgb(image, (centre.x() + x) * ratio, (centre.y() + y) * ratio),
                       MAGENTA, 30)]
    assert len(magenta) > 5  # the move's outline and badge


def test_hint_and_solution_on_a_3d_board(qtbot, window) -> None:
    found = open_puzzles(qtbot, window, "druid-square")
    next_of_depth(qtbot, found, 3)
    puzzle = found.trainer.puzzle
    view = view_of_puzzles(found)
    assert isinstance(view, StackView)
    hint = PuzzleRun(puzzle).hint()
    press(qtbot, found.panel.hint_button)
    answered(qtbot, found)
    assert view.last_cells == hint.cells  # outlined and pinned as a last move is

    line = PuzzleRun(puzzle).solution()
    press(qtbot, found.panel.solution_button)
    answered(qtbot, found)
    assert words(found).startswith(f"The solution: {', '.join(line)}.")
    qtbot.waitUntil(lambda: len(found.trainer.board().state.moves) ==
                    len(puzzle.record.moves) + len(line), timeout=5000)
    shown = view.play.state
    assert shown is not None and shown.outcome().winner == puzzle.side
    assert view.last_cells == tuple(found.trainer.board().last_cells)
    assert not found.panel.hint_button.isEnabled()
    assert found.panel.next_button.isDefault()
    counts = found.panel.counts_labels["druid-square"].text()
    assert counts.startswith("solved 0 of") and counts.endswith("tried 1")


def _rgb(image, x: float, y: float) -> tuple[int, int, int]:
    colour = image.pixelColor(round(x), round(y))
    return colour.red(), colour.green(), colour.blue()


# ---- the game in the main window --------------------------------------------------------------

def test_playing_puzzles_and_closing_them_keeps_the_game(qtbot, window) -> None:
    session = session_of(window)
    found = open_puzzles(qtbot, window, "druid-square")
    found.move_line.setText(found.trainer.puzzle.winning_moves[0])
    qtbot.keyClick(found.move_line, Qt.Key.Key_Return)
    answered(qtbot, found)
    assert found.trainer.run is not None and found.trainer.run.moves
    found.close()
    assert window.session is session and session.moves == ["c3", "d4"]
    saved = json.loads(autosave.path().read_text(encoding="utf-8"))
    assert records.parse(saved["record"]).moves == ["c3", "d4"]
    window.commands.puzzles_action.trigger()  # the same window again, where it was
    assert window.puzzle_window is found and found.isVisible()


def test_open_as_game_asks_first_then_puts_the_position_on_the_main_board(
        qtbot, window, dialogs) -> None:
    session = session_of(window)
    found = open_puzzles(qtbot, window, "druid-square")
    puzzle = found.trainer.puzzle
    dialogs.answers = [QMessageBox.StandardButton.Cancel]
    press(qtbot, found.panel.open_button)
    assert dialogs.texts("question") == ["Save the changes to this game first?"]
    assert window.session is session  # cancelled: nothing changed

    dialogs.answers = [QMessageBox.StandardButton.Discard]
    press(qtbot, found.panel.open_button)
    opened = session_of(window)
    assert opened is not session and opened.moves == puzzle.record.moves
    assert opened.record.puzzle is None and opened.viewed == len(puzzle.record.moves)
    assert opened.note(opened.viewed) == (f"Puzzle ({found.trainer.title()}): "
                                          f"{found.trainer.task()}.")
    assert window.panel.note_edit.toPlainText() == opened.note(opened.viewed)
    assert window.message_label.text().startswith("The position of Druid square 6, puzzle")
    window.move_line.setText(puzzle.winning_moves[0])  # an ordinary game: play on
    qtbot.keyClick(window.move_line, Qt.Key.Key_Return)
    assert opened.moves[-1] == puzzle.winning_moves[0]
    assert isinstance(view_of(window), StackView)
    assert board_of(window) is not board_of_puzzles(found)


def test_the_family_chosen_is_remembered_for_the_next_run(qtbot, window) -> None:
    found = open_puzzles(qtbot, window, "quady")
    found.close()
    window.close()
    later = MainWindow()
    qtbot.addWidget(later)
    reopened = later.open_puzzles()
    assert reopened.trainer.family == "quady"
    assert reopened.panel.family_box.currentData() == "quady"
    assert reopened.panel.title_label.text().startswith("Quadrant Y 9, puzzle 1 of")


def test_the_guide_names_the_puzzle_window_s_buttons(qtbot, window) -> None:
    guide = help_pages.page_text(help_pages.GUIDE)
    section = guide.split("## Puzzles", 1)[1].split("\n## ", 1)[0]
    found = open_puzzles(qtbot, window, "quady")
    panel = found.panel
    for button in (panel.hint_button, panel.retry_button, panel.solution_button,
                   panel.next_button, panel.open_button):
        assert f"**{button.text().replace('&', '')}**" in section, button.text()
    assert "**Game > Puzzles**" in section
    assert window.commands.puzzles_action.text().replace("&", "") == "Puzzles..."


def test_the_answer_is_found_in_the_worker_and_dropped_by_retry(qtbot, window) -> None:
    found = open_puzzles(qtbot, window, "druid-y")
    next_of_depth(qtbot, found, 5)
    puzzle = found.trainer.puzzle
    move = puzzle.winning_moves[0]
    assert found.play_move(move)  # as the board's click does
    assert found.trainer.phase == THINKING and found.worker.busy
    assert words(found).endswith("is answering...")
    assert found.trainer.board().last_move == move  # shown at once
    assert not found.panel.hint_button.isEnabled()
    press(qtbot, found.panel.retry_button)  # before the answer came
    assert not found.worker.busy and found.trainer.phase == "solving"
    qtbot.wait(300)
    assert found.trainer.board().state.render() == puzzle.state().render()
    assert words(found).startswith("From the start again")
    found.play_move(move)  # a new worker answers the next move
    answered(qtbot, found)
    assert found.trainer.tone == "right"
    assert words(found) == PuzzleRun(puzzle).try_move(move).words


def test_every_family_is_played_on_its_game_s_own_board(qtbot, window) -> None:
    """The puzzle window asks each game's desk for its board, as the main window does, and
    never tests a game's name: a win in 1 of every family, played and solved."""
    window.commands.puzzles_action.trigger()
    found = window.puzzle_window
    assert found is not None
    box = found.panel.family_box
    assert [box.itemData(i) for i in range(1, box.count())] == puzzles.families()
    for index in range(1, box.count()):
        family = box.itemData(index)
        box.setCurrentIndex(index)
        box.activated.emit(index)
        next_of_depth(qtbot, found, 1)
        puzzle = found.trainer.puzzle
        assert found.board_pane.desk is desk(puzzle.record.game), family
        play(qtbot, found, puzzle.winning_moves[0])
        assert words(found).startswith("Solved! "), (family, words(found))
        outcome = found.trainer.board().state.outcome()
        assert outcome.over and outcome.winner == puzzle.side


def test_a_copy_without_puzzles_says_so(qtbot, window, monkeypatch) -> None:
    monkeypatch.setattr(puzzles, "families", lambda: [])
    monkeypatch.setattr(puzzles, "shipped", lambda family=None: [])
    found = window.open_puzzles()
    assert words(found) == "This copy of Megalith has no puzzles."
    assert not found.panel.isEnabled() and found.board_pane.views is None
    found.close()
    assert session_of(window).moves == ["c3", "d4"]


def test_open_as_game_ends_setting_up_a_position(qtbot, window, dialogs) -> None:
    assert window.setup_mode.enter()  # Edit > Set up position, on the main board
    found = open_puzzles(qtbot, window, "quady")
    dialogs.answers = [QMessageBox.StandardButton.Discard]
    press(qtbot, found.panel.open_button)
    assert not window.setup_mode.active and not window.setup_mode.dock.isVisible()
    opened = session_of(window)
    assert opened.game == "quady" and opened.moves == found.trainer.puzzle.record.moves
