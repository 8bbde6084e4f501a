"""The generic rules every game shares (docs/rules/common.md), on the toy game."""

from __future__ import annotations

import pytest

from megalith.rules import registry
from megalith.rules.protocol import MoveError

pytestmark = pytest.mark.usefixtures("toy")


def new(parameters: str = "", players: int | None = None):
    return registry.new_game("toy", parameters, players)


def test_turns_follow_the_number_of_moves() -> None:
    state = new(players=3)
    assert [state.to_move] == ["X"]
    state.play("a1")
    state.play("--")
    assert state.to_move == "Y"


def test_play_returns_canonical_lower_case_text() -> None:
    state = new()
    assert state.play("  C1 ") == "c1"
    assert state.moves == ["c1"]


def test_illegal_move_names_move_and_reason_and_changes_nothing() -> None:
    state = new()
    state.play("a1")
    before = (list(state.moves), state.render(), state.to_move)
    with pytest.raises(MoveError) as error:
        state.play("A1")
    assert error.value.move == "A1"
    assert error.value.reason == "a1 is taken"
    assert str(error.value) == "A1: a1 is taken"
    assert (state.moves, state.render(), state.to_move) == before


def test_pass_is_stored_as_dashes_and_all_passing_is_a_draw() -> None:
    state = new()
    assert state.play("PASS") == "--"
    assert state.play("--") == "--"
    outcome = state.outcome()
    assert (outcome.status, outcome.winner) == ("draw", None)
    assert state.to_move is None
    assert state.legal_moves() == []
    with pytest.raises(MoveError, match="the game is over"):
        state.play("a1")


def test_a_move_between_passes_restarts_the_count() -> None:
    state = new(players=3)
    for move in ("--", "--", "a1", "--", "--"):
        state.play(move)
    assert state.outcome().status == "ongoing"
    state.play("--")
    assert state.outcome().status == "draw"


def test_swap_only_as_second_move_of_two_player_game_and_changes_nothing() -> None:
    state = new()
    with pytest.raises(MoveError, match="swap is only legal as the second move"):
        state.play("swap")
    state.play("b1")
    assert "swap" in state.legal_moves()
    assert state.play("Swap") == "swap"
    assert state.moves == ["b1"]          # not a move of the record
    assert state.swapped
    assert state.to_move == "O"           # the first colour's opponent moves next
    assert state.render() == ".x..."
    with pytest.raises(MoveError, match="already been swapped"):
        state.play("swap")
    assert "swap" not in state.legal_moves()


def test_no_swap_with_three_players() -> None:
    state = new(players=3)
    state.play("a1")
    with pytest.raises(MoveError, match="swap is only for two-player games"):
        state.play("swap")


def test_resign_is_stored_capitalised_and_the_other_player_wins() -> None:
    state = new()
    state.play("a1")
    assert state.play("resign") == "Resign"
    outcome = state.outcome()
    assert (outcome.status, outcome.winner) == ("win", "X")


def test_resigned_player_of_three_can_only_pass() -> None:
    state = new(players=3)
    state.play("resign")                  # X resigns
    state.play("a1")
    state.play("b1")
    assert state.to_move == "X"
    assert state.legal_moves() == ["--"] and state.pass_forced()
    with pytest.raises(MoveError, match="X has resigned and can only pass"):
        state.play("c1")
    state.play("--")
    state.play("resign")                  # O resigns: Y is the last one standing
    assert (state.outcome().status, state.outcome().winner) == ("win", "Y")


def test_a_voluntary_pass_is_not_a_forced_one() -> None:
    state = new()
    assert "--" in state.legal_moves() and not state.pass_forced()
    state.play("resign")  # X resigns in a two-player game: it is over, nobody is forced
    assert state.to_move is None and not state.pass_forced()


def test_legal_moves_are_sorted_canonical_with_pass() -> None:
    state = new("-size=3")
    assert state.legal_moves() == ["--", "a1", "b1", "c1"]


def test_win_ends_the_game() -> None:
    state = new()
    for move in ("a1", "d1", "b1", "e1", "c1"):
        state.play(move)
    assert state.outcome().winner == "X"
    assert state.to_move is None


def test_copy_is_independent() -> None:
    state = new(players=3)
    state.play("a1")
    twin = state.copy()
    twin.play("resign")
    twin.play("c1")
    assert state.moves == ["a1"] and state.resigned == set() and state.render() == "x...."
    assert twin.moves == ["a1", "Resign", "c1"] and twin.resigned == {"O"}
    assert twin.render() == "x.y.."


def test_copies_share_only_the_declared_constant_tables(monkeypatch) -> None:
    state = new()
    state.table = [1, 2]
    monkeypatch.setattr(type(state), "shared_fields", frozenset({"table"}))
    twin = state.copy()
    assert twin.table is state.table and twin.cells is not state.cells


def test_to_move_is_none_exactly_when_the_outcome_is_over() -> None:
    state = new(players=3)
    for move in ("a1", "resign", "b1", "--", "--", "resign"):
        assert (state.to_move is None) == state.outcome().over
        state.play(move)
    assert state.to_move is None and state.outcome().winner == "X"


def test_the_default_copy_is_deep_but_for_the_shared_tables(monkeypatch) -> None:
    """Right for any state, nested containers too (a game writes a faster one of its own)."""
    state = new()
    state.rows = [[1], [2]]
    state.table = [[3]]
    monkeypatch.setattr(type(state), "shared_fields", frozenset({"table"}))
    twin = state.copy()
    twin.rows[0].append(9)
    assert state.rows == [[1], [2]] and twin.rows == [[1, 9], [2]]
    assert twin.table is state.table
