"""The game session without a screen: the record as truth, walking the moves, play, undo and
redo, swap, forced passes, notes, saving, and the autosave."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from megalith.desktop.game import autosave
from megalith.desktop.game.session import Session
from megalith.rules import record as records
from megalith.desktop import games
from megalith.rules import registry
from megalith.rules.druid.game import DruidState
from megalith.rules.protocol import MoveError
from tests.desktop.app_support import DEAD_PID, crash

RED, STONE = (180, 60, 50), (225, 220, 200)


@pytest.fixture(autouse=True)
def toy(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The rules tests' toy game (a row of cells, three in a row wins) and a private data
    folder for the autosave."""
    monkeypatch.setitem(registry.GAME_MODULES, "toy", "tests.rules.toy_game")
    monkeypatch.setitem(games.DESK_MODULES, "toy", "tests.desktop.toy_desk")
    monkeypatch.setenv("MEGALITH_DATA_DIR", str(tmp_path / "data"))


def toy_session(size: int = 5, players: int = 2) -> Session:
    names = ["alice", "bob", "carol"][:players]
    return Session.new("toy", [f"-size={size}"], names)


def test_new_game_has_default_colours_by_side_and_shows_the_start() -> None:
    session = toy_session()
    assert session.sides == ("X", "O")
    assert session.colours_by_side() == {"X": RED, "O": STONE}
    assert (session.ply, session.viewed, session.modified) == (0, 0, False)
    assert session.shown.to_move == "X"


def test_play_records_canonical_moves_and_marks_the_game_modified() -> None:
    session = toy_session()
    played = session.play("A1")
    assert (played.move, played.side, played.forced_passes) == ("a1", "X", ())
    assert session.record.moves == ["a1"]
    assert session.modified and session.at_end
    assert session.last_move_shown == "a1"


def test_an_illegal_move_changes_nothing_and_says_why() -> None:
    session = toy_session()
    session.play("a1")
    with pytest.raises(MoveError) as error:
        session.play("a1")
    assert error.value.reason == "a1 is taken"
    assert session.record.moves == ["a1"] and len(session.states) == 2


def test_walking_the_move_list_and_playing_from_an_earlier_position_starts_a_variation(
        ) -> None:
    session = toy_session()
    for move in ("a1", "b1", "c1"):
        session.play(move)
    session.set_note(3, "last")
    assert session.view(0) == 0 and session.shown.ply == 0
    assert session.view(-1) == 0 and session.view(99) == 3 and session.view_last() == 3
    session.view(1)
    assert session.shown.render() == "x...."
    played = session.play("e1")
    assert played.started == 1 and session.line == 1
    assert session.record.moves == ["a1", "b1", "c1"] and session.record.notes == {3: "last"}
    assert session.moves == ["a1", "e1"] and session.shown.render() == "x...o"
    assert not session.can_redo() and session.modified
    session.view(1)
    again = session.play("b1")  # the main line's move: the session goes on along it
    assert again.followed and session.line == 0 and session.viewed == 2
    assert session.note(3) == "last"


def test_undo_and_redo_walk_back_and_forth_at_the_end() -> None:
    session = toy_session()
    for move in ("a1", "b1", "c1"):
        session.play(move)
    session.view(0)
    assert session.undo() and session.record.moves == ["a1", "b1"]
    assert session.viewed == 2
    assert session.undo() and session.record.moves == ["a1"]
    played = session.redo()
    assert played is not None and played.move == "b1"
    played = session.redo()
    assert played is not None and played.move == "c1" and session.redo() is None
    assert session.record.moves == ["a1", "b1", "c1"]


def test_a_new_move_forgets_the_redo_list() -> None:
    session = toy_session()
    session.play("a1")
    session.undo()
    assert session.can_redo()
    session.play("b1")
    assert not session.can_redo()


def test_a_player_without_a_legal_move_passes_automatically_and_undo_takes_it_back() -> None:
    session = toy_session(size=3)
    session.play("a1")
    session.play("b1")
    played = session.play("c1")  # x o x: the row is full, nobody can place
    assert played.forced_passes == ("O", "X")
    assert session.record.moves == ["a1", "b1", "c1", "--", "--"]
    assert played.outcome.status == "draw"
    assert session.result_text() == "Draw: every player passed in succession"
    assert session.move_table() == [["a1", "b1"], ["c1", "-- (Auto)"], ["-- (Auto)"]]
    session.undo()
    assert session.record.moves == ["a1", "b1"] and [t.move for t in session.redo_stack] == ["c1"]
    session.redo()
    assert session.record.moves == ["a1", "b1", "c1", "--", "--"]


def test_swap_rotates_names_and_colours_and_undo_puts_them_back() -> None:
    session = toy_session()
    session.play("c1")
    played = session.play("swap")
    assert played.move == "swap"
    assert session.record.players == ["bob", "alice"] and session.record.swapped
    assert session.colours_by_side() == {"X": STONE, "O": RED}
    assert session.shown.to_move == "O" and session.name("O") == "alice"
    assert session.record.moves == ["c1"]
    session.play("a1")
    session.undo()
    session.undo()
    assert session.record.players == ["alice", "bob"] and not session.record.swapped
    assert session.colours_by_side() == {"X": RED, "O": STONE}
    assert "swap" in session.current.legal_moves()
    session.redo()
    session.redo()
    assert session.record.players == ["bob", "alice"] and session.record.moves == ["c1", "a1"]


