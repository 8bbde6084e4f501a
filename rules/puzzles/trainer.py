"""One attempt at a puzzle, for the window's trainer (pure rules).

The player makes the attacker's moves; the run answers each one. A move that keeps a forced
win within the plies left is right, and is answered by the best defence: the one after which
the win takes longest, and among those the one that leaves the fewest winning answers,
counted up to five (then the first in the engine's order). Any other move is wrong, and is
answered by a defence that refutes it: a win for the defender on the spot if there is one,
else the first reply after which no forced win is left within the plies. `retry` takes the wrong move and its answer
back. All of it is decided by the full-width check (verify.py), never by the search.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from megalith.rules.protocol import PASS, GameState, MoveError
from megalith.rules.puzzles.puzzle import Puzzle
from megalith.rules.puzzles.verify import Checker, moves, winning_moves

ReplyKind = Literal["wrong", "right", "solved"]
# Winning answers past this many make a defence no harder: a Walk step that wins does so with
# any of dozens of placements, and counting them all after each of some 270 replies takes
# half a minute.
COUNTED = 5


@dataclass(frozen=True)
class Reply:
    """The answer to a move: `kind`, the move's canonical text, the defence played after it
    (None when the game ended), and a sentence for the player."""

    kind: ReplyKind
    move: str
    defence: str | None
    words: str


@dataclass(frozen=True)
class Hint:
    """Where the win is: the cells of every winning move here (the area), and one of them
    (the first move to play)."""

    cells: tuple[str, ...]
    move: str


class PuzzleRun:
    """One attempt at one puzzle: the position, the moves played since the puzzle's, and
    whether a wrong move is waiting to be taken back."""

    def __init__(self, puzzle: Puzzle) -> None:
        self.puzzle = puzzle
        self._start = puzzle.state()
        self._state = self._start.copy()
        self.moves: list[str] = []  # played since the puzzle position, defences included
        self._plies_left = puzzle.depth
        self._taken_back: tuple[GameState, int, int] | None = None
        self._winning: dict[int, tuple[str, ...]] = {0: puzzle.winning_moves}

    @property
    def state(self) -> GameState:
        """The position now (a copy: the run's own is not to be played on)."""
        return self._state.copy()

    @property
    def to_move(self) -> str | None:
        return self._state.to_move

    @property
    def plies_left(self) -> int:
        return self._plies_left

    @property
    def solved(self) -> bool:
        outcome = self._state.outcome()
        return outcome.status == "win" and outcome.winner == self.puzzle.side

    @property
    def wrong(self) -> bool:
        """Whether a wrong move was played and waits for `retry`."""
        return self._taken_back is not None

    def try_move(self, text: str) -> Reply:
        """Play the player's move and the answer to it. MoveError (the engine's, unchanged)
        for an illegal move, and when the puzzle is solved or a wrong move waits for retry."""
        if self._taken_back is not None:
            raise MoveError(text, "that move was wrong: retry the puzzle first")
        trial = self._state.copy()
        move = trial.play(text)  # raises the engine's MoveError
        right = move in self._winning_here()
        before = (self._state, len(self.moves), self._plies_left)
        self._state = trial
        self.moves.append(move)
        self._plies_left -= 1
        if right and self.solved:
            return Reply("solved", move, None,
                         f"{_said(move, True)} wins: {trial.outcome().reason}.")
        if right:
            defence = self._best_defence()
            self._play(defence)
            if self.solved:  # every reply lost at once
                return Reply("solved", move, defence, f"After {_said(move)}, every answer loses: "
                                                      f"{self._state.outcome().reason}.")
            return Reply("right", move, defence, self._right_words(move, defence))
        self._taken_back = before
        if trial.to_move is None:
            return Reply("wrong", move, None, f"{_said(move, True)} ends the game without a "
                                              f"win for {self.puzzle.side_name}.")
        if self._plies_left == 0:
            return Reply("wrong", move, None, f"{_said(move, True)} does not win the game.")
        defence = self._refutation()
        self._play(defence)
        return Reply("wrong", move, defence, self._wrong_words(move, defence))

    def retry(self) -> None:
        """Take back a wrong move and the defence that refuted it."""
        if self._taken_back is None:
            return
        self._state, count, self._plies_left = self._taken_back
        del self.moves[count:]
        self._taken_back = None

    def restart(self) -> None:
        """Back to the puzzle position."""
        self._state = self._start.copy()
        self.moves.clear()
        self._plies_left = self.puzzle.depth
        self._taken_back = None

    def hint(self) -> Hint:
        """Where the win is, in the position the player is to move in: the one now, or the
        one before the wrong move while it waits for `retry`."""
        state = self._taken_back[0] if self._taken_back else self._state
        winning = self._winning_here() if not self._taken_back else self._winning_at(
            state, self._taken_back[1])
        cells = tuple(dict.fromkeys(c for m in winning for c in state.move_cells(m)))
        return Hint(cells, winning[0])

    def solution(self) -> list[str]:
        """The winning line from the puzzle position: each time the first winning move,
        answered by the best defence, until the win."""
        line = PuzzleRun(self.puzzle)
        while not line.solved:
            line.try_move(line._winning_here()[0])
        return list(line.moves)

    # ---- the answers ------------------------------------------------------------------

    def _winning_here(self) -> tuple[str, ...]:
        return self._winning_at(self._state, len(self.moves))

    def _winning_at(self, state: GameState, count: int) -> tuple[str, ...]:
        if count not in self._winning:
            left = self.puzzle.depth - count
            self._winning[count] = winning_moves(state, left)
        return self._winning[count]

    def _play(self, defence: str) -> None:
        self._state = self._state.copy()
        self._state.play(defence)
        self.moves.append(defence)
        self._plies_left -= 1
        self._winning.pop(len(self.moves), None)

    def _best_defence(self) -> str:
        """The reply after which the attacker's quickest win is longest, then the one with
        the fewest winning answers (up to COUNTED), then the first. One checker judges them
        all, so what refuted a try after one reply is tried first after the next; the answers
        after a reply are counted only as far as the fewest found so far."""
        checker = Checker(self.puzzle.side)
        best: tuple[int, int] | None = None
        chosen = ""
        for reply in moves(self._state):
            child = self._state.copy()
            child.play(reply)
            if child.to_move is None:
                score = (0, 0)
            else:
                depth = self._quickest(checker, child)
                fewest = -best[1] if best is not None and best[0] == depth else COUNTED
                score = (depth, -self._count(checker, child, depth, min(fewest, COUNTED)))
            if best is None or score > best:
                best, chosen = score, reply
        return chosen

    def _quickest(self, checker: Checker, state: GameState) -> int:
        """The plies of the attacker's quickest win in `state` (the attacker to move), within
        the plies left after the defence."""
        left = self._plies_left - 1
        for depth in range(1, left + 1, 2):
            if checker.wins_within(state, depth):
                return depth
        return left + 2  # no win left: never so after a right move

    @staticmethod
    def _count(checker: Checker, state: GameState, depth: int, most: int) -> int:
        """The attacker's first moves that win within `depth` plies, counted up to `most`."""
        count = 0
        for move in checker.preferred(state, depth):
            if checker.forces(state, move, depth):
                count += 1
                if count >= most:
                    break
        return count

    def _refutation(self) -> str:
        """A defence after the wrong move: a win on the spot, else one that leaves no
        forced win within the plies left."""
        state = self._state
        checker = Checker(self.puzzle.side)
        for reply in state.moves_that_may_win(moves(state)):
            child = state.copy()
            child.play(reply)
            if child.to_move is None and not checker.won(child):
                return reply
        refutation = checker.refutation(state, self._plies_left)
        assert refutation is not None, "a wrong move is refuted by some defence"
        return refutation

    def _right_words(self, move: str, defence: str) -> str:
        defender = self._state.side_name(self._other())
        return (f"Right: after {_said(move)}, {defender} answers {_answer(defence)}, and "
                f"{self.puzzle.side_name} can still win in {self._plies_left}.")

    def _wrong_words(self, move: str, defence: str) -> str:
        defender = self._state.side_name(self._other())
        if self._state.to_move is None:
            if self._state.outcome().status == "draw":
                return (f"After {_said(move)}, {defender} answers {_answer(defence)} and the "
                        "game is drawn.")
            return f"After {_said(move)}, {defender} wins at once with {_said(defence)}."
        left = self._plies_left
        if left < 1:
            return f"After {_said(move)}, {defender} answers {_answer(defence)} and no win is left."
        within = "no winning move is left" if left == 1 else f"no win in {left} is left"
        return f"After {_said(move)}, {defender} answers {_answer(defence)} and {within}."

    def _other(self) -> str:
        return next(s for s in self._state.sides if s != self.puzzle.side)


def _said(move: str, starts: bool = False) -> str:
    """A move as the words name it: a pass is "a pass", not its record text `--`."""
    if move != PASS:
        return move
    return "A pass" if starts else "a pass"


def _answer(defence: str) -> str:
    """What a defender answers: a move, or "with a pass"."""
    return "with a pass" if defence == PASS else defence
