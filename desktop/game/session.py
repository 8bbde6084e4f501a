"""The game in progress, without Qt.

The pbmserv Record is the single source of truth: its options, players, canonical moves and
the variations beside them (rules.variations). The session shows one line of the record at a
time (`line`: 0 the main line, k a variation); every position of that line is a replay,
cached per ply (`states[k]` is the position after k moves of the line). The session also
knows which ply is on screen, the moves that Undo took back (for Redo), the people's colours
by seat, the file it came from and whether it has changed since it was saved.

Playing a move where the line on screen has another one starts a variation (or follows the
line that already plays it); nothing is ever discarded but by Undo or by deleting a
variation. The positions shown, the move list, the people's names and which position is
on screen are the base class, `desktop.game.shown_game.ShownGame`, which never changes the
game; `Session` adds what does.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from megalith.rules import record as records
from megalith.rules import variations
from megalith.rules.protocol import PASS, SWAP, MoveError, Outcome
from megalith.rules.record import Record

from megalith.desktop.settings import default_colour
from megalith.desktop.game.shown_game import Colour, ShownGame

__all__ = ["Colour", "GameChoice", "Played", "Seat", "Session", "Taken"]


@dataclass
class GameChoice:
    """A new game as people choose it (the new-game dialog returns it, the settings remember
    it for next time): the game, its challenge options, the players' names and colours."""

    game: str
    parameters: list[str] = field(default_factory=list)
    players: list[str] = field(default_factory=list)
    colours: list[Colour] = field(default_factory=list)
    # Per seat: "" for a person, else the computer's level (rules.ai.levels: "easy", ...);
    # empty when people sit at every seat.
    computers: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Seat:
    """Who plays a side now: its person (the seat they had at the start of the game, which a
    swap does not change) and "" for a person or the computer's level (rules.ai.levels).
    `who` is the side as people read it with the player's name: `Dot (dora)`."""

    side: str
    name: str
    person: int
    level: str
    who: str


@dataclass(frozen=True)
class Played:
    """What one accepted move did: the move, who made it, who then passed automatically
    (side letters, in order) and the outcome afterwards."""

    move: str
    side: str
    forced_passes: tuple[str, ...]
    outcome: Outcome
    started: int | None = None  # the variation the move started, if it started one
    followed: bool = False  # the move was already there: the session only went on to it


@dataclass
class Taken:
    """A move Undo took back, for Redo: where it was played (line and ply), the notes on it
    and on the forced passes after it, and the variations that parted after them."""

    move: str
    line: int
    ply: int
    notes: dict[int, str] = field(default_factory=dict)
    cuts: list[variations.Cut] = field(default_factory=list)


