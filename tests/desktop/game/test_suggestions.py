"""Which moves a suggestion shows (desktop/game/suggestions.py)."""

from __future__ import annotations

from megalith.desktop.game.suggestions import shown_suggestions
from megalith.rules import registry
from megalith.rules.ai.mcts import MoveStats, SearchResult
from megalith.rules.dragons.game import DragonsState
from megalith.rules.trichet.game import TrichetState
from tests.desktop.app_support import new_position


def result(*moves: tuple[str, int, float]) -> SearchResult:
    stats = tuple(MoveStats(move, visits, rate, rate) for move, visits, rate in moves)
    return SearchResult(stats[0].move, stats[0].win_rate, 100, stats, 0)


def test_one_move_per_place_then_best_win_rate_first() -> None:
    state = new_position("dragons", DragonsState, "", 2)
    place_1 = [m for m in state.legal_moves() if m.endswith("1") and len(m) == 2]
    assert len(place_1) >= 2  # two tiles that fit place 1
    assert state.move_place(place_1[1]) == state.places()[0] and state.move_place("x") is None
    searched = result((place_1[0], 50, 0.56), (place_1[1], 40, 0.58), ("a2", 30, 0.52),
                      ("d3", 20, 0.61), ("e4", 10, 0.70))
    shown = shown_suggestions(state, searched)
    # the second tile on place 1 gives way; the next most visited places come in
    assert [s.move for s in shown] == ["d3", place_1[0], "a2"]


def test_moves_without_cells_stand_for_themselves() -> None:
    state = registry.new_game("quady", "-size=5", 2)
    shown = shown_suggestions(state, result(("c3", 9, 0.4), ("Resign", 5, 0.1),
                                            ("swap", 4, 0.9)), count=5)
    assert [s.move for s in shown] == ["swap", "c3", "Resign"]


def test_two_trichet_tiles_on_one_place_show_as_one() -> None:
    """Trichet's move cells are the moves themselves (the view points at a place's corners):
    the place comes from `move_place`."""
    state = new_position("trichet", TrichetState, "", 2)
    searched = result(("a7", 50, 0.50), ("b7", 40, 0.60), ("f7", 30, 0.40), ("d1", 20, 0.55),
                      ("e2", 10, 0.45))
    assert state.move_place("a7") == state.move_place("f7") == state.places()[6]
    assert [s.move for s in shown_suggestions(state, searched)] == ["d1", "a7", "e2"]
