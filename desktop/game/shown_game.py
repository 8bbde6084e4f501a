"""The game in progress as the window shows it, without Qt: the record, the positions of
the line on screen and which of them is shown, the moves as pbmserv lists them, and the
people in the words of the status bar.

`ShownGame` never changes the game (the record and its positions): the one thing it changes
is which position is on screen (`view`, walking the moves). `desktop.game.session.Session`
adds everything that changes the game.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from megalith.rules import variations
from megalith.rules.protocol import PASS, RESIGN, SWAP, GameState, Outcome
from megalith.rules.record import Record, swap_ply

Colour = tuple[int, int, int]


@dataclass
class ShownGame:
    """The record, the positions of its line `line` (`states[k]` after k moves) and the ply
    on screen (`viewed`, which `view` moves), with the people's colours by seat."""

    record: Record
    states: list[GameState]
    colours: list[Colour]
    viewed: int = 0
    line: int = 0
    _renders: dict[int, tuple[GameState, str]] = field(default_factory=dict, repr=False,
                                                        compare=False)

    # ---- what the window shows -------------------------------------------------------

    @property
    def game(self) -> str:
        return self.record.game

    @property
    def sides(self) -> tuple[str, ...]:
        return self.states[0].sides

    @property
    def moves(self) -> list[str]:
        """The moves of the line on screen, from the start (a new list)."""
        return variations.moves_of(self.record, self.line)

    @property
    def ply(self) -> int:
        """The number of moves in the line on screen (not the one on screen)."""
        return len(self.states) - 1

    @property
    def current(self) -> GameState:
        """The position after the last move."""
        return self.states[-1]

    @property
    def shown(self) -> GameState:
        """The position on screen."""
        return self.states[self.viewed]

    @property
    def at_end(self) -> bool:
        return self.viewed == self.ply

    @property
    def last_move_shown(self) -> str | None:
        return self.moves[self.viewed - 1] if self.viewed > 0 else None

    @property
    def last_cells_shown(self) -> tuple[str, ...]:
        """The cells of the last move on screen, read on the position before it: a Druid's
        step `n` names a direction for the side to move, so only that position knows which
        Druid stepped from where to where."""
        move = self.last_move_shown
        return self.states[self.viewed - 1].move_cells(move) if move else ()

    def last_move_made(self) -> tuple[str, str] | None:
        """The last move a person made up to the position on screen, and their side: a
        forced pass is skipped, and right after a swap it is the swap (by the first side,
        which the swapper now owns)."""
        if self.record.swapped and self.viewed == swap_ply(self.record):
            return SWAP, self.sides[0]
        moves = self.moves
        ply = self.viewed
        while ply > 1 and self.is_forced_pass(ply - 1, moves):
            ply -= 1
        side = self.states[ply - 1].to_move if ply else None
        return (moves[ply - 1], side) if side is not None else None

    @property
    def lead(self) -> int:
        """The empty cells before the first move in the move table: a game set up with a
        later seat to move starts in that seat's column."""
        return self.states[0].first_seat

    def mover_of(self, ply: int) -> str:
        """The side that makes move `ply` (from 1) of the game."""
        return self.sides[self.states[0].seat_of_move(ply)]

    def name(self, side: str) -> str:
        return self.record.players[self.sides.index(side)]

    def colours_by_side(self) -> dict[str, Colour]:
        return dict(zip(self.sides, self.colours))

    def side_name(self, side: str) -> str:
        """The side as players call it: its letter, or its name where the game has one
        (Trichet's Dot and Oh)."""
        return self.states[0].side_name(side)

    def who(self, side: str) -> str:
        """'V (alice)' for status messages; 'Dot (alice)' in Trichet."""
        return f"{self.side_name(side)} ({self.name(side)})"

    def result_text(self, outcome: Outcome | None = None) -> str:
        """Who won and how, in a sentence, or '' while the game goes on: always naming the
        winner as the one who wins ("V connected ..." becomes "V (alice) wins: connected
        ..."), unless the reason says it itself ("X won four games ...")."""
        outcome = outcome or self.shown.outcome()
        if outcome.status == "win" and outcome.winner:
            who, reason = self.who(outcome.winner), outcome.reason
            name = self.side_name(outcome.winner)
            if reason.startswith(f"{name} "):
                rest = reason[len(name) + 1:]
                return f"{who} {rest}" if rest.startswith(("won ", "wins")) else \
                    f"{who} wins: {rest}"
            return f"{who} wins" + (f": {reason}" if reason else "")
        if outcome.status == "draw":
            return f"Draw: {outcome.reason}" if outcome.reason else "Draw"
        return ""

    def repeated_from(self) -> int | None:
        """The earlier ply whose position (board and side to move) the last one repeats, if
        the last move was not a pass. pbmserv does not forbid repeats (no ko rule in Drogo);
        the window only points them out."""
        last = self.current
        moves = self.moves
        if not last.positions_can_repeat or not moves or moves[-1] in (PASS, RESIGN):
            return None
        key = (last.to_move, last.render())
        for ply in range(self.ply - 1, -1, -1):
            state = self.states[ply]
            if state.to_move == key[0] and self._render(ply) == key[1]:
                return ply
        return None

    def _render(self, ply: int) -> str:
        """A position's text, remembered (a position never changes once played)."""
        state = self.states[ply]
        cached = self._renders.get(ply)
        if cached is None or cached[0] is not state:  # a ply replayed differently since
            cached = (state, state.render())
            self._renders[ply] = cached
        return cached[1]

    def is_forced_pass(self, ply: int, moves: list[str] | None = None) -> bool:
        """Whether move number `ply` (from 0) of the line on screen (`moves`, if known)
        was a pass the player could not avoid."""
        moves = self.moves if moves is None else moves
        return moves[ply] == PASS and self.states[ply].pass_forced()

    def move_table(self, move_note: Callable[[GameState, int], str] | None = None
                   ) -> list[list[str]]:
        """The moves as pbmserv lays them out: one row per round, one column per seat.
        Forced passes are marked '(Auto)' as pbmserv marks automatic moves; `move_note(state,
        ply)`, read on the position after move `ply` (from 1), adds what that move did by
        itself (a tile game's auto tiles)."""
        width = len(self.sides)
        moves = self.moves
        texts = [f"{m} (Auto)" if self.is_forced_pass(i, moves) else m
                 for i, m in enumerate(moves)]
        if move_note is not None:
            for i, text in enumerate(texts):
                note = move_note(self.states[i + 1], i + 1)
                texts[i] = f"{text} {note}" if note else text
        texts = [""] * self.lead + texts  # a set-up game's first mover in their column
        return [texts[i:i + width] for i in range(0, len(texts), width)]

    # ---- walking the move list -------------------------------------------------------

    def view(self, ply: int) -> int:
        """Shows the position after `ply` moves (clamped to the game); returns the ply."""
        self.viewed = max(0, min(self.ply, ply))
        return self.viewed

    def view_last(self) -> int:
        return self.view(self.ply)

