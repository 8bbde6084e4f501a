"""Puzzle mode without widgets: which puzzles the player goes through, the attempt on the
board, what to show and what to say.

Every rule of a puzzle is the rules' (`megalith.rules.puzzles`): which moves win, which
defence refutes a wrong move or answers a right one, where the win is and the winning line
all come from its `PuzzleRun`. This module chooses the next puzzle, counts the player's
tries and wins (`desktop/game/puzzle_scores.py`), replays the moves on the board to show
them as any game's positions are shown, and words the task and the hints for the panel.

The rules' answers to a move and the solution can take seconds, so the window finds them in
a worker process (desktop/game/puzzle_worker.py) and the trainer takes them in two steps:
`move` checks the player's move and shows it, `answered` takes the rules' answer; likewise
`ask_solution` and `show_solution`; `hint` takes the hint the worker found.
"""

from __future__ import annotations

from dataclasses import dataclass

from megalith.rules import puzzles
from megalith.rules import record as records
from megalith.rules.contracts import TilePosition
from megalith.rules.protocol import GameState, MoveError
from megalith.rules.puzzles import Hint, Puzzle, PuzzleRun, Reply
from megalith.rules.record import Record

from megalith.desktop.game.puzzle_scores import Counts, PuzzleScores

# The phases of an attempt: the player is to move; the rules are answering (in a worker:
# desktop/game/puzzle_worker.py); a wrong move was refuted; the win was reached; the
# solution is being shown.
SOLVING, THINKING, REFUTED, SOLVED, SHOWN = "solving", "thinking", "refuted", "solved", "shown"


@dataclass(frozen=True)
class Board:
    """What the board shows: a position, the move that led to it, the cells to outline
    (that move's, read on the position before it, or a hint's), and the moves the player
    may make there (None: none, the attempt is over or the solution is being shown)."""

    state: GameState
    last_move: str | None
    last_cells: tuple[str, ...]
    legal: list[str] | None


def family_title(key: str) -> str:
    """'Druid square 6'; a puzzle from outside the families is named by its game."""
    try:
        return puzzles.family(key).title
    except ValueError:
        return key


