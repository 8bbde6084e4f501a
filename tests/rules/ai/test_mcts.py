"""The search on crafted positions of every game: wins in one, losses in one blocked, the
same move from the same seed, values credited to the right people, passes and no resigning.

The Drogo and Quadrant Y positions were found by playing random games and keeping positions
where few moves win (or few avoid a loss); each test first checks that the position is as
described, by trying every move, so a rules change that spoils it fails loudly."""

from __future__ import annotations

import math
import random

import pytest

from megalith.rules import registry
from megalith.rules.ai.mcts import EXPLORATION, MoveStats, Search, ranked
from megalith.rules.ai.tree import Node, select, shuffle
from megalith.rules.ai.values import person_of_side, person_to_move
from megalith.rules.protocol import RESIGN, GameState, MegalithError


def position(game: str, parameters: str, players: int, moves: list[str],
             swapped: bool = False) -> GameState:
    state = registry.new_game(game, parameters, players)
    for ply, move in enumerate(moves):
        state.play(move)
        if ply == 0 and swapped:
            state.play("swap")
    return state


def winning_moves(state: GameState) -> list[str]:
    """Every move that wins at once for the person to move."""
    me = person_to_move(state)
    found = []
    for move in state.legal_moves():
        trial = state.copy()
        trial.play(move)
        outcome = trial.outcome()
        if outcome.status == "win" and person_of_side(trial, outcome.winner or "") == me:
            found.append(move)
    return found


def safe_moves(state: GameState) -> list[str]:
    """Every move after which the next player has no win in one."""
    safe = []
    for move in state.legal_moves():
        trial = state.copy()
        trial.play(move)
        if trial.to_move is None or not winning_moves(trial):
            safe.append(move)
    return safe


# Druid square 5. Win: V holds c1..c4 and wins at c5. Block: V holds c1 c2 c4 c5 round H's
# c3 and threatens three lintels (c1-c3, c2-c4, c3-c5), each resting on two V stones and
# topping c3; only H's second stone on c3 stops all three. Lost: V holds c1..c4 and H to
# move; a stone on c5 does not help, as the lintel c3-c5 still rests on two V stones.
DRUID_WIN = ("druid", "-size=5", 2, ["c1", "a1", "c2", "a2", "c3", "a3", "c4", "e1"])
DRUID_BLOCK = ("druid", "-size=5", 2, ["c1", "c3", "c2", "a1", "c4", "a2", "c5"])
DRUID_LOST = ("druid", "-size=5", 2, ["c1", "a1", "c2", "a2", "c3", "a3", "c4"])
DROGO_WIN = ("drogo", "-size=3 -in_place", 2,
             ["a3", "b2,a2", "b3,b3", "a1", "c2,c3", "a3,a3", "b2,b2", "a1,a2", "b3", "c1,c1",
              "c1", "a2", "c3,c2", "a1"])
DROGO_BLOCK = ("drogo", "-size=3 -easy_free", 2,
               ["b1", "c1", "b2,b3", "b1,b2", "a2,a1", "b2", "b3,b3", "c1", "a3,a3", "a2,a2",
                "c2,c3", "a3", "c3,c2", "c1,b1"])
DROGO_FOUR = ("drogo", "-size=3 -in_place", 4,
              ["a3", "b2,c2", "b3,b3", "a1,a2", "c1,c1", "c1", "b2", "a2", "--", "b2", "b1,b1",
               "--", "--", "b3", "--", "--", "--", "c2,c2", "--", "--", "--", "a1,a1", "--",
               "--", "--", "b1", "--", "--", "--", "a3", "--", "--", "--"])
QUADY_WIN = ("quady", "-size=7", 2,
             ["c7", "a7", "b5", "b4", "e5", "c4", "d5", "b6", "e7", "c6", "g7", "b7", "f6", "e6",
              "b2", "c5", "d7"])
QUADY_BLOCK = ("quady", "-size=7", 2, QUADY_WIN[3][:16])

# Found by random play (default options), as the Drogo and Quadrant Y ones.
TRICHET_WIN = ("trichet", "", 2, ["f7", "f3", "a17", "a22", "f1", "e31"])
TRICHET_BLOCK = ("trichet", "", 2, ["a8", "e8", "e23", "b24", "d13"])
DRAGONS_WIN = ("dragons", "", 2, ["c4", "k3", "j7", "d1", "j4", "f13", "i11", "j15", "a3",
                                  "a18"])
