"""The controller: the one place that changes the game in progress.

It owns the Session (the record and its replayed positions) and does everything a player
can do to it: play, undo and redo (with the forced passes the Session plays), walk the
moves, annotate, start, open, recover and save games, and keep the autosave current. It
tells the window what happened through signals, and the window only draws:
- `gameReplaced`: a different game is on the table (new, opened, recovered): rebuild the
  board view if the kind of game changed, then redraw;
- `positionChanged`: the position on screen or the record changed: redraw;
- `message(str)`: the sentence for the status bar about what just happened or why not.

Seats can be played by the computer (`computers`: a level per person, by seat at the start).
Its turn is searched in worker processes (desktop/computer.py) and played here when the
search ends, unless the position has changed since it began: every change of position (a
move, undo, redo, walking the moves, another game) takes a new token and drops the search.
The computer starts by itself after a move or a new game; after undo or walking the moves it
waits for `move_now`, so that taking back its move does not make it play again at once.
`suggest` searches for the person to move and says the best moves in the status bar.

Questions to the people (discard later moves? save first?) stay in the window; the
controller says when one is needed (`would_discard`, `modified`).
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QObject, Signal

from megalith.rules import registry
from megalith.rules.ai.levels import Level, parse_level
from megalith.rules.ai.mcts import SearchResult
from megalith.rules.ai.values import person_to_move
from megalith.rules.protocol import PASS, RESIGN, SWAP, MoveError, OptionError
from megalith.desktop import autosave
from megalith.desktop.analysis import GameAnalysis
from megalith.desktop.computer import ComputerPlayer
from megalith.desktop.dialogs import GameChoice
from megalith.desktop.session import Played, Session


class GameController(QObject):
    gameReplaced = Signal()
    positionChanged = Signal()
    message = Signal(str)
    # the best moves for the person to move, with their win rates: [(move, rate), ...]
    suggested = Signal(list)

    SUGGEST_SECONDS = 1.0

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.session: Session | None = None
        self.computers: dict[int, Level] = {}  # person (seat at the start) -> level
        self.computer = ComputerPlayer(self)
        self.computer.progress.connect(self._computer_progress)
        self.computer.finished.connect(self._computer_finished)
        self._token = 0  # changes with every change of position
        self._suggesting = False  # whether the search under way is a suggestion
        self.thinking: SearchResult | None = None  # the standing of the search under way
        self.suggestion: SearchResult | None = None  # the last suggestion, for its position
        # "Analyse game": dropped with every change of the record or the game
        self.analysis = GameAnalysis(self)

    # ---- a game on the table ------------------------------------------------------------

    def adopt(self, session: Session, message: str = "",
              computers: dict[int, Level] | None = None) -> None:
        """Puts a game on the table (its first change writes the autosave), with the seats
        the computer plays (none unless given)."""
        self._position_left()
        self.analysis.cancel()
        self.session = session
        self.computers = dict(computers or {})
        if self.computers:
            self.computer.prepare()
        self.gameReplaced.emit()
        if message:
            self.message.emit(message)
        self._computer_turn()

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
        self.adopt(session, f"New game of {self._title(session)}. {self.turn_text(session)}",
                   computers)

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
        """A normal end of the program: nothing to recover next time; the computer's
        worker processes end."""
        self._position_left()
        self.computer.close()
        self.analysis.close()
        autosave.clear()

    # ---- playing ----------------------------------------------------------------------

    @property
    def would_discard(self) -> bool:
        """Whether a move played now throws away later moves (the window asks first)."""
        return self.session is not None and self.session.would_discard

    def play(self, text: str) -> bool:
        """Plays a move in the position on screen; says what happened or why not. While
        the computer thinks about its move, the people's moves are refused."""
        session = self.session
        if session is None:
            return False
        if self.computer.busy and not self._suggesting:
            self.message.emit(f"{self._mover()} is thinking: wait, or use Move now to make "
                              "it play at once.")
            return False
        return self._play(text)

    def _play(self, text: str) -> bool:
        session = self.session
        assert session is not None
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
        self._computer_turn()
        return True

    def undo(self) -> None:
        if self.session is None or not self.session.can_undo():
            return
        self._position_left()
        self.session.undo()
        self._changed(f"Move taken back. {self.turn_text()}")

    def redo(self) -> None:
        if self.session is None or not self.session.can_redo():
            return
        self._position_left()
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
        self._position_left()
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

    # ---- the computer -------------------------------------------------------------------

    def computer_level(self) -> Level | None:
        """The level of the computer whose turn it is in the position on screen, if it is a
        computer's turn at the end of the game."""
        session = self.session
        if session is None or not session.at_end or session.shown.to_move is None:
            return None
        return self.computers.get(person_to_move(session.shown))

    def move_now(self) -> None:
        """The computer plays at once its best move so far; if it is its turn and it is not
        thinking (after undo or walking the moves), it starts."""
        if self.computer.busy and not self._suggesting:
            self.computer.move_now()
        elif self.computer_level() is not None:
            self._computer_turn()
        else:
            self.message.emit("It is not the computer's turn.")

    def suggest(self) -> bool:
        """Searches the position on screen for the person to move; the status bar gets the
        best few moves with their win rates when it is done."""
        session = self.session
        if session is None or session.shown.to_move is None:
            self.message.emit("There is no move to suggest: the game is over.")
            return False
        if self.computer.busy:
            self.message.emit(f"{self._mover()} is thinking already.")
            return False
        self._suggesting = True
        self.suggestion = None
        self.computer.start(session.shown, Level("suggest", seconds=self.SUGGEST_SECONDS),
                            self._token, seed=session.viewed)
        self.message.emit(f"Looking for a move for {session.who(session.shown.to_move)}...")
        return True

    def analyse(self) -> bool:
        """Starts searching every position of the game (the graph fills as they come)."""
        session = self.session
        if session is None or session.ply == 0:
            self.message.emit("There is nothing to analyse yet: no move has been played.")
            return False
        self.analysis.start(session.states[:session.ply + 1])
        self.message.emit(f"Analysing {session.ply} moves in the background...")
        return True

    def _computer_turn(self) -> None:
        level = self.computer_level()
        session = self.session
        if level is None or session is None or self.computer.busy:
            return
        self._suggesting = False
        self.computer.start(session.shown, level, self._token, seed=session.ply)
        self.message.emit(f"{self._mover()} is thinking...")

    def _mover(self) -> str:
        session = self.session
        assert session is not None
        side = session.shown.to_move
        return f"{session.who(side)} (computer)" if side else "The computer"

    def _position_left(self) -> None:
        """The position has changed: a search for the old one is dropped."""
        self._token += 1
        self.thinking = None
        self.suggestion = None
        self.computer.cancel()

    def _computer_progress(self, standing: SearchResult) -> None:
        if standing.win_rate is None:
            return
        self.thinking = standing
        who = "Suggestion" if self._suggesting else f"{self._mover()} thinking"
        self.message.emit(f"{who}: {standing.iterations} iterations, best {standing.move} "
                          f"({standing.win_rate:.0%} to win).")

    def _computer_finished(self, token: int, result: SearchResult) -> None:
        self.thinking = None
        if token != self._token or self.session is None:
            return  # the people have left that position
        if self._suggesting:
            self._suggesting = False
            self.suggestion = result
            best = result.moves[:3]
            moves = ", ".join(f"{m.move} ({m.win_rate:.0%})" for m in best) or result.move
            self.suggested.emit([(m.move, m.win_rate) for m in best])
            self.message.emit(f"Suggested for {self.session.who(self.session.shown.to_move or '')}"
                              f": {moves}.")
            return
        self._play(result.move)

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
        self._position_left()
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

