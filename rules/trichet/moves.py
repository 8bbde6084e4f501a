"""Trichet's move text: a tile letter and a place number (`d3`), read, explained and keyed.

Plain functions over the numbered places in reading order (`order`, codes as tiles.encode
makes them) and the colours fixed at the lattice points: the rules read a move with them
(`parse`, `contradiction`), the views and the search name a move's place with them (`named`),
and the search keys its moves as the views do (`key`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from functools import cache

from megalith.rules.protocol import MoveError
from megalith.rules.trichet.tiles import (COLOUR_NAMES, CORNER_COLOURS, CORNER_NAMES, CORNERS,
                                          DOT, LETTERS, OH, Code, decode, points_up)

MOVE = re.compile(r"([a-z]+)([0-9]+)")


def named(move: str, order: Sequence[Code]) -> tuple[str, Code] | None:
    """The letters and the place a move names, None when it is not letters and the number of
    one of the places `order` lists (the letters are not checked)."""
    match = MOVE.fullmatch(move)
    if match is None or not 1 <= int(match.group(2)) <= len(order):
        return None
    return match.group(1), order[int(match.group(2)) - 1]


def parse(text: str, order: Sequence[Code]) -> tuple[str, int, Code]:
    """The letter, the place number and the place a move names; MoveError when it names
    none."""
    match = MOVE.fullmatch(text)
    if match is None:
        raise MoveError(text, "a move is a tile letter a to f and a place number, as in d3")
    letter, number = match.group(1), int(match.group(2))
    if len(letter) > 1:
        raise MoveError(text, f"a move places one tile: {letter} is {len(letter)} letters; "
                              "write one letter a to f and a place number, as in d3")
    if letter not in LETTERS:
        raise MoveError(text, f"there is no tile {letter}: the tiles are a, b, c "
                              f"({COLOUR_NAMES[OH]} colour on one corner) and d, e, f "
                              f"({COLOUR_NAMES[DOT]} colour on one corner)")
    if not 1 <= number <= len(order):
        raise MoveError(text, f"there is no place {number}: the places are numbered 1 "
                              f"to {len(order)} in this position")
    return letter, number, order[number - 1]


def contradiction(letter: str, tri: Code, fits: tuple[str, ...],
                  colours: Mapping[Code, str]) -> str:
    """Why `letter` does not fit the place `tri`, whose corners have these colours fixed: the
    first corner whose colour it contradicts, and the letters that do fit."""
    names = CORNER_NAMES[points_up(decode(tri))]
    for name, point, want in zip(names, CORNERS[tri], CORNER_COLOURS[letter]):
        have = colours.get(point)
        if have is not None and have != want:
            return (f"tile {letter} puts {COLOUR_NAMES[want]} colour on the "
                    f"{name} corner, which is already {COLOUR_NAMES[have]}; "
                    f"here fit: {', '.join(fits)}")
    raise AssertionError("a letter that agrees with every corner fits")


def key(letter: str, tri: Code) -> str:
    """A move's key: the letter and the triangle's coordinates (`"d@3,-1"`), since place
    numbers change from position to position."""
    x, r = decode(tri)
    return f"{letter}@{x},{r}"


@cache
def text_order(count: int) -> tuple[int, ...]:
    """The indices 0 to count - 1 ordered as the place numbers they stand for (index + 1)
    sort as text, as the legal moves sort (a1, a10, a11, .., a2)."""
    return tuple(sorted(range(count), key=lambda index: str(index + 1)))
