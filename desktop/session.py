"""The game in progress, without Qt.

The pbmserv Record is the single source of truth: its options, players and canonical moves.
Every position is a replay of it, cached per ply (`states[k]` is the position after k moves).
The session also knows which ply is on screen, the moves that Undo took back (for Redo), the
people's colours by seat, the file it came from and whether it has changed since it was saved.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from megalith.rules import record as records
from megalith.rules.protocol import PASS, RESIGN, SWAP, GameState, Outcome
from megalith.rules.record import Record

from megalith.desktop.settings import default_colour

Colour = tuple[int, int, int]


@dataclass(frozen=True)
class Played:
    """What one accepted move did: the move, who made it, who then passed automatically
    (side letters, in order) and the outcome afterwards."""

    move: str
    side: str
    forced_passes: tuple[str, ...]
    outcome: Outcome


@dataclass
class Session:
    record: Record
    states: list[GameState]
    colours: list[Colour]
    path: Path | None = None
    viewed: int = 0
    redo_stack: list[str] = field(default_factory=list)
    modified: bool = False
    _renders: dict[int, tuple[GameState, str]] = field(default_factory=dict, repr=False,
                                                        compare=False)

    # ---- construction ---------------------------------------------------------------

    @classmethod
    def new(cls, game: str, parameters: list[str], players: list[str],
            colours: list[Colour] | None = None) -> Session:
        """A fresh game; raises OptionError for impossible options or player counts."""
        record = Record(game=game, parameters=list(parameters), players=list(players),
                        moves=[])
        return cls.from_record(record, colours)

    @classmethod
    def from_record(cls, record: Record, colours: list[Colour] | None = None,
                    path: Path | None = None) -> Session:
        """Replays the record (RecordError or OptionError if it cannot be replayed) and
        shows its last position."""
        states = records.replay(record)
        sides = states[0].sides
        if colours is None and len(record.colours) == len(sides):
            colours = [_from_hex(c) for c in record.colours]
        if colours is None or len(colours) != len(sides):
            colours = [default_colour(side, seat) for seat, side in enumerate(sides)]
        session = cls(record=record, states=states, colours=[(c[0], c[1], c[2]) for c in colours],
                      path=path)
        session.viewed = len(record.moves)
        return session

    @classmethod
    def load(cls, path: str | Path) -> Session:
        path = Path(path)
        return cls.from_record(records.load(path), path=path)

    def save(self, path: str | Path | None = None) -> Path:
        """Writes the record (atomically, by rules.record.save) and forgets the changes."""
        target = Path(path) if path is not None else self.path
        if target is None:
            raise ValueError("no file to save to")
        self.record.status = records.status_of(self.current, self.record.players)
        self.record.colours = ["#%02x%02x%02x" % tuple(c) for c in self.colours]
        records.save(target, self.record)
        self.path = target
        self.modified = False
        return target

    # ---- what the window shows -------------------------------------------------------

    @property
    def game(self) -> str:
        return self.record.game

    @property
    def sides(self) -> tuple[str, ...]:
        return self.states[0].sides

    @property
    def ply(self) -> int:
        """The number of moves in the game (not the one on screen)."""
        return len(self.record.moves)

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
        return self.record.moves[self.viewed - 1] if self.viewed > 0 else None

    @property
    def last_cells_shown(self) -> tuple[str, ...]:
        """The cells of the last move on screen, read on the position before it: a Druid's
        step `n` names a direction for the side to move, so only that position knows which
        Druid stepped from where to where."""
        move = self.last_move_shown
        return self.states[self.viewed - 1].move_cells(move) if move else ()

    def name(self, side: str) -> str:
        return self.record.players[self.sides.index(side)]

    def colours_by_side(self) -> dict[str, Colour]:
        return dict(zip(self.sides, self.colours))

    def who(self, side: str) -> str:
        """'V (alice)' for status messages."""
        return f"{side} ({self.name(side)})"

    def result_text(self, outcome: Outcome | None = None) -> str:
        """Who won and how, in a sentence, or '' while the game goes on."""
        outcome = outcome or self.shown.outcome()
        if outcome.status == "win" and outcome.winner:
            winner, reason = outcome.winner, outcome.reason
            if reason.startswith(f"{winner} "):  # "V connected ..." -> "V (alice) connected ..."
                return self.who(winner) + reason[len(winner):]
            return f"{self.who(winner)} wins" + (f": {reason}" if reason else "")
        if outcome.status == "draw":
            return f"Draw: {outcome.reason}" if outcome.reason else "Draw"
        return ""

    def repeated_from(self) -> int | None:
        """The earlier ply whose position (board and side to move) the last one repeats, if
        the last move was not a pass. pbmserv does not forbid repeats (no ko rule in Drogo);
        the window only points them out."""
        last = self.current
        if (not last.positions_can_repeat or not self.record.moves
                or self.record.moves[-1] in (PASS, RESIGN)):
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

    def is_forced_pass(self, ply: int) -> bool:
        """Whether move number `ply` (from 0) was a pass the player could not avoid."""
        return self.record.moves[ply] == PASS and _pass_forced(self.states[ply])

    def move_table(self, move_note: Callable[[GameState, int], str] | None = None
                   ) -> list[list[str]]:
        """The moves as pbmserv lays them out: one row per round, one column per seat.
        Forced passes are marked '(Auto)' as pbmserv marks automatic moves; `move_note(state,
        ply)`, read on the position after move `ply` (from 1), adds what that move did by
        itself (a tile game's auto tiles)."""
        width = len(self.sides)
        texts = [f"{m} (Auto)" if self.is_forced_pass(i) else m
                 for i, m in enumerate(self.record.moves)]
        if move_note is not None:
            for i, text in enumerate(texts):
                note = move_note(self.states[i + 1], i + 1)
                texts[i] = f"{text} {note}" if note else text
        return [texts[i:i + width] for i in range(0, len(texts), width)]

    # ---- walking the move list -------------------------------------------------------

    def view(self, ply: int) -> int:
        """Shows the position after `ply` moves (clamped to the game); returns the ply."""
        self.viewed = max(0, min(self.ply, ply))
        return self.viewed

    def view_first(self) -> int:
        return self.view(0)

    def view_last(self) -> int:
        return self.view(self.ply)

    def view_previous(self) -> int:
        return self.view(self.viewed - 1)

    def view_next(self) -> int:
        return self.view(self.viewed + 1)

    # ---- changing the game -----------------------------------------------------------

    @property
    def would_discard(self) -> bool:
        """Whether a move played now would throw away later moves (the window asks first)."""
        return not self.at_end

    def play(self, text: str) -> Played:
        """Plays `text` in the position on screen, discarding any later moves, then plays
        the forced passes that follow. Raises MoveError (nothing changes) if illegal."""
        played = self._apply(text)
        self.redo_stack.clear()
        return played

    def can_undo(self) -> bool:
        return self.ply > 0 or self.record.swapped

    def can_redo(self) -> bool:
        return bool(self.redo_stack)

    def undo(self) -> bool:
        """Takes back the last move made by a person (with the forced passes after it),
        or the swap; shows the position at the end. Returns False if there is nothing."""
        if not self.can_undo():
            return False
        self.view_last()
        self.record.move_lines.clear()
        while self.ply > 1 and self.is_forced_pass(self.ply - 1):
            self._pop()
        if self.record.swapped and self.ply == 1:
            self._unswap()
            self.redo_stack.append(SWAP)
        else:
            self.redo_stack.append(self._pop())
        self.viewed = self.ply
        self.modified = True
        return True

    def redo(self) -> Played | None:
        """Plays the last move taken back, at the end of the game."""
        if not self.redo_stack:
            return None
        self.view_last()
        played = self._apply(self.redo_stack[-1])
        self.redo_stack.pop()
        return played

    def set_note(self, ply: int, text: str) -> bool:
        """Annotates the position after `ply` moves (an empty text removes the note);
        returns whether the note changed."""
        text = text.strip()
        if text == self.record.notes.get(ply, ""):
            return False
        if text:
            self.record.notes[ply] = text
        else:
            self.record.notes.pop(ply, None)
        self.modified = True
        return True

    def note(self, ply: int) -> str:
        return self.record.notes.get(ply, "")

    # ---- internals -------------------------------------------------------------------

    def _apply(self, text: str) -> Played:
        state = self.shown.copy()
        side = state.to_move
        canonical = state.play(text)  # MoveError leaves everything as it was
        self.record.move_lines.clear()  # file line numbers mean nothing once moves change
        self._truncate(self.viewed)
        if canonical == SWAP:
            self.states[-1] = state
            self._rotate(1)
            self.record.swapped = True
        else:
            self.record.moves.append(canonical)
            self.states.append(state)
        forced = self._play_forced_passes()
        self.viewed = self.ply
        self.modified = True
        return Played(canonical, side or "", tuple(forced), self.current.outcome())

    def _play_forced_passes(self) -> list[str]:
        passed: list[str] = []
        state = self.current
        # Everyone passing ends every game; the bound only guards against an engine that
        # forgets to say so.
        while len(passed) < len(self.sides) and _pass_forced(state):
            side = state.to_move
            assert side is not None  # a pass is forced only on a side to move
            state = state.copy()
            state.play(PASS)
            self.record.moves.append(PASS)
            self.states.append(state)
            passed.append(side)
        return passed

    def _truncate(self, ply: int) -> None:
        """Forgets every move after `ply` (and the swap, if it came later)."""
        if ply >= self.ply:
            return
        if ply < 1 and self.record.swapped:
            self._unswap()
        del self.record.moves[ply:]
        del self.states[ply + 1:]
        for key in [k for k in self.record.notes if k > ply]:
            del self.record.notes[key]

    def _pop(self) -> str:
        move = self.record.moves.pop()
        self.states.pop()
        self.record.notes.pop(self.ply + 1, None)
        return move

    def _unswap(self) -> None:
        self._rotate(-1)
        self.record.swapped = False
        if self.ply >= 1:  # rebuild the position after the first move without the swap
            state = self.states[0].copy()
            state.play(self.record.moves[0])
            self.states[1] = state

    def _rotate(self, steps: int) -> None:
        """Rotates the people (names and colours) over the seats, as pbmserv's swap does."""
        players = self.record.players
        self.record.players = players[steps:] + players[:steps]
        self.colours = self.colours[steps:] + self.colours[:steps]


def _pass_forced(state: GameState) -> bool:
    """Whether the side to move has no choice but to pass."""
    side = state.to_move
    if side is None:
        return False
    if side not in state.resigned and state.board_moves_exist():
        return False
    return state.legal_moves() == [PASS]


def _from_hex(text: str) -> Colour:
    """'#b43c32' -> (180, 60, 50)."""
    return (int(text[1:3], 16), int(text[3:5], 16), int(text[5:7], 16))
