"""Variations in a record (rules/variations.py and the `(variations` entry): random trees of
lines round-trip through the file, promoting and deleting keep every other line whole, and a
reader that does not know the entry sees the game that was played."""

from __future__ import annotations

import json
import random
import re
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from megalith.rules import cli, registry
from megalith.rules import record as records
from megalith.rules import variations
from megalith.rules.record import Record, RecordError, Variation

GAME, OPTIONS = "druid", "-size=5"


def legal_after(moves: list[str]) -> list[str]:
    state = registry.new_game(GAME, OPTIONS, 2)
    for move in moves:
        state.play(move)
    return [m for m in state.legal_moves() if m not in ("swap", "--")]


def random_tree(seed: int) -> Record:
    """A Druid record with a random main line, random variations parting from random
    lines at random plies (some from variations), and random notes on every kind of line."""
    rng = random.Random(seed)
    record = Record(game=GAME, parameters=OPTIONS.split(), players=["ann", "bob"])
    for _ in range(rng.randrange(1, 12)):
        legal = legal_after(record.moves)
        if not legal:
            break
        record.moves.append(rng.choice(legal))
    for _ in range(rng.randrange(0, 8)):
        line = rng.randrange(variations.count(record))
        moves = variations.moves_of(record, line)
        ply = rng.randrange(len(moves))
        choices = [m for m in legal_after(moves[:ply]) if m != moves[ply]]
        if not choices:
            continue
        move = rng.choice(choices)
        if variations.follow(record, line, ply, move) is not None:
            continue  # as the session does: a line plays it there already
        new = variations.branch(record, line, ply, move)
        for _ in range(rng.randrange(0, 5)):
            legal = legal_after(variations.moves_of(record, new))
            if not legal:
                break
            variations.own_moves(record, new).append(rng.choice(legal))
    for _ in range(rng.randrange(0, 6)):
        line = rng.randrange(variations.count(record))
        ply = rng.randrange(len(variations.moves_of(record, line)) + 1)
        owner = variations.owner(record, line, ply)
        variations.own_notes(record, owner)[ply] = rng.choice(
            ["why not d4", "two\nlines", "(a bracket", ")", "\\slash"])
    return record


def notes_of(record: Record, line: int) -> dict[int, str]:
    """The notes on the positions of `line`, by ply, wherever the record keeps them."""
    return {ply: variations.note(record, line, ply)
            for ply in range(len(variations.moves_of(record, line)) + 1)
            if variations.note(record, line, ply)}


def lines(record: Record) -> set[tuple[tuple[str, ...], tuple[tuple[int, str], ...]]]:
    """Every line's moves with its notes, whatever its number."""
    return {(tuple(variations.moves_of(record, k)),
             tuple(sorted(notes_of(record, k).items())))
            for k in range(variations.count(record))}


def well_ordered(record: Record) -> bool:
    """Each variation after its parent, parting within its parent's moves."""
    return all(v.parent < k and v.moves
               and v.ply <= len(variations.moves_of(record, v.parent))
               for k, v in enumerate(record.variations, start=1))


def replays(record: Record) -> bool:
    """Every line replays, line by line and by `variations.check`."""
    for k in range(variations.count(record)):
        records.replay(replace(record, moves=variations.moves_of(record, k)))
    variations.check(record, records.replay(record))
    return True


seeds = st.integers(min_value=0, max_value=2**32 - 1)


@settings(max_examples=40, deadline=None)
@given(seeds)
def test_random_trees_of_variations_read_back_as_written(seed: int) -> None:
    record = random_tree(seed)
    assert well_ordered(record) and replays(record)
    again = records.parse(records.dumps(record))
    assert again == record
    assert lines(again) == lines(record)


@settings(max_examples=40, deadline=None)
@given(seeds, st.randoms(use_true_random=False))
def test_promoting_a_variation_makes_it_the_main_line_and_keeps_every_line(
        seed: int, rng: random.Random) -> None:
    record = random_tree(seed)
    before = lines(record)
    line = rng.randrange(variations.count(record))
    promoted = variations.moves_of(record, line)
    promoted_notes = notes_of(record, line)
    variations.promote(record, line)
    assert record.moves == promoted and record.notes == promoted_notes
    assert lines(record) == before and well_ordered(record) and replays(record)
    assert records.parse(records.dumps(record)) == record


