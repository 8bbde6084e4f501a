"""Replays every golden game under tests/rules/golden/ and checks its expectations."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from megalith.rules import registry

GOLDEN = Path(__file__).parent / "golden"
FILES = sorted(GOLDEN.glob("*/*.json"))


def _check(state, expected: dict, where: str) -> None:
    if "legal" in expected:
        assert len(state.legal_moves()) == expected["legal"], where
    if "to_move" in expected:
        assert state.to_move == expected["to_move"], where
    legal = set(state.legal_moves())
    for move in expected.get("contains", []):
        assert move in legal, f"{where}: {move} should be legal"
    for move in expected.get("absent", []):
        assert move not in legal, f"{where}: {move} should not be legal"
    if "render" in expected:
        assert state.render() == expected["render"], where


def test_there_are_golden_games() -> None:
    assert FILES, "no golden games found"


@pytest.mark.parametrize("path", FILES, ids=[f"{p.parent.name}/{p.stem}" for p in FILES])
def test_golden_game(path: Path) -> None:
    data = json.loads(path.read_text())
    state = registry.new_game(data["game"], data.get("parameters", ""), data.get("players"))
    checks = data.get("checks", {})
    for ply, move in enumerate(data["moves"]):
        if str(ply) in checks:
            _check(state, checks[str(ply)], f"{path.name} ply {ply}")
        assert state.play(move) == move, f"{path.name} ply {ply}: {move} is not canonical"
        if ply == 0 and data.get("swapped"):
            state.play("swap")
    end = len(data["moves"])
    if str(end) in checks:
        _check(state, checks[str(end)], f"{path.name} ply {end}")
    outcome = state.outcome()
    expected = data["outcome"]
    assert outcome.status == expected["status"]
    assert outcome.winner == expected.get("winner")
    if "scores" in expected:
        assert outcome.scores == expected["scores"]
    if expected.get("subgames") is not None:
        assert [[s.name, s.winner] for s in outcome.subgames] == expected["subgames"]
