"""A position being set up by hand, without Qt (desktop/game/setup_editor.py): each change
judged by the game's rules, a refusal changing nothing; and a game started from it, laid out
in the move table from its first mover's column."""

from __future__ import annotations

from megalith.desktop.game.session import Session
from megalith.desktop.game.setup_editor import SetupEditor
from megalith.rules import record as records
from megalith.rules.druid.game import DruidState
from megalith.rules.protocol import Piece, Setup
from megalith.rules.record import Record


def editor(game: str = "druid", parameters: str = "-size=5", moves: tuple[str, ...] = ()
           ) -> SetupEditor:
    record = Record(game, parameters.split(), ["ann", "bob"], list(moves))
    return SetupEditor.starting_from(record, records.final_state(record))


def test_pieces_go_on_top_and_come_off_the_top() -> None:
    setup = editor()
    for side, cell in (("V", "b3"), ("V", "d3"), ("H", "c3")):
        assert setup.place("sarsen", side, cell) == ""
    assert setup.place("lintel", "V", "b3-d3") == ""
    assert setup.place("sarsen", "V", "c3") == ""  # on the lintel: level 3
    assert setup.setup.pieces[-1] == Piece("sarsen", "V", "c3", 3)
    assert setup.remove("c3") == "" and setup.remove("b3") == ""  # the sarsen, the lintel
    assert [piece.where for piece in setup.setup.pieces] == ["b3", "d3", "c3"]
    assert setup.remove("a1") == "there is no piece on a1"


def test_a_refusal_changes_nothing() -> None:
    setup = editor()
    setup.place("sarsen", "V", "b3")
    before = setup.setup, setup.state
    assert setup.place("lintel", "V", "b3-d3") == ("the V lintel at b3-d3 rests on nothing at "
                                                   "level 1 (d3 is 0 high)")
    assert setup.place("sarsen", "H", "b3") == (
        "the H sarsen at b3 (level 2) cannot be there: b3 is topped by a V stone: sarsens go "
        "on the ground or on your own stones")
    assert setup.place("sarsen", "V", "z9") == "z9 is not a cell of this board"
    assert (setup.setup, setup.state) == before


def test_the_side_to_move_and_the_swap() -> None:
    setup = editor()
    assert setup.swap_offered
    assert setup.set_to_move("H") == "" and setup.set_swap_open(True) == ""
    assert setup.setup.to_move == "H" and setup.setup.swap_open
    assert "swap" in setup.state.legal_moves()
    three = editor("druid", "-hex", ())
    assert three.state.sides == ("X", "O") and three.swap_offered


def test_a_walk_figure_comes_with_a_stone_on_its_side_and_moves_where_it_is_put() -> None:
    setup = editor("druid", "-size=5 -walk")
    assert setup.kinds == ("sarsen", "lintel", "druid")
    assert setup.place("sarsen", "V", "c1") == ""  # V's first stone on its side: its Druid
    assert setup.setup.pieces[-1] == Piece("druid", "V", "c1", target="top")
    setup.place("sarsen", "V", "c2")
    assert setup.place("druid", "V", "c2") == ""  # the figure moves, walking to the top
    assert setup.setup.pieces[-1] == Piece("druid", "V", "c2", target="top")
    assert setup.remove("c2") == ""  # the figure goes back where its stone brought it
    assert setup.setup.pieces[-1] == Piece("druid", "V", "c1", target="top")


def test_it_starts_from_the_position_on_screen_or_from_the_empty_board() -> None:
    played = editor(moves=("a1", "e5", "b1"))
    assert [piece.where for piece in played.setup.pieces] == ["a1", "e5", "b1"]
    assert played.setup.to_move == "H" and not played.setup.swap_open
    won = editor("druid", "-size=3", ("a1", "c1", "a2", "c2", "a3"))
    assert won.setup == Setup("V")


def test_a_game_started_from_it_lays_its_moves_out_from_the_first_movers_column() -> None:
    setup = editor()
    setup.place("sarsen", "V", "c3")
    setup.set_to_move("H")
    session = Session.from_record(setup.record(["#b43c32", "#e1dcc8"]))
    assert session.record.setup == Setup("H", False, (Piece("sarsen", "V", "c3", 1),))
    assert session.play("b2").move == "b2"
    session.play("d4")
    assert session.move_table() == [["", "b2"], ["d4"]]
    assert (session.lead, session.mover_of(1), session.mover_of(2)) == (1, "H", "V")
    shown = session.shown
    assert isinstance(shown, DruidState) and shown.owner("b2") == "H"


def test_notes_variations_undo_and_the_file_work_from_a_set_up_start(tmp_path) -> None:
    setup = editor()
    for side, cell in (("V", "b3"), ("V", "d3"), ("H", "c3")):
        setup.place("sarsen", side, cell)
    setup.place("lintel", "V", "b3-d3")
    setup.set_to_move("H")
    session = Session.from_record(setup.record([]))
    session.play("a1")
    session.play("e5")
    assert session.set_note(0, "the lintel is V's") and session.set_note(1, "H starts low")
    session.view(1)
    assert session.play("e4").started == 1  # a variation after H's a1
    assert session.undo() and session.line == 0 and session.record.variations == []
    assert session.redo() is not None and session.line == 1 and session.moves == ["a1", "e4"]
    path = session.save(tmp_path / "study.megalith")
    again = Session.load(path)
    assert again.record == session.record and again.record.setup == setup.setup
    assert again.record.notes == {0: "the lintel is V's", 1: "H starts low"}
    assert [(v.parent, v.ply, v.moves) for v in again.record.variations] == [(0, 1, ["e4"])]
    again.switch(0)
    assert again.moves == ["a1", "e5"] and again.mover_of(2) == "V"
    assert again.current.to_move == "H"


def test_the_open_swap_of_a_set_up_start_is_played_undone_and_kept_in_every_line() -> None:
    setup = editor()
    setup.place("sarsen", "V", "c3")
    setup.set_to_move("H")
    setup.set_swap_open(True)
    session = Session.from_record(setup.record([]))
    assert session.play("swap").move == "swap"
    assert session.record.swapped and session.record.players == ["bob", "ann"]
    assert session.last_move_made() == ("swap", "V") and session.name("V") == "bob"
    session.play("b2")  # H, now ann's
    assert session.last_move_made() == ("b2", "H") and session.name("H") == "ann"
    session.play("d4")
    session.view(1)
    assert session.play("e4").started == 1  # a variation after the first move
    session.switch(0)
    session.view(0)
    assert session.play("a1").started == 2  # and one from the start, after the swap
    again = Session.from_record(records.parse(records.dumps(session.record)))
    assert again.record == session.record and again.shown.swapped
    assert again.switch(2) == 1
    shown = again.shown
    assert isinstance(shown, DruidState) and shown.owner("a1") == "H"
    again.switch(0)
    for _ in range(2):
        assert again.undo()
    assert again.record.swapped and again.undo()  # the swap itself comes off last
    assert not again.record.swapped and again.record.players == ["ann", "bob"]
    assert "swap" in again.shown.legal_moves() and again.redo() is not None
    assert again.record.swapped
