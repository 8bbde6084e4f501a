"""Writing a record and reading it back gives the same game, for every game and option
(a property test over random legal games)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from megalith.rules import record as records
from megalith.rules import registry
from megalith.rules.protocol import SWAP
from megalith.rules.record import Record

# (game, parameters, players): every option of every challenge command at least once.
SETUPS = [
    ("druid", "-size=5", 2), ("druid", "-size=4 -nostack", 2), ("druid", "-size=4 -nogaps", 2),
    ("druid", "-size=5 -walk", 2), ("druid", "-hex -size=3", 2), ("druid", "-hex -size=3", 3),
    ("druid", "-hex -size=3 -walk", 3), ("druid", "-y -size=5", 2),
    ("drogo", "-size=4", 2), ("drogo", "-size=4 -single", 3), ("drogo", "-size=4 -in_place", 4),
    ("drogo", "-size=5 -easy_free", 2),
    ("quady", "-size=5", 2), ("quady", "-size=9", 2),
    ("trichet", "", 2), ("trichet", "-size=20 -win_size=6", 2), ("trichet", "-num_tiles=30", 2),
]


def random_record(game: str, parameters: str, players: int, seed: int) -> Record:
    rng = random.Random(seed)
    state = registry.new_game(game, parameters, players)
    names = [f"p{i}" for i in range(players)]
    swapped = False
    for _ in range(rng.randrange(0, 60)):
        legal = state.legal_moves()
        if not legal:
            break
        move = rng.choice(legal)
        if move == SWAP:
            swapped = True
            names = names[1:] + names[:1]
        if rng.random() < 0.01:
            move = "resign"
        state.play(move)
    notes = {rng.randrange(0, state.ply + 1): "a note\n(with a bracket"} if rng.random() < .5 else {}
    return Record(game=game, parameters=parameters.split(), players=names,
                  moves=list(state.moves), swapped=swapped, notes=notes,
                  status=records.status_of(state, names))


@pytest.mark.parametrize("game, parameters, players", SETUPS)
@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_write_then_read_gives_the_same_game(game: str, parameters: str, players: int,
                                             seed: int) -> None:
    record = random_record(game, parameters, players, seed)
    again = records.parse(records.dumps(record))
    assert again == record
    original, reread = records.final_state(record), records.final_state(again)
    assert reread.render() == original.render()
    assert reread.outcome() == original.outcome()
    assert reread.legal_moves() == original.legal_moves()
