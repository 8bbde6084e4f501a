"""Reading numbers from what people and files give us, and showing that input back safely.

Every number in a record, a move or an option goes through `number`: ASCII digits only (so
`²`, which `str.isdigit` accepts and `int` refuses, and `٣`, which `int` reads as 3, are both
refused) and at most MAX_DIGITS of them, far below Python's own limit on converting digit
strings, so no input can make `int` raise or take long.

Every piece of input quoted in a message goes through `shown`: shortened to SHOWN_LENGTH
characters and with control characters escaped, so a refusal never floods a terminal or a
dialog and never carries a NUL or an escape sequence into the JSON or the screen.
"""

from __future__ import annotations

MAX_DIGITS = 9  # up to 999,999,999: more than any board, ply or process id needs
SHOWN_LENGTH = 40
_ASCII_DIGITS = frozenset("0123456789")


def number(text: str, *, digits: int = MAX_DIGITS) -> int | None:
    """The value of `text` if it is 1 to `digits` ASCII digits, else None (no sign, no
    spaces, no other kinds of digit)."""
    if not 0 < len(text) <= digits or not _ASCII_DIGITS.issuperset(text):
        return None
    return int(text)


def shown(text: str, limit: int = SHOWN_LENGTH) -> str:
    """`text` as a message may quote it: control characters escaped (`\\x00`, `\\n`) and,
    past `limit` characters of the escaped text, cut with a note of the full length."""
    pieces: list[str] = []
    length = 0
    for char in text[:limit]:
        piece = char if char.isprintable() else repr(char)[1:-1]
        if length + len(piece) > limit:
            break
        pieces.append(piece)
        length += len(piece)
    else:
        if len(text) <= limit:
            return "".join(pieces)
    return "".join(pieces) + f"... ({len(text):,} characters)"


def quoted(text: str, limit: int = SHOWN_LENGTH) -> str:
    """`shown(text)` between single quotes, for messages that quote what was typed."""
    return f"'{shown(text, limit)}'"

