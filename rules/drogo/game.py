"""Drogo: Go played with stacking cubes (pbmserv `drogo`), as docs/rules/drogo.md reads it.

The board is n x n and stacks are at most n high. A move places one piece (`c3`) or two pieces
that share a face: `c3,c4` (neighbouring cells, the pieces at the same level) or `c3,c3` (the
second on top of the first). The pieces of a two-piece move are placed one after the other, in
the order written, and after each one its captures happen and the suicide rule is applied; so
the order matters and `c3,c4` and `c4,c3` are two different moves. The choices made where the
rules are silent are written up in docs/rules/drogo.md.

`DrogoState` is the protocol's state, put together from parts by who reads them: the fields
(rules.drogo.position), the rules of play (placing, legality), what the search calls
(search), what the views read (views) and a position set up by hand (setup). Internally
cells are numbered as in `geometry.square_board` and sides by seat (0 = X). A move is played
on copies of the position (`_attempt`), which hand back the position after it for `play` to
install; so the move `random_move` has just tested is played without being worked out again.
"""

from __future__ import annotations

from megalith.rules.drogo import outcome as drogo_outcome
from megalith.rules.drogo.position import DEFAULT_SIZE, MAX_SIZE, MIN_SIZE
from megalith.rules.drogo.search import SearchHooks
from megalith.rules.drogo.setup import DrogoSetup
from megalith.rules.drogo.text import NO_CELL, CellMove, parse
from megalith.rules.drogo.views import Views
from megalith.rules.protocol import MoveError, OptionSpec, Outcome
from megalith.rules.registry import GameInfo, Options


class DrogoState(Views, DrogoSetup, SearchHooks):
    """A Drogo game: the protocol's moves, copies and outcome, on the parts above."""

    game = "drogo"
    voluntary_pass = False
    offers_swap = True
    positions_can_repeat = True  # captures take stones off the board
    captures = True

    def copy(self) -> DrogoState:
        """An independent copy, made for every move a search tries, so made cheaply: the
        position's lists and tuples (heights, owners, masks, pieces, scores, who can move)
        are never changed in place once installed, so the copy shares them; only the
        protocol's containers are copied."""
        clone = object.__new__(type(self))
        clone.__dict__ = self.__dict__.copy()  # much quicker than filling a new one
        clone.options = dict(self.options)
        clone.moves = list(self.moves)
        clone.resigned = set(self.resigned)
        return clone

    def play(self, text: str) -> str:
        """The protocol's `play`, with a short way for a board move in canonical text (as
        the search plays them): such a text passes every generic check on its form, so only
        whose turn it is needs asking."""
        move = self._shapes.get(text)
        if (move is None or self.resigned or self._over()
                or move[1] != NO_CELL and not self._pairs):
            return super().play(text)
        self._place(move, text)
        self._record(text, passed=False)
        return text

    def _play_board_move(self, text: str) -> str:
        move = parse(text, self._n, self._single, self._pairs)
        self._place(move, text)
        return self._text(move)

    def _place(self, move: CellMove, text: str) -> None:
        """Play `move` (written `text`) for the side to move, or raise MoveError with the
        state unchanged."""
        seat = (len(self.moves) + self.first_seat) % len(self.turn_order)  # _seat_to_move()
        kept = self._kept
        if kept is not None and kept[0] == len(self.moves) and kept[1] == text:
            # Just tested by random_move in this very position: its result stands.
            after, log = kept[2], kept[3]
        else:
            reason, after, log = self._attempt(move, seat)
            if reason is not None:
                raise MoveError(text, reason)
        self._install(after, log, seat)

    def _over(self) -> bool:
        """The protocol's `_over` without its generic tests where they cannot apply: with
        nobody resigned (and no voluntary pass in Drogo) only the board decides."""
        if self.resigned:
            return super()._over()
        return self._nobody_can_move()

    def _board_over(self) -> bool:
        return self._nobody_can_move()

    def outcome(self) -> Outcome:
        """The protocol's `outcome`: the board's, unless a resignation decides."""
        if self.resigned:
            return super().outcome()
        return self._board_outcome()

    def _board_outcome(self) -> Outcome:
        """Over when no side still in the game can move, the best score among them winning
        (worked out once per position and number of resignations); the search asks after
        every move it tries, so a game going on answers first."""
        if not self._nobody_can_move():
            return drogo_outcome.ongoing(self.turn_order, self._totals)
        key = (self._version, len(self.resigned))
        if self._outcome_cache is None or self._outcome_cache[0] != key:
            self._outcome_cache = (key, drogo_outcome.final(self.turn_order, self._totals,
                                                            self.resigned))
        return self._outcome_cache[1]


def _new(options: Options, players: int) -> DrogoState:
    return DrogoState(options, players)


INFO = GameInfo(
    name="drogo",
    title="Drogo",
    min_players=2,
    max_players=4,
    options=(
        OptionSpec("size", "int", f"the board is size x size and stacks at most size high "
                                  f"(default {DEFAULT_SIZE})", MIN_SIZE, MAX_SIZE),
        OptionSpec("single", "flag", "one piece per move"),
        OptionSpec("in_place", "flag", "captured stacks take the capturer's colour instead of "
                                       "being removed"),
        OptionSpec("easy_free", "flag", "a neighbouring stack lower than a stack is a freedom "
                                        "too, not only an empty cell"),
    ),
    factory=_new,
)
