"""The ladder benchmark's sequential test (benchmarks/ai_strength.py) stops on the right side
of its criterion: a level far above it is accepted, one far below rejected, and one at the
criterion itself is left undecided by the same evidence."""

from __future__ import annotations

import importlib.util
import math
from pathlib import Path
from types import ModuleType

import pytest


@pytest.fixture(scope="module")
def strength() -> ModuleType:
    path = Path(__file__).parents[3] / "benchmarks" / "ai_strength.py"
    spec = importlib.util.spec_from_file_location("ai_strength", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def bound(strength: ModuleType) -> float:
    return math.log((1 - strength.SPRT_ERROR) / strength.SPRT_ERROR)


def test_a_clear_winner_is_accepted_and_a_clear_loser_rejected(strength: ModuleType) -> None:
    strong = ([1.0] * 16 + [0.0] * 4) * 3  # 80% of 60
    weak = [1.0, 0.0] * 30  # 50% of 60
    assert strength.sprt_llr(strong, 0.60, 0.70) >= bound(strength)
    assert strength.sprt_llr(weak, 0.60, 0.70) <= -bound(strength)


def test_a_score_at_the_criterion_decides_nothing(strength: ModuleType) -> None:
    at_target = ([1.0] * 13 + [0.0] * 7) * 5  # 65% of 100
    assert abs(strength.sprt_llr(at_target, 0.60, 0.70)) < bound(strength) / 10


def test_a_few_straight_wins_decide_nothing(strength: ModuleType) -> None:
    assert strength.sprt_llr([1.0] * 10, 0.60, 0.70) < bound(strength)
    assert strength.sprt_llr([1.0] * 20, 0.60, 0.70) >= bound(strength)
    assert strength.sprt_llr([0.0] * 11, 0.60, 0.70) <= -bound(strength)


def test_draws_and_shared_seats_count_as_fractions(strength: ModuleType) -> None:
    # three players, two seats of three for the stronger level: shares summed per game
    scores = [0.5, 1.0, 0.5, 1.0] * 15  # mean 0.75, against a fair share of 0.5 + 0.10
    assert strength.sprt_llr(scores, 0.55, 0.65) >= bound(strength)
    assert strength.sprt_llr([0.5] * 80, 0.55, 0.65) <= -bound(strength)
