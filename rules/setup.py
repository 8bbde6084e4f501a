"""A position set up by hand as a record writes it: the lines of Megalith's `(setup` entry
(docs/record-format.md), read into a `protocol.Setup` and written back.

    to_move H                 the side that moves first from the position
    swap open                 the swap is still open (`swap closed`, or no line: it is not)
    sarsen V c3 1             a piece: its kind, side, cell and level (1 on the ground)
    lintel V c3-c5 2          a lintel by its two ends
    druid V c4 top            a Druid's Walk figure, and the board side it walks to
                              (without it: the farther of its sides)
    cube X c3 1               a Drogo cube
    stone X f6                a Quadrant Y stone (on the ground)

Only the form is checked here; whether the game's rules can hold the position is the
game's to judge (`GameState.set_up`).
"""

from __future__ import annotations

from collections.abc import Callable

from megalith.rules.protocol import Piece, Setup, SetupError
from megalith.rules.text import number, quoted, shown

# More pieces than any board of these games holds at once (Drogo's largest, 19 x 19 stacks 19
# high, holds 6,859): a set-up past it is refused at the piece too many, before it is built.
MAX_PIECES = 10_000
FORMS = ("write 'to_move V', 'swap open', or a piece as its kind, side, cell and level "
         "('sarsen V c3 1', 'lintel V c3-c5 2'), a figure with its target side "
         "('druid V c4 top')")


class SetupTextError(SetupError):
    """A line of a `(setup` entry that cannot be read: `offset` is its number in the entry,
    from 1."""

    def __init__(self, reason: str, offset: int) -> None:
        super().__init__(reason)
        self.offset = offset


def read(lines: list[str]) -> Setup:
    """The set-up position of a `(setup` entry's lines (SetupTextError for a malformed one)."""
    to_move: str | None = None
    swap_open = False
    pieces: list[Piece] = []
    for offset, line in enumerate(lines, start=1):
        words = line.split()
        if not words:
            continue
        head = words[0].lower()
        if head == "to_move" and len(words) == 2:
            to_move = words[1].upper()
        elif head == "swap" and len(words) == 2 and words[1].lower() in ("open", "closed"):
            swap_open = words[1].lower() == "open"
        elif len(words) in (3, 4) and head not in ("to_move", "swap"):
            if len(pieces) == MAX_PIECES:
                raise SetupTextError(f"a set-up holds at most {MAX_PIECES:,} pieces", offset)
            pieces.append(_piece(words, offset))
        else:
            raise SetupTextError(f"{quoted(shown(line))} is not a line of a set-up: {FORMS}",
                                 offset)
    if to_move is None:
        raise SetupTextError("a set-up says who moves first from it ('to_move V')", 1)
    return Setup(to_move, swap_open, tuple(pieces))


def _piece(words: list[str], offset: int) -> Piece:
    kind, side, where = words[0].lower(), words[1].upper(), words[2].lower()
    if len(words) == 3:
        return Piece(kind, side, where)
    level = number(words[3])
    if level is not None:
        if level < 1:
            raise SetupTextError(f"a piece's level is 1 on the ground or more, not {level}",
                                 offset)
        return Piece(kind, side, where, level)
    return Piece(kind, side, where, target=words[3])


def lines(setup: Setup) -> list[str]:
    """The `(setup` entry's lines of a set-up position."""
    out = [f"to_move {setup.to_move}", f"swap {'open' if setup.swap_open else 'closed'}"]
    out += [piece_text(piece) for piece in setup.pieces]
    return out


def piece_text(piece: Piece) -> str:
    """One piece as its line: `sarsen V c3 1`, `druid V c4 top`, `stone X f6`."""
    if piece.target:
        return f"{piece.kind} {piece.side} {piece.where} {piece.target}"
    if piece.kind == "stone":
        return f"{piece.kind} {piece.side} {piece.where}"
    return f"{piece.kind} {piece.side} {piece.where} {piece.level}"


def facts(setup: Setup) -> dict[str, object]:
    """The set-up position as `megalith check --json` reports it."""
    return {"to_move": setup.to_move, "swap_open": setup.swap_open,
            "pieces": [piece_text(piece) for piece in setup.pieces]}


def fact_lines(data: dict[str, object], side_name: Callable[[str], str]) -> list[str]:
    """`facts` for people, as `megalith check` prints them."""
    pieces = data["pieces"]
    assert isinstance(pieces, list)
    swap = "the swap open" if data["swap_open"] else "no swap"
    count = f"{len(pieces)} piece{'' if len(pieces) == 1 else 's'}"
    return [f"set up: {side_name(str(data['to_move']))} to move first, {swap}, {count}",
            f"pieces: {', '.join(pieces) or 'none'}"]