def listed(items: list[str]) -> str:
    """'c3', 'c3 or d4', 'c3, d4 or e5'."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]


def taking_turns(found: list[Puzzle]) -> list[Puzzle]:
    """Every game's puzzles one family after the other in turn: the first of each family,
    then the second of each, and so on (each family's in its own order)."""
    seen: dict[str, int] = {}
    turns = []
    for puzzle in found:
        seen[puzzle.family] = seen.get(puzzle.family, 0) + 1
        turns.append((seen[puzzle.family], puzzle))
    return [puzzle for _, puzzle in sorted(turns, key=lambda turn: turn[0])]


class PuzzleTrainer:
    """The puzzles of one family in the order shipped (or of every family, `family` "",
    taking turns), the one on the board and the attempt at it."""

    def __init__(self, scores: PuzzleScores) -> None:
        self.scores = scores
        self.family = ""
        self.puzzles: list[Puzzle] = []
        self.index = 0
        self.run: PuzzleRun | None = None
        self.pending: str | None = None  # the player's move while its answer is found
        self.phase = SOLVING
        self.words = ""
        self.tone = ""  # how the panel shows the words: "", "right", "wrong" or "solved"
        self.marks: list[str] = []  # moves marked on the board by the last hint
        self.area: tuple[str, ...] = ()  # cells outlined on the board by the last hint
        self._hints = 0  # hints given for the position on the board
        self._shown: list[str] = []  # the solution's moves on the board so far
        self._showing: list[str] = []  # ... and still to come
        self._helped = False  # the solution was shown: this attempt is not counted solved
        self._sizes: dict[str, int] = {}  # how many puzzles each family has

    # ---- choosing puzzles ------------------------------------------------------------

    @staticmethod
    def families() -> list[tuple[str, str]]:
        """(key, title) of every family with shipped puzzles."""
        return [(key, family_title(key)) for key in puzzles.families()]

    def choose(self, family: str) -> None:
        """Goes through the puzzles of `family` ("" for every game), from the first the
        player has not solved; ValueError if there is none."""
        found = puzzles.shipped(family) if family else taking_turns(puzzles.shipped())
        if not found:
            raise ValueError(f"no puzzles of {family_title(family) if family else 'any game'}")
        self.family, self.puzzles = family, found
        self.start(self._unsolved_from(0))

    def next(self) -> None:
        """The next puzzle the player has not solved (the very next, once all are)."""
        self.start(self._unsolved_from(self.index + 1))

    def _unsolved_from(self, first: int) -> int:
        count = len(self.puzzles)
        for step in range(count):
            index = (first + step) % count
            puzzle = self.puzzles[index]
            if not self.scores.is_solved(puzzle.family, puzzle.name):
                return index
        return first % count

    def start(self, index: int) -> None:
        self.index = index
        self.run = PuzzleRun(self.puzzle)
        self._helped = False
        self._begin(f"Find the win for {self.puzzle.side_name}. Play on the board or type "
                    "the move.")

    def _begin(self, words: str) -> None:
        self.phase, self.pending = SOLVING, None
        self.words, self.tone = words, ""
        self.marks, self.area, self._hints = [], (), 0
        self._shown, self._showing = [], []

    @property
    def puzzle(self) -> Puzzle:
        return self.puzzles[self.index]

    @property
    def game(self) -> str:
        """The puzzle's game (its short name)."""
        return self.puzzle.record.game

    # ---- the attempt -----------------------------------------------------------------

    def move(self, text: str) -> str | None:
        """The player's move, checked by the engine: its canonical text, shown on the board
        while the rules' answer is found (`answered`), or None (the words say why: an
        illegal move, or a move once the attempt is over; nothing changes)."""
        run = self.run
        if run is None or self.phase != SOLVING:
            if self.phase != THINKING:  # (while thinking, the words say what it waits for)
                self.words, self.tone = "Press Retry to try again, or Next puzzle.", ""
            return None
        after = run.state  # a copy
        try:
            move = after.play(text)
        except MoveError as exc:
            self.words, self.tone = f"Illegal move {exc.move or text}: {exc.reason}", ""
            return None
        self.scores.tried(self.puzzle.family, self.puzzle.name)
        self.phase, self.pending = THINKING, move
        self.marks, self.area, self._hints = [], (), 0
        self.words, self.tone = f"{self.puzzle.side_name} plays {move}.", ""
        if after.to_move is not None:
            self.words += f" {after.side_name(after.to_move)} is answering..."
        return move

    def answered(self, run: PuzzleRun, reply: Reply) -> None:
        """The rules' answer to the move (`run` is the attempt after it): the defence that
        refutes a wrong move, the best defence to a right one, or the win."""
        self.run, self.pending = run, None
        if reply.kind == "wrong":
            self.phase, self.tone = REFUTED, "wrong"
            self.words = f"Not quite. {reply.words} Press Retry to try again."
        elif reply.kind == "solved":
            self.phase, self.tone = SOLVED, "solved"
            if self._helped:
                self.words = f"{reply.words} (Counted once you solve it without the solution.)"
            else:
                self.scores.solved(self.puzzle.family, self.puzzle.name)
                self.words = f"Solved! {reply.words}"
        else:
            self.phase, self.tone = SOLVING, "right"
            self.words = reply.words

    def retry(self) -> None:
        """After a wrong move, the position before it; else the puzzle's position again
        (a move waiting for its answer is dropped)."""
        run = self.run
        if run is None:
            return
        self.pending = None
        if run.wrong:
            run.retry()
            self._begin(f"Try again: {self.puzzle.side_name} to play.")
        else:
            run.restart()
            self._begin(f"From the start again: {self.puzzle.title}.")

    def hint(self, run: PuzzleRun, hint: Hint) -> None:
        """The rules' hint for the position on the board (`run` is the attempt, which
        found it): the first names where the win is (the cells of every winning move
        here), the next marks the move to play."""
        if self.phase != SOLVING:
            return
        self.run = run
        self._hints += 1
        # A tile game's board outlines the last tile laid, not cells it is given, and its
        # cells are not what players read (they read the places' numbers): there the
        # first hint is the move.
        if self._hints == 1 and hint.cells and not isinstance(run.state, TilePosition):
            self.area = hint.cells
            self.words = (f"Hint: the win starts on {listed(list(hint.cells))} (outlined "
                          "in yellow). Ask again to see the move.")
        else:
            self.area = tuple(run.state.move_cells(hint.move))
            self.marks = [hint.move]
            self.words = f"Hint: play {hint.move} (marked in magenta on the board)."
        self.tone = ""

    # ---- showing the solution ----------------------------------------------------------

    def ask_solution(self) -> None:
        """The solution is being worked out (`show_solution` follows): the attempt stops
        and no longer counts as solved."""
        self._helped = True
        self.scores.tried(self.puzzle.family, self.puzzle.name)
        self.phase, self.pending = THINKING, None
        self.words, self.tone = "Working out the solution...", ""

    def show_solution(self, line: list[str]) -> None:
        """Back to the puzzle's position, with the winning line (the rules' solution)
        lined up to be shown a move at a time (`solution_step`)."""
        if self.run is not None:
            self.run.restart()
        self._begin(f"The solution: {', '.join(line)}.")
        self.phase = SHOWN
        self._showing = list(line)

    def solution_step(self) -> bool:
        """Shows the next move of the solution; False once it has all been shown."""
        if not self._showing:
            return False
        self._shown.append(self._showing.pop(0))
        if not self._showing:
            self.words += " Retry to play it yourself, or go on to the next puzzle."
        return True

    # ---- what to show ------------------------------------------------------------------

    def board(self) -> Board:
        run = self.run
        line = (self._shown if self.phase == SHOWN or run is None
                else run.moves + ([self.pending] if self.pending else []))
        state = before = self.puzzle.state()
        for move in line:
            before = state
            state = state.copy()
            state.play(move)
        last = line[-1] if line else None
        playable = self.phase == SOLVING and state.to_move is not None
        # a hint's cells are outlined as the last move's are (every view can do that)
        marked = self.area or (tuple(before.move_cells(last)) if last else ())
        return Board(state, last, marked, state.legal_moves() if playable else None)

    def task(self) -> str:
        """'V to play and win in 3'."""
        return self.puzzle.title

    def title(self) -> str:
        """'Druid square 6, puzzle 3 of 30' (of every game's puzzles when all are
        chosen)."""
        return (f"{family_title(self.puzzle.family)}, puzzle {self.index + 1} of "
                f"{len(self.puzzles)}")

    def counts(self) -> list[tuple[str, str, Counts]]:
        """Every family's tried and solved counts, of its shipped puzzles."""
        if not self._sizes:  # read once: the shipped sets do not change while running
            for puzzle in (self.puzzles if not self.family else puzzles.shipped()):
                self._sizes[puzzle.family] = self._sizes.get(puzzle.family, 0) + 1
        return [(key, title, self.scores.counts(key, self._sizes.get(key, 0)))
                for key, title in self.families()]

    def record(self) -> Record:
        """The puzzle as an ordinary game: its record up to the puzzle's position, without
        the puzzle's facts (moves played from there would make them wrong), the task noted
        on the position."""
        game = records.parse(records.dumps(self.puzzle.record))
        game.puzzle = None
        game.notes[len(game.moves)] = f"Puzzle ({self.title()}): {self.task()}."
        return game
