"""Puzzle mode without widgets (desktop/game/puzzle_trainer.py, puzzle_scores.py): going
through a family's shipped puzzles, a wrong move refuted and retried, the right line to the
win, the hints, the solution, the counts kept in the settings, and the puzzle as a game."""

from __future__ import annotations

import copy

import pytest
from PySide6.QtCore import QSettings

from megalith.desktop.game.puzzle_scores import Counts, PuzzleScores
from megalith.desktop.game.puzzle_trainer import (REFUTED, SHOWN, SOLVED, SOLVING,
                                                  THINKING, PuzzleTrainer)
from megalith.rules import puzzles
from megalith.rules.contracts import TilePosition
from megalith.rules.protocol import PASS
from megalith.rules.puzzles import Puzzle, PuzzleRun

FAMILY = "druid-square"


def store(tmp_path) -> QSettings:
    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


@pytest.fixture
def trainer(tmp_path) -> PuzzleTrainer:
    trainer = PuzzleTrainer(PuzzleScores(store(tmp_path)))
    trainer.choose(FAMILY)
    return trainer


def go_to(trainer: PuzzleTrainer, depth: int) -> Puzzle:
    """The first puzzle of that depth in the family, on the board."""
    trainer.start(next(i for i, p in enumerate(trainer.puzzles) if p.depth == depth))
    return trainer.puzzle


def play(trainer: PuzzleTrainer, text: str) -> bool:
    """A move, answered as the puzzle window has the worker answer it: by a copy of the
    attempt (as pickled to the worker), handed back with the answer."""
    move = trainer.move(text)
    if move is None:
        return False
    assert trainer.phase == THINKING and trainer.board().last_move == move
    assert trainer.board().legal is None  # no second move while the first is answered
    run = copy.deepcopy(trainer.run)
    assert run is not None
    trainer.answered(run, run.try_move(move))
    return True


def solution(trainer: PuzzleTrainer) -> None:
    """Solution, as the window has the worker find it."""
    trainer.ask_solution()
    assert trainer.phase == THINKING and trainer.run is not None
    trainer.show_solution(copy.deepcopy(trainer.run).solution())


def ask_hint(trainer: PuzzleTrainer) -> None:
    """Hint, as the window has the worker find it."""
    run = copy.deepcopy(trainer.run)
    assert run is not None
    trainer.hint(run, run.hint())


def wrong_move(puzzle: Puzzle) -> str:
    """A legal first move that does not win: the first in the engine's order."""
    return next(m for m in puzzle.state().legal_moves()
                if m not in puzzle.winning_moves and m != "swap")


def test_a_family_starts_at_its_first_puzzle_with_the_task_in_words(trainer) -> None:
    assert [p.name for p in trainer.puzzles] == [p.name for p in puzzles.shipped(FAMILY)]
    assert trainer.index == 0 and trainer.phase == SOLVING
    side = trainer.puzzle.state().side_name(trainer.puzzle.side)
    assert trainer.task() == f"{side} to play and win in {trainer.puzzle.depth}"
    assert trainer.title() == f"Druid square 6, puzzle 1 of {len(trainer.puzzles)}"
    board = trainer.board()
    assert board.state.render() == trainer.puzzle.state().render()
    assert board.last_move is None and board.legal == board.state.legal_moves()


def test_a_wrong_move_is_refuted_in_words_and_retried(trainer) -> None:
    puzzle = go_to(trainer, 3)
    wrong = wrong_move(puzzle)
    expected = PuzzleRun(puzzle).try_move(wrong)  # what the rules answer
    assert expected.kind == "wrong" and expected.defence
    assert play(trainer, wrong)
    assert trainer.phase == REFUTED and trainer.tone == "wrong"
    assert trainer.words == f"Not quite. {expected.words} Press Retry to try again."
    said = "a pass" if wrong == PASS else wrong  # the words never show the record's `--`
    assert trainer.words.startswith(f"Not quite. After {said},")
    board = trainer.board()
    assert board.last_move == expected.defence and board.legal is None
    assert board.state.ply == puzzle.state().ply + 2
    assert not play(trainer, puzzle.winning_moves[0])  # nothing is played until Retry
    assert "Retry" in trainer.words
    trainer.retry()
    assert trainer.phase == SOLVING and trainer.board().state.ply == puzzle.state().ply
    assert trainer.scores.counts(FAMILY, 1) == Counts(tried=1, solved=0, total=1)


def test_the_right_line_is_answered_by_the_best_defence_until_the_win(trainer) -> None:
    puzzle = go_to(trainer, 5)
    run = PuzzleRun(puzzle)  # the rules' own answers, to compare with
    for _ in range(2):
        move = run.hint().move
        reply = run.try_move(move)
        assert reply.kind == "right"
        assert play(trainer, move)
        assert trainer.phase == SOLVING and trainer.tone == "right"
        assert trainer.words == reply.words
        assert trainer.board().last_move == reply.defence
    last = run.try_move(run.hint().move)
    assert play(trainer, last.move) and last.kind == "solved"
    assert trainer.phase == SOLVED and trainer.words == f"Solved! {last.words}"
    outcome = trainer.board().state.outcome()
    assert outcome.over and outcome.winner == puzzle.side
    assert trainer.scores.is_solved(FAMILY, puzzle.name)
    assert trainer.scores.counts(FAMILY, 9).solved == 1


