"""The search's results for fixed seeds, held to a golden file: a change meant only to make
the search or a game faster must leave every search exactly as it was (the same moves
ranked, the same visits, the same win rates).

The positions are each family's start and the position after a few random moves, plus late
positions where many iterations end at finished games or proven positions. A change that is
meant to change the search (a new rule of thumb, a game's new rule) writes the file again:

    .venv/bin/python -m tests.rules.ai.test_search_golden --write
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest

from megalith.rules import registry
from megalith.rules.ai.mcts import Search
from megalith.rules.protocol import GameState

GOLDEN = Path(__file__).parent / "golden" / "searches.json"
ITERATIONS = 300

# (game, parameters, players, random plies, seed)
CASES = (
    ("druid", "", 2, 0, 1), ("druid", "", 2, 8, 2),
    ("druid", "-hex", 2, 6, 1), ("druid", "-hex", 3, 9, 1),
    ("druid", "-y", 2, 0, 1), ("druid", "-y", 2, 30, 1),
    ("druid", "-walk", 2, 0, 1), ("druid", "-walk", 2, 8, 1),
    ("druid", "-size=6", 2, 40, 2),
    ("drogo", "", 2, 0, 1), ("drogo", "", 2, 10, 1),
    ("drogo", "", 4, 0, 1), ("drogo", "-in_place", 4, 30, 1),
    ("drogo", "-in_place", 2, 20, 2),
    ("quady", "", 2, 0, 1), ("quady", "-size=7", 2, 25, 1),
    ("dragons", "", 2, 0, 1), ("dragons", "", 2, 12, 2),
    ("trichet", "", 2, 0, 1), ("trichet", "", 2, 9, 1), ("trichet", "", 2, 8, 2),
)


def case_position(game: str, parameters: str, players: int, plies: int, seed: int
                  ) -> GameState:
    """The position after `plies` random moves (from Random(seed)), or the latest one before
    it where someone is still to move."""
    rng = random.Random(seed)
    state = registry.new_game(game, parameters, players)
    positions = [state.copy()]
    while state.ply < plies and state.to_move is not None:
        state.play(state.random_move(rng))
        positions.append(state.copy())
    return next(s for s in reversed(positions) if s.to_move is not None)


def searched(case: tuple[str, str, int, int, int]) -> dict[str, object]:
    game, parameters, players, plies, seed = case
    state = case_position(game, parameters, players, plies, seed)
    result = Search(state, seed).run(iterations=ITERATIONS)
    return {"case": list(case), "ply": state.ply, "move": result.move,
            "iterations": result.iterations,
            "moves": [[m.move, m.visits, round(m.win_rate, 12), m.proven]
                      for m in result.moves]}


def case_id(case: tuple[str, str, int, int, int]) -> str:
    game, parameters, players, plies, seed = case
    return f"{game}{parameters} {players}p ply {plies} seed {seed}"


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_the_search_is_as_the_golden_file_holds(case: tuple[str, str, int, int, int]) -> None:
    golden = {case_id(tuple(entry["case"])): entry  # type: ignore[arg-type]
              for entry in json.loads(GOLDEN.read_text())}
    assert searched(case) == golden[case_id(case)]


def test_the_golden_file_holds_every_case() -> None:
    cases = [tuple(entry["case"]) for entry in json.loads(GOLDEN.read_text())]
    assert cases == list(CASES)


if __name__ == "__main__" and sys.argv[1:] == ["--write"]:
    GOLDEN.write_text(json.dumps([searched(case) for case in CASES], indent=1) + "\n")
    print(f"wrote {GOLDEN}")