@settings(max_examples=40, deadline=None)
@given(seeds, st.randoms(use_true_random=False))
def test_deleting_a_variation_deletes_it_and_what_parts_from_it_only(
        seed: int, rng: random.Random) -> None:
    record = random_tree(seed)
    if not record.variations:
        return
    line = rng.randrange(1, variations.count(record))
    gone = {line} | {k for k in range(line + 1, variations.count(record))
                     if _descends(record, k, line)}
    kept = {(tuple(variations.moves_of(record, k)),
             tuple(sorted(notes_of(record, k).items())))
            for k in range(variations.count(record)) if k not in gone}
    main = list(record.moves)
    renumbered = variations.delete(record, line)
    assert lines(record) == kept and record.moves == main and well_ordered(record)
    assert [k for k, new in enumerate(renumbered) if new is None] == sorted(gone)


def _descends(record: Record, line: int, ancestor: int) -> bool:
    while line:
        line = variations.parent(record, line)
        if line == ancestor:
            return True
    return False


@settings(max_examples=40, deadline=None)
@given(seeds, st.randoms(use_true_random=False))
def test_popping_a_move_and_grafting_back_what_it_cut_restores_every_line(
        seed: int, rng: random.Random) -> None:
    record = random_tree(seed)
    candidates = [k for k in range(variations.count(record))
                  if len(variations.own_moves(record, k)) >= 2]
    if not candidates:
        return
    line = rng.choice(candidates)
    before = lines(record)
    end = len(variations.moves_of(record, line))
    move, note, cut = variations.pop(record, line)
    assert len(variations.moves_of(record, line)) == end - 1 and well_ordered(record)
    variations.own_moves(record, line).append(move)
    if note:
        variations.own_notes(record, line)[end] = note
    variations.graft(record, line, cut)
    assert lines(record) == before and well_ordered(record)


def test_a_variation_of_one_move_is_deleted_when_its_move_is_taken_back() -> None:
    record = Record(GAME, OPTIONS.split(), ["ann", "bob"], ["c3", "d4", "b2"])
    line = variations.branch(record, 0, 1, "e5")
    assert variations.moves_of(record, line) == ["c3", "e5"]
    assert variations.pop(record, line)[0] == "e5" and record.variations == []


def test_playing_at_a_variations_first_position_parts_from_the_line_above() -> None:
    record = Record(GAME, OPTIONS.split(), ["ann", "bob"], ["c3", "d4", "b2"])
    first = variations.branch(record, 0, 1, "e5")
    variations.own_moves(record, first).append("a1")
    second = variations.branch(record, first, 1, "b5")  # instead of e5: the main line's
    deeper = variations.branch(record, first, 2, "a2")  # instead of a1: first's own
    assert [v.parent for v in record.variations] == [0, 0, first]
    assert variations.alternatives(record, 0) == {2: [first, second, deeper]}
    assert variations.alternatives(record, deeper) == {2: [0, second], 3: [first]}
    assert variations.other_moves(record, 0) == {2: ["e5", "b5"]}  # each move once
    assert variations.follow(record, 0, 1, "b5") == second
    assert variations.follow(record, second, 1, "d4") == 0


# ---- the file --------------------------------------------------------------------------

def sample() -> Record:
    record = Record(GAME, OPTIONS.split(), ["ann", "bob"], ["c3", "d4", "b2"],
                    notes={1: "main"})
    record.variations = [Variation(0, 1, ["e5", "a1"], {2: "why e5\n(two lines"}),
                         Variation(1, 2, ["a2"])]
    return record


def test_the_variations_entry_as_documented() -> None:
    text = records.dumps(sample())
    assert text.endswith("(notes\n1 main\n)\n(variations\n0 1 e5 a1\nnote 2 why e5\n"
                         "note 2 (two lines\n1 2 a2\n)\n")
    assert records.parse(text) == sample()


