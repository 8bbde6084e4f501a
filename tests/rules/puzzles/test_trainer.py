"""The trainer both ways on a toy puzzle worked out by hand: X d1, O a1 on a row of nine,
X to play and win in 3 by c1 or e1 (each makes two threats of three in a row)."""

from __future__ import annotations

import pytest

from megalith.rules.protocol import MoveError
from megalith.rules.puzzles.puzzle import Puzzle, from_record, shipped
from megalith.rules.puzzles.trainer import PuzzleRun
from megalith.rules.puzzles.verify import solve
from megalith.rules.record import PuzzleFacts, Record

pytestmark = pytest.mark.usefixtures("toy")


def run() -> PuzzleRun:
    record = Record(game="toy", parameters=["-size=9"], players=["ann", "bob"],
                    moves=["d1", "a1"], puzzle=PuzzleFacts("X", 3, ("c1", "e1")))
    return PuzzleRun(from_record(record, "by-hand"))


def test_the_puzzle_says_what_it_asks() -> None:
    puzzle = run().puzzle
    assert puzzle.title == "X to play and win in 3"
    assert puzzle.family == "toy -size=9"


def test_a_wrong_move_is_refuted_in_words_and_retried() -> None:
    attempt = run()
    reply = attempt.try_move("F1")
    assert (reply.kind, reply.move, reply.defence) == ("wrong", "f1", "e1")
    assert reply.words == "After f1, O answers e1 and no winning move is left."
    assert attempt.state.moves[-2:] == ["f1", "e1"] and attempt.wrong
    with pytest.raises(MoveError):
        attempt.try_move("c1")  # not before the retry
    assert attempt.hint().move == "c1"  # for the position the player is to move in
    attempt.retry()
    assert attempt.state.moves == ["d1", "a1"] and attempt.moves == [] and not attempt.wrong
    assert attempt.try_move("e1").kind == "right"


def test_the_right_line_is_answered_by_the_hardest_defence_until_the_win() -> None:
    attempt = run()
    reply = attempt.try_move("c1")
    # every reply leaves a win in one; b1 and e1 leave one winning answer, the rest two
    assert (reply.kind, reply.defence) == ("right", "b1")
    assert reply.words == "Right: after c1, O answers b1, and X can still win in 1."
    assert attempt.hint().move == "e1"
    final = attempt.try_move("e1")
    assert final.kind == "solved" and attempt.solved
    assert final.words == "e1 wins: X has three in a row."
    assert attempt.moves == ["c1", "b1", "e1"]


def test_an_illegal_move_raises_the_engines_error_and_changes_nothing() -> None:
    attempt = run()
    with pytest.raises(MoveError, match="taken"):
        attempt.try_move("d1")
    assert attempt.moves == [] and attempt.to_move == "X"


def test_hint_and_solution_from_the_puzzle_position() -> None:
    attempt = run()
    hint = attempt.hint()
    assert hint.move == "c1"  # the toy game names no cells (Druid's do: test_shipped.py)
    assert attempt.solution() == ["c1", "b1", "e1"]
    assert attempt.moves == []  # the solution is shown, not played


def shipped_puzzle(depth: int) -> Puzzle:
    return next(p for p in shipped("druid-square") if p.depth == depth)


@pytest.mark.parametrize("depth", [3, 5])
def test_a_wrong_move_in_a_shipped_puzzle_leaves_no_win(depth: int) -> None:
    puzzle = shipped_puzzle(depth)
    attempt = PuzzleRun(puzzle)
    wrong = next(m for m in attempt.state.legal_moves()
                 if m not in puzzle.winning_moves and m != "--")
    reply = attempt.try_move(wrong)
    assert reply.kind == "wrong" and reply.defence is not None
    after = attempt.state
    assert after.moves[-2:] == [wrong, reply.defence]
    if after.to_move is not None:  # no forced win within the plies the puzzle had left
        assert solve(after, depth - 2).depth is None
    attempt.retry()
    assert attempt.state.render() == puzzle.state().render()


@pytest.mark.parametrize(("depth", "words"), [
    (1, "A pass does not win the game."),
    (3, "After a pass, H answers with a pass and the game is drawn."),
])
def test_a_pass_is_named_in_words_not_by_its_record_text(depth: int, words: str) -> None:
    """Druid's two passes in a row draw: the words say "a pass", never `--`."""
    reply = PuzzleRun(shipped_puzzle(depth)).try_move("--")
    assert (reply.kind, reply.words) == ("wrong", words)


@pytest.mark.parametrize("depth", [1, 3, 5])
def test_the_right_line_of_a_shipped_puzzle_ends_in_its_win(depth: int) -> None:
    puzzle = shipped_puzzle(depth)
    attempt = PuzzleRun(puzzle)
    kinds = []
    while not attempt.solved:
        kinds.append(attempt.try_move(attempt.hint().move).kind)
    assert kinds == ["right"] * (depth // 2) + ["solved"]
    assert attempt.state.outcome().winner == puzzle.side
    assert attempt.moves == attempt.solution() and len(attempt.moves) == depth


def test_restart_goes_back_to_the_puzzle_position_from_the_middle_of_the_line() -> None:
    attempt = run()
    attempt.try_move("e1")
    assert attempt.moves and attempt.plies_left == 1
    attempt.restart()
    assert attempt.moves == [] and attempt.plies_left == 3 and attempt.to_move == "X"
    assert attempt.try_move("c1").kind == "right"
