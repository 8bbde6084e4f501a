"""Monte Carlo tree search over the protocol: `legal_moves`, `play`, `copy`, `outcome`,
`random_move` and `move_key`, nothing game-specific.

- Values are kept per person (values.py), so two to four players, passes, resignations and
  swapped colours are all scored for the people who will get the result. A node is a
  position; each of its moves keeps the total value of the playouts through it for the
  person to move there.
- RAVE (rapid action value estimation): every move also keeps the results of the playouts
  in which the person to move played it later on, anywhere below (all moves as first). In
  these placement games a good place tends to be good a few moves earlier or later too, so
  after a few dozen playouts every move has an estimate, long before each has been tried;
  as a move's own visits grow its own results take over (`_select`). A move's identity across
  positions is `move_key` (the tile games renumber their places after every move).
- `Resign` is never listed by `legal_moves`, so the search never chooses it; a forced pass is
  the only legal move and is returned without searching.
- Decisive moves: where a node near the root is expanded (depth below `decisive_depth`), every
  move is tried once; if one wins on the spot, it becomes the node's only move. At the root
  this plays a win in one; one level down it shows at once that a move of ours lets the
  opponent win in one, which is how the search blocks such a loss.
- `swap` is a decision, not a place: its key recurs nowhere, so RAVE tells nothing of it and a
  single lost playout would leave it all but unexplored (in Druid Y 8 one seed in two tried it
  once in 700 iterations). A node where swap is legal spends at least `SWAP_SHARE` of its
  visits on it, and the search swaps when swap's estimate beats that of its most visited
  other move (`ranked`): the second player takes over the opening by the search's value of
  it.
- The first move of a game with swap is chosen knowing it may be taken over: an opening worth
  v to whoever holds its stone is worth min(v, 1 - v) to the first player, as the second
  swaps when v > 1/2. The root keeps, per move, the results of the person holding the first
  colour at the end (person 0, or person 1 after a swap in the iteration) and weighs its
  moves by min(v, 1 - v); every playout counts, swapped or not. RAVE is not used there: it
  says how good a place is for its owner, which is what makes an opening worth swapping,
  so the root explores by UCT alone, with a larger constant (`OPENING_EXPLORATION`).
  Without this the first player opened in the centre and was swapped every time.
- A node is expanded (its moves listed) on its second visit; the first visit only runs a
  playout, so a search does not list the moves of positions it never returns to.
- Playouts draw `playout_move` (`random_move`, unless the game knows better) until the game
  ends or `playout_cap` plies have gone by (the game's `playout_horizon`, else about as many
  plies as there are moves at the root); a playout cut short is valued by the game's
  `playout_scores` (values.py).
- With the same seed, position and number of iterations the search plays the same move: all
  randomness comes from one `random.Random(seed)` and nothing iterates over a set.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from megalith.rules.ai.values import (Values, cut_off_values, final_values, person_of_seat,
                             person_of_side, person_to_move)
from megalith.rules.protocol import SWAP, GameState, MoveError

EXPLORATION = 0.25  # UCT's constant for values in [0, 1]; RAVE does most of the exploring
RAVE_EQUIVALENCE = 400  # visits at which a move's own results weigh a third of the total
UNTRIED_VALUE = 1.0  # the value of a move nothing is known of yet: try it
DECISIVE_DEPTH = 2
SWAP_SHARE = 0.25  # the least share of a node's visits spent on swap where it is legal
OPENING_EXPLORATION = 0.7  # UCT's constant at a first move that may be swapped (no RAVE)
MIN_CAP, MAX_CAP = 40, 160
CHECK_EVERY = 8  # iterations between looks at the clock and the stop flag


@dataclass(frozen=True)
class MoveStats:
    """A root move with its visits and its win rate for the person to move at the root (the
    mean of its playouts), and `estimate`: that mean blended with the move's RAVE mean, as
    the search weighs moves (`estimate` below; steadier with few visits, but drawn towards
    one half where a position is won or lost, so the win rate is what is shown)."""

    move: str
    visits: int
    win_rate: float
    estimate: float


@dataclass(frozen=True)
class SearchResult:
    """Where a search stands: the move it would play now and the root moves by visits.

    `win_rate` is the chosen move's (1 for a win in one, None for a forced pass or any other
    only move, which are played without a search); `person` is the person to move at the root
    (0 made the game's first move)."""

    move: str
    win_rate: float | None
    iterations: int
    moves: tuple[MoveStats, ...]
    person: int


class Node:
    """A position of the tree, with statistics for each of its moves (parallel lists)."""

    __slots__ = ("person", "moves", "keys", "index", "visits", "wins", "rave_visits",
                 "rave_wins", "children", "total", "swap", "holder_wins")

    def __init__(self, person: int, moves: list[str], keys: list[str]) -> None:
        self.person = person  # the person to move here (-1 when the game is over)
        self.moves = moves
        self.keys = keys
        self.index = {key: i for i, key in enumerate(keys)}
        count = len(moves)
        self.visits = [0] * count
        self.wins = [0.0] * count
        self.rave_visits = [0] * count
        self.rave_wins = [0.0] * count
        self.children: dict[int, Node] = {}
        self.total = 0
        self.swap = moves.index(SWAP) if SWAP in moves else -1  # its index, -1 if not legal
        # At a game's first move when swap follows: each move's results for the person who
        # holds the first colour at the end (see the module's docstring); else None.
        self.holder_wins: list[float] | None = None

    @property
    def rave_weight(self) -> float:
        """RAVE_EQUIVALENCE here: 0 (RAVE unused) at a first move that may be swapped."""
        return RAVE_EQUIVALENCE if self.holder_wins is None else 0.0

    def own_wins(self) -> list[float]:
        """Each move's total value for the person to move here, as the search weighs it: the
        playouts' results, or where the opening may be swapped min(v, 1 - v) of the
        holder's (in the same units: visits times a mean)."""
        if self.holder_wins is None:
            return self.wins
        return [min(h, n - h) for h, n in zip(self.holder_wins, self.visits)]


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
        self._players = len(state.turn_order)
        self.person = person_to_move(state)
        self.iterations = 0
        self.wins_at_once = False  # whether the root's only move is a win in one
        self.root = self._expand(self._root_state, 0)
        if len(self.root.moves) > 1 and swap_follows(self._root_state, self.root.moves[0]):
            self.root.holder_wins = [0.0] * len(self.root.moves)

    @property
    def forced(self) -> bool:
        """Whether the root has a single move (a forced pass, or a win in one)."""
        return len(self.root.moves) == 1

    def run(self, iterations: int | None = None, seconds: float | None = None,
            should_stop: Callable[[], bool] | None = None,
            report: Callable[[SearchResult], None] | None = None,
            report_every: float = 0.25, least_iterations: int = 0) -> SearchResult:
        """Search until `iterations` more iterations, `seconds` or `should_stop()`, whichever
        comes first (at least one limit must be given), but the clock stops nothing before
        `least_iterations` (so a slow or busy machine still gets a level's strength);
        `report` gets the standing every `report_every` seconds. A forced root move returns
        at once."""
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
                if deadline is not None and now >= deadline and done >= least_iterations:
                    break
                if report is not None and now >= next_report:
                    report(self.result())
                    next_report = now + report_every
        return self.result()

    def result(self) -> SearchResult:
        root = self.root
        wins = root.own_wins()
        stats = ranked([MoveStats(root.moves[i], root.visits[i], wins[i] / root.visits[i],
                                  estimate(root, i, wins))
                        for i in range(len(root.moves)) if root.visits[i]])
        if not stats:  # a forced move, or nothing searched yet
            move = root.moves[0] if root.moves else ""
            rate = 1.0 if self.wins_at_once else None
            return SearchResult(move, rate, self.iterations, (), self.person)
        return SearchResult(stats[0].move, stats[0].win_rate, self.iterations, stats,
                            self.person)

    # ---- one iteration ---------------------------------------------------------------

    def _iterate(self) -> None:
        state = self._root_state.copy()
        node = self.root
        path: list[tuple[Node, int]] = []
        trail: list[tuple[int, str]] = []  # (person, move key) of every move played
        while node.moves:
            i = self._select(node)
            path.append((node, i))
            trail.append((node.person, node.keys[i]))
            state.play(node.moves[i])
            child = node.children.get(i)
            if child is None:
                if node.visits[i]:  # the second visit: list the moves here
                    node.children[i] = self._expand(state, len(path))
                break
            node = child
        values = self._playout(state, trail)
        self.iterations += 1
        self._back_up(path, trail, values)

    def _select(self, node: Node) -> int:
        """The move to follow: its own mean blended with its RAVE mean (the RAVE weight
        falling as its own visits grow), plus a small UCT exploration term."""
        if node.swap >= 0 and node.visits[node.swap] < SWAP_SHARE * node.total:
            return node.swap
        c = self._c if node.holder_wins is None else OPENING_EXPLORATION
        scale = c * math.sqrt(math.log(node.total + 1))
        visits, wins, rave_visits, rave_wins = (node.visits, node.own_wins(), node.rave_visits,
                                                node.rave_wins)
        weight = node.rave_weight
        best, best_score = 0, -1.0
        for i in range(len(visits)):
            seen = rave_visits[i]
            n = visits[i]
            rave = rave_wins[i] / seen if seen and weight else UNTRIED_VALUE
            if n:
                beta = math.sqrt(weight / (3 * n + weight))
                score = (1 - beta) * wins[i] / n + beta * rave + scale / math.sqrt(n + 1)
            else:
                score = rave + scale
            if score > best_score:
                best, best_score = i, score
        return best

    def _back_up(self, path: list[tuple[Node, int]], trail: list[tuple[int, str]],
                 values: Values) -> None:
        for depth, (node, i) in enumerate(path):
            person = node.person
            value = values[person]
            node.total += 1
            node.visits[i] += 1
            node.wins[i] += value
            if node.holder_wins is not None:  # the person holding the first colour now
                swapped = any(key == SWAP for _, key in trail[depth:])
                node.holder_wins[i] += values[1 if swapped else 0]
                continue  # no RAVE at this node
            index, rave_visits, rave_wins = node.index, node.rave_visits, node.rave_wins
            counted: set[int] = set()
            for mover, key in trail[depth:]:
                if mover == person:
                    j = index.get(key)
                    if j is not None and j not in counted:
                        counted.add(j)
                        rave_visits[j] += 1
                        rave_wins[j] += value

    def _expand(self, state: GameState, depth: int) -> Node:
        if state.to_move is None:
            return Node(-1, [], [])
        person = person_to_move(state)
        moves = state.legal_moves()
        if depth < self._decisive_depth and len(moves) > 1:
            winner = self._winning_move(state, moves, person)
            if winner is not None:
                self.wins_at_once = self.wins_at_once or depth == 0
                moves = [winner]
        self._rng.shuffle(moves)
        return Node(person, moves, [state.move_key(move) for move in moves])

    @staticmethod
    def _winning_move(state: GameState, moves: list[str], person: int) -> str | None:
        """A move that wins at once for `person`, the person to move, if there is one."""
        for move in moves:
            trial = state.copy()
            trial.play(move)
            outcome = trial.outcome()
            if (outcome.status == "win" and outcome.winner is not None
                    and person_of_side(trial, outcome.winner) == person):
                return move
        return None

    def _playout(self, state: GameState, trail: list[tuple[int, str]]) -> Values:
        draw = self._rng
        players = self._players
        for _ in range(self._cap):
            if state.to_move is None:
                return final_values(state, state.outcome())
            person = person_of_seat(state, len(state.moves) % players)
            move = state.playout_move(draw)
            trail.append((person, state.move_key(move)))
            state.play(move)
        outcome = state.outcome()
        if outcome.over:
            return final_values(state, outcome)
        return cut_off_values(state, outcome)


def swap_follows(state: GameState, move: str) -> bool:
    """Whether the reply to `move` may be swap: the protocol's `legal_moves` says when."""
    after = state.copy()
    after.play(move)
    return SWAP in after.legal_moves()


def estimate(node: Node, i: int, wins: list[float] | None = None) -> float:
    """The search's value of move `i` of `node` for the person to move there: its own mean
    blended with its RAVE mean as in `Search._select`, without the exploration term. With few
    visits of its own a move's mean is noise; the blend is what the search went by. `wins`:
    `node.own_wins()`, if the caller has it already."""
    n = node.visits[i]
    own = (node.own_wins() if wins is None else wins)[i]
    weight = node.rave_weight
    if not weight:
        return own / n
    beta = math.sqrt(weight / (3 * n + weight))
    return (1 - beta) * own / n + beta * node.rave_wins[i] / node.rave_visits[i]


def ranked(stats: list[MoveStats]) -> tuple[MoveStats, ...]:
    """Root moves best first: by visits, except that swap (whose visits are partly forced)
    comes first only if its estimate beats that of the most visited other move (whose own
    mean rests on a few dozen playouts at a low level, swap's on a quarter of them)."""
    order = sorted(stats, key=lambda m: (-m.visits, -m.win_rate))  # stable: ties keep order
    swap = next((m for m in order if m.move == SWAP), None)
    if swap is None:
        return tuple(order)
    others = [m for m in order if m is not swap]
    if others and swap.estimate <= others[0].estimate:
        return (others[0], swap, *others[1:])
    return (swap, *others)


def search(state: GameState, iterations: int | None = None, seconds: float | None = None,
           seed: int = 0, should_stop: Callable[[], bool] | None = None,
           report: Callable[[SearchResult], None] | None = None) -> SearchResult:
    """Search `state` in this process and return the standing at the end."""
    return Search(state, seed).run(iterations, seconds, should_stop, report)