def test_a_reader_that_skips_unknown_entries_sees_the_game_that_was_played(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = records.dumps(sample())
    entry = re.search(r"^\(variations\n(.*?)^\)\n", text, re.M | re.S)
    assert entry is not None
    assert not any(line.startswith(("(", ")")) for line in entry.group(1).splitlines())
    without = text.replace(entry.group(0), "")
    assert records.parse(without) == replace(sample(), variations=[])
    path = tmp_path / "game.txt"
    path.write_text(text)
    assert cli.main(["check", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["ply"] == 3  # the main line, replayed


@pytest.mark.parametrize("entry, reason", [
    ("0 9 e5", "line 0 has 3 moves to part after, not '9'"),
    ("1 1 e5", "a variation parts from line 0 to 0, not '1'"),
    ("0 1", "a variation is '<line> <ply> <move> ...'"),
    ("note 2 x", "a variation's note comes before any variation"),
    ("0 1 e5\nnote 5 x", "a variation's note is on a position the variation does not reach"),
])
def test_a_broken_variations_entry_is_refused_with_its_line(entry: str, reason: str) -> None:
    text = records.dumps(replace(sample(), variations=[])) + f"(variations\n{entry}\n)\n"
    with pytest.raises(RecordError) as error:
        records.parse(text)
    assert error.value.reason == reason and error.value.line is not None


def test_the_example_of_docs_record_format_reads_as_the_page_explains_it() -> None:
    doc = (Path(__file__).resolve().parents[2] / "docs" / "record-format.md").read_text()
    example = doc.split("## What Megalith writes", 1)[1].split("```")[1].lstrip("\n")
    record = records.parse(example)
    assert record.moves == ["c3", "b2-b4", "--"] and record.swapped
    assert [variations.moves_of(record, k) for k in (1, 2)] == [["c3", "b3", "c2"],
                                                               ["c3", "b3", "a1"]]
    assert variations.note(record, 1, 2) == "why not b3"


def alternatives_by_moves(record: Record, line: int) -> dict[int, list[int]]:
    """The reference: where each other line's moves first differ from `line`'s."""
    moves = variations.moves_of(record, line)
    found: dict[int, list[int]] = {}
    for other in range(variations.count(record)):
        theirs = variations.moves_of(record, other)
        common = next((i for i, (a, b) in enumerate(zip(moves, theirs)) if a != b), None)
        if other != line and common is not None:
            found.setdefault(common + 1, []).append(other)
    return found


@settings(max_examples=40, deadline=None)
@given(seeds, st.randoms(use_true_random=False))
def test_the_alternatives_read_from_the_tree_are_where_the_moves_differ(
        seed: int, rng: random.Random) -> None:
    record = random_tree(seed)
    if record.variations and rng.random() < 0.5:  # promoted trees are shaped differently
        variations.promote(record, rng.randrange(1, variations.count(record)))
    for line in range(variations.count(record)):
        assert variations.alternatives(record, line) == alternatives_by_moves(record, line)


def follow_by_moves(record: Record, line: int, ply: int, move: str) -> int | None:
    """The reference: the first line (`line` first) whose moves start with these."""
    wanted = variations.moves_of(record, line)[:ply] + [move]
    for candidate in [line, *range(variations.count(record))]:
        if variations.moves_of(record, candidate)[:ply + 1] == wanted:
            return candidate
    return None


@settings(max_examples=40, deadline=None)
@given(seeds)
def test_following_a_move_read_from_the_tree_finds_the_line_that_plays_it(seed: int) -> None:
    record = random_tree(seed)
    for line in range(variations.count(record)):
        moves = variations.moves_of(record, line)
        for ply in range(len(moves) + 1):
            played = {variations.moves_of(record, k)[ply]
                      for k in range(variations.count(record))
                      if len(variations.moves_of(record, k)) > ply}
            for move in sorted(played) + ["zz9"]:
                assert variations.follow(record, line, ply, move) == \
                    follow_by_moves(record, line, ply, move), (line, ply, move)
