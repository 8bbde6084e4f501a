"""The shipped puzzles: every one re-verified by the full-width check (a sample in the quick
suite, all of them in the slow run), and what the window reads of them."""

from __future__ import annotations

from collections import Counter

import pytest

from megalith.rules.puzzles import FAMILIES, PuzzleRun, families, family, shipped
from megalith.rules.puzzles.puzzle import Puzzle, problems

ALL = shipped()


# A Dragons move lays its automatic tiles too: its wins in 5 take 10 seconds or more to
# check, so the quick suite leaves them to the slow run.
SLOW_TO_CHECK = {("dragons", 5)}


def sample() -> list[Puzzle]:
    """The first puzzle of each depth in each family, but those slow to check."""
    chosen: dict[tuple[str, int], Puzzle] = {}
    for puzzle in ALL:
        if (puzzle.family, puzzle.depth) not in SLOW_TO_CHECK:
            chosen.setdefault((puzzle.family, puzzle.depth), puzzle)
    return list(chosen.values())


@pytest.mark.parametrize("puzzle", sample(), ids=lambda p: f"{p.family}/{p.name}")
def test_a_sample_of_the_shipped_puzzles_holds(puzzle: Puzzle) -> None:
    assert problems(puzzle) == []


@pytest.mark.slow
@pytest.mark.parametrize("puzzle", ALL, ids=lambda p: f"{p.family}/{p.name}")
def test_every_shipped_puzzle_holds(puzzle: Puzzle) -> None:
    assert problems(puzzle) == []


# What each family ships, by plies (docs/puzzles.md says why Trichet's are as they are).
SHIPPED = {key: {1: 10, 3: 10, 5: 10} for key in (
    "druid-square", "druid-hex", "druid-y", "druid-walk", "drogo-in-place", "quady", "dragons")}
SHIPPED["trichet"] = {1: 30, 3: 6}  # two runs; a forced win in 3 came in one game of 60


def test_every_family_ships_at_least_30_puzzles_across_its_depths() -> None:
    assert families() == [f.key for f in FAMILIES]
    for key in families():
        counts = Counter(p.depth for p in shipped(key))
        assert dict(counts) == SHIPPED[key] and sum(counts.values()) >= 30, key
        assert set(counts) == set(family(key).depths)


def test_each_puzzle_names_its_side_and_answers_within_its_familys_limit() -> None:
    for puzzle in ALL:
        assert puzzle.state().to_move == puzzle.side
        assert 1 <= len(puzzle.winning_moves) <= family(puzzle.family).most_answers
        assert puzzle.record.puzzle is not None and puzzle.record.status is None


def test_a_druid_hint_marks_the_winning_cells() -> None:
    puzzle = next(p for p in shipped("druid-square") if p.depth == 1)
    hint = PuzzleRun(puzzle).hint()
    state = puzzle.state()
    assert hint.move == puzzle.winning_moves[0]
    assert set(hint.cells) == {c for m in puzzle.winning_moves for c in state.move_cells(m)}