def test_a_swapped_game_keeps_its_first_move_and_a_variation_starts_after_the_swap() -> None:
    session = toy_session()
    session.play("c1")
    session.play("swap")
    session.play("a1")
    before = (session.record.players, session.record.moves, session.record.swapped)
    session.view(0)
    with pytest.raises(MoveError, match="a variation can start from the second move on"):
        session.play("b1")
    assert (session.record.players, session.record.moves, session.record.swapped) == before
    session.view(1)
    assert session.play("e1").started == 1 and session.moves == ["c1", "e1"]
    reopened = Session.from_record(records.parse(records.dumps(session.record)))
    assert reopened.switch(1) == 2 and reopened.record.swapped
    assert reopened.shown.render() == session.shown.render() == "..x.o"


def test_resign_ends_a_two_player_game_with_the_winner_named() -> None:
    session = toy_session()
    session.play("a1")
    played = session.play("resign")
    assert played.move == "Resign" and played.outcome.winner == "X"
    assert session.result_text() == "X (alice) wins: the other player resigned"


def test_a_resigned_player_of_three_passes_automatically() -> None:
    session = toy_session(players=3)
    played = session.play("resign")
    assert played.forced_passes == ()
    session.play("a1")
    played = session.play("b1")
    assert played.forced_passes == ("X",)
    assert session.record.moves == ["Resign", "a1", "b1", "--"]
    assert session.shown.to_move == "O"


def test_three_in_a_row_is_announced_with_the_name() -> None:
    session = toy_session()
    for move in ("a1", "d1", "b1", "e1", "c1"):
        session.play(move)
    assert session.result_text() == "X (alice) wins: has three in a row"
    assert session.shown.legal_moves() == []


def test_notes_belong_to_a_ply_and_are_saved(tmp_path: Path) -> None:
    session = toy_session()
    session.play("a1")
    session.set_note(1, "  a quiet opening ")
    session.set_note(0, "")
    assert session.note(1) == "a quiet opening" and session.note(0) == ""
    target = session.save(tmp_path / "game.txt")
    assert not session.modified
    again = Session.load(target)
    assert again.record.notes == {1: "a quiet opening"}
    assert again.record.moves == ["a1"] and again.viewed == 1 and again.path == target


def test_colours_survive_save_and_reopen_and_follow_a_swap(tmp_path: Path) -> None:
    session = Session.new("toy", ["-size=5"], ["alice", "bob"], [(1, 2, 3), (250, 251, 252)])
    session.play("a1")
    session.play("swap")
    target = session.save(tmp_path / "game.txt")
    assert "(colours #fafbfc #010203)" in target.read_text()
    again = Session.load(target)
    assert again.record.players == ["bob", "alice"]
    assert again.colours == [(250, 251, 252), (1, 2, 3)]


def test_save_writes_the_status_of_a_finished_game(tmp_path: Path) -> None:
    session = toy_session()
    for move in ("a1", "d1", "b1", "e1", "c1"):
        session.play(move)
    session.save(tmp_path / "won.txt")
    assert "(status winner alice)" in (tmp_path / "won.txt").read_text()


def test_autosave_round_trip_keeps_colours_path_and_position(tmp_path: Path) -> None:
    session = toy_session()
    session.play("c1")
    session.play("swap")
    session.play("a1")
    session.path = tmp_path / "from.txt"
    session.view(1)
    written = autosave.write(session)
    assert written == tmp_path / "data" / f"autosave-{os.getpid()}.json"
    assert not list(written.parent.glob("*.tmp"))
    assert autosave.find() is None  # this process is alive: its autosave is no orphan
    crash()
    found = autosave.find()
    assert found is not None and found.session is not None
    again = found.session
    assert again.record == session.record
    assert again.colours == session.colours and again.path == session.path
    assert again.viewed == 1 and again.modified
    assert found.describe() == "toy between bob, alice, 2 moves (from from.txt)"
    found.discard()
    assert autosave.find() is None


def test_a_damaged_autosave_is_reported_not_raised() -> None:
    autosave.path().parent.mkdir(parents=True)
    autosave.path(DEAD_PID).write_text(json.dumps(
        {"record": "(game toy)\n(players a b)\n(moves\nz9\n)\n"}))
    found = autosave.find()
    assert found is not None and found.session is None
    assert "move 1 (z9)" in found.error and "z9 is not on the board" in found.error


def test_a_real_engine_game_replays_through_the_session() -> None:
    session = Session.new("quady", ["-size=5"], ["alice", "bob"])
    assert session.sides == ("X", "O")
    session.play("a1")
    assert session.current.ply == 1
    again = Session.from_record(records.parse(records.dumps(session.record)))
    assert again.current.render() == session.current.render()


