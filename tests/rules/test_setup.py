"""A position set up by hand in a record (rules/setup.py, the `(setup` entry of rules/record.py,
GameState.set_up): read and written back, replayed, refused with its line, and reported by
`megalith check`, `show` and `ai`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from megalith.rules import cli, registry
from megalith.rules import record as records
from megalith.rules import setup as setups
from megalith.rules.druid.game import DruidState
from megalith.rules.protocol import Piece, Setup, SetupError
from megalith.rules.record import RecordError

LINTEL_SETUP = """(game druid)
(version 1)
(players alice bob)
(setup
to_move H
swap open
sarsen V c3 1
sarsen V c5 1
lintel V c3-c5 2
sarsen H d4 1
)
(parameters -size=6)
"""


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = cli.main(list(argv))
    out = capsys.readouterr()
    return status, out.out, out.err


@pytest.fixture
def lintel_file(tmp_path: Path) -> Path:
    path = tmp_path / "setup.megalith"
    path.write_text(LINTEL_SETUP)
    return path


def test_the_entry_is_read_into_a_setup() -> None:
    record = records.parse(LINTEL_SETUP)
    assert record.setup == Setup("H", True, (
        Piece("sarsen", "V", "c3", 1), Piece("sarsen", "V", "c5", 1),
        Piece("lintel", "V", "c3-c5", 2), Piece("sarsen", "H", "d4", 1)))
    assert record.setup_line == 4 and record.moves == []


def test_lines_round_trip_every_kind_of_piece() -> None:
    setup = Setup("O", False, (Piece("cube", "X", "c3", 2), Piece("stone", "O", "f6"),
                               Piece("druid", "V", "c4", target="top")))
    assert setups.lines(setup) == ["to_move O", "swap closed", "cube X c3 2", "stone O f6",
                                   "druid V c4 top"]
    assert setups.read(setups.lines(setup)) == setup


def test_a_record_with_a_setup_writes_and_reads_back_the_same(lintel_file: Path,
                                                              tmp_path: Path) -> None:
    record = records.load(lintel_file)
    record.moves = ["b2"]  # a move after the set-up, and the swap before it
    record.swapped = True
    copy = tmp_path / "copy.megalith"
    records.save(copy, record)
    text = copy.read_text()
    assert "(setup\nto_move H\nswap open\nsarsen V c3 1\n" in text
    assert text.index("(setup") < text.index("(moves")
    again = records.load(copy)
    assert again == record
    state = records.final_state(again)
    assert (state.swapped, state.moves, state.to_move) == (True, ["b2"], "V")


def test_play_goes_on_from_the_set_up_position(lintel_file: Path) -> None:
    record = records.load(lintel_file)
    record.moves = ["e4", "b4"]
    states = records.replay(record)
    start, after, last = states
    assert isinstance(start, DruidState) and isinstance(last, DruidState)
    assert [s.to_move for s in states] == ["H", "V", "H"]
    assert start.height("c4") == 2 and start.owner("c4") == "V"
    assert "swap" in start.legal_moves() and "swap" not in after.legal_moves()
    assert last.owner("b4") == "V"


@pytest.mark.parametrize("line, reason", [
    ("to_move", "'to_move' is not a line of a set-up"),
    ("swap maybe", "'swap maybe' is not a line of a set-up"),
    ("sarsen V c3 0", "a piece's level is 1 on the ground or more, not 0"),
    ("sarsen V", "'sarsen V' is not a line of a set-up"),
])
def test_a_malformed_line_is_refused_with_its_line(line: str, reason: str) -> None:
    text = LINTEL_SETUP.replace("sarsen H d4 1", line)
    with pytest.raises(RecordError) as caught:
        records.parse(text)
    assert caught.value.line == 10
    assert reason in caught.value.reason


def test_a_setup_without_its_side_to_move_is_refused() -> None:
    with pytest.raises(RecordError, match="says who moves first"):
        records.parse(LINTEL_SETUP.replace("to_move H\n", ""))


def test_a_position_the_rules_cannot_hold_is_refused_on_the_setup_line() -> None:
    record = records.parse(LINTEL_SETUP.replace("sarsen V c5 1\n", ""))
    with pytest.raises(RecordError) as caught:
        records.replay(record)
    assert caught.value.line == 4
    assert str(caught.value) == ("line 4: the set-up position: the V lintel at c3-c5 rests on "
                                 "nothing at level 1 (c5 is 0 high)")


def test_a_swap_closed_in_the_setup_is_refused_on_replay() -> None:
    record = records.parse(LINTEL_SETUP.replace("swap open", "swap closed")
                           .replace("(players alice bob)", "(players alice bob)\n(swapped 1)"))
    with pytest.raises(RecordError, match="the swap was closed in this set-up position"):
        records.replay(record)


def test_the_tile_games_cannot_be_set_up() -> None:
    for game in ("dragons", "trichet"):
        with pytest.raises(SetupError, match="cannot be set up by hand yet"):
            registry.get(game).set_up((), None, Setup("X" if game == "dragons" else "O"))
        assert not registry.get(game).new().supports_setup


def test_the_turn_and_swap_are_judged_for_every_game() -> None:
    info = registry.get("druid")
    with pytest.raises(SetupError, match=r"Q is not a side of this game \(its sides: V, H\)"):
        info.set_up((), None, Setup("Q"))
    with pytest.raises(SetupError, match="the swap cannot be open: swap is only for two-player"):
        info.set_up("-hex", 3, Setup("X", True))
    state = info.set_up("-hex", 3, Setup("Y"))
    assert state.to_move == "Y" and state.seat_of_move(2) == 0
    state.play("a1")
    assert state.to_move == "X"


def test_check_prints_the_position_facts(capsys, lintel_file: Path) -> None:
    status, out, _ = run(capsys, "check", str(lintel_file))
    assert status == 0
    assert out.splitlines() == [
        "game: druid -size=6", "players: alice bob",
        "set up: H to move first, the swap open, 4 pieces",
        "pieces: sarsen V c3 1, sarsen V c5 1, lintel V c3-c5 2, sarsen H d4 1",
        "ply: 0", "to move: H", "status: ongoing"]


def test_check_json_reports_the_setup(capsys, lintel_file: Path) -> None:
    status, out, _ = run(capsys, "check", str(lintel_file), "--json", "--legal")
    data = json.loads(out)
    assert status == 0 and data["to_move"] == "H"
    assert data["setup"] == {"to_move": "H", "swap_open": True, "pieces": [
        "sarsen V c3 1", "sarsen V c5 1", "lintel V c3-c5 2", "sarsen H d4 1"]}
    assert "swap" in data["legal"] and "c4" not in data["legal"]  # c4 is V's lintel


def test_show_draws_the_set_up_position(capsys, lintel_file: Path) -> None:
    status, out, _ = run(capsys, "show", str(lintel_file))
    assert status == 0
    assert "4 . . v h . . 4     4 . . 2 1 . . 4" in out


def test_ai_answers_a_legal_move_from_the_set_up_position(capsys, lintel_file: Path) -> None:
    status, out, _ = run(capsys, "ai", str(lintel_file), "--iterations", "200", "--json")
    data = json.loads(out)
    assert status == 0 and data["side"] == "H" and data["player"] == "bob"
    state = records.final_state(records.load(lintel_file))
    assert data["move"] in state.legal_moves()


def test_a_setup_with_more_pieces_than_any_board_holds_is_refused_at_the_one_too_many() -> None:
    pieces = "".join(f"sarsen V a1 {level}\n" for level in range(1, setups.MAX_PIECES + 2))
    with pytest.raises(RecordError) as caught:
        records.parse(LINTEL_SETUP.replace("sarsen H d4 1\n", pieces))
    assert caught.value.line == 10 + setups.MAX_PIECES - 3
    assert caught.value.reason == "a set-up holds at most 10,000 pieces"


def test_a_swap_line_in_the_moves_of_a_set_up_game_comes_before_the_first_move() -> None:
    written = LINTEL_SETUP.replace("(parameters", "(moves\nswap\nb2\n)\n(parameters")
    record = records.parse(written)
    assert record.swapped and record.moves == ["b2"] and record.swap_line == 13
    state = records.final_state(record)
    assert state.swapped and state.moves == ["b2"] and state.to_move == "V"
    late = records.parse(LINTEL_SETUP.replace("(parameters", "(moves\nb2\nswap\n)\n(parameters"))
    assert not late.swapped
    with pytest.raises(RecordError) as caught:
        records.replay(late)
    assert (caught.value.line, caught.value.ply, caught.value.move) == (14, 2, "swap")
    assert caught.value.reason == "swap is only legal as the first move from this set-up position"
