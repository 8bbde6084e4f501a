"""The protocol every Megalith game engine follows.

A game is a mutable state that replays canonical move text. `play(text)` either applies the
move and returns its canonical form, or raises `MoveError` and leaves the state exactly as it
was. Everything generic to pbmserv games (pass, resign, swap, whose turn it is, the list of
moves) lives in `GameState`; a game module implements the board moves and the board's result.

Conventions (docs/rules/common.md):
- canonical text is lower case, except `Resign`;
- a pass is `--` (`pass` is accepted); it is legal when the game allows passing, when the
  player has resigned, or when the player has no other legal move;
- `swap` is legal only as the second move of a two-player game that offers it; it is not a
  move of the record (the file rotates its players and writes `(swapped 1)`), so it does not
  change whose turn it is: the colours stay, the people exchange them;
- whose turn it is follows from the number of moves alone (counted from `first_seat`, the
  seat a position set up by hand starts from: `set_up`, docs/record-format.md).

Writing a game (tests/rules/toy_game.py is the smallest, docs/architecture.md says where it
plugs in): subclass `GameState`, name it (`game = "toy"`), and call
`super().__init__(options=..., turn_order=...)` from its `__init__`. Four methods are a game's
own and MUST be written; every other has a default that is right for any game, and a game
MAY override it to be faster or to make the search play better:

| method                                | must or may        | the default                     |
|---------------------------------------|--------------------|---------------------------------|
| `_board_moves()`                      | must               | none: the board moves           |
| `_play_board_move(text)`              | must               | none: play one, or MoveError    |
| `_board_outcome()`                    | must               | none: the board's result        |
| `render()`                            | must               | none: the position as text      |
| `copy()`                              | may, for speed     | deep, but `shared_fields`       |
| `outcome()`, `_over()`                | may, for speed     | resignations, passes, the board |
| `_board_over()`                       | may, for speed     | `_board_outcome().over`         |
| `board_moves_exist()`                 | may, for speed     | `bool(_board_moves())`          |
| `search_outcome()` *                  | may, for speed     | `outcome()`                     |
| `random_move(rng)` *                  | may, for speed     | uniform over `legal_moves()`    |
| `run_playout(rng, plies, trail)` *    | may, for speed     | `playout_move`s played in turn  |
| `moves_that_may_win(moves)` *         | may, for speed     | all of `moves`                  |
| `playout_move(rng)` *                 | may, for strength  | `random_move(rng)`              |
| `playout_horizon()` *                 | may, for strength  | None: the search's own cap      |
| `playout_scores()` *                  | may, for strength  | the outcome's scores, if any    |
| `move_key(move)` *                    | may, for strength  | the move's text                 |
| `_scores()`                           | may, for the rules | None: a game without points     |
| `longest_game()`                      | may, for the rules | None: no bound on the moves     |
| `move_cells(move)`, `move_kind(move)` | may, for the views | no cells; "place" for one cell  |

* The search's hooks (rules/ai; docs/computer.md says what each game does with them).
An override for speed must answer exactly as its default does, drawing the same random
numbers where it draws any, so that a search's results for a seed stay the same
(tests/rules/test_conformance.py, tests/rules/ai/test_fast_playouts.py and
test_moves_that_may_win.py hold every game to it). An override for strength changes how the
search plays, and is measured (docs/computer.md). The class settings (`voluntary_pass`,
`offers_swap`, `captures`, `positions_can_repeat`, `side_names`, `shared_fields`) say the
rest; the other methods are the protocol's own.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Mapping
from copy import deepcopy
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar, Literal

from megalith.rules.text import SHOWN_LENGTH, shown

if TYPE_CHECKING:
    from typing_extensions import Self  # typing.Self from Python 3.11 on; only mypy reads it

Status = Literal["ongoing", "win", "draw"]
StoneKind = Literal["sarsen", "lintel", "cube"]
OptionKind = Literal["flag", "int"]
# How a player points at a move (GameState.move_kind): "place" one cell; "lintel" its two
# ends; "pair" two placements, the first held until the second cell (Drogo's `c3,c4`);
# "place_and_step" a placement held until the figure's step completes it (Druid's Walk's
# `c3,c4`); "step" the figure, then where it goes (`n`); "" a move made without pointing.
MoveKind = Literal["place", "lintel", "pair", "place_and_step", "step", ""]

PASS = "--"
RESIGN = "Resign"
SWAP = "swap"
# No move of any game is longer; a longer text is refused before an engine reads it, so the
# engines' reasons, which quote the move, stay short.
MAX_MOVE_LENGTH = SHOWN_LENGTH


class MegalithError(ValueError):
    """Something the rules refuse, with a message for people: an illegal move (`MoveError`),
    impossible challenge options (`OptionError`), a game the registry does not know
    (`registry.UnknownGameError`) or a record that cannot be read or replayed
    (`record.RecordError`). Each is a ValueError, as the rules were given a value they cannot
    take, and every handler that caught them as one still does."""


class MoveError(MegalithError):
    """An illegal or malformed move; the state it was offered to has not changed."""

    def __init__(self, move: str, reason: str) -> None:
        self.move = shown(move)  # for messages: cut short, control characters escaped
        self.reason = reason
        super().__init__(f"{self.move}: {reason}" if move else reason)


class OptionError(MegalithError):
    """Unknown, malformed or impossible challenge options, or a wrong number of players."""


class SetupError(MegalithError):
    """A position set up by hand that the game's rules cannot hold (a lintel resting on
    nothing, a Druid off the board), or a game that cannot be set up."""


@dataclass(frozen=True)
class Piece:
    """One piece of a position set up by hand (`Setup`), in the game's own notation:
    `kind` is "sarsen", "lintel" or "druid" (Druid), "cube" (Drogo) or "stone" (Quadrant Y);
    `where` a cell (`c3`) or a lintel's two ends (`c3-c5`); `level` 1 on the ground; `target`
    the board side a Druid's Walk figure walks to."""

    kind: str
    side: str
    where: str
    level: int = 1
    target: str = ""


