"""Monte Carlo tree search (UCT) over the protocol: `legal_moves`, `play`, `copy`, `outcome`
and `random_move`, nothing game-specific.

- Values are kept per person (values.py), so two to four players, passes, resignations and
  swapped colours are all scored for the people who will get the result. Each node holds the
  total value, for the person who made its move, of the playouts through it.
- `Resign` is never listed by `legal_moves`, so the search never chooses it; a forced pass is
  the only legal move and is returned without searching.
- Decisive moves: where a node near the root is expanded (depth below `decisive_depth`), every
  move is tried once; if one wins on the spot, it becomes the node's only move. At the root
  this plays a win in one; one level down it shows at once that a move of ours lets the
  opponent win in one, which is how the search blocks such a loss.
- Playouts draw `random_move` until the game ends or `playout_cap` plies have gone by (the
  game's `playout_horizon`, else about as many plies as there are moves at the root); a
  playout cut short is valued by the game's `playout_scores` (values.py).
- With the same seed, position and number of iterations the search plays the same move: all
  randomness comes from one `random.Random(seed)` and nothing iterates over a set.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from rules.ai.values import (Values, cut_off_values, final_values, person_of_side,
                             person_to_move)
from rules.protocol import GameState, MoveError

EXPLORATION = 0.7  # UCT's constant for values in [0, 1]
DECISIVE_DEPTH = 2
MIN_CAP, MAX_CAP = 40, 160
CHECK_EVERY = 8  # iterations between looks at the clock and the stop flag


@dataclass(frozen=True)
class MoveStats:
    """A root move with its visits and its win rate for the person to move at the root."""

    move: str
    visits: int
    win_rate: float


@dataclass(frozen=True)
class SearchResult:
    """Where a search stands: the move it would play now and the root moves by visits.

    `win_rate` is the chosen move's (1 for a win in one, None for a forced pass or any other
    only move, which are played without a search); `person` is the person to move at the root (0 made the game's first move)."""

    move: str
    win_rate: float | None
    iterations: int
    moves: tuple[MoveStats, ...]
    person: int


class Node:
    __slots__ = ("move", "parent", "children", "untried", "visits", "value", "person")

    def __init__(self, move: str, parent: Node | None, person: int) -> None:
        self.move = move
        self.parent = parent
        self.children: list[Node] = []
        self.untried: list[str] | None = None  # None until the node is expanded
        self.visits = 0
        self.value = 0.0
        self.person = person  # who made `move`, and whose value `value` sums


def default_cap(state: GameState) -> int:
    """Plies a playout may run: the game's `playout_horizon` if it has one, else about as
    many as the moves on offer, within bounds."""
    horizon = state.playout_horizon()
    if horizon is not None:
        return horizon
    return max(MIN_CAP, min(MAX_CAP, len(state.legal_moves())))


class Search:
    """One tree, grown by `run` calls, for the position it was made with (copied)."""

    def __init__(self, state: GameState, seed: int = 0, exploration: float = EXPLORATION,
                 playout_cap: int | None = None, decisive_depth: int = DECISIVE_DEPTH) -> None:
        if state.to_move is None:
            raise MoveError("", "the game is over: there is no move to search for")
        self._root_state = state.copy()
        self._rng = random.Random(seed)
        self._c = exploration
        self._cap = default_cap(state) if playout_cap is None else playout_cap
        self._decisive_depth = decisive_depth
        self.person = person_to_move(state)
        self.root = Node("", None, -1)
        self.iterations = 0
        self.wins_at_once = False  # whether the root's only move is a win in one
        self._expand(self.root, self._root_state, 0)

    @property
    def forced(self) -> bool:
        """Whether the root has a single move (a forced pass, or a win in one)."""
        root = self.root
        return len(root.children) + len(root.untried or ()) == 1

    def run(self, iterations: int | None = None, seconds: float | None = None,
            should_stop: Callable[[], bool] | None = None,
            report: Callable[[SearchResult], None] | None = None,
            report_every: float = 0.25) -> SearchResult:
        """Search until `iterations` more iterations, `seconds` or `should_stop()`, whichever
        comes first (at least one limit must be given); `report` gets the standing every
        `report_every` seconds. A forced root move returns at once."""
        if iterations is None and seconds is None and should_stop is None:
            raise ValueError("a search needs a limit: iterations, seconds or a stop flag")
        if self.forced:
            return self.result()
        start = time.perf_counter()
        deadline = None if seconds is None else start + seconds
        next_report = start + report_every
        done = 0
        while iterations is None or done < iterations:
            self._iterate()
            done += 1
            if done % CHECK_EVERY == 0:
                if should_stop is not None and should_stop():
                    break
                now = time.perf_counter()
                if deadline is not None and now >= deadline:
                    break
                if report is not None and now >= next_report:
                    report(self.result())
                    next_report = now + report_every
        return self.result()

    def result(self) -> SearchResult:
        root = self.root
        ranked = sorted(root.children, key=lambda n: (-n.visits, -n.value))
        stats = tuple(MoveStats(n.move, n.visits, n.value / n.visits) for n in ranked
                      if n.visits)
        if not stats:  # a forced move, or nothing searched yet
            move = root.children[0].move if root.children else (root.untried or [""])[-1]
            rate = 1.0 if self.wins_at_once else None
            return SearchResult(move, rate, self.iterations, (), self.person)
        return SearchResult(stats[0].move, stats[0].win_rate, self.iterations, stats,
                            self.person)

    # ---- one iteration ---------------------------------------------------------------

    def _iterate(self) -> None:
        state = self._root_state.copy()
        node, depth = self.root, 0
        while node.untried is not None and not node.untried and node.children:
            node = self._select(node)
            state.play(node.move)
            depth += 1
        if node.untried is None:
            self._expand(node, state, depth)
        if node.untried:
            person = person_to_move(state)
            move = node.untried.pop()
            state.play(move)
            child = Node(move, node, person)
            node.children.append(child)
            node = child
        values = self._playout(state)
        self.iterations += 1
        climber: Node | None = node
        while climber is not None:
            climber.visits += 1
            if climber.person >= 0:
                climber.value += values[climber.person]
            climber = climber.parent

    def _select(self, node: Node) -> Node:
        scale = self._c * math.sqrt(math.log(node.visits))
        best, best_score = node.children[0], -1.0
        for child in node.children:
            score = child.value / child.visits + scale / math.sqrt(child.visits)
            if score > best_score:
                best, best_score = child, score
        return best

    def _expand(self, node: Node, state: GameState, depth: int) -> None:
        if state.to_move is None:
            node.untried = []
            return
        moves = state.legal_moves()
        if depth < self._decisive_depth and len(moves) > 1:
            winner = self._winning_move(state, moves)
            if winner is not None:
                node.untried = [winner]
                self.wins_at_once = self.wins_at_once or depth == 0
                return
        self._rng.shuffle(moves)
        node.untried = moves

    @staticmethod
    def _winning_move(state: GameState, moves: list[str]) -> str | None:
        """A move that wins at once for the person to move, if there is one."""
        person = person_to_move(state)
        for move in moves:
            trial = state.copy()
            trial.play(move)
            outcome = trial.outcome()
            if (outcome.status == "win" and outcome.winner is not None
                    and person_of_side(trial, outcome.winner) == person):
                return move
        return None

    def _playout(self, state: GameState) -> Values:
        draw = self._rng
        for _ in range(self._cap):
            if state.to_move is None:
                return final_values(state, state.outcome())
            state.play(state.random_move(draw))
        outcome = state.outcome()
        if outcome.over:
            return final_values(state, outcome)
        return cut_off_values(state, outcome)


def search(state: GameState, iterations: int | None = None, seconds: float | None = None,
           seed: int = 0, should_stop: Callable[[], bool] | None = None,
           report: Callable[[SearchResult], None] | None = None) -> SearchResult:
    """Search `state` in this process and return the standing at the end."""
    return Search(state, seed).run(iterations, seconds, should_stop, report)