def test_an_illegal_move_changes_nothing_and_says_why(trainer) -> None:
    before = trainer.board().state.render()
    assert not play(trainer, "z99")
    assert trainer.words.startswith("Illegal move z99")
    assert trainer.board().state.render() == before and trainer.phase == SOLVING
    assert trainer.scores.counts(FAMILY, 1).tried == 0


def test_the_first_hint_outlines_the_area_the_second_marks_the_move(trainer) -> None:
    puzzle = go_to(trainer, 3)
    hint = PuzzleRun(puzzle).hint()
    ask_hint(trainer)
    assert trainer.board().last_cells == hint.cells and trainer.marks == []
    assert all(cell in trainer.words for cell in hint.cells)
    ask_hint(trainer)
    assert trainer.marks == [hint.move]
    assert trainer.board().last_cells == puzzle.state().move_cells(hint.move)
    assert hint.move in trainer.words
    play(trainer, hint.move)  # a move clears the marks
    assert trainer.marks == [] and trainer.area == ()


def test_the_solution_is_shown_a_move_at_a_time_and_is_not_counted_solved(trainer) -> None:
    puzzle = go_to(trainer, 3)
    line = PuzzleRun(puzzle).solution()
    solution(trainer)
    assert trainer.phase == SHOWN and trainer.words == f"The solution: {', '.join(line)}."
    assert trainer.board().last_move is None
    shown = []
    while trainer.solution_step():
        shown.append(trainer.board().last_move)
        assert trainer.board().legal is None
    assert shown == line
    assert trainer.board().state.outcome().winner == puzzle.side
    trainer.retry()  # and then played by the player: the win is not counted
    for move in line[::2]:
        play(trainer, move)
    assert trainer.phase == SOLVED and not trainer.scores.is_solved(FAMILY, puzzle.name)
    assert trainer.scores.counts(FAMILY, 1).tried == 1


def test_next_skips_the_puzzles_solved_and_the_counts_stay_in_the_settings(tmp_path) -> None:
    trainer = PuzzleTrainer(PuzzleScores(store(tmp_path)))
    trainer.choose(FAMILY)
    first = trainer.puzzle
    solution(trainer)
    while trainer.solution_step():
        pass
    trainer.retry()
    for move in PuzzleRun(first).solution()[::2]:
        play(trainer, move)
    # not solved by the player: the next start still begins with it
    again = PuzzleTrainer(PuzzleScores(store(tmp_path)))
    again.choose(FAMILY)
    assert again.puzzle.name == first.name
    again.start(0)
    for move in PuzzleRun(first).solution()[::2]:
        play(again, move)
    assert again.phase == SOLVED
    again.start(2)
    again.next()
    assert again.index == 3
    later = PuzzleTrainer(PuzzleScores(store(tmp_path)))  # a later run reads the settings
    later.choose(FAMILY)
    assert later.index == 1  # the first unsolved
    counts = {key: c for key, _, c in later.counts()}
    assert counts[FAMILY] == Counts(tried=1, solved=1, total=len(puzzles.shipped(FAMILY)))


def test_every_game_goes_through_every_family(tmp_path) -> None:
    trainer = PuzzleTrainer(PuzzleScores(store(tmp_path)))
    trainer.choose("")
    assert len(trainer.puzzles) == len(puzzles.shipped())
    families = puzzles.families()
    assert [p.family for p in trainer.puzzles[:len(families)]] == families  # in turn
    assert [p.name for p in trainer.puzzles if p.family == FAMILY] == [
        p.name for p in puzzles.shipped(FAMILY)]
    assert [key for key, _ in trainer.families()] == puzzles.families()


def test_the_puzzle_as_a_game_is_its_record_without_the_facts(trainer) -> None:
    record = trainer.record()
    assert record.moves == trainer.puzzle.record.moves and record.puzzle is None
    assert record.notes[len(record.moves)] == f"Puzzle ({trainer.title()}): {trainer.task()}."
    assert trainer.puzzle.record.puzzle is not None  # the shipped puzzle is left as it was


def test_while_a_move_is_answered_no_other_is_taken_and_retry_drops_it(trainer) -> None:
    puzzle = go_to(trainer, 3)
    move = trainer.move(puzzle.winning_moves[0])
    assert move == puzzle.winning_moves[0] and trainer.phase == THINKING
    assert trainer.words.startswith(f"{puzzle.side_name} plays {move}. ")
    assert trainer.words.endswith(" is answering...")
    words = trainer.words
    assert trainer.move(wrong_move(puzzle)) is None and trainer.words == words  # one at a time
    trainer.retry()
    assert trainer.phase == SOLVING and trainer.pending is None
    assert trainer.board().state.render() == puzzle.state().render()


def test_the_first_hint_is_the_move_on_a_tile_table(tmp_path) -> None:
    """A tile game's board outlines only the last tile laid, and players read its places by
    number, not its cells: there the first hint already marks the move."""
    trainer = PuzzleTrainer(PuzzleScores(store(tmp_path)))
    for family in puzzles.families():
        trainer.choose(family)
        run = trainer.run
        assert run is not None
        hint = run.hint()
        ask_hint(trainer)
        if isinstance(trainer.puzzle.state(), TilePosition):
            assert trainer.marks == [hint.move] and hint.move in trainer.words
        else:
            assert trainer.area == hint.cells and trainer.marks == []
            assert trainer.words.startswith("Hint: the win starts on ")