@dataclass(frozen=True)
class Setup:
    """A position set up by hand: its pieces, the side to move, whether the swap is open.
    A record holding one starts from it (docs/record-format.md, `(setup`)."""

    to_move: str
    swap_open: bool = False
    pieces: tuple[Piece, ...] = ()


@dataclass(frozen=True)
class SubgameResult:
    """One scored sub-game (Quadrant Y): its name and its winner's side letter, if any."""

    name: str
    winner: str | None


@dataclass(frozen=True)
class Outcome:
    """Where a game stands.

    `status` is "ongoing", "win" or "draw". `winner` is a side letter. `scores` maps side
    letters to points for games that score (Drogo heights, Quadrant Y points). `reason` is a
    sentence for people ("V connected top and bottom"). `chain` lists cells that show the
    result on the board (a winning path, the Druid's home cell), for the views to mark.
    """

    status: Status = "ongoing"
    winner: str | None = None
    scores: dict[str, int] | None = None
    subgames: tuple[SubgameResult, ...] | None = None
    reason: str = ""
    chain: tuple[str, ...] = ()

    @property
    def over(self) -> bool:
        return self.status != "ongoing"


@dataclass(frozen=True)
class Stone:
    """A piece of a stacking game as the 3D views draw it.

    `cells` holds one cell for a sarsen or a Drogo cube and three for a lintel (in line order);
    `level` is 1 for a stone on the ground; `owner` is a side letter.
    """

    cells: tuple[str, ...]
    level: int
    owner: str
    kind: StoneKind


@dataclass(frozen=True)
class OptionSpec:
    """One option of a game's pbmserv challenge command."""

    name: str  # without the dash: "size", "hex"
    kind: OptionKind
    help: str
    minimum: int | None = None
    maximum: int | None = None


