"""The analysis's figures: a run of plies searched in one kept tree, reproducible from its
seed, None where there is nothing to search, and exact where the search proves the
position."""

from __future__ import annotations

from megalith.rules import registry
from megalith.rules.ai.analysis import win_rate_to_move, win_rates_along
from megalith.rules.protocol import GameState
from tests.rules.ai.tactics import winning_moves
from tests.rules.ai.test_tactics import DRUID_Y


def druid_y(plies: int) -> list[GameState]:
    state = registry.new_game("druid", "-y", 2)
    states = [state.copy()]
    for move in DRUID_Y[:plies]:
        state.play(move)
        states.append(state.copy())
    return states


def test_a_run_of_plies_is_reproducible_from_its_seed_and_keeps_its_tree() -> None:
    states = druid_y(4)
    first = win_rates_along(states, 200, seed=3)
    assert first == win_rates_along(states, 200, seed=3)
    assert len(first) == 5 and all(rate is not None and 0 <= rate <= 1 for rate in first)
    # The first ply is searched as alone; the later ones grow the kept tree, so they differ
    # from a search of the position alone.
    assert first[0] == win_rate_to_move(states[0], 200, seed=3)
    assert first[1:] != [win_rate_to_move(state, 200, seed=3) for state in states[1:]]


def test_a_proven_win_is_exactly_one_and_an_ended_game_has_no_figure() -> None:
    won = druid_y(len(DRUID_Y))[-1]  # the forced win in three of the tactics tests
    assert win_rates_along([won], 700) == [1.0]
    ended = won.copy()
    ended.play("e4-g2")  # the forcing move, any reply, the win
    ended.play(ended.legal_moves()[0])
    ended.play(winning_moves(ended)[0])
    assert ended.to_move is None
    assert win_rates_along([won, ended], 700) == [1.0, None]