DRAGONS_BLOCK = ("dragons", "", 2, ["d3", "f7", "d9", "g10", "i5", "a5", "h4", "j7", "g10",
                                    "c4", "l7", "f13", "l17", "f20", "j13", "g18"])

WINS = {"druid": (DRUID_WIN, ["c5"]), "drogo": (DROGO_WIN, ["c2,c3", "c3,c2"]),
        "drogo 4 players": (DROGO_FOUR, ["a2,a3", "a3,a2"]), "quady": (QUADY_WIN, ["d4"]),
        "trichet": (TRICHET_WIN, ["e8"]), "dragons": (DRAGONS_WIN, ["h11"])}
BLOCKS = {"druid": (DRUID_BLOCK, ["c3"]), "drogo": (DROGO_BLOCK, ["c3"]),
          "quady": (QUADY_BLOCK, ["d4"]),
          "trichet": (TRICHET_BLOCK, ["a27", "b28", "b29", "c32", "d29", "d32", "f27", "f28"]),
          "dragons": (DRAGONS_BLOCK, ["l16"])}


@pytest.mark.parametrize("name", sorted(WINS))
def test_the_search_plays_a_win_in_one(name: str) -> None:
    (game, parameters, players, moves), expected = WINS[name]
    state = position(game, parameters, players, moves)
    assert winning_moves(state) == expected
    assert len(state.legal_moves()) >= 2 * len(expected)
    for seed in range(3):
        result = Search(state, seed).run(iterations=50)
        assert result.move in expected


@pytest.mark.parametrize("name", sorted(BLOCKS))
def test_the_search_blocks_a_loss_in_one(name: str) -> None:
    (game, parameters, players, moves), expected = BLOCKS[name]
    state = position(game, parameters, players, moves)
    assert not winning_moves(state)
    assert safe_moves(state) == expected
    assert len(state.legal_moves()) >= 2
    for seed in range(3):
        result = Search(state, seed).run(iterations=400)
        assert result.move in expected


def test_a_fixed_seed_and_iteration_count_give_the_same_search() -> None:
    state = position("druid", "-hex -size=3", 3, ["b2", "c3"])
    first = Search(state, 11).run(iterations=300)
    second = Search(state, 11).run(iterations=300)
    assert first == second
    assert first.iterations == 300 and sum(m.visits for m in first.moves) == 300


def test_the_clock_does_not_stop_a_search_before_its_least_iterations() -> None:
    state = position("druid", "-size=6", 2, ["c3"])
    floored = Search(state, 1).run(seconds=1e-6, least_iterations=100)
    assert 100 <= floored.iterations < 100 + 8  # the clock is read every eight iterations
    assert Search(state, 1).run(seconds=1e-6).iterations == 8
    # A person's "move now" is obeyed at once, floor or not.
    told = Search(state, 1).run(seconds=10, should_stop=lambda: True, least_iterations=100)
    assert told.iterations == 8


def test_the_four_player_search_credits_the_person_to_move() -> None:
    """O (seat 1) is to move with two winning moves among four; a search that scored the
    position for another seat, or for 'O against the rest', would not be sure of them."""
    (game, parameters, players, moves), expected = WINS["drogo 4 players"]
    state = position(game, parameters, players, moves)
    assert state.to_move == "O"
    result = Search(state, 3, decisive_depth=0).run(iterations=400)
    assert result.person == 1
    assert result.move in expected and result.win_rate == pytest.approx(1.0)


def test_the_second_player_swaps_a_strong_opening() -> None:
    """X opens in the middle of a size-5 Quadrant Y board; swapping takes that stone, so
    the search values swap by what it is worth to the person who swaps."""
    state = position("quady", "-size=5", 2, ["b3"])
    result = Search(state, 1).run(iterations=2000)
    assert result.move == "swap"
    assert result.moves[0].win_rate > 0.6


def test_the_first_player_opens_with_a_move_not_worth_swapping() -> None:
    """An opening worth v to its holder is worth min(v, 1 - v) to the first player, since the
    second swaps when v > 1/2. Before, the first player opened in the middle (b3 on size 5,
    which the test above shows is swapped) and kept losing it."""
    state = registry.new_game("quady", "-size=5", 2)
    for seed in (1, 2):
        result = Search(state, seed).run(iterations=2000)
        assert all(m.win_rate <= 0.5 for m in result.moves)
        assert result.move != "b3"
        assert result.moves[0].win_rate > 0.3  # the first player keeps a fair game
        reply = Search(position("quady", "-size=5", 2, [result.move]), seed).run(
            iterations=2000)
        swap = next(m for m in reply.moves if m.move == "swap")
        assert swap.win_rate < 0.6  # not the gift b3 is (over 0.6 above)


