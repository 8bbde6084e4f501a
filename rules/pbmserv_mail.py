"""The line pbmserv's mail interface takes for a move (its help pages: `druid move board#
userid password c3`), for a player who plays a server game at the Megalith table and mails
the move.

The board number is the name of pbmserv's board file (`games/<GameType>/<board number>`,
numbers from 101) when the record came from one; otherwise, and for a password the player did
not give, a placeholder in capitals stands in the line for the player to replace."""

from __future__ import annotations

from pathlib import Path

from megalith.rules.protocol import PASS, RESIGN
from megalith.rules.text import number

BOARD = "BOARD"
PASSWORD = "PASSWORD"


def board_number(path: Path | None) -> str | None:
    """The board number a pbmserv board file's name gives (`101`, or `101.txt` once saved
    with a suffix), if it gives one."""
    if path is None:
        return None
    for name in (path.name, path.stem):
        if number(name) is not None:
            return str(int(name))
    return None


def move_line(game: str, board: str | None, userid: str, password: str | None,
              move: str) -> str:
    """`<game> move <board> <userid> <password> <move>`, placeholders for what is missing."""
    text = "pass" if move == PASS else "resign" if move == RESIGN else move
    return " ".join([game, "move", board or BOARD, userid, password or PASSWORD, text])
