"""What the search relies on, for every game and variant: `random_move` draws only legal
moves, uniformly, and the faster legal-move lists agree with trying every move shape."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from megalith.rules import registry
from megalith.rules.drogo.game import DrogoState
from megalith.rules.druid.game import DruidState
from megalith.rules.protocol import PASS, RESIGN, GameState

VARIANTS = [
    ("druid", "-size=5", 2), ("druid", "-hex -size=3", 2), ("druid", "-hex -size=3", 3),
    ("druid", "-y -size=5", 2), ("druid", "-walk -size=5", 2), ("druid", "-nostack -size=4", 2),
    ("druid", "-nogaps -size=4", 2), ("druid", "-walk -hex -size=3", 3),
    ("drogo", "-size=4", 2), ("drogo", "-size=4", 3), ("drogo", "-size=5", 4),
    ("drogo", "-size=4 -in_place", 2), ("drogo", "-size=4 -easy_free", 3),
    ("drogo", "-size=4 -single", 2), ("quady", "-size=5", 2), ("quady", "-size=7", 2),
]
# Games registered later (Dragons, Trichet) are covered on their default options.
LATER = [(info.name, "", info.min_players) for info in registry.available()
         if info.name not in {"druid", "drogo", "quady"}]


def _random_game(game: str, parameters: str, players: int, seed: int, plies: int
                 ) -> list[GameState]:
    """The positions of one game played by random_move, the first one included."""
    rng = random.Random(seed)
    state = registry.new_game(game, parameters, players)
    positions = [state.copy()]
    while state.to_move is not None and state.ply < plies:
        state.play(state.random_move(rng))
        positions.append(state.copy())
    return positions


@pytest.mark.parametrize(("game", "parameters", "players"), VARIANTS + LATER)
def test_random_moves_are_legal_and_never_resign(game: str, parameters: str, players: int
                                                 ) -> None:
    rng = random.Random(5)
    for seed in range(4):
        for state in _random_game(game, parameters, players, seed, 120):
            legal = set(state.legal_moves())
            if state.to_move is None:
                assert not legal
                continue
            for _ in range(5):
                move = state.random_move(rng)
                assert move in legal and move != RESIGN


@pytest.mark.parametrize(("game", "parameters", "players"), [
    ("druid", "-size=4", 2), ("druid", "-hex -size=3", 3), ("quady", "-size=5", 2),
    ("drogo", "-size=4", 2), ("druid", "-walk -size=4", 2), ("druid", "-walk -hex -size=3", 3)])
def test_random_move_is_uniform_over_the_legal_moves(game: str, parameters: str, players: int
                                                     ) -> None:
    """Every legal move comes up, and none far more often than the others (a draw biased
    towards some kind of move, passes or swap say, would show here)."""
    state = _random_game(game, parameters, players, 1, 7)[-1]
    assert state.ply == 7 and state.to_move is not None
    legal = state.legal_moves()
    rng = random.Random(2)
    draws = 300 * len(legal)
    counts = Counter(state.random_move(rng) for _ in range(draws))
    assert set(counts) == set(legal)
    assert max(counts.values()) < 1.35 * 300 and min(counts.values()) > 0.65 * 300


def test_random_move_offers_swap_and_pass_in_druid() -> None:
    state = registry.new_game("druid", "-size=4")
    state.play("b2")
    rng = random.Random(3)
    drawn = {state.random_move(rng) for _ in range(3000)}
    assert {"swap", PASS} <= drawn


def test_random_move_on_a_finished_game_is_refused() -> None:
    state = registry.new_game("quady", "-size=5")
    state.play("Resign")
    with pytest.raises(ValueError, match="the game is over"):
        state.random_move(random.Random(1))


@pytest.mark.parametrize(("parameters", "players"), [
    ("-size=4", 2), ("-size=5", 3), ("-size=5", 4), ("-size=4 -in_place", 2),
    ("-size=5 -in_place", 3), ("-size=4 -single", 2), ("-size=3", 2)])
def test_drogo_quick_move_list_matches_trying_every_shape(parameters: str, players: int
                                                          ) -> None:
    """_quick_moves settles most moves without trying them; it must agree exactly with
    trying every candidate shape on a copy, in crowded positions with captures too."""
    for seed in range(6):
        for state in _random_game("drogo", parameters, players, seed, 160):
            assert isinstance(state, DrogoState)
            if state.to_move is None:
                continue
            seat = state.ply % players
            slow = sorted(state._text(m) for m in state._candidates(seat)
                          if state._refusal(m, seat) is None)
            assert sorted(state._quick_moves(seat)) == slow, state.moves


@pytest.mark.parametrize("parameters", ["-size=4", "-hex -size=3", "-y -size=5", "-nostack -size=4",
                                        "-nogaps -size=4", "-walk -size=4"])
def test_druid_placements_match_testing_every_placement(parameters: str) -> None:
    for seed in range(5):
        for state in _random_game("druid", parameters, 2, seed, 150):
            assert isinstance(state, DruidState)
            if state.to_move is None:
                continue
            p = state.ply % 2
            every = [pid for pid in range(state._tables.count) if state._legal(pid, p)]
            assert state._placements() == every
