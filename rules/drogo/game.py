"""Drogo: Go played with stacking cubes (pbmserv `drogo`), as docs/rules/drogo.md reads it.

The board is n x n and stacks are at most n high. A move places one piece (`c3`) or two pieces
that share a face: `c3,c4` (neighbouring cells, the pieces at the same level) or `c3,c3` (the
second on top of the first). The pieces of a two-piece move are placed one after the other, in
the order written, and after each one its captures happen and the suicide rule is applied; so
the order matters and `c3,c4` and `c4,c3` are two different moves. The choices made where the
rules are silent are written up in docs/rules/drogo.md.

Internally cells are numbered as in `geometry.square_board` and sides by seat (0 = X). The
position is two flat lists, `_height` and `_owner` (owner of the top piece, -1 for an empty
cell), mirrored in bit sets for fast group floods. A move is played on copies of them
(`_attempt`), which hand back the position after it for `play` to install; so the move
`random_move` has just tested is played without being worked out again. Lists once installed
are never changed in place, so states and tested moves may share them, and so may copies of a
state (a search copies one for every move it tries). The legal-move list is worked out for the
whole board at once on byte planes (rules.drogo.moves), which leave only a few shapes to group
floods or to `_attempt`. The pieces of each stack (for the 3D views), the scores and who can
move are only brought up to date by moves that are really played (`_install`). A search's random
playouts run in `run_playout`, which plays as the protocol's generic loop does on the engine's
own move values.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from functools import lru_cache

from megalith.rules.drogo import endings as drogo_endings
from megalith.rules.drogo import moves as drogo_moves
from megalith.rules.drogo.bits import bit_layout, neighbours_of
from megalith.rules.drogo.text import (NO_CELL, CellMove, move_space, move_texts,
                                       shapes_by_text, text_of)
from megalith.rules.geometry import Board, square_board
from megalith.rules.protocol import (PASS, SWAP, GameState, MoveError, MoveKind, OptionError,
                                     OptionSpec, Outcome, Stone)
from megalith.rules.registry import GameInfo, Options

SIDE_LETTERS = ("X", "O", "Y", "Z")
DEFAULT_SIZE = 6
MIN_SIZE = 3
MAX_SIZE = 19

PLACED, CAPTURED = 0, 1  # kinds of log entries

# A log entry, one per change to a stack: (cell, height before, owner before, PLACED or
# CAPTURED). _install brings the pieces and scores up to date from them.
LogEntry = tuple[int, int, int, int]
# A position: heights, owners, each side's bit set of owned cells, empty cells, full cells.
Position = tuple[list[int], list[int], list[int], int, int]
# A move drawn by _draw: its index in the move space, the position after it, its log.
Drawn = tuple[int, Position, list[LogEntry]]
# A move tested by random_move, kept for play: (len(moves) then, its text, the position after
# it, its log).
Kept = tuple[int, str, Position, list[LogEntry]]


class DrogoState(GameState):
    game = "drogo"
    voluntary_pass = False
    offers_swap = True
    positions_can_repeat = True  # captures take stones off the board
    captures = True

    def __init__(self, options: Options, players: int) -> None:
        size = int(options.get("size", DEFAULT_SIZE))
        if not MIN_SIZE <= size <= MAX_SIZE:
            raise OptionError(f"-size={size} is out of range ({MIN_SIZE} to {MAX_SIZE})")
        if not 2 <= players <= 4:
            raise OptionError(f"drogo is for 2 to 4 players, not {players}")
        super().__init__(options=dict(options), turn_order=SIDE_LETTERS[:players])
        self._n = size
        self._single = bool(options.get("single", False))
        self._in_place = bool(options.get("in_place", False))
        self._easy_free = bool(options.get("easy_free", False))
        board = square_board(size)
        self._names = board.names
        self._nbrs = board.neighbours
        cells = len(board)
        self._height = [0] * cells
        self._owner = [-1] * cells
        # The seats of each stack's pieces, bottom up (for the 3D views). Like the position's
        # lists, never changed in place once installed (_install makes a new one).
        self._pieces: list[tuple[int, ...]] = [()] * cells
        # The same position as bit sets (rules.drogo.bits): the cells each side owns, the
        # empty cells and the full ones. Group floods run on them.
        layout = bit_layout(size)
        self._bits, self._cell_at, self._shift = layout.bits, layout.cell_at, layout.shift
        self._near = layout.near
        self._masks = [0] * players
        self._empty = layout.board
        self._full = 0
        self._space = move_space(size)
        self._space_texts = move_texts(size)
        self._shapes = shapes_by_text(size)
        # Whether a move may be two pieces: never with -single, nor as the opening move (the
        # first piece on the empty board). Set by the first board move played.
        self._pairs = False
        # Whether each side has a board move in the current position: settled by _install when
        # cheap tests tell, else worked out when first asked (None: not yet); _seat_can_move.
        # A tuple, never changed in place (copies share it).
        self._all_can_move: tuple[bool | None, ...] = (True,) * players
        self._can_move: tuple[bool | None, ...] = self._all_can_move
        # Whether no side can move, worked out for the position of board move _stuck_version
        # (kept only while nobody has resigned); see _nobody_can_move.
        self._stuck_version = -1
        self._stuck = False
        self._totals = (0,) * players  # each side's score (a new tuple for every move)
        self._version = 0  # counts the board moves played, to key the outcome caches
        self._outcome_cache: tuple[tuple[int, int], Outcome] | None = None
        self._kept: Kept | None = None

    # ---- what the views and the CLI read ---------------------------------------------

    @property
    def board(self) -> Board:
        return square_board(self._n)

    @property
    def size(self) -> int:
        return self._n

    def height(self, name: str) -> int:
        return self._height[self._cell(name)]

    def owner(self, name: str) -> str | None:
        seat = self._owner[self._cell(name)]
        return None if seat < 0 else self.turn_order[seat]

    def goal_sides(self) -> dict[str, list[tuple[str, ...]]]:
        """None: Drogo has no sides to connect (StackedPosition)."""
        return {}

    def stones(self) -> list[Stone]:
        """One cube per piece, bottom up, with the colour of that piece (a stack built over an
        enemy piece keeps it underneath; -in_place captures recolour whole stacks)."""
        return [Stone((self._names[cell],), level + 1, self.turn_order[seat], "cube")
                for cell, stack in enumerate(self._pieces)
                for level, seat in enumerate(stack)]

    def move_cells(self, move: str) -> tuple[str, ...]:
        low = move.strip().lower()
        if low in (PASS, "pass", SWAP, "resign"):
            return ()
        return tuple(part.strip() for part in low.split(","))

    def placed_pieces(self, move: str) -> tuple[tuple[str, ...], ...]:
        """One piece per cell named, in order (`c3,c3` stacks two on c3)."""
        cells = self.move_cells(move)
        if not all(self.board.cell(c) is not None for c in cells):
            return ()
        return tuple((c,) for c in cells)

    def move_kind(self, move: str) -> MoveKind:
        cells = self.move_cells(move)
        return "" if not cells else "place" if len(cells) == 1 else "pair"

    def _scores(self) -> dict[str, int]:
        return dict(zip(self.turn_order, self._totals))

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

    # ---- the protocol ---------------------------------------------------------------

    def _board_moves(self) -> list[str]:
        """Every legal board move. Without -easy_free nearly all are settled for the whole
        board at once (rules.drogo.moves); only the doubtful ones are tried on copies of the
        position. With -easy_free every candidate shape is tried."""
        seat = self._seat_to_move()
        if self._easy_free:
            return [self._text(move) for move in self._candidates(seat)
                    if self._refusal(move, seat) is None]
        return self._quick_moves(seat)

    def _quick_moves(self, seat: int) -> list[str]:
        """The legal board moves of `seat` without -easy_free, by rules.drogo.moves."""
        # `a,b` and `b,a` on a two-cell eye fill the same cells and are legal together:
        # settled once.
        eyes: dict[CellMove, bool] = {}

        def legal(move: CellMove) -> bool:
            first, second = move
            if second == NO_CELL or self._height[first] or self._height[second]:
                return self._open_shape_legal(move, seat)
            known = eyes.get((second, first))
            if known is None:
                known = eyes[move] = self._open_shape_legal(move, seat)
            return known

        return drogo_moves.quick_moves(
            drogo_moves.layout(self._n), self._height, self._masks[seat],
            self._pairs, not self._in_place,
            len(self.turn_order) == 2, legal)

    def _open_shape_legal(self, move: CellMove, seat: int) -> bool:
        """Whether a move shape that rules.drogo.moves leaves open is legal for `seat`
        (without -easy_free). With captures that remove stacks, the four kinds it leaves
        open are settled by a few group floods (the cases are argued in rules.drogo.moves);
        with -in_place, and where a flood cannot tell, the move is tried on copies.

        - `c` alone on an empty cell with no empty neighbour: legal if a group of the mover
          next to it has a freedom other than `c`, or an enemy group next to it has none
          (it is captured and leaves `c` an empty neighbour).
        - `a,b` both empty, neither with an empty neighbour but the other: the same with
          `a` and `b` together in place of `c` (a group that has only `a` and `b` is
          captured by the first piece or the second).
        - `a,b` with `a` empty and `b` an enemy stack: legal only if the first piece captures
          `b`; then, if `b`'s group had more stacks, `b` has an empty neighbour; if not, tried.
        - `a,b` at one level on enemy stacks: legal unless the first piece, splitting the
          group it lands on, captures `b`.
        """
        first, second = move
        if self._in_place:
            return self._refusal(move, seat) is None
        height, owner, masks, bits = self._height, self._owner, self._masks, self._bits
        empty = self._empty
        if second == NO_CELL:
            return self._fills_eye(bits[first], (first,), seat)
        if height[first] == height[second] == 0:
            return self._fills_eye(bits[first] | bits[second], (first, second), seat)
        enemy = owner[second]
        if height[first] == 0:
            dead = self._dead_group(second, masks[enemy], empty ^ bits[first])
            if not dead:
                return False
            if dead & (dead - 1):
                return True
            return self._refusal(move, seat) is None
        if owner[first] != enemy:
            return True
        return not self._dead_group(second, masks[enemy] ^ bits[first], empty)

    def _fills_eye(self, filled: int, cells: tuple[int, ...], seat: int) -> bool:
        """Whether pieces of `seat` on the empty `cells` (bit set `filled`), whose empty
        neighbours are only each other, leave their group a freedom: a neighbouring group of
        the mover keeps a freedom elsewhere, or a neighbouring enemy group has none left and
        is removed."""
        owner, masks = self._owner, self._masks
        empty = self._empty & ~filled
        for cell in cells:
            for other in self._nbrs[cell]:
                top = owner[other]
                if top < 0:
                    continue
                dead = self._dead_group(other, masks[top], empty)
                if (top == seat) != bool(dead):
                    return True
        return False

    def moves_that_may_win(self, moves: list[str]) -> list[str]:
        """The moves after which the game may be over (a move wins at once only if it ends
        the game): the rest leave some side a sure board move (rules.drogo.endings argues
        which, for every variant). Where captures remove stacks (without -easy_free) no
        move ends the game; otherwise, in nearly every position, two empty neighbours far
        from each other, or three stacks of the mover's that are not full, rule out every
        move at once. Resignations change nothing here: the side that makes a board move
        is still in the game, and one that has resigned only passes."""
        if self._over():
            return []  # no move is legal
        seat = self._seat_to_move()
        return drogo_endings.may_end(
            moves, drogo_endings.footprints(self._n), self._empty, self._shift,
            self._masks[seat] & ~self._full, self._height, self._n, self._in_place,
            self._easy_free)

    def board_moves_exist(self) -> bool:
        return self._seat_can_move(self._seat_to_move())

    def _board_over(self) -> bool:
        return self._nobody_can_move()

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

    def _over(self) -> bool:
        """The protocol's `_over` without its generic tests where they cannot apply: with
        nobody resigned (and no voluntary pass in Drogo) only the board decides."""
        if self.resigned:
            return super()._over()
        return self._nobody_can_move()

    def outcome(self) -> Outcome:
        """The protocol's `outcome`: the board's, unless a resignation decides."""
        if self.resigned:
            return super().outcome()
        return self._board_outcome()

    def _play_board_move(self, text: str) -> str:
        move = self._parse(text)
        self._place(move, text)
        return self._text(move)

    def _place(self, move: CellMove, text: str) -> None:
        """Play `move` (written `text`) for the side to move, or raise MoveError with the
        state unchanged."""
        seat = len(self.moves) % len(self.turn_order)  # _seat_to_move(), without a call
        kept = self._kept
        if kept is not None and kept[0] == len(self.moves) and kept[1] == text:
            # Just tested by random_move in this very position: its result stands.
            after, log = kept[2], kept[3]
        else:
            reason, after, log = self._attempt(move, seat)
            if reason is not None:
                raise MoveError(text, reason)
        self._install(after, log, seat)

    def _board_outcome(self) -> Outcome:
        """Over when no side still in the game can move, the best score among them winning
        (worked out once per position and number of resignations); the search asks after
        every move it tries, so a game going on answers first."""
        if not self._nobody_can_move():
            return _ongoing(self.turn_order, self._totals)
        key = (self._version, len(self.resigned))
        if self._outcome_cache is None or self._outcome_cache[0] != key:
            self._outcome_cache = (key, self._final_outcome())
        return self._outcome_cache[1]

    def _final_outcome(self) -> Outcome:
        """The outcome of a game where no side still in the game can move."""
        scores = self._scores()
        alive = [seat for seat, side in enumerate(self.turn_order) if side not in self.resigned]
        best = max(self._totals[seat] for seat in alive)
        leaders = [self.turn_order[seat] for seat in alive if self._totals[seat] == best]
        reason = "no player can move: " + ", ".join(
            f"{side} {scores[side]}" + (" (resigned)" if side in self.resigned else "")
            for side in self.turn_order)
        if len(leaders) > 1:
            return Outcome("draw", None, scores, reason=f"{reason}; {' and '.join(leaders)} tie")
        return Outcome("win", leaders[0], scores, reason=reason)

    def render(self) -> str:
        """Owners and heights side by side, as pbmserv's board summaries, then the scores."""
        n, width = self._n, len(str(self._n))
        letters = [self._names[c * n][:-1] for c in range(n)]
        header = " ".join(f"{letter:>{width}}" for letter in letters)
        margin = " " * (width + 1)
        lines = [f"{margin}{header}{margin}   {margin}{header}"]
        for row in range(n - 1, -1, -1):
            label = f"{row + 1:>{width}}"
            cells = [c * n + row for c in range(n)]
            owners = " ".join(f"{self._owner_char(cell):>{width}}" for cell in cells)
            heights = " ".join(f"{self._height[cell] or '.':>{width}}" for cell in cells)
            lines.append(f"{label} {owners} {label}   {label} {heights} {label}")
        lines.append(f"{margin}{header}{margin}   {margin}{header}")
        lines.append("Scores: " + ", ".join(f"{side} {score}"
                                           for side, score in self._scores().items()))
        return "\n".join(lines)

    # ---- random play ----------------------------------------------------------------

    def playout_horizon(self) -> int:
        """Random Drogo games seldom end and their captures soon wash out what a move did:
        a search does best valuing the heights after each side has moved twice (measured:
        AI at 100 iterations against random on size 4, 10 wins of 12 with playouts of 4
        plies, 4 of 12 with playouts of 80)."""
        return 2 * len(self.turn_order)

    def random_move(self, rng: random.Random) -> str:
        """A move drawn uniformly from `legal_moves()`, without listing them all.

        Draws are made from the fixed space of every move shape on this board (plus `swap`
        when it is legal) until one is legal; each draw is uniform and independent, so the
        move found is uniform among the legal ones. After many misses the rest is settled by
        testing the whole space in a random order, which is uniform too. With no legal board
        move (the side can place no single piece), `--`. A drawn move is tested by playing it
        on copies of the position; `play` installs the result for the move returned.
        """
        if self._over():
            raise MoveError("", "the game is over")
        return self._random_move(self._seat_to_move(), rng)

    def _random_move(self, seat: int, rng: random.Random) -> str:
        """random_move for `seat`, the side to move in a game not over."""
        if self.turn_order[seat] in self.resigned or not self._seat_can_move(seat):
            return PASS
        shapes = len(self._space)
        drawn = self._draw(seat, rng, shapes + 1 if self._swap_legal() else shapes)
        if drawn is None:
            return next(self._legal_moves_in_random_order(seat, rng))
        pick, after, log = drawn
        if pick == shapes:
            return SWAP
        text = self._space_texts[pick]
        self._kept = (len(self.moves), text, after, log)
        return text

    def _draw(self, seat: int, rng: random.Random, size: int) -> Drawn | None:
        """random_move's draws: indices into the move space (`size` is its length, or one
        more where the index past it stands for swap) until a legal move of `seat` comes;
        that index with the stacks after the move and its log (swap leaves the stacks as
        they are). None after 4 * size misses."""
        space = self._space
        shapes = len(space)
        draw, attempt, candidate = rng.random, self._attempt, self._is_candidate
        for _ in range(4 * size):
            pick = int(draw() * size)
            if pick == shapes:
                return pick, (self._height, self._owner, self._masks, self._empty,
                              self._full), []
            move = space[pick]
            if candidate(move, seat):
                reason, after, log = attempt(move, seat)
                if reason is None:
                    return pick, after, log
        return None

    def run_playout(self, rng: random.Random, plies: int, trail: list[tuple[int, str]]) -> None:
        """The protocol's generic playout (`random_move`, then `play`) for Drogo: the same
        draws, moves, trail and final position, without the generic overhead of each ply.
        A board move drawn by `_draw` (random_move's draws) is installed as it was tested;
        any other move (a pass, swap, a move of the shuffled pool after many misses) is
        drawn by `random_move` and played by `play`. A move's key is its text. Whether the
        game is over is read as _over() remembers it, and `person_of_seat` and `_record`
        are written out: a call each a ply would cost a search 2%."""
        moves, texts, shapes = self.moves, self._space_texts, len(self._space)
        players = len(self.turn_order)
        for _ in range(plies):
            if self._stuck_version == self._version and not self.resigned:
                if self._stuck:  # _over(), as remembered for this position
                    return
            elif self._over():
                return
            seat = len(moves) % players
            person = 1 - seat if self.swapped and players == 2 else seat
            if self.resigned or len(moves) == 1 or not self._can_move[seat]:
                # pass, swap or who can move not known yet: random_move's way
                move = self._random_move(seat, rng)
            else:
                drawn = self._draw(seat, rng, shapes)
                if drawn is not None:
                    pick, after, log = drawn
                    trail.append((person, texts[pick]))
                    self._install(after, log, seat)
                    moves.append(texts[pick])
                    self.passes_in_row = 0
                    continue
                move = next(self._legal_moves_in_random_order(seat, rng))
            trail.append((person, move))
            self.play(move)

    def _legal_moves_in_random_order(self, seat: int, rng: random.Random) -> Iterator[str]:
        pool: list[CellMove | None] = list(self._candidates(seat))
        if self._swap_legal():
            pool.append(None)
        rng.shuffle(pool)
        for move in pool:
            if move is None:
                yield SWAP
            elif self._refusal(move, seat) is None:
                yield self._text(move)

    # ---- moves as cells ---------------------------------------------------------------

    def _seat_to_move(self) -> int:
        return len(self.moves) % len(self.turn_order)

    def _cell(self, name: str) -> int:
        cell = self.board.cell(name)
        if cell is None:
            raise KeyError(f"{name} is not on the {self._n}x{self._n} board")
        return cell

    def _text(self, move: CellMove) -> str:
        return text_of(move, self._names)

    def _parse(self, text: str) -> CellMove:
        """Cells of a lower-cased move text; MoveError for malformed text or a shape the
        options or the opening forbid (checks that need no position)."""
        parts = [part.strip() for part in text.split(",")]
        if len(parts) > 2 or not all(parts):
            raise MoveError(text, "a move is one cell (c3) or two cells that share a face "
                                  "(c3,c4 or c3,c3)")
        cells = []
        for part in parts:
            cell = self.board.cell(part)
            if cell is None:
                raise MoveError(text, f"{part} is not on the {self._n}x{self._n} board")
            cells.append(cell)
        if len(cells) == 1:
            return cells[0], NO_CELL
        if not self._pairs:
            raise MoveError(text, "-single allows one piece per move" if self._single
                            else "the opening move is one piece")
        first, second = cells
        if first != second and second not in self._nbrs[first]:
            raise MoveError(text, f"{parts[0]} and {parts[1]} do not share a face")
        return first, second

    def _candidates(self, seat: int) -> list[CellMove]:
        """Every move that might be legal for `seat`: a superset of the legal board moves."""
        return [move for move in self._space if self._is_candidate(move, seat)]

    def _is_candidate(self, move: CellMove, seat: int) -> bool:
        """Whether a move shape could be legal, judged from the position before it.

        The first piece must fit on its stack and, on an enemy stack, touch one of the side's
        own (both as in _drop). A pair `a,b` of neighbours needs stacks of one height, or
        (captures removing stacks) an empty `a` and an enemy stack at `b` that the first piece
        might capture, leaving `b` empty too: only then can the two pieces meet at one level.
        The first piece captures `b` only if `a` is its group's last freedom, so not if `b`
        touches another empty cell. random_move asks it for each shape it draws.
        """
        first, second = move
        height = self._height
        level = height[first]
        if level >= self._n:
            return False
        top = self._owner[first]
        if top >= 0 and top != seat and not self._masks[seat] & self._near[first]:
            return False
        if second == NO_CELL:
            return True
        if not self._pairs:
            return False
        if second == first:
            return level <= self._n - 2
        if height[second] == level:
            return True
        top = self._owner[second]
        return (not self._in_place and level == 0 and top >= 0 and top != seat
                and not self._near[second] & self._empty & ~self._bits[first])

    # ---- the rules ------------------------------------------------------------------

    def _refusal(self, move: CellMove, seat: int) -> str | None:
        """Why `move` is illegal for `seat`, or None if it is legal; the position is unchanged
        afterwards. The move's shape must have passed `_parse` (candidates do)."""
        return self._attempt(move, seat)[0]

    def _attempt(self, move: CellMove, seat: int) -> tuple[str | None, Position, list[LogEntry]]:
        """Play `move` for `seat` on copies of the position: the reason it is illegal (or
        None), the stacks after it and the log of its changes. The position itself does not
        change; `_install` makes the stacks after a legal move the position.

        The pieces go in one after the other, the second (if any) only if the first is legal,
        and beside the first only at the level the first has reached."""
        before = self._height, self._owner, self._masks, self._empty, self._full
        height, owner, masks = self._height, self._owner, self._masks = (
            before[0][:], before[1][:], before[2][:])  # changed in place below
        log: list[LogEntry] = []
        first, second = move
        reason = self._drop(first, seat, log)
        if reason is None and second != NO_CELL:
            below = height[first] - 1
            if second != first and height[second] != below:
                reason = (f"{self._names[first]} and {self._names[second]} do not share a face: "
                          f"the pieces would be at levels {below + 1} and {height[second] + 1}")
            else:
                reason = self._drop(second, seat, log)
        after = height, owner, masks, self._empty, self._full
        self._height, self._owner, self._masks, self._empty, self._full = before
        return reason, after, log

    def _drop(self, cell: int, seat: int, log: list[LogEntry]) -> str | None:
        """Place one piece of `seat` on `cell`, make its captures and apply the suicide rule.

        Every group has a freedom before the piece (each piece ends that way), so only the
        groups touching `cell` need testing: enemy groups that lost the freedom at `cell` or
        were split by losing the stack, and the group of `cell` itself. Without -easy_free a
        piece on the side's own stack changes no group and no freedom at all, and a stack
        next to an empty cell has a freedom without looking further. Every enemy group is
        judged on the board as the piece leaves it, before any capture (docs/rules/drogo.md:
        every enemy group without freedom is captured, so removing one never saves another),
        and the captures are only carried out once the piece is known to be legal (with
        -in_place a refused piece could otherwise recolour half the board before it is
        refused).
        """
        height, owner, masks, top_level = self._height, self._owner, self._masks, self._n
        level = height[cell]
        if level >= top_level:
            return f"{self._names[cell]} is full ({top_level} high)"
        top = owner[cell]
        near = self._near[cell]
        if top >= 0 and top != seat and not masks[seat] & near:
            return "you may only build on an enemy stack next to your own group"
        bit = self._bits[cell]
        log.append((cell, level, top, PLACED))
        height[cell] = level + 1
        owner[cell] = seat
        if level + 1 == top_level:
            self._full |= bit
        if top != seat:  # the cell leaves the empty cells or the stacks of its owner
            if top >= 0:
                masks[top] ^= bit
            else:
                self._empty ^= bit
            masks[seat] |= bit
        if self._easy_free:
            return self._settle_easy(cell, seat, log)
        if top == seat:
            return None
        empty, own = self._empty, masks[seat]
        dead = 0  # every enemy group without freedom, all judged before any is removed
        if near & ~(empty | own):  # an enemy stack beside the piece
            near_bits, bits = self._near, self._bits
            for other in self._nbrs[cell]:
                enemy = owner[other]
                if (enemy >= 0 and enemy != seat and not near_bits[other] & empty
                        and not bits[other] & dead):
                    dead |= self._dead_group(other, masks[enemy], empty)
            if self._in_place:
                own |= dead
            else:
                empty |= dead
        if not near & empty and self._dead_group(cell, own, empty):
            return f"{self._names[cell]} would have no freedom"
        if dead:
            self._capture(dead, seat, log)
        return None

    def _settle_easy(self, cell: int, seat: int, log: list[LogEntry]) -> str | None:
        """The rest of _drop with -easy_free, once the piece is on `cell`: raising a stack can
        take the freedom of any neighbour, so every enemy group touching it is tested, and
        the group of `cell` itself."""
        owner, bits = self._owner, self._bits
        dead = 0  # every enemy group without freedom, all judged before any is removed
        for other in self._nbrs[cell]:
            enemy = owner[other]
            if enemy >= 0 and enemy != seat and not bits[other] & dead:
                dead |= self._dead_group_easy(other)
        if dead:
            self._capture(dead, seat, log)
        if self._dead_group_easy(cell):
            return f"{self._names[cell]} would have no freedom"
        return None

    def _dead_group(self, start: int, own: int, empty: int) -> int:
        """The group of the stack at `start` among the stacks `own` (bit set of its owner's
        stacks) as a bit set if it has no freedom among the `empty` cells, else 0.

        The group grows one step in every direction at a time, and the flood stops as soon as
        it touches an empty cell, so a group with a freedom nearby costs little.
        """
        shift = self._shift
        group = self._bits[start]
        while True:
            grown = group | group << 1 | group >> 1 | group << shift | group >> shift
            if grown & empty:
                return 0
            grown &= own
            if grown == group:
                return group
            group = grown

    def _dead_group_easy(self, start: int) -> int:
        """_dead_group for -easy_free, where a stack's freedom depends on its height: any
        lower neighbour, empty cells included."""
        height, owner, nbrs = self._height, self._owner, self._nbrs
        seat = owner[start]
        group = [start]
        seen = {start}
        index = 0
        while index < len(group):
            cell = group[index]
            index += 1
            level = height[cell]
            for other in nbrs[cell]:
                if height[other] < level:
                    return 0
                if owner[other] == seat and other not in seen:
                    seen.add(other)
                    group.append(other)
        bits = self._bits
        return sum(bits[cell] for cell in group)

    def _capture(self, group: int, seat: int, log: list[LogEntry]) -> None:
        """Remove the stacks of a bit set (whole groups), or with -in_place give them to
        `seat`."""
        height, owner, masks, cell_at = self._height, self._owner, self._masks, self._cell_at
        while group:
            bit = group & -group
            group ^= bit
            cell = cell_at[bit.bit_length() - 1]
            top = owner[cell]
            log.append((cell, height[cell], top, CAPTURED))
            masks[top] ^= bit
            if self._in_place:
                owner[cell] = seat
                masks[seat] |= bit
            else:
                if height[cell] == self._n:
                    self._full ^= bit
                height[cell] = 0
                owner[cell] = -1
                self._empty |= bit

    def _install(self, after: Position, log: list[LogEntry], seat: int) -> None:
        """Make `after`, the stacks after a legal move of `seat` with `log` its changes, the
        position, and bring the pieces, scores and who-can-move up to date.

        Each log entry changes one stack: its height before leaves the total of its owner
        before, and its height after joins `seat`'s (placed: one more; captured in place: the
        same; removed: nothing). Who can move is settled here for nearly every position, by
        two cheap sufficient conditions on the bit sets the move has just brought up to date:
        an empty cell next to an empty cell lets every side move (a piece there has a freedom
        whatever it captures); and a side can cover its own stack if it is not full (without
        -easy_free that changes no freedom anywhere, and its group has one; with -easy_free
        the stack needs an empty neighbour, which stays lower than it whatever is captured).
        """
        self._height, self._owner, self._masks, self._empty, self._full = after
        pieces, totals, in_place = list(self._pieces), list(self._totals), self._in_place
        for cell, level, top, kind in log:
            if top >= 0:
                totals[top] -= level
            if kind == PLACED:
                pieces[cell] += (seat,)
                totals[seat] += level + 1
            elif in_place:
                pieces[cell] = (seat,) * level
                totals[seat] += level
            else:
                pieces[cell] = ()
        self._pieces, self._totals = pieces, tuple(totals)
        self._pairs = not self._single
        self._version += 1
        self._kept = None
        empty, shift = self._empty, self._shift
        if empty & (empty << 1 | empty << shift):  # an empty cell with an empty neighbour
            self._can_move = self._all_can_move
        else:
            room = ~self._full
            if self._easy_free:
                room &= neighbours_of(empty, shift)
            self._can_move = tuple([True if mask & room else None for mask in self._masks])
            if True not in self._can_move:
                return
        self._stuck_version, self._stuck = self._version, False

    def _nobody_can_move(self) -> bool:
        """Whether no side still in the game has a board move (the side to move is asked
        first: it is the likeliest to be asked anyway). Remembered for the position while
        nobody has resigned, as `to_move` asks it (through `_board_over`) several times a
        ply."""
        if self.resigned:
            return not any(self._seat_can_move(seat) for seat in self._seats_from_mover()
                           if self.turn_order[seat] not in self.resigned)
        if self._stuck_version != self._version:
            self._stuck = not any(self._seat_can_move(seat) for seat in self._seats_from_mover())
            self._stuck_version = self._version
        return self._stuck

    def _seats_from_mover(self) -> list[int]:
        """Every seat, in turn order from the side to move."""
        players = len(self.turn_order)
        first = self._seat_to_move()
        return [seat % players for seat in range(first, first + players)]

    def _seat_can_move(self, seat: int) -> bool:
        """Whether `seat` has a board move. The first piece of a two-piece move is judged
        exactly as a one-piece move, so a side that can place no single piece cannot move."""
        can = self._can_move
        known = can[seat]
        if known is None:
            known = any(self._refusal(move, seat) is None for move in self._candidates(seat)
                        if move[1] == NO_CELL)
            self._can_move = can[:seat] + (known,) + can[seat + 1:]
        return known

    def _owner_char(self, cell: int) -> str:
        seat = self._owner[cell]
        return "." if seat < 0 else self.turn_order[seat].lower()


@lru_cache(maxsize=4096)
def _ongoing(sides: tuple[str, ...], totals: tuple[int, ...]) -> Outcome:
    """The outcome of a game going on with these scores. A search asks for it after every
    move it tries, so one (frozen) object per scores is made, not one per position."""
    return Outcome("ongoing", scores=dict(zip(sides, totals)))


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
