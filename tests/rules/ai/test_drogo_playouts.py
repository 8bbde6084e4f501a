"""Drogo's own playout loop against the protocol's generic one where random positions seldom
go: sides that have resigned (they pass), a side left with no move (it passes), and the end of
the game. test_fast_playouts covers the random positions of every family."""

from __future__ import annotations

import random

import pytest

from megalith.rules import registry
from megalith.rules.drogo.game import DrogoState
from tests.rules.ai.test_fast_playouts import generic_playout, own_playout, same_position


def played(options: str, players: int, plies: int, seed: int) -> DrogoState:
    state = registry.new_game("drogo", options, players)
    assert isinstance(state, DrogoState)
    rng = random.Random(seed)
    while state.ply < plies and state.to_move is not None:
        state.play(state.random_move(rng))
    return state


def assert_same_playouts(state: DrogoState) -> None:
    for seed, plies in ((1, 2), (2, 9), (3, 60), (4, 400)):
        fast, fast_trail, fast_rng = own_playout(state, seed, plies)
        slow, slow_trail, slow_rng = generic_playout(state, seed, plies)
        assert fast_trail == slow_trail
        assert fast_rng == slow_rng
        same_position(fast, slow)
        assert isinstance(fast, DrogoState) and isinstance(slow, DrogoState)
        assert fast.stones() == slow.stones()


@pytest.mark.parametrize("options, players, resigning", [
    ("", 3, 1), ("", 4, 2), ("-size=4", 4, 3), ("-size=3 -in_place", 3, 1)])
def test_playouts_with_resigned_sides_play_as_the_generic_one(
        options: str, players: int, resigning: int) -> None:
    for seed in range(3):
        state = played(options, players, 6 + seed, seed)
        for _ in range(resigning):
            state.play("resign")
            state.play(state.random_move(random.Random(seed)))
        assert state.resigned
        assert_same_playouts(state)


def test_playouts_through_forced_passes_and_the_end_play_as_the_generic_one() -> None:
    passes = ends = 0
    for options in ("-size=3", "-size=3 -in_place", "-size=3 -easy_free"):
        for seed in range(6):
            state = played(options, 2, 12, seed)
            assert_same_playouts(state)
            slow, trail, _ = generic_playout(state, seed, 400)
            passes += sum(key == "--" for _, key in trail)
            ends += slow.to_move is None
    assert passes and ends  # the positions reach both cases


def test_the_stacks_after_a_fast_playout_are_those_of_its_moves() -> None:
    state = played("-size=4 -in_place", 2, 10, 7)
    fast, _, _ = own_playout(state, 3, 30)
    replayed = registry.new_game("drogo", "-size=4 -in_place", 2)
    for move in fast.moves:
        replayed.play(move)
    assert isinstance(fast, DrogoState) and isinstance(replayed, DrogoState)
    assert fast.stones() == replayed.stones()
    assert fast.render() == replayed.render()