@pytest.mark.parametrize("game, parameters, players, moves, weighed", [
    ("quady", "-size=5", 2, [], True),  # the first move, and swap may follow
    ("quady", "-size=5", 2, ["a1"], False),  # the second: swap is the decision itself
    ("quady", "-size=5", 2, ["a1", "b3"], False),
    ("drogo", "-size=4", 4, [], False),  # no swap with more than two players
    ("dragons", "", 2, [], False),  # no swap in this game
])
def test_only_a_first_move_that_swap_may_follow_is_weighed_as_an_opening(
        game: str, parameters: str, players: int, moves: list[str], weighed: bool) -> None:
    search = Search(position(game, parameters, players, moves), 1)
    assert (search.root.holder_wins is not None) == weighed


def test_where_swap_is_legal_it_gets_a_quarter_of_the_search() -> None:
    """Swap's key recurs nowhere, so RAVE says nothing of it; without a share of its own a
    single lost playout would leave it untried (Druid Y 8 after c3, seed 2: 1 visit of 700)."""
    state = position("druid", "-y -size=8", 2, ["c3"])
    for seed in (1, 2, 3):
        search = Search(state, seed)
        result = search.run(iterations=700)
        swap = next(m for m in result.moves if m.move == "swap")
        assert swap.visits >= 0.25 * 699
        top = next(m for m in result.moves if m.move != "swap")
        assert (result.move == "swap") == (swap.estimate > top.estimate)


def test_swap_is_chosen_by_its_estimate_against_the_most_visited_other_move() -> None:
    a1, b1 = MoveStats("a1", 300, 0.6, 0.55), MoveStats("b1", 100, 0.7, 0.52)
    assert ranked([MoveStats("swap", 200, 0.54, 0.54), b1, a1]) == (
        a1, MoveStats("swap", 200, 0.54, 0.54), b1)  # a1's estimate is higher
    better = MoveStats("swap", 200, 0.57, 0.57)
    assert ranked([a1, better, b1]) == (better, a1, b1)  # not a1's mean: its estimate
    most = MoveStats("swap", 500, 0.5, 0.5)
    assert ranked([most, a1]) == (a1, most)  # swap's visits are partly forced


def test_proven_moves_are_ranked_by_the_length_of_their_proofs() -> None:
    """The quickest proven win first; among proven losses the longest resistance first (a
    move lost in three before one lost in one), after every move not proven."""
    won_in_3 = MoveStats("a1", 5, 1.0, 1.0, proven=1.0, plies=3)
    won_in_1 = MoveStats("b1", 2, 1.0, 1.0, proven=1.0, plies=1)
    open_move = MoveStats("c1", 1, 0.4, 0.4)
    lost_in_1 = MoveStats("d1", 9, 0.0, 0.0, proven=0.0, plies=1)
    lost_in_3 = MoveStats("e1", 2, 0.0, 0.0, proven=0.0, plies=3)
    assert ranked([won_in_3, lost_in_1, open_move, lost_in_3, won_in_1]) == (
        won_in_1, won_in_3, open_move, lost_in_3, lost_in_1)


def test_after_a_swap_the_people_are_credited_not_the_colours() -> None:
    """The same winning position with and without a swap: the person to move changes, and
    the search's win rate (for the person to move) is that of the colour to move."""
    (game, parameters, players, moves), expected = WINS["quady"]
    plain = position(game, parameters, players, moves)
    swapped = position(game, parameters, players, moves, swapped=True)
    assert plain.to_move == swapped.to_move == "O"
    for state, person in ((plain, 1), (swapped, 0)):
        result = Search(state, 2, decisive_depth=0).run(iterations=300)
        assert result.person == person
        assert result.move in expected and result.win_rate == pytest.approx(1.0)


def test_a_forced_pass_is_played_without_searching() -> None:
    (game, parameters, players, moves), _ = WINS["drogo 4 players"]
    state = position(game, parameters, players, moves[:8])
    assert state.legal_moves() == ["--"]
    result = Search(state, 1).run(iterations=100)
    assert (result.move, result.win_rate, result.iterations) == ("--", None, 0)


