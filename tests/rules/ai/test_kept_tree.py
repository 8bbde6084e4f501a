"""The tree kept between moves: `Search.advance` keeps the subtree of the moves played,
reproducibly, looks again for wins in one near its new root, and refuses positions that do
not follow; in worker processes a kept tree grows on and never leaks into a search that
did not ask for it."""

from __future__ import annotations

import time

import pytest

from megalith.rules import registry
from megalith.rules.ai.mcts import Search, SearchResult
from megalith.rules.ai.parallel import Thinker
from megalith.rules.ai.tree import Node
from megalith.rules.protocol import GameState


def played(game: str, options: str, moves: list[str]) -> GameState:
    state = registry.new_game(game, options, 2)
    for move in moves:
        state.play(move)
    return state


def most_visited_line(search: Search, plies: int) -> list[str]:
    """The moves from the root down the most visited children, while they are expanded."""
    line, node = [], search.root
    for _ in range(plies):
        i = max(node.children, key=lambda k: node.visits[k])
        line.append(node.moves[i])
        node = node.children[i]
    return line


def test_advance_keeps_the_subtree_of_the_moves_played() -> None:
    state = registry.new_game("druid", "", 2)
    search = Search(state, 3)
    search.run(iterations=1500)
    line = most_visited_line(search, 2)
    kept = search.root.children[search.root.moves.index(line[0])]
    kept = kept.children[kept.moves.index(line[1])]
    visits = kept.total
    for move in line:
        state.play(move)
    assert search.advance(state)
    assert search.root is kept and search.iterations == visits > 0
    result = search.run(iterations=100)
    assert result.iterations == visits + 100
    assert sum(m.visits for m in result.moves) == visits + 100


def test_a_kept_tree_gives_the_same_search_for_the_same_seed() -> None:
    def game() -> list[SearchResult]:
        state = registry.new_game("quady", "-size=7", 2)
        search, results = Search(state, 5), []
        for _ in range(4):
            result = search.run(iterations=300)
            results.append(result)
            state.play(result.move)
            assert search.advance(state)
        return results

    assert game() == game()


def test_nodes_near_the_new_root_have_looked_for_a_win_in_one() -> None:
    state = registry.new_game("druid", "-y", 2)
    search = Search(state, 1)
    search.run(iterations=2000)
    for move in most_visited_line(search, 2):
        state.play(move)
    assert search.advance(state)

    def unchecked(node: Node, depth: int) -> int:
        if depth >= 4:
            return 0
        return (not node.checked) + sum(unchecked(child, depth + 1)
                                        for child in node.children.values())

    assert unchecked(search.root, 0) == 0


def test_advance_refuses_a_position_that_does_not_follow() -> None:
    state = played("quady", "-size=7", ["d4"])
    search = Search(state, 1)
    search.run(iterations=50)
    root = search.root
    assert not search.advance(played("quady", "-size=7", ["c4", "d4"]))  # another line
    assert not search.advance(played("quady", "-size=9", ["d4", "c3"]))  # another board
    assert not search.advance(registry.new_game("quady", "-size=7", 2))  # before the root
    assert search.root is root
    swapped = played("quady", "-size=7", ["d4"])
    swapped.play("swap")
    assert search.advance(swapped)  # swap is a move of the tree, a flag of the record
    assert search.root is root.children[root.moves.index("swap")]


@pytest.fixture(scope="module")
def thinker():
    with Thinker(2) as pool:
        yield pool


def test_a_kept_tree_never_changes_a_seeded_search(thinker: Thinker) -> None:
    state = played("quady", "-size=7", ["d4"])
    before = thinker.think(state, iterations=301, seed=5)
    thinker.start(state, iterations=400, seed=9, keep_tree=True).result()
    assert thinker.think(state, iterations=301, seed=5) == before


def test_pondering_grows_the_tree_the_next_turn_starts_from(thinker: Thinker) -> None:
    state = played("quady", "-size=7", ["d4"])
    job = thinker.ponder(state, seed=1)
    deadline = time.monotonic() + 30
    standing = None
    while time.monotonic() < deadline and (standing is None or standing.iterations < 400):
        time.sleep(0.05)
        standing = job.progress()
    thinker.stop()
    pondered = job.result()
    assert job.done() and pondered.iterations >= 400
    reply = pondered.moves[0].move  # the person plays what the computer expected most
    state.play(reply)
    result = thinker.start(state, iterations=100, seed=2, keep_tree=True).result()
    assert result.iterations > 100  # the subtree of the reply came along
