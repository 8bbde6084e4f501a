"""Dragons' random playouts for the search, without move text: the moves are drawn from the
place keys as `legal_moves` would list them and laid as a record move lays them.

The generic playout (`GameState.run_playout`) lists the legal moves as text, sorts them and
reads the one drawn back; here each choice is a small integer that sorts the same way: the
orientation in the high bits, the place's rank among the places as their numbers sort as
text (1, 10, 11, .. 2) in the low bits.
"""

from __future__ import annotations

import random
from functools import cache

from megalith.rules.dragons.notation import key_text
from megalith.rules.dragons.table import Table
from megalith.rules.dragons.tiles import GAP_KEY, tileset

_RANK_BITS = 10                  # more than enough for a place's rank: under 1024 places
_RANK_MASK = (1 << _RANK_BITS) - 1


def run_playout(table: Table, rng: random.Random, plies: int, moves: list[str],
                persons: list[int], trail: list[tuple[int, str]]) -> int:
    """Up to `plies` moves, fewer if the game ends: each drawn with one `rng.random()` from
    the legal moves in `legal_moves`' order, appended to the record `moves` and to `trail`
    as (the person who made it: `persons` by seat, the seats taking turns along the record,
    its `move_key`), and laid. Returns how many moves were made. Dragons has no pass to
    draw here: a game that goes on has a place to play."""
    seats = len(persons)
    key_codes, letters, keys = _key_codes(table.cross), table.tile_set.letters, table.keys
    for made in range(plies):
        if table.outcome.over:
            return made
        places = table.places
        place_keys = [keys[cell] for cell in places]
        by_text = _text_order(len(places))
        allowed = ([j for j in by_text if GAP_KEY[place_keys[j]]]
                   if any(map(GAP_KEY.__getitem__, place_keys)) else by_text)
        # legal_moves sorts "letter + number" as text: by letter, then number as text
        choices = [code | rank for rank, j in enumerate(allowed)
                   for code in key_codes[place_keys[j]]]
        choices.sort()
        choice = choices[int(rng.random() * len(choices))]
        index, j = choice >> _RANK_BITS, allowed[choice & _RANK_MASK]
        letter, coord = letters[index], places[j]
        trail.append((persons[len(moves) % seats], key_text(letter, coord)))
        table.lay(coord, index, len(moves) + 1)
        moves.append(f"{letter}{j + 1}")
    return plies


@cache
def _key_codes(cross: bool) -> tuple[tuple[int, ...], ...]:
    """Place key -> the orientations that fit, each shifted to sort a playout's choices
    by orientation first (the place's rank goes in the low bits)."""
    return tuple(tuple(index << _RANK_BITS for index in fitting)
                 for fitting in tileset(cross).key_fits)


@cache
def _text_order(count: int) -> tuple[int, ...]:
    """The indices of `count` places as their numbers (from 1) sort as text: 1, 10, 11, .. 2."""
    return tuple(sorted(range(count), key=lambda j: str(j + 1)))
