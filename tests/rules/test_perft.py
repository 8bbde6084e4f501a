"""Perft golden counts (tests/rules/perft/README.md): every stored count is recomputed, so a
rules change that alters move generation anywhere in those trees fails here."""

from __future__ import annotations

from pathlib import Path

import pytest

from megalith.rules import registry
from megalith.rules.perft import perft, perft_counts
from tests.rules.perft import regenerate
from tests.rules.perft.regenerate import HERE, Position, load, path_of


def _stored() -> list[tuple[str, Position]]:
    return [(game, position) for path in sorted(HERE.glob("*.json"))
            for game, positions in [load(path)] for position in positions]


STORED = _stored()


def _label(game: str, position: Position) -> str:
    return f"{game} {position.parameters} {position.players}p +{len(position.moves)}"


def test_every_registered_game_has_perft_counts() -> None:
    for info in registry.available():
        assert path_of(info.name).exists(), (
            f"no perft counts for {info.name}: write them with "
            f"python -m tests.rules.perft.regenerate {info.name}")
    assert {game for game, _ in STORED} == {info.name for info in registry.available()}


@pytest.mark.parametrize("game, position", STORED, ids=[_label(g, p) for g, p in STORED])
def test_perft_counts(game: str, position: Position) -> None:
    state = position.state(game)
    assert 2 <= len(position.counts) <= 3
    assert perft_counts(state, len(position.counts)) == position.counts


@pytest.mark.usefixtures("toy")
def test_perft_counts_pass_and_swap_and_stops_at_the_end() -> None:
    """Worked by hand on the toy game, a row of 3 cells with voluntary passes and swap:
    depth 1: a1 b1 c1 --; depth 2: after a stone 2 cells, --, swap (x3), after -- 3 cells,
    --, swap: 12 + 5; depth 3: after a stone then a stone 1 cell and -- (x2), then -- or swap
    2 cells and -- (x2): 3 * 10; after -- then a stone 2 cells and -- (x3), then -- the game
    is drawn (0), then swap 3 cells and --: 13."""
    state = registry.new_game("toy", "-size=3")
    assert perft(state, 0) == 1
    assert perft_counts(state, 3) == [4, 17, 43]
    assert state.moves == [] and state.render() == "..."


def test_perft_refuses_a_negative_depth() -> None:
    with pytest.raises(ValueError, match="0 or more"):
        perft(registry.new_game("quady", "-size=5"), -1)


def test_regenerating_refuses_to_overwrite_without_force(tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]
                                                         ) -> None:
    assert regenerate.main(["quady"], folder=tmp_path) == 0
    path = path_of("quady", tmp_path)
    game, positions = load(path)
    assert game == "quady" and positions and all(p.counts for p in positions)
    assert [(p.parameters, p.players) for p in positions] == [
        (p.parameters, p.players) for g, p in STORED if g == "quady"]

    positions[1].moves = ["c3", "swap"]
    positions[1].counts = [1, 2]
    path.write_text(regenerate.dumps(game, positions))
    edited = path.read_text()
    assert regenerate.main(["quady"], folder=tmp_path) == 0
    assert "not overwritten" in capsys.readouterr().out
    assert path.read_text() == edited

    assert regenerate.main(["quady", "--force"], folder=tmp_path) == 0
    kept = load(path)[1][1]
    assert kept.moves == ["c3", "swap"]
    # 15 cells, two taken or swapped: 14, 14 x 13, 14 x 13 x 12 (no game of Y ends so soon)
    assert kept.counts == [14, 182, 2184]


def test_regenerating_an_unknown_game_fails(tmp_path: Path) -> None:
    assert regenerate.main(["chess"], folder=tmp_path) == 2
    assert not list(tmp_path.iterdir())
