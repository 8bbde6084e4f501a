"""A tiny game on the shared protocol, so that the generic rules (turns, pass, swap, resign,
the record format) are tested apart from any real engine.

"toy": a row of `-size` cells (default 5, 3 to 9); a move puts a stone on an empty cell
(`a1`..); three stones of one side in a row win. Two or three players X, O, Y; voluntary
passes; swap.

It writes only what a game must (protocol.py's table): every other method keeps the
protocol's default, so the tests (and the computer's, tests/rules/ai/test_toy_search.py)
show the defaults at work.
"""

from __future__ import annotations

from megalith.rules.protocol import GameState, MoveError, OptionError, OptionSpec, Outcome
from megalith.rules.registry import GameInfo, Options


class ToyState(GameState):
    game = "toy"
    voluntary_pass = True
    offers_swap = True

    def __init__(self, options: Options, players: int) -> None:
        super().__init__(options=options, turn_order=("X", "O", "Y")[:players])
        self.size = int(options.get("size", 5))
        self.cells: list[str | None] = [None] * self.size
        self.result = Outcome()

    def _board_moves(self) -> list[str]:
        return [f"{chr(97 + i)}1" for i, c in enumerate(self.cells) if c is None]

    def _play_board_move(self, text: str) -> str:
        if len(text) != 2 or text[1] != "1" or not "a" <= text[0] < chr(97 + self.size):
            raise MoveError(text, f"{text} is not on the board")
        i = ord(text[0]) - 97
        if self.cells[i] is not None:
            raise MoveError(text, f"{text} is taken")
        side = self.to_move
        assert side is not None  # a board move is only played on a side to move
        self.cells[i] = side
        row = "".join(c or "." for c in self.cells)
        if side * 3 in row:
            self.result = Outcome("win", side, reason=f"{side} has three in a row")
        return text

    def _board_outcome(self) -> Outcome:
        return self.result

    def render(self) -> str:
        return "".join((c or ".").lower() for c in self.cells)


def _new(options: Options, players: int) -> ToyState:
    if players == 3 and options.get("size", 5) < 5:
        raise OptionError("three players need -size=5 or more")
    return ToyState(options, players)


INFO = GameInfo("toy", "Toy row", 2, 3,
                (OptionSpec("size", "int", "cells in the row", 3, 9),
                 OptionSpec("fast", "flag", "a flag that changes nothing")), _new)
