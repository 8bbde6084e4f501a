"""The controller: the one place that changes the game in progress.

It owns the Session (the record and its replayed positions) and does everything a player
can do to it: play (a move at an earlier position starts a variation), undo and redo (with
the forced passes the Session plays), walk the moves, switch, promote and delete variations,
annotate, start, open, recover and save games, and keep the autosave current. It
tells the window what happened through signals, and the window only draws:
- `gameReplaced`: a different game is on the table (new, opened, recovered): rebuild the
  board view if the kind of game changed, then redraw;
- `positionChanged`: the position on screen or the record changed: redraw;
- `message(str)`: the sentence for the status bar about what just happened or why not;
- `suggested(list)`: moves to mark on the board, with their win rates.

The seats the computer plays are `computer_seats` (desktop/game/computer_seats.py): the
controller tells it when the position changes, and lets it take its turn after a move or a
new game (not after undo or walking the moves), and plays the moves it chooses.

Questions to the people (save first?) stay in the window; the controller says when one is
needed (`modified`).
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QObject, QTimer, Signal

from megalith.rules import variations
from megalith.rules.ai.levels import Level, parse_level
from megalith.rules.protocol import MoveError, OptionError
from megalith.rules.review import Drop

from megalith.desktop.game import autosave
from megalith.desktop.game.analysis import GameAnalysis
from megalith.desktop.game.computer_seats import ComputerSeats
from megalith.desktop.game.session import GameChoice, Session
from megalith.desktop.game.status_words import game_title, line_name, played_text, turn_text


class GameController(QObject):
    gameReplaced = Signal()
    positionChanged = Signal()
    message = Signal(str)
    # the best moves for the person to move, with their win rates: [(move, rate), ...]
    suggested = Signal(list)

    NOTE_AUTOSAVE_MS = 500  # a note is in the record at once, and autosaved when typing stops

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.session: Session | None = None
        self.computer_seats = ComputerSeats(lambda: self.session, self)
        self.computer_seats.chosen.connect(self._computer_chose)
        self.computer_seats.message.connect(self.message)
        self.computer_seats.suggested.connect(self.suggested)
        # "Analyse game": dropped with every change of the record or the game
        self.analysis = GameAnalysis(self)
        self._note_autosave = QTimer(self)
        self._note_autosave.setSingleShot(True)
        self._note_autosave.setInterval(self.NOTE_AUTOSAVE_MS)
        self._note_autosave.timeout.connect(self._autosave_note)

    # ---- a game on the table ------------------------------------------------------------

    def adopt(self, session: Session, message: str = "",
              computers: dict[int, Level] | None = None) -> None:
        """Puts a game on the table (its first change writes the autosave), with the seats
        the computer plays (none unless given)."""
        self.computer_seats.position_left()
        self.analysis.cancel()
        self.session = session
        self.computer_seats.seat(computers or {})
        self.gameReplaced.emit()
        if message:
            self.message.emit(message)
        self.computer_seats.take_turn()

    def new_game(self, choice: GameChoice) -> None:
        """Starts a game; OptionError or RecordError (nothing changes) if it cannot be."""
        session = Session.new(choice.game, choice.parameters, choice.players,
                              choice.colours or None)
        try:
            computers = {seat: parse_level(text) for seat, text in enumerate(choice.computers)
                         if text}
        except ValueError as exc:
            raise OptionError(str(exc)) from None
        autosave.clear()
        self.adopt(session, f"New game of {game_title(session)}. {turn_text(session)}",
                   computers)

    def opened(self, session: Session, path: Path) -> None:
        """Puts a record read from `path` (by `Session.load`) on the table."""
        autosave.clear()
        result = session.result_text()
        self.adopt(session, f"Opened {path.name}: {session.ply} moves. "
                            + (result + "." if result else turn_text(session)))

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
        """A normal end of the program: nothing to recover next time; the computer's
        worker processes end."""
        self.computer_seats.close()
        self.analysis.close()
        autosave.clear()

    # ---- playing ----------------------------------------------------------------------

    def play(self, text: str) -> bool:
        """Plays a move in the position on screen; says what happened or why not. While
        the computer thinks about its move, the people's moves are refused."""
        session = self.session
        if session is None:
            return False
        if self.computer_seats.busy_with_its_move:
            self.message.emit(f"{self.computer_seats.mover()} is thinking: wait, or use Move "
                              "now to make it play at once.")
            return False
        return self._play(text)

    def _computer_chose(self, text: str) -> None:
        """The computer's move, searched in the position on screen (at an earlier one, it
        starts a variation); a move the session refuses there (a swap off the end of the
        main line) is said, not played."""
        self._play(text, by_computer=True)

    def _play(self, text: str, by_computer: bool = False) -> bool:
        session = self.session
        assert session is not None
        try:
            played = session.play(text)
        except MoveError as exc:
            self.message.emit(f"The computer chose {exc.move or text}, which cannot be played "
                              f"here: {exc.reason}." if by_computer else
                              f"Illegal move {exc.move or text}: {exc.reason}")
            return False
        message = played_text(session, played)
        earlier = session.repeated_from()
        if earlier is not None:
            message += (f" This position repeats the one after move {earlier} "
                        "(repeats are allowed, as on pbmserv).")
        self._changed(message)
        self.computer_seats.take_turn()
        return True

    def undo(self) -> None:
        session = self.session
        if session is None or not session.can_undo():
            return
        self.computer_seats.position_left()
        session.undo()
        self._changed(f"Move taken back. {turn_text(session)}")

    def redo(self) -> None:
        session = self.session
        if session is None or not session.can_redo():
            return
        self.computer_seats.position_left()
        played = session.redo()
        if played is not None:
            self._changed(played_text(session, played))

    def set_note(self, ply: int, text: str) -> bool:
        """Annotates a position of the line on screen (the record has it at once; the
        autosave follows when typing pauses); returns whether the note changed."""
        if self.session is None or not self.session.set_note(ply, text):
            return False
        self._note_autosave.start()
        return True

    def _autosave_note(self) -> None:
        try:
            self._write_autosave()
        except OSError:
            pass  # the next change tries again; a note is not worth a message

    # ---- variations -------------------------------------------------------------------

    def switch_line(self, line: int) -> None:
        """Shows another line of the game, from where it parts from the one before."""
        session = self.session
        if session is None or line == session.line:
            return
        inner = session.line
        parted = session.parting_from(line)
        session.switch(line)
        self.computer_seats.position_left()
        self.positionChanged.emit()
        where = (f" at move {session.viewed}, where {line_name(session, inner)} parts from it"
                 if parted is not None and session.viewed == parted + 1 else "")
        self.message.emit(f"Showing {line_name(session, line)}{where}. " + (
            turn_text(session) if session.at_end else
            "Playing another move here starts a variation."))

    def promote_line(self) -> None:
        """Makes the variation on screen the main line."""
        session = self.session
        if session is None or session.line == 0:
            self.message.emit("The main line is on screen already.")
            return
        name = line_name(session, session.line)
        session.promote()
        self._changed(f"{name[0].upper()}{name[1:]} is now the main line; the moves it "
                      "replaced are a variation.")

    def delete_line(self, line: int) -> None:
        """Deletes a variation (and those that part from it)."""
        session = self.session
        if session is None or line == 0:
            self.message.emit("The main line cannot be deleted.")
            return
        name = line_name(session, line)
        session.delete_line(line)
        self._changed(f"Deleted {name}. Showing {line_name(session, session.line)}.")

    def show_drop(self, drop: Drop) -> None:
        """Shows the position a reviewed move was played in, on the line analysed, with
        the move the computer prefers marked on the board."""
        session = self.session
        if session is None:
            return
        line = self.analysed_line()
        if line is None:
            return
        session.switch(line, drop.ply - 1)
        self.show_ply(drop.ply - 1)
        rate = self.analysis.rates.get(drop.ply - 1)
        if drop.best is not None:
            self.suggested.emit([(drop.best, rate if rate is not None else drop.before)])
        self.message.emit(
            f"Move {drop.ply}: {session.who(drop.side)} played {drop.move}, chances "
            f"{drop.before:.0%} to {drop.after:.0%}. The computer prefers "
            f"{drop.best or 'nothing else'}; playing it here tries it as a variation.")

    def show_analysed_ply(self, ply: int) -> None:
        """Shows the position after `ply` moves of the line analysed (a click on the
        graph), switching to that line if another is on screen."""
        session, line = self.session, self.analysed_line()
        if session is not None and line is not None and line != session.line:
            session.switch(line, ply)
        self.show_ply(ply)

    def analysed_line(self) -> int | None:
        """The line of the record the analysis is about, if it is still one."""
        session = self.session
        if session is None or not self.analysis.moves:
            return None
        for line in range(variations.count(session.record)):
            if tuple(variations.moves_of(session.record, line)) == self.analysis.moves:
                return line
        return None

    # ---- walking the moves ------------------------------------------------------------

    def show_ply(self, ply: int) -> None:
        session = self.session
        if session is None:
            return
        session.view(ply)
        self.computer_seats.position_left()
        viewed = session.viewed
        if viewed == 0:
            where = "the start position"
        else:  # counted as the move table counts: rounds, one column per seat
            seats = len(session.sides)
            mover = session.mover_of(viewed)
            where = (f"round {(viewed - 1 + session.lead) // seats + 1}, after "
                     f"{session.side_name(mover)}'s "
                     f"{session.last_move_shown} (move {viewed} of {session.ply})")
        self.positionChanged.emit()
        self.message.emit(f"Showing {where}. " + (
            turn_text(session) if session.at_end else
            "Playing another move here starts a variation."))

    def show_previous(self) -> None:
        if self.session is not None:
            self.show_ply(self.session.viewed - 1)

    def show_next(self) -> None:
        if self.session is not None:
            self.show_ply(self.session.viewed + 1)

    def show_last(self) -> None:
        if self.session is not None:
            self.show_ply(self.session.ply)

    def title(self) -> str:
        """The game's title and options: `Druid -size=8 -walk`."""
        return game_title(self.session) if self.session is not None else "Megalith"

    # ---- analysis ---------------------------------------------------------------------

    def analyse(self) -> bool:
        """Starts searching every position of the game (the graph fills as they come)."""
        session = self.session
        if session is None or session.ply == 0:
            self.message.emit("There is nothing to analyse yet: no move has been played.")
            return False
        self.analysis.start(session.states[:session.ply + 1], session.moves)
        self.message.emit(f"Analysing {session.ply} moves in the background...")
        return True

    # ---- internals --------------------------------------------------------------------

    def _changed(self, message: str) -> None:
        """After every change to the record: autosave, redraw, say what happened. The
        analysis stays while the line it is about is still in the record."""
        self.computer_seats.position_left()
        if self.analysed_line() is None:
            self.analysis.cancel()
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

