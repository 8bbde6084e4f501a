"""Dragons' move text: the legal moves, reading a move, why a move or a place is refused,
and how a move names its place.

A move is an orientation letter and a place number (`d3`): the places where a tile fits are
numbered from 1 in reading order, so the numbers change from position to position and
`move_key` names a move by the place's coordinates instead. A place with three or more
closed sides that still admits a tile is a gap, and the player to move must fill one.
"""

from __future__ import annotations

import re

from megalith.rules.contracts import Coord
from megalith.rules.dragons.table import Table
from megalith.rules.dragons.tiles import (
    DIRECTION_WORDS,
    DIRECTIONS,
    GAP_KEY,
    OPPOSITE,
    coord_text,
    edge_colour,
    orientation,
)
from megalith.rules.protocol import MoveError
from megalith.rules.text import number as ascii_number

_MOVE = re.compile(r"([a-z])([0-9]+)")
_TYPED = re.compile(r"([a-z]+)([0-9]+)")  # what a player may type: refused with a reason


def board_moves(table: Table) -> list[str]:
    """The tile moves of the player to move, place by place (at the gaps only, while any)."""
    if table.outcome.over:
        return []
    fits, fit_letters, keys = table.tile_set.fits, table.tile_set.fit_letters, table.keys
    gaps = set(table.gap_places())
    moves: list[str] = []
    for number, coord in enumerate(table.places, 1):
        if gaps and coord not in gaps:
            continue
        tail = str(number)
        moves.extend(letter + tail for letter in fit_letters[fits[keys[coord]]])
    return moves


def read_move(table: Table, text: str) -> tuple[Coord, int, str]:
    """The place, the orientation and the canonical text of the move `text` (lower case,
    no spaces) in a game that goes on; MoveError saying why it is not a legal move."""
    found = _TYPED.fullmatch(text)
    if found is None:
        raise MoveError(text, "a move is an orientation letter and a place number, "
                              "such as d3")
    letter, digits = found.group(1), found.group(2)
    if len(letter) > 1:
        raise MoveError(text, f"a move places one tile: {letter} is {len(letter)} "
                              "letters; write one orientation letter and a place "
                              "number, such as d3")
    number = _number(digits)
    ts = table.tile_set
    index = ts.letters.find(letter)
    if index < 0:
        tiles = "-cross tiles" if table.cross else "tiles"
        raise MoveError(text, f"there is no orientation {letter}: the {tiles} are "
                              f"a to {ts.letters[-1]}")
    places = table.places
    if not 1 <= number <= len(places):
        shown = digits if number < 0 else str(number)
        raise MoveError(text, f"there is no place {shown}: the places are numbered "
                              f"1 to {len(places)}")
    coord = places[number - 1]
    keys = table.keys
    if not GAP_KEY[keys[coord]] and any(map(GAP_KEY.__getitem__, map(keys.__getitem__,
                                                                     places))):
        raise MoveError(text, _gap_reason(table, table.gap_places()))
    if not ts.fits[keys[coord]] >> index & 1:
        raise MoveError(text, _mismatch(table, index, coord, number))
    return coord, index, f"{letter}{number}"


def refusal(table: Table, coord: Coord) -> str:
    """Why no tile may go at `coord`, in a player's words; "" when one may."""
    if table.outcome.over:
        return "the game is over"
    if coord in table.tiles:
        return "a tile is already there"
    key = table.keys.get(coord)
    if key is None:
        return "a tile must touch a tile already on the table"
    if not table.tile_set.fits[key]:
        return _no_fit_reason(key)
    gaps = table.gap_places()
    if gaps and coord not in gaps:
        return _gap_reason(table, gaps)
    return ""


def move_text(table: Table, letter: str, coord: Coord) -> str:
    """The move laying `letter` at the place `coord`; ValueError for any other place or
    letter."""
    places = table.places
    if coord not in places:
        raise ValueError(f"{coord_text(coord)} is not a numbered place")
    orientation(letter, table.cross)
    return f"{letter}{places.index(coord) + 1}"


def place_named(table: Table, move: str) -> Coord | None:
    """The place a move names (read on the position the move is played in); None for text
    that names no place."""
    found = _MOVE.fullmatch(move.strip().lower())
    if found is None:
        return None
    number = _number(found.group(2))
    places = table.places
    return places[number - 1] if 1 <= number <= len(places) else None


def move_key(table: Table, move: str) -> str:
    """The orientation and the place's coordinates (`"d@3,-1"`); other text as it is."""
    if "a" <= move[:1] <= "z":   # the search's canonical moves: no pattern to match
        number = _number(move[1:])
        if 1 <= number <= len(table.places):
            return key_text(move[0], table.places[number - 1])
    place = place_named(table, move)
    return move if place is None else key_text(move[0], place)


def key_text(letter: str, coord: Coord) -> str:
    """The key of the move laying `letter` at `coord` (`"d@3,-1"`)."""
    return f"{letter}@{coord[0]},{coord[1]}"


def _number(digits: str) -> int:
    """A place number's value; -1 for one too long to be any place (and to convert)."""
    value = ascii_number(digits)
    return -1 if value is None else value


def _gap_reason(table: Table, gaps: tuple[Coord, ...]) -> str:
    places = table.places
    numbers = [str(places.index(c) + 1) for c in gaps]
    where = (f"place {numbers[0]}" if len(numbers) == 1 else
             "one of places " + ", ".join(numbers[:-1]) + f" or {numbers[-1]}")
    return f"a gap must be filled first: play at {where}"


def _mismatch(table: Table, index: int, coord: Coord, number: int) -> str:
    """Which edges of the tile would meet an edge of another colour, and whose."""
    key, o_mask = table.keys[coord], table.tile_set.o_masks[index]
    parts = []
    for d in range(6):
        if key >> (d + 6) & 1 and (key ^ o_mask) >> d & 1:
            parts.append(f"its {DIRECTIONS[d]} edge is {edge_colour(o_mask, d)} but the tile "
                         f"to the {DIRECTION_WORDS[d]} shows {edge_colour(key, d)} on its "
                         f"{DIRECTIONS[OPPOSITE[d]]} edge")
    return (f"tile {table.tile_set.letters[index]} does not fit at place {number}: "
            + "; ".join(parts))


def _no_fit_reason(key: int) -> str:
    closed = key >> 6
    for d in range(3):
        if closed >> d & 1 and closed >> (d + 3) & 1 and \
                (key >> d & 1) == (key >> (d + 3) & 1):
            return (f"no tile fits here: the tiles to the {DIRECTION_WORDS[d]} and to the "
                    f"{DIRECTION_WORDS[d + 3]} both show {edge_colour(key, d)}, and opposite "
                    "edges of a tile always differ")
    sides = ", ".join(f"{DIRECTIONS[d]} {edge_colour(key, d)}"
                      for d in range(6) if closed >> d & 1)
    return f"no tile fits here: no orientation matches the edges around it ({sides})"