def test_a_resigned_player_passes_and_the_search_never_resigns() -> None:
    state = registry.new_game("drogo", "-size=4", 3)
    state.play("b2")
    state.play("Resign")
    state.play("c3")
    state.play("b3")
    assert state.to_move == "O" and state.legal_moves() == ["--"]
    assert Search(state, 1).run(iterations=20).move == "--"
    lost = position(*DRUID_LOST)
    assert lost.to_move == "H" and not safe_moves(lost)
    result = Search(lost, 1).run(iterations=300)
    assert result.move in lost.legal_moves() and result.move != RESIGN
    assert result.win_rate is not None and result.win_rate < 0.2


def test_a_finished_game_is_refused_as_a_callers_mistake() -> None:
    """A ValueError, not a MegalithError: no one playing gave the search a finished game."""
    (game, parameters, players, moves), expected = WINS["quady"]
    state = position(game, parameters, players, moves + expected)
    with pytest.raises(ValueError, match="the game is over") as error:
        Search(state, 1)
    assert not isinstance(error.value, MegalithError)


def test_an_iteration_that_ends_at_a_finished_game_plays_no_move(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Once a move's finished game is in the tree, an iteration that reaches it takes its
    values from the tree: no copy of the position is played through."""
    state = registry.new_game("trichet", "", 2)
    rng = random.Random(1)
    for _ in range(9):
        state.play(state.random_move(rng))
    ends = []
    for move in state.legal_moves():  # the position is as described: every move ends it
        trial = state.copy()
        trial.play(move)
        ends.append(trial.outcome().status)
    assert len(ends) > 100 and set(ends) == {"draw"}
    search = Search(state, 1)
    while len(search.root.children) < len(search.root.moves):
        search.run(iterations=1)
    played: list[str] = []
    original = type(state).play

    def counted(self: GameState, text: str) -> str:
        played.append(text)
        return original(self, text)

    monkeypatch.setattr(type(state), "play", counted)
    result = search.run(iterations=200)
    assert played == []
    assert {m.win_rate for m in result.moves} == {0.5}  # a draw's even share, every time
    assert sum(m.visits for m in result.moves) == search.iterations


def reference_select(node: Node) -> int:
    """`select` as one plain comparison of every move's score, the first best."""
    scale = EXPLORATION * math.sqrt(math.log(node.total + 1))
    scores = [-2.0 if i in node.lost else exploit + scale / math.sqrt(n + 1)
              for i, (n, exploit) in enumerate(zip(node.visits, node.exploit))]
    return scores.index(max(scores))


def test_a_move_nothing_is_known_of_is_chosen_as_the_full_comparison_would() -> None:
    """`select` takes the first move with no visits and no RAVE result without scoring the
    rest (`_first_untried`); on nodes of every kind, values within a rounding of 1 included,
    it chooses as a comparison of every score does."""
    rng = random.Random(5)
    for _ in range(3000):
        count = rng.randint(2, 40)
        node = Node(0, [f"m{i}" for i in range(count)], [f"m{i}" for i in range(count)])
        for i in range(count):
            n = rng.choice([0, 0, 0, 1, 2, 7, 50])
            node.visits[i] = n
            node.exploit[i] = rng.choice([1.0, 1.0, 1.0 - 1e-16, 1.0 - 1e-10, 0.999,
                                          rng.random(), 0.0])
        node.total = sum(node.visits)
        node.lost = {i for i in range(count) if node.visits[i] and rng.random() < 0.1}
        if len(node.lost) == count:
            continue
        assert select(node, EXPLORATION) == reference_select(node)


@pytest.mark.parametrize("length", [0, 1, 2, 3, 17, 64, 200])
def test_the_search_shuffles_as_random_shuffle_does(length: int) -> None:
    """`shuffle` gives `random.shuffle`'s permutation and leaves the generator where it
    does, so a search's results for a seed are those it had with `random.shuffle`."""
    for seed in range(20):
        ours, theirs = random.Random(seed), random.Random(seed)
        moves = [f"m{i}" for i in range(length)]
        expected = list(moves)
        shuffle(moves, ours)
        theirs.shuffle(expected)
        assert moves == expected
        assert ours.random() == theirs.random()
