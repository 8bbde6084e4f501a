"""The puzzle window's worker (desktop/game/puzzle_worker.py): the rules' answer found in
another process and handed back with the attempt as it is afterwards, a question dropped by
`cancel` (its process ended, nothing reported), and an error said in words."""

from __future__ import annotations

import pytest

from megalith.desktop.game.puzzle_worker import PuzzleWorker
from megalith.rules import puzzles
from megalith.rules.puzzles import Puzzle, PuzzleRun, Reply


@pytest.fixture
def worker(qtbot):
    worker = PuzzleWorker()
    yield worker
    worker.close()


def a_puzzle(depth: int) -> Puzzle:
    return next(p for p in puzzles.shipped("druid-square") if p.depth == depth)


def test_the_answer_comes_back_with_the_attempt_after_it(qtbot, worker) -> None:
    puzzle = a_puzzle(3)
    run = PuzzleRun(puzzle)
    move = puzzle.winning_moves[0]
    with qtbot.waitSignal(worker.answered, timeout=30_000) as signal:
        worker.ask(7, run, "try_move", move)
        assert worker.busy
    token, after, reply = signal.args
    assert token == 7 and not worker.busy
    expected = PuzzleRun(puzzle).try_move(move)
    assert isinstance(reply, Reply) and reply == expected
    assert isinstance(after, PuzzleRun) and after.moves == [move, expected.defence]
    assert run.moves == []  # the window's own attempt is untouched until it takes the answer
    with qtbot.waitSignal(worker.answered, timeout=30_000) as signal:
        worker.ask(8, run, "solution")
    assert signal.args[0] == 8 and signal.args[2] == PuzzleRun(puzzle).solution()


def test_a_question_dropped_is_never_answered_and_its_process_ends(qtbot, worker) -> None:
    run = PuzzleRun(a_puzzle(5))
    pool = worker.prepare()
    processes = list(pool._pool)  # the worker process, to see it end
    worker.ask(1, run, "solution")
    worker.cancel()
    assert not worker.busy
    qtbot.waitUntil(lambda: not any(p.is_alive() for p in processes), timeout=10_000)
    with qtbot.assertNotEmitted(worker.answered, wait=500):
        pass
    with qtbot.waitSignal(worker.answered, timeout=30_000) as signal:  # a new process
        worker.ask(2, PuzzleRun(a_puzzle(1)), "solution")
    assert signal.args[0] == 2


def test_an_error_in_the_worker_is_said_in_words(qtbot, worker) -> None:
    run = PuzzleRun(a_puzzle(1))
    with qtbot.waitSignal(worker.failed, timeout=30_000) as signal:
        worker.ask(3, run, "try_move", "z99")
    token, words = signal.args
    assert token == 3 and "z99" in words
