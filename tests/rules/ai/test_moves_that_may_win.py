"""`GameState.moves_that_may_win` keeps every move that wins at once, in the order of the
moves it is given, so the search's looks for a win in one (which try only those moves) find
the same first winning move as trying them all, and a search gives the same result for a
seed with the game's filter as without it."""

from __future__ import annotations

import random

import pytest

from megalith.rules import registry
from megalith.rules.ai.mcts import Search
from megalith.rules.ai.values import person_of_side, person_to_move
from megalith.rules.protocol import GameState
from tests.rules.ai.test_fast_playouts import FAMILIES

GAMES = 4  # random games per family
LAST_PLIES = 10  # positions looked at before each game's end (or its cut-off)
LONGEST = 1000  # plies after which a random game that has not ended is cut off


def positions(game: str, options: str, players: int) -> list[GameState]:
    """The start and the last `LAST_PLIES` positions of a few random games (where games end,
    the positions with wins in one)."""
    found: list[GameState] = []
    for seed in range(GAMES):
        rng = random.Random(seed)
        state = registry.new_game(game, options, players)
        played = [state.copy()]
        while state.to_move is not None and state.ply < LONGEST:
            state.play(state.random_move(rng))
            played.append(state.copy())
        found += [played[0]] + [s for s in played[-LAST_PLIES:] if s.to_move is not None]
    return found


def wins_at_once(state: GameState, move: str) -> bool:
    trial = state.copy()
    trial.play(move)
    outcome = trial.outcome()
    return (outcome.status == "win" and outcome.winner is not None
            and person_of_side(trial, outcome.winner) == person_to_move(state))


def is_subsequence(part: list[str], whole: list[str]) -> bool:
    rest = iter(whole)
    return all(move in rest for move in part)


@pytest.mark.parametrize("game, options, players", FAMILIES)
def test_every_winning_move_is_kept_in_order(game: str, options: str, players: int) -> None:
    for state in positions(game, options, players):
        moves = state.legal_moves()
        kept = state.moves_that_may_win(moves)
        assert is_subsequence(kept, moves)
        winning = [move for move in moves if wins_at_once(state, move)]
        assert set(winning) <= set(kept), (state.render(), winning, kept)


def all_moves(state: GameState, moves: list[str]) -> list[str]:
    return moves


@pytest.mark.parametrize("game, options, players", [
    ("drogo", "-in_place", 2), ("drogo", "", 4), ("dragons", "", 2), ("trichet", "", 2),
    ("trichet", "-win_size=4", 2), ("druid", "-walk", 2), ("quady", "", 2)])
def test_a_search_plays_as_if_it_tried_every_move(game: str, options: str, players: int,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    starts = [s for s in positions(game, options, players)[:LAST_PLIES + 1:5]
              if len(s.legal_moves()) > 1]
    results = [Search(state, seed=3).run(iterations=300) for state in starts]
    monkeypatch.setattr(GameState, "moves_that_may_win", all_moves)
    for state in starts:  # (a game's own filter is looked up on its class)
        monkeypatch.setattr(type(state), "moves_that_may_win", all_moves)
    assert [Search(state, seed=3).run(iterations=300) for state in starts] == results
