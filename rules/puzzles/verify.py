"""The full-width check of a puzzle: whether the side to move can force a win within a number
of plies, against every defence, and with which first moves.

A plain AND-OR search over the game protocol (`legal_moves`, `play`, `copy`, `outcome`,
`to_move`), sharing nothing with the computer's MCTS solver (rules/ai): at the attacker's
turns one move must win, at the defender's every reply must lose. Only two things speed it,
and neither changes an answer:

- at the attacker's last ply only the moves the game cannot rule out as a win
  (`moves_that_may_win`, which keeps every winning move) are played;
- replies are tried in a better order: first the defences that refuted an attacker's move at
  the same depth before (killers: one defence stops most careless moves), then the moves that
  may win for the defender, then the rest in the engine's order. Attacker moves that won
  before at the same depth are tried first too.

Every answer is exact: a position is called won only when every defence was tried. A check
can be given a budget of moves played (`Budget`), counted and not timed so that the same
position always gets the same answer; past it `TooLong` is raised and nothing is decided.

`swap` is never tried (a puzzle starts after the opening), and `Resign` is not a move here.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from megalith.rules.protocol import SWAP, GameState

DEPTHS: tuple[int, ...] = (1, 3, 5)  # a puzzle's plies: the attacker's moves and the defences between them


class TooLong(Exception):
    """The check played more moves than its budget allowed, and decided nothing."""


@dataclass
class Budget:
    """How many moves a check may play (None: no limit), and how many it has played."""

    limit: int | None = None
    played: int = 0

    def spend(self) -> None:
        self.played += 1
        if self.limit is not None and self.played > self.limit:
            raise TooLong(f"more than {self.limit} moves played")


@dataclass(frozen=True)
class Verdict:
    """The quickest forced win of a position: its plies (None: none within the plies asked)
    and every first move that forces a win within those plies, in the engine's order."""

    depth: int | None
    winning_moves: tuple[str, ...] = ()


@dataclass
class Checker:
    """One side's forced wins, with the killers and budget shared by the checks it makes."""

    side: str
    budget: Budget = field(default_factory=Budget)
    _refutations: dict[int, list[str]] = field(default_factory=dict)
    _winners: dict[int, list[str]] = field(default_factory=dict)

    def after(self, state: GameState, move: str) -> GameState:
        self.budget.spend()
        child = state.copy()
        child.play(move)
        return child

    def won(self, state: GameState) -> bool:
        """Whether the game is over and won by the attacker."""
        if state.to_move is not None:
            return False
        outcome = state.search_outcome()
        return outcome.status == "win" and outcome.winner == self.side

    def wins_at_once(self, state: GameState) -> list[str]:
        """The attacker's moves (attacker to move) that win the game on the spot."""
        return [move for move in state.moves_that_may_win(moves(state))
                if self.won(self.after(state, move))]

    def wins_within(self, state: GameState, plies: int) -> bool:
        """Whether the attacker, to move, can force a win within `plies` (odd) plies."""
        if self.wins_at_once(state):
            return True
        if plies < 3:
            return False
        for move in self.preferred(state, plies):
            if self.forces(state, move, plies):
                self._remember(self._winners, plies, move)
                return True
        return False

    def preferred(self, state: GameState, plies: int) -> list[str]:
        """The attacker's moves, those that won before within `plies` first."""
        return self._first(self._winners.get(plies, []), moves(state))

    def forces(self, state: GameState, move: str, plies: int) -> bool:
        """Whether the attacker's `move` wins at once or leaves the defender lost within
        `plies` plies counted from before the move."""
        child = self.after(state, move)
        if child.to_move is None:
            return self.won(child)
        return plies >= 3 and self.defence_fails(child, plies - 1)

    def defence_fails(self, state: GameState, plies: int) -> bool:
        """Whether every reply of the defender (to move) leaves the attacker a forced win
        within `plies - 1` plies."""
        return self.refutation(state, plies) is None

    def refutation(self, state: GameState, plies: int) -> str | None:
        """A defender's reply after which the attacker has no forced win within the
        `plies - 1` plies left, or None when there is none."""
        for reply in self._replies(state, plies):
            child = self.after(state, reply)
            if child.to_move is None:
                refuted = not self.won(child)  # the defender won, or drew
            else:
                refuted = not self.wins_within(child, plies - 1)
            if refuted:
                self._remember(self._refutations, plies, reply)
                return reply
        return None

    def _replies(self, state: GameState, plies: int) -> list[str]:
        legal = moves(state)
        may_win = state.moves_that_may_win(legal)
        return self._first(self._refutations.get(plies, []) + may_win, legal)

    @staticmethod
    def _first(preferred: list[str], legal: list[str]) -> list[str]:
        """`legal`, with those of `preferred` that are legal first (in preferred's order)."""
        allowed = set(legal)
        front = list(dict.fromkeys(m for m in preferred if m in allowed))
        chosen = set(front)
        return front + [m for m in legal if m not in chosen]

    @staticmethod
    def _remember(table: dict[int, list[str]], plies: int, move: str) -> None:
        known = table.setdefault(plies, [])
        if move in known:
            known.remove(move)
        known.insert(0, move)
        del known[8:]


def moves(state: GameState) -> list[str]:
    """The moves a check tries: every legal move but `swap`."""
    return [move for move in state.legal_moves() if move != SWAP]


def checker_for(state: GameState, budget: Budget | None = None) -> Checker:
    """A checker for the side to move in `state` (a game still going, two players)."""
    side = state.to_move
    if side is None:
        raise ValueError("the game is over: nobody is to move")
    if len(state.turn_order) != 2:
        raise ValueError("puzzles are for two players")
    return Checker(side, budget or Budget())


def winning_moves(state: GameState, plies: int, budget: Budget | None = None
                  ) -> tuple[str, ...]:
    """Every move of the side to move that forces a win within `plies` (odd) plies."""
    checker = checker_for(state, budget)
    return tuple(move for move in moves(state) if checker.forces(state, move, plies))


def solve(state: GameState, most: int = 5, budget: Budget | None = None) -> Verdict:
    """The quickest forced win of the side to move within `most` plies (1, 3 or 5) and
    every first move that wins that quickly. TooLong past the budget."""
    checker = checker_for(state, budget)
    for depth in (d for d in DEPTHS if d <= most):
        if depth == 1 or checker.wins_within(state, depth):
            found = tuple(m for m in moves(state) if checker.forces(state, m, depth))
            if found:
                return Verdict(depth, found)
    return Verdict(None)
