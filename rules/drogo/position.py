"""The fields of a Drogo position, which every part of the engine reads (rules.drogo.game
puts the parts together).

The position is two flat lists, `_height` and `_owner` (owner of the top piece, -1 for an
empty cell), mirrored in bit sets (rules.drogo.bits) for fast group floods: each side's
stacks, the empty cells and the full ones. A move is played on copies of the lists
(rules.drogo.placing), so lists once installed are never changed in place, and states, moves
tested for later and copies of a state (a search copies one for every move it tries) may
share them. The pieces of each stack (for the 3D views), the scores and who can move are only
brought up to date by moves that are really played.
"""

from __future__ import annotations

from megalith.rules.drogo.bits import bit_layout
from megalith.rules.drogo.text import CellMove, move_space, move_texts, shapes_by_text, text_of
from megalith.rules.geometry import square_board
from megalith.rules.protocol import GameState, OptionError, Outcome
from megalith.rules.registry import Options

SIDE_LETTERS = ("X", "O", "Y", "Z")
DEFAULT_SIZE = 6
MIN_SIZE = 3
MAX_SIZE = 19

# A log entry, one per change to a stack: (cell, height before, owner before, PLACED or
# CAPTURED). The pieces and scores are brought up to date from them.
LogEntry = tuple[int, int, int, int]
PLACED, CAPTURED = 0, 1  # kinds of log entries
# The stacks of a position: heights, owners, each side's bit set of owned cells, empty
# cells, full cells.
Stacks = tuple[list[int], list[int], list[int], int, int]
# A move tested by random_move, kept for play: (len(moves) then, its text, the stacks after
# it, its log).
Kept = tuple[int, str, Stacks, list[LogEntry]]


class DrogoPosition(GameState):
    """A Drogo position's fields, set up for its options and players."""

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
        # lists, never changed in place once installed (a move makes a new one).
        self._pieces: list[tuple[int, ...]] = [()] * cells
        layout = bit_layout(size)
        self._bits, self._cell_at, self._shift = layout.bits, layout.cell_at, layout.shift
        self._near = layout.near
        # The same position as bit sets: the cells each side owns, the empty cells and the
        # full ones. Group floods run on them.
        self._masks = [0] * players
        self._empty = layout.board
        self._full = 0
        self._space = move_space(size)
        self._space_texts = move_texts(size)
        self._shapes = shapes_by_text(size)
        # Whether a move may be two pieces: never with -single, nor as the opening move (the
        # first piece on the empty board). Set by the first board move played.
        self._pairs = False
        # Whether each side has a board move in the current position: settled after each
        # move when cheap tests tell, else worked out when first asked (None: not yet); see
        # _seat_can_move. A tuple, never changed in place (copies share it).
        self._all_can_move: tuple[bool | None, ...] = (True,) * players
        self._can_move: tuple[bool | None, ...] = self._all_can_move
        # Whether no side can move, worked out for the position of board move _stuck_version
        # (kept only while nobody has resigned); see _nobody_can_move.
        self._stuck_version = -1
        self._stuck = False
        self._totals = (0,) * players  # each side's score (a new tuple for every move)
        self._version = 0  # counts the board moves played, to key the outcome caches
        # The outcome of a game over, for the key (_version, number of resignations).
        self._outcome_cache: tuple[tuple[int, int], Outcome] | None = None
        self._kept: Kept | None = None

    def _seat_to_move(self) -> int:
        return (len(self.moves) + self.first_seat) % len(self.turn_order)

    def _text(self, move: CellMove) -> str:
        return text_of(move, self._names)

    def _scores(self) -> dict[str, int]:
        return dict(zip(self.turn_order, self._totals))