@dataclass
class GameState(ABC):
    """The generic part of every game's state. Subclasses set `turn_order` in `__init__`;
    the module's docstring tables what a game must write and what it may override."""

    game: ClassVar[str]
    voluntary_pass: ClassVar[bool] = False
    offers_swap: ClassVar[bool] = False
    shared_fields: ClassVar[frozenset[str]] = frozenset()
    # Whether an earlier position can come back (only where stones leave the board, as in
    # Drogo's captures); the application looks for repeats only then.
    positions_can_repeat: ClassVar[bool] = False
    # What players call a side where that is not its letter (Trichet's `.` is Dot); the
    # record and the JSON reports keep the letters.
    side_names: ClassVar[Mapping[str, str]] = {}
    # Whether a move can capture (take stones off the board or over, as Drogo's do): only
    # then does rules.events compare the stones before and after a move.
    captures: ClassVar[bool] = False

    options: dict[str, int | bool]
    turn_order: tuple[str, ...]
    moves: list[str] = field(default_factory=list)
    swapped: bool = False
    resigned: set[str] = field(default_factory=set)
    passes_in_row: int = 0
    # Set only by `set_up` (a position set up by hand): the seat that moves first from it,
    # and after how many moves the swap is offered (1 in a game from the start; 0 in a set-up
    # position whose swap is open, -1 once it is closed).
    first_seat: int = 0
    swap_ply: int = 1
    # Whether a position can be set up by hand for this game (`set_up`, `setup_of`).
    supports_setup: ClassVar[bool] = False

    # ---- the protocol: what the rules, the search and the window call ---------------

    @property
    def sides(self) -> tuple[str, ...]:
        """Side letters in seat order (the order of the `players` entry)."""
        return self.turn_order

    def side_name(self, side: str) -> str:
        """The side as players name it in sentences: its letter unless `side_names` says."""
        return self.side_names.get(side, side)

    @property
    def ply(self) -> int:
        return len(self.moves)

    @property
    def to_move(self) -> str | None:
        """The side letter to move, or None when the game is over."""
        if self._over():
            return None
        return self.turn_order[(len(self.moves) + self.first_seat) % len(self.turn_order)]

    def seat_of_move(self, ply: int) -> int:
        """The seat (index in `turn_order`) that makes move `ply` (numbered from 1) of this
        game, whether or not it was made yet: turns go round from `first_seat`."""
        return (ply - 1 + self.first_seat) % len(self.turn_order)

    def outcome(self) -> Outcome:
        """Where the game stands: won by the one player who has not resigned, drawn when
        every player has passed in succession (where passing is voluntary), else as the
        board decides."""
        alive = [s for s in self.turn_order if s not in self.resigned]
        resigned = bool(self.resigned) and len(alive) == 1
        all_passed = self.voluntary_pass and self.passes_in_row >= len(self.turn_order)
        if not (resigned or all_passed):
            return self._board_outcome()
        subgames = self._board_outcome().subgames  # sub-games decided before the end stay so
        if resigned:
            others = "the other player" if len(self.turn_order) == 2 else "every other player"
            return Outcome("win", alive[0], self._scores(), subgames,
                           reason=f"{self.side_name(alive[0])} wins: {others} resigned")
        return Outcome("draw", None, self._scores(), subgames,
                       reason="every player passed in succession")

    def legal_moves(self) -> list[str]:
        """Every legal move in canonical text, sorted; `Resign` is always possible and not
        listed."""
        side = self.to_move
        if side is None:
            return []
        if side in self.resigned:
            return [PASS]
        moves = list(self._board_moves())
        if self.voluntary_pass or not moves:
            moves.append(PASS)
        if self._swap_legal():
            moves.append(SWAP)
        moves.sort()
        return moves

    def play(self, text: str) -> str:
        """Apply a move given in any case; return its canonical text or raise MoveError."""
        move = text.strip()
        low = move.lower()
        if not move:
            raise MoveError(text, "empty move")
        if len(move) > MAX_MOVE_LENGTH:
            raise MoveError(move, f"no move is longer than {MAX_MOVE_LENGTH} characters")
        if not move.isprintable():
            raise MoveError(move, "a move holds no control characters")
        side = self.to_move
        if side is None:
            raise MoveError(move, "the game is over")
        if low == "resign":
            self.resigned.add(side)
            self.moves.append(RESIGN)
            return RESIGN
        if low == SWAP:
            if not self._swap_legal():
                raise MoveError(move, self._swap_refusal())
            self.swapped = True
            return SWAP
        if low in ("pass", PASS):
            if not self._pass_legal(side):
                raise MoveError(move, "there is no voluntary pass in this game: you may pass "
                                      "only when you have no legal move")
            self._record(PASS, passed=True)
            return PASS
        if side in self.resigned:
            raise MoveError(move, f"{side} has resigned and can only pass (--)")
        try:
            canonical = self._play_board_move(low)
        except MoveError as exc:  # name the move as the player wrote it
            raise MoveError(move, exc.reason) from None
        self._record(canonical, passed=False)
        return canonical

    def pass_forced(self) -> bool:
        """Whether the side to move has no choice but to pass: `--` is its only legal move
        (no board move is left, or its player resigned). The engine never plays that pass by
        itself; the application plays it for them and says so."""
        side = self.to_move
        if side is None:
            return False
        if side not in self.resigned and self.board_moves_exist():
            return False
        return self.legal_moves() == [PASS]

    def person_of_seat(self, seat: int) -> int:
        """The person playing the colour at `seat` (seat order of `turn_order`; person 0 made
        the game's first move): after `swap` the two people have exchanged colours."""
        return 1 - seat if self.swapped and len(self.turn_order) == 2 else seat

    # ---- a game's own (must) --------------------------------------------------------

    @abstractmethod
    def _board_moves(self) -> list[str]:
        """Legal board moves (no pass, swap or resign) for the side to move."""

    @abstractmethod
    def _play_board_move(self, text: str) -> str:
        """Apply a lower-cased board move and return its canonical text, or raise MoveError
        with the state unchanged. Automatic effects (captures, a Druid appearing) happen here."""

    @abstractmethod
    def _board_outcome(self) -> Outcome:
        """The result decided by the board (ignoring resignations and passes). Called for
        every `to_move`, so keep it cheap: compute the result in `_play_board_move`."""

    @abstractmethod
    def render(self) -> str:
        """The position as text."""

    # ---- for speed (may): the defaults are right ------------------------------------

    def copy(self) -> Self:
        """An independent copy: a deep one, but for the constant tables named in
        `shared_fields`, which the two share. Right for any state, and slow: a search copies
        a position for every move it tries, so a game writes its own, copying only what a
        move changes."""
        shared = {id(value): value for name, value in self.__dict__.items()
                  if name in self.shared_fields}
        return deepcopy(self, shared)

    def _over(self) -> bool:
        """Whether the game has ended, as `outcome()` decides it, without building the
        Outcome (playouts ask `to_move` several times a ply)."""
        if self.resigned and len(self.turn_order) - len(self.resigned) == 1:
            return True
        if self.voluntary_pass and self.passes_in_row >= len(self.turn_order):
            return True
        return self._board_over()

    def _board_over(self) -> bool:
        """Whether the board has decided the game: `_board_outcome().over`, which a game
        may answer faster."""
        return self._board_outcome().over

    def board_moves_exist(self) -> bool:
        """Whether the side to move has a board move; games may answer faster than listing."""
        return bool(self._board_moves())

    # ---- the search's hooks (may): for speed, then for strength ---------------------

    def search_outcome(self) -> Outcome:
        """`outcome()` as a search reads it after every move it tries and every playout:
        the status, the winner, the scores and the sub-games. A game may leave out what
        only the views read (Quadrant Y does not build its winning chains here)."""
        return self.outcome()

    def random_move(self, rng: random.Random) -> str:
        """A legal move drawn uniformly from `legal_moves()` with `rng` (never `Resign`), for
        random playouts; games override it with something faster that draws the same way.
        MoveError when the game is over."""
        moves = self.legal_moves()
        if not moves:
            raise MoveError("", "the game is over")
        return moves[int(rng.random() * len(moves))]

    def run_playout(self, rng: random.Random, plies: int, trail: list[tuple[int, str]]) -> None:
        """A search's random playout, in place: up to `plies` moves of `playout_move`, fewer
        if the game ends, each appended to `trail` as (the person who made it, its
        `move_key`). A game may override this with a faster loop over its own move values
        (the search spends most of its time here), but it must draw from `rng` and play
        exactly as this one does: the search's results for a seed stay the same
        (tests/rules/ai/test_fast_playouts.py holds every game to it)."""
        players = len(self.turn_order)
        for _ in range(plies):
            if self.to_move is None:
                return
            person = self.person_of_seat((len(self.moves) + self.first_seat) % players)
            move = self.playout_move(rng)
            trail.append((person, self.move_key(move)))
            self.play(move)

    def moves_that_may_win(self, moves: list[str]) -> list[str]:
        """Those of `moves` (legal here) after which the side to move may have won the game
        at once, in their order: every one of them unless the game can rule some out cheaply.
        It must keep every move that does win (it may keep others), so a search that tries
        only these finds the same first winning move as one that tries them all, and its
        results for a seed stay the same (tests/rules/ai/test_moves_that_may_win.py)."""
        return moves

    def playout_move(self, rng: random.Random) -> str:
        """The move a search's playout makes here: `random_move`, unless a game knows a
        cheap way to make its playouts tell more (Trichet takes a win in one)."""
        return self.random_move(rng)

    def playout_horizon(self) -> int | None:
        """How many plies a search's random playout should run before `playout_scores`
        values it, for games whose random playouts tell little by their end (or never end);
        None: the search's own default (the playout runs to the end or a long cap)."""
        return None

    def playout_scores(self) -> dict[str, float] | None:
        """Points per side (higher is better) saying who is ahead in an unfinished game, for
        a search whose playout was cut short; None where the game cannot tell. By default
        the outcome's scores (Drogo's heights, Quadrant Y's points)."""
        scores = self.outcome().scores
        return None if scores is None else {side: float(v) for side, v in scores.items()}

    def move_key(self, move: str) -> str:
        """What `move` (a legal move's canonical text, read in this position) does, named the
        same way in every position where it can be made: a search that shares what it learns
        of a move between positions (RAVE) keys it by this. For most games that is the move
        text itself; the tile games number their places anew after every move."""
        return move

    # ---- for the rules and the views (may) ------------------------------------------

    def _scores(self) -> dict[str, int] | None:
        """Points per side in a game that scores them (Drogo's heights, Quadrant Y's
        points), for an outcome decided by resignation or passes; None in the others."""
        return None

    def longest_game(self) -> int | None:
        """The most moves a game from the start with these options can have, its last a
        resignation, or None where the rules set no bound (stones that stack without end,
        captures, free passes): the record reader refuses a longer record before replaying
        it (docs/record-format.md)."""
        return None

    def move_cells(self, move: str) -> tuple[str, ...]:
        """The cells a player points at, in order, to make `move` (a legal move's canonical
        text): the views turn clicks into move text with it. Pass, swap, resign: none."""
        return ()

    def move_kind(self, move: str) -> MoveKind:
        """How a player points at `move` (a legal move's canonical text), for the views'
        move builder (MoveKind): "place" (one cell), "lintel" (its two ends, in lintel
        mode), "pair" (a placement held until a second placement's cell completes it),
        "place_and_step" (a placement held until the cell its figure steps to completes
        it), "step" (a figure chosen, then where it goes), or "" for a move made without
        pointing (pass, swap, resign)."""
        return "place" if len(self.move_cells(move)) == 1 else ""

    # ---- a position set up by hand ------------------------------------------------

    def set_up(self, setup: Setup) -> None:
        """Make this new game's position `setup`, or raise SetupError with the reason the
        rules cannot hold it; a refused state is half made and must be dropped (build a new
        one for each try, as `GameInfo.set_up` does). The game places the pieces
        (`_place_setup`) and rebuilds what it derives from them; the turn, the swap and a
        game already over are judged here, alike for every game."""
        if not self.supports_setup:
            raise SetupError(f"a position of {self.game} cannot be set up by hand yet")
        if self.moves:
            raise SetupError("a position is set up before the first move only")
        if setup.to_move not in self.turn_order:
            raise SetupError(f"{setup.to_move} is not a side of this game (its sides: "
                             f"{', '.join(self.turn_order)})")
        if setup.swap_open and not (self.offers_swap and len(self.turn_order) == 2):
            raise SetupError(f"the swap cannot be open: {self._swap_refusal()}")
        self.first_seat = self.turn_order.index(setup.to_move)
        self.swap_ply = 0 if setup.swap_open else -1
        self._place_setup(setup.pieces)
        if self._board_over():
            raise SetupError(f"the game would already be over: {self._board_outcome().reason}")

    def setup_of(self) -> Setup:
        """This position as a `Setup` (to set it up again, or edit it): its pieces, the side
        to move (the first side once the game is over) and whether swap is legal now."""
        return Setup(self.to_move or self.turn_order[0], self._swap_legal(),
                     self._setup_pieces())

    def setup_kinds(self) -> tuple[str, ...]:
        """The kinds of piece a position of this game is set up with (`Piece.kind`), in the
        order a palette offers them; none for a game that cannot be set up."""
        return ()

    def _place_setup(self, pieces: tuple[Piece, ...]) -> None:
        """Put `pieces` on this new game's empty board and rebuild what the game derives from
        them, or raise SetupError: a game with `supports_setup` writes it."""
        raise SetupError(f"a position of {self.game} cannot be set up by hand yet")

    def _setup_pieces(self) -> tuple[Piece, ...]:
        """The pieces on the board, as `_place_setup` reads them."""
        raise SetupError(f"a position of {self.game} cannot be set up by hand yet")

    # ---- generic rules --------------------------------------------------------------

    def _pass_legal(self, side: str) -> bool:
        return self.voluntary_pass or side in self.resigned or not self.board_moves_exist()

    def _swap_legal(self) -> bool:
        return (self.offers_swap and len(self.turn_order) == 2
                and len(self.moves) == self.swap_ply and not self.swapped and not self.resigned)

    def _swap_refusal(self) -> str:
        if not self.offers_swap:
            return "there is no swap in this game"
        if len(self.turn_order) != 2:
            return "swap is only for two-player games"
        if self.swapped:
            return "the opening has already been swapped"
        if self.swap_ply == 0:
            return "swap is only legal as the first move from this set-up position"
        if self.swap_ply < 0:
            return "the swap was closed in this set-up position"
        return "swap is only legal as the second move"

    def _record(self, canonical: str, passed: bool) -> None:
        self.moves.append(canonical)
        if passed:
            self.passes_in_row += 1
        else:
            self.passes_in_row = 0
