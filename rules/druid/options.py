"""Druid's options: which board a game is played on, its size, and the combinations refused
before the game starts."""

from __future__ import annotations

from megalith.rules.geometry import Board, hex_board, square_board, y_board
from megalith.rules.protocol import OptionError

SQUARE_SIZES = (3, 26)
HEX_SIZES = (2, 13)
Y_SIZES = (3, 26)
DEFAULT_SIZE = {"square": 10, "hex": 5, "y": 8}


def board_of(options: dict[str, int | bool], players: int) -> Board:
    """The board the options choose, once they are known to go together (else OptionError)."""
    kind = "y" if options.get("y") else "hex" if options.get("hex") else "square"
    _check_options(options, players, kind)
    size = int(options.get("size", DEFAULT_SIZE[kind]))
    return {"square": square_board, "hex": hex_board, "y": y_board}[kind](size)


def _check_options(options: dict[str, int | bool], players: int, kind: str) -> None:
    """Refuse impossible option combinations before the game starts."""
    if options.get("y") and options.get("hex"):
        raise OptionError("-y cannot be combined with -hex: Druid's Y has its own board")
    if options.get("y") and options.get("walk"):
        raise OptionError("-y cannot be combined with -walk: Druid's Walk is not played on "
                          "the Y board")
    if players == 3 and kind != "hex":
        raise OptionError("three players need the hex board (-hex)")
    if options.get("walk") and kind == "hex" and players == 2:
        raise OptionError("Druid's Walk on the hex board is for three players: -walk with "
                          "-hex needs a third player")
    if "size" in options:
        low, high = {"square": SQUARE_SIZES, "hex": HEX_SIZES, "y": Y_SIZES}[kind]
        size = options["size"]
        if not isinstance(size, int) or isinstance(size, bool) or not low <= size <= high:
            board = {"square": "square", "hex": "hex", "y": "Y"}[kind]
            raise OptionError(f"-size={size} is out of range for the {board} board "
                              f"({low} to {high})")
