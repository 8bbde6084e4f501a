"""The analysis's figures: a run of plies searched in one kept tree, reproducible from its
seed, None where there is nothing to search, exact where the search proves the position, and
every move of a position with few moves searched enough that two seeds agree."""

from __future__ import annotations

from megalith.rules import registry
from megalith.rules.ai.analysis import searched_along, searched_position
from megalith.rules.ai.mcts import Search
from megalith.rules.protocol import GameState
from tests.rules.ai.tactics import winning_moves
from tests.rules.ai.test_tactics import DRUID_Y

# Ply 5 of the golden Dragons game (tests/rules/golden/dragons/default.json): three moves.
DRAGONS = "d5 h4 k4 g7 j12".split()


def druid_y(plies: int) -> list[GameState]:
    state = registry.new_game("druid", "-y", 2)
    states = [state.copy()]
    for move in DRUID_Y[:plies]:
        state.play(move)
        states.append(state.copy())
    return states


def rates_along(states: list[GameState], iterations: int, seed: int = 0) -> list[float | None]:
    """The win rates of `searched_along`."""
    return [rate for rate, _ in searched_along(states, iterations, seed)]


def test_a_run_of_plies_is_reproducible_from_its_seed_and_keeps_its_tree() -> None:
    states = druid_y(4)
    first = rates_along(states, 200, seed=3)
    assert first == rates_along(states, 200, seed=3)
    assert len(first) == 5 and all(rate is not None and 0 <= rate <= 1 for rate in first)
    # The first ply is searched as alone; the later ones grow the kept tree, so they differ
    # from a search of the position alone.
    assert first[0] == searched_position(states[0], 200, seed=3)[0]
    assert first[1:] != [searched_position(state, 200, seed=3)[0] for state in states[1:]]


def test_a_proven_win_is_exactly_one_and_an_ended_game_has_no_figure() -> None:
    won = druid_y(len(DRUID_Y))[-1]  # the forced win in three of the tactics tests
    assert rates_along([won], 700) == [1.0]
    ended = won.copy()
    ended.play("e4-g2")  # the forcing move, any reply, the win
    ended.play(ended.legal_moves()[0])
    ended.play(winning_moves(ended)[0])
    assert ended.to_move is None
    assert rates_along([won, ended], 700) == [1.0, None]


def dragons_three_moves() -> GameState:
    state = registry.new_game("dragons", "", 2)
    for move in DRAGONS:
        state.play(move)
    assert state.legal_moves() == ["g10", "i10", "k10"]
    return state


def test_a_root_floor_visits_every_move_before_the_estimates_choose() -> None:
    """Seed 3 loses its first playout of k10 and never tries it again; with a floor of 30
    every move gets 30 visits, k10 among them."""
    state = dragons_three_moves()
    bare = Search(state, 3).run(iterations=400)
    assert {m.move: m.visits for m in bare.moves}["k10"] == 1
    search = Search(state, 3)
    search.root_floor = 30
    floored = search.run(iterations=400)
    assert min(m.visits for m in floored.moves) >= 30


def test_two_seeds_agree_where_a_position_has_three_moves() -> None:
    """Before the floor seed 1 gave 0.72 (k10) and seed 3 0.47 (i10) here."""
    state = dragons_three_moves()
    (one, best_one), (three, best_three) = (searched_position(state, seed=seed)
                                            for seed in (1, 3))
    assert one is not None and three is not None
    assert abs(one - three) < 0.08 and best_one == best_three == "k10"
