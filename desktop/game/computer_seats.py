"""The seats the computer plays, for the controller: whose turn it takes, its searches, its
suggestions and its thinking on the people's time.

`computers` holds a level per person (by seat at the start, which a swap does not change).
A search runs in worker processes (desktop/game/computer.py) and its move comes back through
`chosen` only if the position has not changed since it began: every change of position
calls `position_left`, which takes a new token and drops the search. The computer starts by
itself when told (`take_turn`, after a move or a new game); after undo or walking the moves
the controller does not tell it, so that taking back its move does not make it play again
at once. `suggest` searches for the person to move and says the best moves.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, Signal

from megalith.rules.ai.levels import NAMED, Level, parse_level
from megalith.rules.ai.mcts import SearchResult
from megalith.rules.ai.values import person_of_seat, person_to_move

from megalith.desktop.game.computer import ComputerPlayer
from megalith.desktop.game.session import Seat, Session
from megalith.desktop.game.suggestions import shown_suggestions


class ComputerSeats(QObject):
    """The computer at the table of `session()`; it says what it does through `message`,
    plays through `chosen(move)` and offers moves through `suggested`."""

    chosen = Signal(str)  # the computer's move, for the position it was searched in
    message = Signal(str)
    # the best moves for the person to move, with their win rates: [(move, rate), ...]
    suggested = Signal(list)

    SUGGEST_SECONDS = 1.0

    def __init__(self, session: Callable[[], Session | None],
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._session = session
        self.computers: dict[int, Level] = {}  # person (seat at the start) -> level
        self.computer = ComputerPlayer(self)
        self.computer.progress.connect(self._progress)
        self.computer.finished.connect(self._finished)
        self._token = 0  # changes with every change of position
        self._suggesting = False  # whether the search under way is a suggestion
        self.think_on_your_time = False  # whether the computer thinks on the person's turn
        self.thinking: SearchResult | None = None  # the standing of the search under way
        self.suggestion: SearchResult | None = None  # the last suggestion, for its position

    def seat(self, computers: dict[int, Level]) -> None:
        """The computer's seats in a game just put on the table."""
        self.computers = dict(computers)
        if self.computers:
            self.computer.prepare()

    @property
    def busy_with_its_move(self) -> bool:
        """Whether the computer is searching for its own move (not a suggestion): the
        people's moves wait."""
        return self.computer.busy and not self._suggesting

    def level(self) -> Level | None:
        """The level of the computer whose turn it is in the position on screen, if it is a
        computer's turn at the end of the game."""
        session = self._session()
        if session is None or not session.at_end or session.shown.to_move is None:
            return None
        return self.computers.get(person_to_move(session.shown))

    def move_now(self) -> None:
        """The computer plays at once its best move so far; if it is not thinking, it
        starts on the position on screen: on its turn (after undo or walking the moves), or
        for a person, that one move (at the level of a computer seat, else medium). At an
        earlier position its move starts a variation there, as a person's would."""
        session = self._session()
        if self.busy_with_its_move:
            self.computer.move_now()
        elif session is None or session.shown.to_move is None:
            self.message.emit("There is no move to play here: the game is over.")
        else:
            self.take_turn(self.computers.get(person_to_move(session.shown))
                           or next(iter(self.computers.values()), NAMED["medium"]))

    def seats(self) -> list[Seat]:
        """Who plays each side now, in turn order."""
        session = self._session()
        if session is None:
            return []
        state = session.current
        seats = []
        for seat, side in enumerate(session.sides):
            person = person_of_seat(state, seat)
            level = self.computers.get(person)
            seats.append(Seat(side, session.name(side), person, level.name if level else "",
                              session.who(side)))
        return seats

    def set_seats(self, levels: dict[int, str]) -> None:
        """Hand seats to the computer (a level by person) or back to people, mid-game; a
        search for a seat a person now plays is dropped, and a computer whose turn it is
        now starts."""
        computers = {person: parse_level(text) for person, text in levels.items()}
        if computers == self.computers:
            return
        self.computers = computers
        if self.busy_with_its_move and self.level() is None:
            self.position_left()  # its search was for a seat a person plays now
        if computers:
            self.computer.prepare()
        named = [f"{seat.who}: "
                 + (f"computer, {seat.level}" if seat.level else "person")
                 for seat in self.seats()]
        self.message.emit("Seats: " + "; ".join(named) + ".")
        self.take_turn()

    def suggest(self) -> bool:
        """Searches the position on screen for the person to move; the status bar gets the
        best few moves with their win rates when it is done."""
        session = self._session()
        if session is None or session.shown.to_move is None:
            self.message.emit("There is no move to suggest: the game is over.")
            return False
        if self.computer.busy:
            self.message.emit(f"{self.mover()} is thinking already.")
            return False
        self._suggesting = True
        self.suggestion = None
        self.computer.start(session.shown, Level("suggest", seconds=self.SUGGEST_SECONDS),
                            self._token, seed=session.viewed)
        self.message.emit(f"Looking for a move for {session.who(session.shown.to_move)}...")
        return True

    def take_turn(self, level: Level | None = None) -> None:
        """The computer starts on its turn (or at `level` on anyone's: move now), else may
        think on the person's time."""
        level = level or self.level()
        session = self._session()
        if level is None and session is not None and self.think_on_your_time:
            self._ponder()
        if level is None or session is None or self.computer.busy:
            return
        self._suggesting = False
        self.computer.start(session.shown, level, self._token, seed=session.viewed)
        self.message.emit(f"{self.mover()} is thinking..." if session.at_end else
                          f"{self.mover()} is thinking about a variation from here...")

    def _ponder(self) -> None:
        """On a person's turn at the end of a game with a computer seat, the computer
        thinks about it (its tree kept for its own turn); any change of position stops it."""
        session = self._session()
        if (session is not None and self.computers and session.at_end
                and session.shown.to_move is not None and not self.computer.busy):
            self.computer.ponder(session.shown, seed=session.ply)

    def mover(self) -> str:
        """Who the computer is thinking for, in the status bar's words."""
        session = self._session()
        assert session is not None
        side = session.shown.to_move
        return f"{session.who(side)} (computer)" if side else "The computer"

    def position_left(self) -> None:
        """The position has changed: a search for the old one is dropped."""
        self._token += 1
        self.thinking = None
        self.suggestion = None
        self.computer.cancel()

    def close(self) -> None:
        """The worker processes end."""
        self.position_left()
        self.computer.close()

    def _progress(self, standing: SearchResult) -> None:
        if standing.win_rate is None:
            return
        self.thinking = standing
        who = "Suggestion" if self._suggesting else f"{self.mover()} thinking"
        self.message.emit(f"{who}: {standing.iterations} iterations, best {standing.move} "
                          f"({standing.win_rate:.0%} to win).")

    def _finished(self, token: int, result: SearchResult) -> None:
        self.thinking = None
        session = self._session()
        if token != self._token or session is None:
            return  # the people have left that position
        if not self._suggesting:
            self.chosen.emit(result.move)
            return
        self._suggesting = False
        self.suggestion = result
        best = shown_suggestions(session.shown, result)
        moves = ", ".join(f"{m.move} ({m.win_rate:.0%})" for m in best) or result.move
        self.suggested.emit([(m.move, m.win_rate) for m in best])
        self.message.emit(f"Suggested for {session.who(session.shown.to_move or '')}"
                          f": {moves}.")
        if self.think_on_your_time:
            self._ponder()
