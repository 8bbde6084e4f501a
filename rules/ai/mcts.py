"""Monte Carlo tree search over the protocol, nothing game-specific: `legal_moves`, `play`,
`copy` and the search hooks of `GameState` (protocol.py's table: `search_outcome`,
`run_playout`, `moves_that_may_win`, `move_key`, ...), whose defaults are right for any game.

`Search` grows the tree and says where it stands; its parts have modules of their own:
tree.py the nodes, the choice of a move to follow and the backing up of results; solver.py
the wins in one, refutations, forcing replies and proofs; playouts.py how far a playout runs
and what its end is worth; values.py the results per person.

- Values are kept per person (values.py), so two to four players, passes, resignations and
  swapped colours are all scored for the people who will get the result. A node is a
  position; each of its moves keeps the total value of the playouts through it for the
  person to move there.
- RAVE (rapid action value estimation): every move also keeps the results of the playouts
  in which the person to move played it later on, anywhere below (all moves as first). In
  these placement games a good place tends to be good a few moves earlier or later too, so
  after a few dozen playouts every move has an estimate, long before each has been tried;
  as a move's own visits grow its own results take over (`tree.select`). A move's identity across
  positions is `move_key` (the tile games renumber their places after every move).
- `Resign` is never listed by `legal_moves`, so the search never chooses it; a forced pass is
  the only legal move and is returned without searching.
- Decisive moves: where a node near the root is expanded (depth below `decisive_depth`), every
  move the game says may win (`moves_that_may_win`: every move, unless the game can rule some
  out cheaply) is tried once; if one wins on the spot, it becomes the node's only move. At the
  root this plays a win in one; one level down it shows at once that a move of ours lets the
  opponent win in one, which is how the search blocks such a loss.
- Proofs (two players only): a node whose only move wins, or a finished game with a winner,
  has an exact value (`Node.exact`); it is passed up the tree as in MCTS-Solver (Winands,
  Björnsson and Saito, 2008): a move to a node won by the person to move is proven, and a
  node all of whose moves are proven lost is lost. A proven-lost move is never selected again.
  With decisive moves down to depth 3 (`TWO_PLAYER_DECISIVE_DEPTH`) this proves a forced win
  within three plies (a move after which every reply allows a winning move) and, one level
  deeper, that a move of ours lets the opponent force one, which is how the search defends.
  A search whose root is proven stops: more playouts would not change its move.
- Refutations: proving that every reply to a move allows a win in one would take two visits
  per reply, more than the medium level's 700 iterations where there are a hundred replies
  or more. So where a node is expanded one or two plies below the
  root, each of its moves is played at once and the winning moves found so far (and the
  killers) are tried after it, with at most `REFUTATION_SCANS` looks through all the moves;
  if every move is refuted the node is proven lost then and there (`Solver.refute_all`). At depth
  1 this proves our win in three; at depth 2, that a move of ours lets the opponent force
  one. A tree kept between moves is not kept into a position so proven lost: none of its
  moves was visited, so there would be nothing to choose by.
- Forcing replies: where most of the root's moves let the opponent force a win in three and
  a few defend, the reply that beats one careless move usually beats the others. When a root
  child is expanded, the opponent's replies proven to force a win below other root moves are
  tried first, then a few of its own (`Solver.forcing_reply`, FORCING_LOOKS a search); one that
  forces a win there too proves the root move lost on its second visit. In Druid's Walk,
  with 185 root moves and 272 replies, the search could not otherwise prove any careless
  move lost in 700 iterations. Among proven moves, the quickest win and the longest
  resistance to a loss rank first (`proof_plies`): a lost position still blocks a loss in one.
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
- The tree is kept between moves (`advance`): the subtree of the moves played since becomes
  the tree, its statistics and proofs kept. A node that now lies within `decisive_depth` of the
  root but was expanded deeper had no look for a win in one; the root is looked at now, and
  such nodes below it are dropped (their moves' statistics stay with their parents), to be
  expanded again, with the look, on their next visit.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from megalith.rules.ai.playouts import default_cap, playout
from megalith.rules.ai.solver import Solver, proof_plies, prove
from megalith.rules.ai.tree import Node, back_up, estimate, move_keys, select, shuffle
from megalith.rules.ai.values import final_values, person_to_move
from megalith.rules.protocol import SWAP, GameState

EXPLORATION = 0.25  # UCT's constant for values in [0, 1]; RAVE does most of the exploring
DECISIVE_DEPTH = 2  # with three or four players: win in one, and a loss in one blocked
TWO_PLAYER_DECISIVE_DEPTH = 4  # down to a win in three for either side (see Proofs)
KEPT_STATE_DEPTH = 1  # the nodes that keep their position: the root's children (a few hundred)
CHECK_EVERY = 8  # iterations between looks at the clock and the stop flag


@dataclass(frozen=True)
class MoveStats:
    """A root move with its visits and its win rate for the person to move at the root (the
    mean of its playouts), and `estimate`: that mean blended with the move's RAVE mean, as
    the search weighs moves (`estimate` below; steadier with few visits, but drawn towards
    one half where a position is won or lost, so the win rate is what is shown). `proven`:
    1.0 if the move is proven to win (its win rate is then 1), 0.0 if proven to lose (its win
    rate 0), None if the search has not proven it either way. `plies`: for a proven move, the
    length of the game from it to its end along the proof (the quickest win the proof holds,
    or the longest resistance to a loss: a move lost in three is ranked before one lost in
    one)."""

    move: str
    visits: int
    win_rate: float
    estimate: float
    proven: float | None = None
    plies: int | None = None  # a proven move: the plies to the game's end its proof shows


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



class Search:
    """One tree, grown by `run` calls, for the position it was made with (copied)."""

    def __init__(self, state: GameState, seed: int = 0, exploration: float = EXPLORATION,
                 playout_cap: int | None = None, decisive_depth: int | None = None) -> None:
        """`decisive_depth`: the depth down to which expanded nodes look for a win in one
        (default: TWO_PLAYER_DECISIVE_DEPTH with two players, else DECISIVE_DEPTH).

        ValueError for a finished game, as for a `run` without a limit: a caller's mistake
        (every caller asks `to_move` first), not something people gave, so no MegalithError
        (and no MoveError: no move was refused)."""
        if state.to_move is None:
            raise ValueError("the game is over: there is no move to search for")
        self._root_state = state.copy()
        self._rng = random.Random(seed)
        self._c = exploration
        self._cap = default_cap(state) if playout_cap is None else playout_cap
        self._players = len(state.turn_order)
        self._proving = self._players == 2
        if decisive_depth is None:
            decisive_depth = TWO_PLAYER_DECISIVE_DEPTH if self._proving else DECISIVE_DEPTH
        self._decisive_depth = decisive_depth
        self.solver = Solver(self._players)
        self.person = person_to_move(state)
        self.iterations = 0
        self.root_floor = 0  # visits each root move gets before the estimates choose
        self.wins_at_once = False  # whether the root's only move is a win in one
        self.root = self._expand(self._root_state, 0)
        if len(self.root.moves) > 1 and swap_follows(self._root_state, self.root.moves[0]):
            self.root.holder_wins = [0.0] * len(self.root.moves)

    def advance(self, state: GameState) -> bool:
        """Make `state` the root, keeping the subtree of the moves played since the current
        root, if `state` follows from it and the tree holds those moves; False (and the tree
        unchanged) otherwise."""
        root_moves = moves_played(self._root_state)
        moves = moves_played(state)
        if (state.to_move is None or state.game != self._root_state.game
                or state.options != self._root_state.options
                or state.turn_order != self._root_state.turn_order
                or moves[:len(root_moves)] != root_moves):
            return False
        node = self.root
        for move in moves[len(root_moves):]:
            i = node.moves.index(move) if move in node.moves else -1
            child = node.children.get(i)
            if child is None:
                return False
            node = child
        if node.exact is not None and node.exact[person_to_move(state)] == 0.0 \
                and not node.total:
            return False  # proven lost at its expansion (`refute_all`): no move was visited
        self._root_state = state.copy()
        self.person = person_to_move(state)
        if not node.checked:
            fresh = self._expand(self._root_state, 0)
            node = fresh if fresh.exact is not None or len(fresh.moves) < 2 else node
            node.checked = True
        self.root = node
        self.iterations = node.total
        self.solver.new_root()
        self.wins_at_once = node.exact is not None and node.exact[self.person] == 1.0
        self._drop_unchecked(node, 0)
        return True

    def _drop_unchecked(self, node: Node, depth: int) -> None:
        """Drop the children within decisive depth that were expanded without the look for a
        win in one (see the module's docstring)."""
        if depth + 1 >= self._decisive_depth:
            return
        for i, child in list(node.children.items()):
            if child.checked:
                self._drop_unchecked(child, depth + 1)
            else:
                del node.children[i]

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
        while (iterations is None or done < iterations) and self.root.exact is None:
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
        stats = []
        for i in range(len(root.moves)):
            if not root.visits[i]:
                continue
            proven = self._proven(root, i)
            rate = wins[i] / root.visits[i] if proven is None else proven
            plies = None if proven is None else 1 + proof_plies(root.children[i])
            stats.append(MoveStats(root.moves[i], root.visits[i], rate, estimate(root, i, wins),
                                   proven, plies))
        order = ranked(stats)
        if not order:  # a forced move, or nothing searched yet
            move = root.moves[0] if root.moves else ""
            return SearchResult(move, 1.0 if self.wins_at_once else None, self.iterations, (),
                                self.person)
        return SearchResult(order[0].move, order[0].win_rate, self.iterations, order,
                            self.person)

    @staticmethod
    def _proven(node: Node, i: int) -> float | None:
        """Move `i` of `node` proven to win (1.0) or lose (0.0) for the person to move there."""
        child = node.children.get(i)
        if child is None or child.exact is None:
            return None
        return child.exact[node.person]

    # ---- one iteration ---------------------------------------------------------------

    def _iterate(self) -> None:
        """Follow the tree to a move that leaves it, play the moves followed on a copy of
        the root's position, and play out from there. An iteration that ends in the tree,
        at a finished game or a proven position, needs no position at all: its values are
        known, and nothing is played (no move draws from the random numbers, so the search
        is the same as if it were)."""
        node = self.root
        path: list[tuple[Node, int]] = []
        trail: list[tuple[int, str]] = []  # (person, move key) of every move played
        child: Node | None = None
        i = -1
        while node.moves:
            i = self._below_floor(node) if node is self.root and self.root_floor else -1
            if i < 0:
                i = select(node, self._c)
            path.append((node, i))
            trail.append((node.person, node.keys[i]))
            child = node.children.get(i)
            if child is None:
                break
            node = child
        state = None
        if child is None:
            start = max(k for k, (parent, _) in enumerate(path)
                        if k == 0 or parent.state is not None)
            kept = path[start][0].state if start else self._root_state
            assert kept is not None
            state = kept.copy()
            for parent, j in path[start:]:
                state.play(parent.moves[j])
            if node.visits[i]:  # the second visit: list the moves here
                child = node.children[i] = self._expand(state, len(path))
        if child is not None and child.exact is not None:
            values = child.exact  # a proven position needs no playout
        elif child is not None and child.final is not None:
            values = child.final  # nor does a finished game
        else:
            assert state is not None  # the loop above left the tree: the moves are played
            values = playout(state, self._rng, self._cap, trail)
        self.iterations += 1
        back_up(path, trail, values)
        if child is not None and child.exact is not None:
            prove(path)

    def _below_floor(self, node: Node) -> int:
        """The root's least visited move not proven lost, if it has had fewer than
        `root_floor` visits, else -1. An analysis sets the floor (rules/ai/analysis.py):
        where a position has few moves, one lost first playout could otherwise leave the
        better move all but unvisited, and two analyses would disagree by a move's worth."""
        lost = node.lost
        least, fewest = -1, self.root_floor
        for i, n in enumerate(node.visits):
            if n < fewest and i not in lost:
                least, fewest = i, n
        return least

    def _expand(self, state: GameState, depth: int) -> Node:
        """The node of `state`, `depth` plies below the root, its moves listed and shuffled:
        a finished game's values; near the root, a win in one as the only move (and, with two
        players, forcing replies at the root's children and refutations, from the solver)."""
        if state.to_move is None:
            node = Node(-1, [], [])
            outcome = state.search_outcome()
            node.final = final_values(state, outcome)
            if self._proving and outcome.status == "win":
                node.exact = node.final
            return node
        person = person_to_move(state)
        moves = state.legal_moves()
        winner = None
        checked = depth < self._decisive_depth
        if checked and len(moves) > 1:
            winner = self.solver.winning_move(state, moves, person)
            if winner is not None:
                self.wins_at_once = self.wins_at_once or depth == 0
                moves = [winner]
        shuffle(moves, self._rng)
        if (winner is None and self._proving and depth == 1 and len(moves) > 1
                and depth + 1 < self._decisive_depth - 1):
            forcing = self.solver.forcing_reply(state, moves, person)
            if forcing is not None:
                return forcing
        node = Node(person, moves, move_keys(state, moves))
        node.checked = node.checked or checked
        if depth == KEPT_STATE_DEPTH:
            node.state = state.copy()
        if winner is not None and self._proving:
            node.exact = self.solver.won_by(person)
        elif self._proving and 0 < depth < self._decisive_depth - 1:
            refutations = self.solver.refute_all(state, moves, person)
            if refutations is not None:
                node.children = refutations
                node.lost = set(refutations)
                node.exact = self.solver.won_by(1 - person)
        return node


def moves_played(state: GameState) -> list[str]:
    """The moves of the game so far as the tree holds them: with swap, which the record
    keeps as a flag, after the first."""
    moves = list(state.moves)
    if state.swapped:
        moves.insert(1, SWAP)
    return moves


def swap_follows(state: GameState, move: str) -> bool:
    """Whether the reply to `move` may be swap: the protocol's `legal_moves` says when."""
    after = state.copy()
    after.play(move)
    return SWAP in after.legal_moves()


def ranked(stats: list[MoveStats]) -> tuple[MoveStats, ...]:
    """Root moves best first: proven wins (the quickest first), then by visits, proven losses
    last (the longest resistance first, see `_proof_order`); except that
    swap (whose visits are partly forced) comes first only if its estimate beats that of
    the most visited other move (whose own mean rests on a few dozen playouts at a low
    level, swap's on a quarter of them)."""
    order = sorted(stats, key=lambda m: (_proof_order(m), -m.visits, -m.win_rate))  # stable
    if order and order[0].proven == 1.0:
        return tuple(order)
    swap = next((m for m in order if m.move == SWAP and m.proven is None), None)
    if swap is None:
        return tuple(order)
    others = [m for m in order if m is not swap]
    if others and swap.estimate <= others[0].estimate:
        return (others[0], swap, *others[1:])
    return (swap, *others)


def _proof_order(stats: MoveStats) -> tuple[int, int]:
    """Proven wins first, the quickest first; then the moves not proven; then proven losses,
    the longest resistance first."""
    plies = stats.plies or 0
    return {1.0: (0, plies), None: (1, 0), 0.0: (2, -plies)}[stats.proven]
