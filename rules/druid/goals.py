"""What each Druid side must do: the board edges it must connect (or, in Druid's Walk, the
edges its Druid appears on and walks between), and the words a win is announced in."""

from __future__ import annotations

# Each side letter with the board edges it must connect; a list of alternatives (two-player
# hex may connect either set of three alternating sides).
Goals = dict[str, list[tuple[str, ...]]]
SQUARE_GOALS: Goals = {"V": [("bottom", "top")], "H": [("left", "right")]}
HEX2_GOALS: Goals = {s: [("S1", "S3", "S5"), ("S2", "S4", "S6")] for s in ("X", "O")}
HEX3_GOALS: Goals = {"X": [("S1", "S4")], "O": [("S3", "S6")], "Y": [("S2", "S5")]}
Y_GOALS: Goals = {s: [("left", "bottom", "right")] for s in ("X", "O")}
OPPOSITE = {"bottom": "top", "top": "bottom", "left": "right", "right": "left",
            "S1": "S4", "S4": "S1", "S2": "S5", "S5": "S2", "S3": "S6", "S6": "S3"}
PAIR_WORDS = {("bottom", "top"): "the bottom and top rows",
              ("left", "right"): "the left and right columns"}
SIDE_WORDS = {"bottom": "the bottom row", "top": "the top row", "left": "the left column",
              "right": "the right column"}


def goals_of(kind: str, letters: tuple[str, ...]) -> list[list[tuple[str, ...]]]:
    """The goal alternatives of each side in turn order, on a board of `kind`."""
    goals = {"square": SQUARE_GOALS, "y": Y_GOALS,
             "hex": HEX3_GOALS if len(letters) == 3 else HEX2_GOALS}[kind]
    return [goals[s] for s in letters]


def connection_words(sides: tuple[str, ...], kind: str) -> str:
    """The sides a winning connection joins, as the win's reason names them."""
    if sides in PAIR_WORDS:
        return PAIR_WORDS[sides]
    if len(sides) == 2:
        return f"sides {sides[0]} and {sides[1]}"
    if kind == "y":
        return "all three sides"
    return f"sides {sides[0]}, {sides[1]} and {sides[2]}"


def side_phrase(side: str) -> str:
    """One board edge as a sentence names it."""
    return SIDE_WORDS.get(side, f"side {side}")
