"""The controller: the one place that changes the game in progress.

It owns the Session (the record and its replayed positions) and does everything a player
can do to it: play, undo and redo (with the forced passes the Session plays), walk the
moves, annotate, start, open, recover and save games, and keep the autosave current. It
tells the window what happened through signals, and the window only draws:
- `gameReplaced`: a different game is on the table (new, opened, recovered): rebuild the
  board view if the kind of game changed, then redraw;
- `positionChanged`: the position on screen or the record changed: redraw;
- `message(str)`: the sentence for the status bar about what just happened or why not.

Questions to the people (discard later moves? save first?) stay in the window; the
controller says when one is needed (`would_discard`, `modified`).
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QObject, Signal

from rules import registry
from rules.protocol import PASS, RESIGN, SWAP, MoveError, OptionError
from desktop import autosave
from desktop.dialogs import GameChoice
from desktop.session import Played, Session


class GameController(QObject):
    gameReplaced = Signal()
    positionChanged = Signal()
    message = Signal(str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.session: Session | None = None

    # ---- a game on the table ------------------------------------------------------------

    def adopt(self, session: Session, message: str = "") -> None:
        """Puts a game on the table (its first change writes the autosave)."""
        self.session = session
        self.gameReplaced.emit()
        if message:
            self.message.emit(message)

    def new_game(self, choice: GameChoice) -> None:
        """Starts a game; OptionError or RecordError (nothing changes) if it cannot be."""
        session = Session.new(choice.game, choice.parameters, choice.players,
                              choice.colours or None)
        autosave.clear()
        self.adopt(session, f"New game of {self._title(session)}. {self.turn_text(session)}")

    def opened(self, session: Session, path: Path) -> None:
        """Puts a record read from `path` (by `Session.load`) on the table."""
        autosave.clear()
        result = session.result_text()
        self.adopt(session, f"Opened {path.name}: {session.ply} moves. "
                            + (result + "." if result else self.turn_text(session)))

    def recover(self, found: autosave.Found) -> None:
        """Continues the game an earlier run left in its autosave."""
        assert found.session is not None
        self.adopt(found.session, "Recovered the autosaved game.")
        self._autosave()  # now this run's own autosave
        found.discard()

    def save(self, path: Path) -> None:
        """Writes the record (OSError if it cannot be)."""
        assert self.session is not None
        self.session.save(path)
        self._autosave()
        self.positionChanged.emit()
        self.message.emit(f"Saved {path.name}.")

    def close(self) -> None:
        """A normal end of the program: nothing to recover next time."""
        autosave.clear()

    # ---- playing ----------------------------------------------------------------------

    @property
    def would_discard(self) -> bool:
        """Whether a move played now throws away later moves (the window asks first)."""
        return self.session is not None and self.session.would_discard

    def play(self, text: str) -> bool:
        """Plays a move in the position on screen; says what happened or why not."""
        session = self.session
        if session is None:
            return False
        try:
            played = session.play(text)
        except MoveError as exc:
            self.message.emit(f"Illegal move {exc.move or text}: {exc.reason}")
            return False
        message = self.played_text(played)
        earlier = session.repeated_from()
        if earlier is not None:
            message += (f" This position repeats the one after move {earlier} "
                        "(repeats are allowed, as on pbmserv).")
        self._changed(message)
        return True

    def undo(self) -> None:
        if self.session is None or not self.session.can_undo():
            return
        self.session.undo()
        self._changed(f"Move taken back. {self.turn_text()}")

    def redo(self) -> None:
        if self.session is None or not self.session.can_redo():
            return
        played = self.session.redo()
        if played is not None:
            self._changed(self.played_text(played))

    def set_note(self, ply: int, text: str) -> bool:
        """Annotates a position; returns whether the note changed."""
        if self.session is None or not self.session.set_note(ply, text):
            return False
        try:
            self._write_autosave()
        except OSError:
            pass  # the next move tries again; a note is not worth a message
        return True

    # ---- walking the moves ------------------------------------------------------------

    def show_ply(self, ply: int) -> None:
        session = self.session
        if session is None:
            return
        session.view(ply)
        viewed = session.viewed
        if viewed == 0:
            where = "the start position"
        else:  # counted as the move table counts: rounds, one column per seat
            seats = len(session.sides)
            mover = session.sides[(viewed - 1) % seats]
            where = (f"round {(viewed - 1) // seats + 1}, after {mover}'s "
                     f"{session.last_move_shown} (move {viewed} of {session.ply})")
        self.positionChanged.emit()
        self.message.emit(f"Showing {where}. " + (
            self.turn_text() if session.at_end else "Playing here discards the later moves."))

    def show_previous(self) -> None:
        if self.session is not None:
            self.show_ply(self.session.viewed - 1)

    def show_next(self) -> None:
        if self.session is not None:
            self.show_ply(self.session.viewed + 1)

    def show_last(self) -> None:
        if self.session is not None:
            self.show_ply(self.session.ply)

    # ---- words ------------------------------------------------------------------------

    def title(self) -> str:
        """The game's title and options: `Druid -size=8 -walk`."""
        return self._title(self.session) if self.session is not None else "Megalith"

    def turn_text(self, session: Session | None = None) -> str:
        session = session or self.session
        if session is None:
            return ""
        side = session.shown.to_move
        return f"{session.who(side)} to move." if side else ""

    def played_text(self, played: Played) -> str:
        """What a move did, in a sentence or three, for the status bar."""
        session = self.session
        assert session is not None
        if played.move == SWAP:
            first = session.sides[0]  # the swapper now owns the first player's stones
            parts = [f"{session.name(first)} swapped and now plays {first}."]
        elif played.move == RESIGN:
            parts = [f"{session.who(played.side)} resigned."]
        elif played.move == PASS:
            parts = [f"{session.who(played.side)} passed."]
        else:
            parts = [f"{session.who(played.side)} played {played.move}."]
        parts += [f"{session.who(side)} has no legal move and passes." for side in
                  played.forced_passes]
        if played.outcome.over:
            parts.append(session.result_text(played.outcome) + ".")
        else:
            parts.append(self.turn_text())
        return " ".join(parts)

    # ---- internals --------------------------------------------------------------------

    @staticmethod
    def _title(session: Session) -> str:
        try:
            title = registry.get(session.game).title
        except OptionError:
            title = session.game
        return " ".join([title, *session.record.parameters])

    def _changed(self, message: str) -> None:
        """After every change to the record: autosave, redraw, say what happened."""
        try:
            self._write_autosave()
        except OSError as exc:
            message += f" (The autosave failed: {exc.strerror or exc}.)"
        self.positionChanged.emit()
        self.message.emit(message)

    def _autosave(self) -> None:
        try:
            self._write_autosave()
        except OSError as exc:
            self.message.emit(f"The autosave failed: {exc.strerror or exc}.")

    def _write_autosave(self) -> None:
        if self.session is not None:
            autosave.write(self.session)