def test_a_repeated_drogo_position_is_pointed_out() -> None:
    session = Session.new("drogo", ["-size=3", "-single"], ["ann", "ben"])
    moves = ["a1", "b1", "b2", "b1", "a3", "a2", "a3", "c1", "a1", "a2"]
    for move in moves[:-1]:
        session.play(move)
        assert session.repeated_from() is None
    session.play(moves[-1])  # captures bring back the position after move 8
    assert session.repeated_from() == 8
    assert session.states[8].render() == session.current.render()
    session.undo()
    assert session.repeated_from() is None


def test_games_whose_positions_never_come_back_are_not_searched_for_repeats(
        monkeypatch: pytest.MonkeyPatch) -> None:
    session = toy_session()
    for move in ("a1", "b1", "c1"):
        session.play(move)
    monkeypatch.setattr(type(session.current), "render",
                        lambda self: pytest.fail("an earlier position was rendered"))
    assert session.repeated_from() is None


def test_the_last_move_shown_has_its_cells_read_on_the_position_before_it() -> None:
    session = Session.new("druid", ["-size=5", "-walk"], ["vera", "hugo"])
    assert session.last_cells_shown == ()
    for move in ("c1", "a3", "c2", "b3", "n"):  # V's Druid steps from c1 to c2
        session.play(move)
    assert isinstance(session.current, DruidState)
    assert session.current.druids == {"V": "c2", "H": "a3"}
    assert session.last_cells_shown == ("c1", "c2")
    session.play("a4,a4")  # H places on a4 and steps its Druid there from a3
    assert isinstance(session.current, DruidState)
    assert session.current.druids == {"V": "c2", "H": "a4"}
    assert session.last_cells_shown == ("a4", "a4")
    session.view(2)
    assert session.last_cells_shown == ("a3",)
    session.view(0)
    assert session.last_cells_shown == ()


def test_the_last_move_made_skips_forced_passes_and_knows_the_swap() -> None:
    session = toy_session(size=3)
    assert session.last_move_made() is None
    for move in ("a1", "b1", "c1"):  # then both pass by force
        session.play(move)
    assert session.last_move_made() == ("c1", "X")
    session.view(2)
    assert session.last_move_made() == ("b1", "O")
    swapped = toy_session()
    swapped.play("c1")
    swapped.play("swap")
    assert swapped.last_move_made() == ("swap", "X") and swapped.name("X") == "bob"


def test_the_autosave_keeps_the_variations_and_the_line_on_screen() -> None:
    session = toy_session()
    for move in ("a1", "b1", "c1"):
        session.play(move)
    session.view(1)
    session.play("e1")
    session.set_note(2, "on e1")
    session.view(1)
    autosave.write(session)
    crash()
    found = autosave.find()
    assert found is not None and found.session is not None
    again = found.session
    assert again.record == session.record and again.line == 1 and again.viewed == 1
    assert again.moves == ["a1", "e1"] and again.note(2) == "on e1"
    found.discard()


def variation_at_the_main_lines_end() -> Session:
    """Main line a1 b1 c1, variation 1 e1 instead of c1, then c1 taken back: variation 1
    parts at the main line's end."""
    session = toy_session()
    for move in ("a1", "b1", "c1"):
        session.play(move)
    session.view(2)
    session.play("e1")
    session.switch(0, 3)
    session.undo()
    return session


def test_undo_past_a_variations_start_keeps_it_for_redo() -> None:
    session = variation_at_the_main_lines_end()  # the variation stays
    assert session.record.moves == ["a1", "b1"] and len(session.record.variations) == 1
    session.undo()  # b1: the variation parted after it, so it goes with it
    assert session.record.moves == ["a1"] and session.record.variations == []
    session.redo()
    session.redo()
    assert session.record.moves == ["a1", "b1", "c1"]
    assert [v.moves for v in session.record.variations] == [["e1"]]
    assert session.switch(1) == 3 and session.moves == ["a1", "b1", "e1"]


def test_a_variation_that_does_not_replay_is_refused_with_its_number() -> None:
    text = ("(game toy)\n(players a b)\n(moves\na1\nb1\n)\n(parameters -size=5)\n"
            "(variations\n0 1 c1 a1\n)\n")
    with pytest.raises(records.RecordError) as error:
        Session.from_record(records.parse(text))
    assert error.value.reason == "variation 1: a1 is taken" and error.value.ply == 3


def test_promoting_a_variation_changes_the_game_and_forgets_the_redo_list() -> None:
    session = toy_session()
    for move in ("a1", "b1", "c1"):
        session.play(move)
    session.view(1)
    session.play("e1")
    session.play("d1")
    session.undo()
    session.modified = False
    session.promote()
    assert session.record.moves == ["a1", "e1"] and session.line == 0
    assert session.modified and not session.can_redo()
    assert [v.moves for v in session.record.variations] == [["b1", "c1"]]


def test_a_move_at_a_lines_end_that_a_variation_plays_there_follows_it() -> None:
    session = variation_at_the_main_lines_end()
    played = session.play("e1")
    assert played.followed and session.line == 1 and session.viewed == 3
    assert session.record.moves == ["a1", "b1"]  # no second line playing e1 there
    assert [v.moves for v in session.record.variations] == [["e1"]]
