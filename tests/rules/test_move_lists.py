"""The fast legal-move lists of Drogo and Druid (issue 12) against the plainest reference
there is: every move text a player could write, each tried with `play` on a copy of the
position, in random games of every variant, at every ply. Nothing of the engines' own
listing code is used for the reference; only `play` decides."""

from __future__ import annotations

import random

import pytest

from megalith.rules import registry
from megalith.rules.drogo.game import DrogoState
from megalith.rules.druid.game import DruidState
from megalith.rules.geometry import Board
from megalith.rules.protocol import PASS, SWAP, GameState, MoveError

DROGO_VARIANTS = [
    ("-size=3", 2), ("-size=4", 2), ("-size=4", 3), ("-size=4", 4), ("-size=5", 2),
    ("-size=5", 3), ("-size=4 -single", 2), ("-size=4 -in_place", 2),
    ("-size=5 -in_place", 3), ("-size=4 -easy_free", 2), ("-size=4 -easy_free -in_place", 3),
    ("-size=4 -single -in_place", 4), ("-size=7", 2),
]
DRUID_VARIANTS = [
    ("-size=4", 2), ("-size=5", 2), ("-hex -size=3", 2), ("-hex -size=3", 3), ("-y -size=5", 2),
    ("-walk -size=4", 2), ("-walk -hex -size=3", 3), ("-nostack -size=4", 2),
    ("-nogaps -size=4", 2), ("-nostack -nogaps -size=4", 2), ("-walk -nostack -size=4", 2),
    ("-hex -nogaps -size=3", 3),
]


def drogo_texts(board: Board) -> list[str]:
    """Every one- and two-piece move text on the board, legal or not."""
    names = board.names
    texts = []
    for cell, name in enumerate(names):
        texts += [name, f"{name},{name}"]
        texts += [f"{name},{names[other]}" for other in board.neighbours[cell]]
    return texts


def druid_texts(board: Board, walk: bool) -> list[str]:
    """Every sarsen and lintel text (both orders of the ends) and, in Druid's Walk, every
    step and every placement followed by any cell."""
    names = board.names
    placements = list(names) + [text for a, _, b in board.lines
                                for text in (f"{names[a]}-{names[b]}", f"{names[b]}-{names[a]}")]
    if not walk:
        return placements
    return (placements + list(board.directions)
            + [f"{placement},{name}" for placement in placements for name in names])


def accepted(state: GameState, texts: list[str]) -> list[str]:
    """The canonical text of every move in `texts` (and pass, swap) that `play` accepts."""
    found = set()
    for text in texts + [PASS, SWAP]:
        trial = state.copy()
        try:
            found.add(trial.play(text))
        except MoveError:
            continue
    return sorted(found)


def check_game(game: str, parameters: str, players: int, seed: int, plies: int) -> int:
    """Play a random game (moves drawn from the listed ones), comparing at every ply; the
    number of positions compared."""
    rng = random.Random(seed)
    state = registry.new_game(game, parameters, players)
    assert isinstance(state, (DrogoState, DruidState))
    board = state.board
    texts = (drogo_texts(board) if game == "drogo"
             else druid_texts(board, "-walk" in parameters))
    compared = 0
    while state.to_move is not None and state.ply < plies:
        listed = state.legal_moves()
        assert listed == accepted(state, texts), (parameters, players, state.moves)
        compared += 1
        state.play(rng.choice(listed))
    return compared


@pytest.mark.parametrize(("parameters", "players"), DROGO_VARIANTS)
def test_drogo_list_is_what_play_accepts(parameters: str, players: int) -> None:
    """Long games on small boards, so that they get crowded: eyes, captures, full stacks."""
    assert sum(check_game("drogo", parameters, players, seed, 90) for seed in range(3)) > 60


def test_drogo_list_on_a_board_with_two_digit_rows() -> None:
    """Size 10 and up: `a10` sorts before `a2`, so the list is not in cell order."""
    assert check_game("drogo", "-size=10", 2, 1, 70) == 70


@pytest.mark.parametrize(("parameters", "players"), DRUID_VARIANTS)
def test_druid_list_is_what_play_accepts(parameters: str, players: int) -> None:
    assert sum(check_game("druid", parameters, players, seed, 45) for seed in range(3)) > 20


def test_druid_list_with_stacks_too_high_for_the_planes() -> None:
    """Stacks above 127 (and above 255) do not fit a byte plane; the list is then made
    placement by placement, and is still what play accepts."""
    state = registry.new_game("druid", "-size=4")
    assert isinstance(state, DruidState)
    texts = druid_texts(state.board, walk=False)
    for height in range(1, 261):
        state.play("b2")  # V raises its sarsen; H passes
        if height in (127, 128, 200, 255, 256, 260):
            assert state.legal_moves() == accepted(state, texts), height
            state.play(PASS)
            assert state.legal_moves() == accepted(state, texts), height
        else:
            state.play(PASS)
    assert state.height("b2") == 260
