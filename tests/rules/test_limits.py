"""The sizes the engines accept, as docs/record-format.md records them ("What the engines
accept"): each game opens and plays at its smallest and largest board, and a value past
either end, or a player too many, is refused before any board is built."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest

from megalith.rules import registry
from megalith.rules.protocol import OptionError

DOC = Path(__file__).resolve().parents[2] / "docs" / "record-format.md"
ROW = re.compile(r"^\| (\w+) \| (\w+) \| (.+?) \| (\d+) \| (\d+) \| (\d+)(?: to (\d+))? \|$")
QUICK = 0.5  # seconds: refusing is a check, never a board built


def documented() -> list[tuple[str, list[str], int, int, int, int]]:
    """(game, flags, smallest, largest, fewest players, most players) per table row."""
    section = DOC.read_text().split("## What the engines accept", 1)[1]
    rows = []
    for line in section.splitlines():
        match = ROW.match(line)
        if match:
            game, _, option, low, high, fewest, most = match.groups()
            flags = [f for f in re.findall(r"`(-\w+)`", option) if f != "-size"]
            rows.append((game, flags, int(low), int(high), int(fewest), int(most or fewest)))
    return rows


ROWS = documented()
IDS = [f"{game}{''.join(flags)}" for game, flags, *_ in ROWS]


def test_the_table_names_every_game_with_a_size() -> None:
    assert {row[0] for row in ROWS} == {info.name for info in registry.available()
                                         if any(o.name == "size" for o in info.options)}


@pytest.mark.parametrize("game, flags, low, high, fewest, most", ROWS, ids=IDS)
def test_smallest_and_largest_boards_open_and_play(game: str, flags: list[str], low: int,
                                                   high: int, fewest: int, most: int) -> None:
    for size in (low, high):
        for players in (fewest, most):
            start = time.perf_counter()
            state = registry.new_game(game, [*flags, f"-size={size}"], players)
            for _ in range(3):
                legal = state.legal_moves()
                if not legal:  # a game that ends sooner (Trichet's smallest pool: one move)
                    break
                state.play(legal[len(legal) // 2])
            assert state.ply == 3 or state.outcome().over
            assert time.perf_counter() - start < 5, f"{game} -size={size} is slow to play"


@pytest.mark.parametrize("game, flags, low, high, fewest, most", ROWS, ids=IDS)
def test_one_past_either_end_is_refused_at_once(game: str, flags: list[str], low: int,
                                                high: int, fewest: int, most: int) -> None:
    info = registry.get(game)
    options = {flag[1:]: True for flag in flags}
    for size in (low - 1, high + 1, high + 2, 10 ** 9 - 1):
        for given in ([*flags, f"-size={size}"], {**options, "size": size}):
            start = time.perf_counter()
            with pytest.raises(OptionError, match=f"-size={size} is out of range"):
                info.new(given, fewest)
            assert time.perf_counter() - start < QUICK
    with pytest.raises(OptionError, match="players|player game|board"):  # the board's reason
        info.new(flags, most + 1)


@pytest.mark.parametrize("info", registry.available(), ids=lambda info: info.name)
def test_every_number_option_has_bounds_that_are_enforced(info: registry.GameInfo) -> None:
    for spec in info.options:
        if spec.kind != "int":
            continue
        assert spec.minimum is not None and spec.maximum is not None, spec.name
        for value in (str(spec.maximum + 1), str(spec.minimum - 1), "9" * 4301, "-1"):
            start = time.perf_counter()
            with pytest.raises(OptionError, match=f"-{spec.name}"):
                info.new([f"-{spec.name}={value}"])
            assert time.perf_counter() - start < QUICK


def test_quadrant_y_refuses_even_sizes_inside_its_range() -> None:
    with pytest.raises(OptionError, match="-size=30 is even"):
        registry.new_game("quady", "-size=30")