@dataclass
class Session(ShownGame):
    """The game in progress: what `ShownGame` shows, the file it came from, whether it has
    changed since, and the moves Undo took back."""

    path: Path | None = None
    redo_stack: list[Taken] = field(default_factory=list)
    modified: bool = False

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
        variations.check(record, states)
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

    # ---- the lines of play ----------------------------------------------------------

    def switch(self, line: int, ply: int | None = None) -> int:
        """Shows another line of the record, at `ply` (clamped to it), or else where it
        meets the line on screen: a variation at its first own move (where it parts from
        the line before); a line the one on screen parts from (the main line, seen from a
        variation) at its move that the variation replaces, or at the position on screen
        if that comes before the parting, both lines sharing it. Returns the ply shown."""
        if not 0 <= line < variations.count(self.record):
            raise ValueError(f"the record has no line {line}")
        if ply is None:
            parted = self.parting_from(line)
            ply = (variations.start(self.record, line) + 1 if parted is None
                   else self.viewed if self.viewed <= parted else parted + 1)
        self._set_line(line)
        return self.view(ply)

    def parting_from(self, line: int) -> int | None:
        """If the line on screen comes from `line` (a variation of it, or of one of its
        variations), the number of moves the two share; else None."""
        inner = self.line
        while inner and variations.parent(self.record, inner) != line:
            inner = variations.parent(self.record, inner)
        return variations.start(self.record, inner) if inner else None

    def promote(self) -> None:
        """Makes the line on screen the main line (the moves it replaced become a
        variation)."""
        if self.line == 0:
            return
        moves = self.moves
        variations.promote(self.record, self.line)
        self.line = 0
        self._line_changed(moves)
        self.redo_stack.clear()  # its lines and plies are the old numbering's
        self.modified = True

    def delete_line(self, line: int) -> None:
        """Deletes a variation and those that part from it; if the line on screen was one
        of them, shows the position where the deleted variation parted."""
        if line == 0:
            raise ValueError("the main line cannot be deleted")
        inside, up = self.line, self.line
        while up and up != line:
            up = variations.parent(self.record, up)
        at = variations.start(self.record, line)
        target = variations.parent(self.record, line) if up == line else inside
        moves = self.moves
        renumbered = variations.delete(self.record, line)
        new_line = renumbered[target]
        assert new_line is not None  # the target is never inside what was deleted
        self.line = new_line
        self._line_changed(moves)
        if up == line:
            self.view(at)
        self.redo_stack.clear()  # what it would put back may part from what was deleted
        self.modified = True

    # ---- changing the game -----------------------------------------------------------

    def play(self, text: str) -> Played:
        """Plays `text` in the position on screen, then the forced passes that follow. At
        the end of the line the move goes on the line; earlier, it starts a variation
        unless a line already plays it there (then the session goes on along that line).
        Raises MoveError (nothing changes) if illegal."""
        played = self._apply(text)
        self.redo_stack.clear()
        return played

    def can_undo(self) -> bool:
        return self.ply > 0 or (self.record.swapped and self.line == 0)

    def can_redo(self) -> bool:
        return bool(self.redo_stack)

    def undo(self) -> bool:
        """Takes back the last move of the line on screen made by a person (with the forced
        passes after it), or the swap; shows the position at the end of what is left.
        Returns False if there is nothing."""
        if not self.can_undo():
            return False
        self.view_last()
        self.record.move_lines.clear()
        at = records.swap_ply(self.record)
        if self.record.swapped and self.ply == at and self.line == 0:
            taken = Taken(SWAP, 0, at, cuts=[variations.cut_all(self.record)])
            self._unswap()
        else:
            moves = self.moves
            first = self.ply
            own = len(variations.own_moves(self.record, self.line))
            while own > 1 and first > 1 and self.is_forced_pass(first - 1, moves):
                first, own = first - 1, own - 1
            taken = Taken(moves[first - 1], self.line, first - 1)
            for _ in range(self.ply - first + 1):
                line = self.line
                emptied = line and len(variations.own_moves(self.record, line)) == 1
                up = variations.parent(self.record, line)
                move, note, cut = variations.pop(self.record, line)
                self.states.pop()
                if note:
                    taken.notes[self.ply + 1] = note
                taken.cuts.append(cut)
                if emptied:  # the variation is gone: back on the line it parted from
                    self.line = taken.line = up
                    self._line_changed(moves[:self.ply])
        self.redo_stack.append(taken)
        self.viewed = taken.ply
        self.modified = True
        return True

    def redo(self) -> Played | None:
        """Plays again the last move taken back, where it was played, with its notes and
        the variations that parted after it."""
        if not self.redo_stack:
            return None
        taken = self.redo_stack[-1]
        self._set_line(taken.line)
        self.view(taken.ply)
        played = self._apply(taken.move)
        self.redo_stack.pop()
        for cut in reversed(taken.cuts):
            variations.graft(self.record, self.line, cut)
        for ply, text in taken.notes.items():
            self.set_note(ply, text)
        return played

    def set_note(self, ply: int, text: str) -> bool:
        """Annotates the position after `ply` moves of the line on screen (an empty text
        removes the note); returns whether the note changed."""
        text = text.strip()
        if text == self.note(ply):
            return False
        notes = variations.own_notes(self.record, variations.owner(self.record, self.line, ply))
        if text:
            notes[ply] = text
        else:
            notes.pop(ply, None)
        self.modified = True
        return True

    def note(self, ply: int) -> str:
        return variations.note(self.record, self.line, ply)

    # ---- internals -------------------------------------------------------------------

    def _apply(self, text: str) -> Played:
        state = self.shown.copy()
        side = state.to_move
        canonical = state.play(text)  # MoveError leaves everything as it was
        if canonical == SWAP and (self.line or not self.at_end):
            raise MoveError(SWAP, "a swap is played at the end of the main line only")
        ply = self.viewed
        line = None if canonical == SWAP else variations.follow(self.record, self.line, ply,
                                                                   canonical)
        if line is not None:  # a line plays it here already (after an undo, at its end)
            self._set_line(line)
            self.view(ply + 1)
            return Played(canonical, side or "", (), self.shown.outcome(), followed=True)
        self.record.move_lines.clear()  # file line numbers mean nothing once moves change
        started = None
        if canonical == SWAP:
            self.states[-1] = state
            self._rotate(1)
            self.record.swapped = True
        elif self.at_end:
            variations.own_moves(self.record, self.line).append(canonical)
            self.states.append(state)
        else:
            if ply < records.swap_ply(self.record) and self.record.swapped:
                raise MoveError(canonical, "the game was swapped after its first move: a "
                                           "variation can start from the second move on")
            started = variations.branch(self.record, self.line, ply, canonical)
            self.line = started
            del self.states[ply + 1:]
            self.states.append(state)
        forced = self._play_forced_passes()
        self.viewed = self.ply
        self.modified = True
        return Played(canonical, side or "", tuple(forced), self.current.outcome(), started)

    def _play_forced_passes(self) -> list[str]:
        passed: list[str] = []
        state = self.current
        # Everyone passing ends every game; the bound only guards against an engine that
        # forgets to say so.
        while len(passed) < len(self.sides) and state.pass_forced():
            side = state.to_move
            assert side is not None  # a pass is forced only on a side to move
            state = state.copy()
            state.play(PASS)
            variations.own_moves(self.record, self.line).append(PASS)
            self.states.append(state)
            passed.append(side)
        return passed

    def _set_line(self, line: int) -> None:
        """Makes `line` the line on screen, replaying its positions from where it parts
        from the one shown until now (the earlier ones are the same)."""
        shown = self.moves
        self.line = line
        self._line_changed(shown)

    def _line_changed(self, shown: list[str]) -> None:
        """After the line on screen changed (`states` are still the positions of `shown`),
        keeps the positions the new line shares with `shown` and replays the rest; the ply
        on screen stays if the line still has it."""
        moves = self.moves
        common = 0
        while common < min(len(moves), len(shown)) and moves[common] == shown[common]:
            common += 1
        del self.states[common + 1:]
        for ply in range(common, len(moves)):
            state = self.states[-1].copy()
            state.play(moves[ply])
            if ply + 1 == records.swap_ply(self.record) and self.record.swapped:
                state.play(SWAP)
            self.states.append(state)
        self.viewed = min(self.viewed, self.ply)

    def _unswap(self) -> None:
        self._rotate(-1)
        self.record.swapped = False
        at = records.swap_ply(self.record)
        if self.ply >= at:  # rebuild the position where the swap was, without it
            self.states[at] = records.final_state(self.record, at).copy()

    def _rotate(self, steps: int) -> None:
        """Rotates the people (names and colours) over the seats, as pbmserv's swap does."""
        players = self.record.players
        self.record.players = players[steps:] + players[:steps]
        self.colours = self.colours[steps:] + self.colours[:steps]


def _from_hex(text: str) -> Colour:
    """'#b43c32' -> (180, 60, 50)."""
    return (int(text[1:3], 16), int(text[3:5], 16), int(text[5:7], 16))
