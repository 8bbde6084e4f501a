"""A game's own `run_playout` (a faster loop over its move values) plays exactly as the
protocol's generic one: the same moves, the same trail, the same draws from the random
generator and the same final position. So a search gives the same result for a seed whichever
loop runs, and the speed-up changes nothing a player or a test can see."""

from __future__ import annotations

import random

import pytest

from megalith.rules import registry
from megalith.rules.ai.mcts import Search
from megalith.rules.protocol import GameState, Setup, SetupError

FAMILIES = (
    ("druid", "", 2), ("druid", "-size=6", 2), ("druid", "-hex", 2), ("druid", "-hex", 3),
    ("druid", "-y", 2), ("druid", "-y -size=8", 2), ("druid", "-walk", 2),
    ("druid", "-walk -size=6", 2),
    ("drogo", "", 2), ("drogo", "", 3), ("drogo", "", 4), ("drogo", "-size=4 -in_place", 2),
    ("drogo", "-size=4 -in_place", 4), ("drogo", "-size=3", 2), ("drogo", "-size=3 -in_place", 3),
    ("drogo", "-size=3 -easy_free", 2), ("drogo", "-single", 2),
    ("quady", "", 2), ("quady", "-size=5", 2),
    ("dragons", "", 2), ("dragons", "-tantrix", 2), ("dragons", "-cross", 2),
    ("dragons", "-num_tiles=12 -start_tip", 2),
    ("trichet", "", 2),
    ("trichet", "-win_size=4", 2),  # many wins in one, and regions closed for the other side
    ("trichet", "-size=12", 2),  # the pool runs out
)


def positions(game: str, options: str, players: int) -> list[GameState]:
    """Positions of a few random games: the start, early, middle and (where games end) the
    last one before the end."""
    found = []
    for seed in range(3):
        rng = random.Random(seed)
        state = registry.new_game(game, options, players)
        plies = [0, 1, 2, 7, 25, 60]
        while state.to_move is not None and state.ply <= plies[-1]:
            if state.ply in plies:
                found.append(state.copy())
            state.play(state.random_move(rng))
    return found


Played = tuple[GameState, list[tuple[int, str]], object]


def generic_playout(state: GameState, seed: int, plies: int) -> Played:
    played, rng = state.copy(), random.Random(seed)
    trail: list[tuple[int, str]] = []
    GameState.run_playout(played, rng, plies, trail)
    return played, trail, rng.getstate()


def own_playout(state: GameState, seed: int, plies: int) -> Played:
    played, rng = state.copy(), random.Random(seed)
    trail: list[tuple[int, str]] = []
    played.run_playout(rng, plies, trail)
    return played, trail, rng.getstate()


def same_position(a: GameState, b: GameState) -> None:
    assert a.moves == b.moves
    assert (a.swapped, a.resigned, a.passes_in_row) == (b.swapped, b.resigned, b.passes_in_row)
    assert a.render() == b.render()
    assert a.outcome() == b.outcome()
    assert a.to_move == b.to_move
    assert a.legal_moves() == b.legal_moves()
    assert a.playout_scores() == b.playout_scores()


@pytest.mark.parametrize("game, options, players", FAMILIES)
def test_a_games_playout_plays_as_the_generic_one(game: str, options: str, players: int) -> None:
    for index, state in enumerate(positions(game, options, players)):
        for seed, plies in ((index, 3), (index + 100, 40), (index + 200, 400)):
            fast, fast_trail, fast_rng = own_playout(state, seed, plies)
            slow, slow_trail, slow_rng = generic_playout(state, seed, plies)
            assert fast_trail == slow_trail
            assert fast_rng == slow_rng
            same_position(fast, slow)
            # the position after a fast playout plays on as any other
            if fast.to_move is not None:
                move = fast.random_move(random.Random(seed))
                assert fast.copy().play(move) == slow.copy().play(move)


SET_UP_FAMILIES = [(game, options, players) for game, options, players in FAMILIES
                   if registry.get(game).new(options, players).supports_setup]


@pytest.mark.parametrize("game, options, players", SET_UP_FAMILIES)
def test_playouts_from_set_up_positions_play_as_the_generic_one(
        game: str, options: str, players: int) -> None:
    """From positions set up by hand, with each side to move and the swap open or closed:
    the fast loops count the turn and place the swap as the protocol does."""
    info = registry.get(game)
    for index, state in enumerate(positions(game, options, players)[1::2]):
        pieces = state.setup_of().pieces
        for seat, side in enumerate(state.sides):
            for swap in (False, True) if players == 2 else (False,):
                try:
                    start = info.set_up(options, players, Setup(side, swap, pieces))
                except SetupError:
                    continue  # a Druid's Walk figure that reached its side, say
                seed = index * 10 + seat * 2 + swap
                fast, fast_trail, fast_rng = own_playout(start, seed, 60)
                slow, slow_trail, slow_rng = generic_playout(start, seed, 60)
                assert fast_trail == slow_trail and fast_rng == slow_rng
                same_position(fast, slow)
                assert fast_trail[0][0] == start.person_of_seat(seat)


@pytest.mark.parametrize("game, options, players",
                         [("druid", "-size=6", 2), ("druid", "-walk -size=6", 2),
                          ("drogo", "-size=4", 4), ("quady", "-size=5", 2),
                          ("dragons", "", 2), ("trichet", "", 2)])
def test_a_search_gives_the_same_result_with_either_loop(
        game: str, options: str, players: int, monkeypatch: pytest.MonkeyPatch) -> None:
    state = registry.new_game(game, options, players)
    rng = random.Random(5)
    for _ in range(6):
        state.play(state.random_move(rng))
    fast = Search(state, seed=9).run(iterations=300)
    monkeypatch.setattr(type(state), "run_playout", GameState.run_playout)
    slow = Search(state, seed=9).run(iterations=300)
    assert fast == slow



class _Stuck(random.Random):
    """Draws 0.0 its first `stuck` times (in Quadrant Y the cell a1), then as Random does."""

    def __init__(self, seed: int, stuck: int) -> None:
        super().__init__(seed)
        self.stuck = stuck

    def random(self) -> float:
        if self.stuck:
            self.stuck -= 1
            return 0.0
        return super().random()


@pytest.mark.parametrize("stuck", [63, 64, 130])
def test_quady_playouts_that_give_up_drawing_cells_play_as_the_generic_one(
        stuck: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """After 64 draws that all hit taken cells, `random_move` draws from the sorted list of
    moves instead; the fast loop must do the same, at the same draw."""
    calls = []
    generic_draw = GameState.random_move

    def counted(state: GameState, rng: random.Random) -> str:
        calls.append(state.ply)
        return generic_draw(state, rng)

    state = registry.new_game("quady", "-size=5", 2)
    for move in ("a1", "c3", "b4"):
        state.play(move)
    monkeypatch.setattr(GameState, "random_move", counted)
    runs = []
    for loop in (type(state).run_playout, GameState.run_playout):
        played, rng = state.copy(), _Stuck(7, stuck)
        trail: list[tuple[int, str]] = []
        loop(played, rng, 40, trail)
        runs.append((played, trail, rng.getstate(), rng.stuck))
    (fast, *fast_rest), (slow, *slow_rest) = runs
    assert fast_rest == slow_rest
    same_position(fast, slow)
    assert len(calls) == (2 if stuck >= 64 else 0) + (2 if stuck >= 128 else 0)
