"""Monte Carlo tree search over the protocol: `legal_moves`, `play`, `copy`, `search_outcome`,
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
  if every move is refuted the node is proven lost then and there (`_refute_all`). At depth
  1 this proves our win in three; at depth 2, that a move of ours lets the opponent force
  one. A tree kept between moves is not kept into a position so proven lost: none of its
  moves was visited, so there would be nothing to choose by.
- Forcing replies: where most of the root's moves let the opponent force a win in three and
  a few defend, the reply that beats one careless move usually beats the others. When a root
  child is expanded, the opponent's replies proven to force a win below other root moves are
  tried first, then a few of its own (`_forcing_reply`, FORCING_LOOKS a search); one that
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

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from megalith.rules.ai.values import (Values, cut_off_values, final_values,
                             person_of_side, person_to_move)
from megalith.rules.protocol import SWAP, GameState, MoveError

EXPLORATION = 0.25  # UCT's constant for values in [0, 1]; RAVE does most of the exploring
RAVE_EQUIVALENCE = 400  # visits at which a move's own results weigh a third of the total
UNTRIED_VALUE = 1.0  # the value of a move nothing is known of yet: try it
DECISIVE_DEPTH = 2  # with three or four players: win in one, and a loss in one blocked
TWO_PLAYER_DECISIVE_DEPTH = 4  # down to a win in three for either side (see Proofs)
KILLERS = 8  # moves that won at a decisive check, tried first at the next ones
REFUTATION_SCANS = 2  # looks through all the moves for a win in one per `_refute_all`
FORCING_LOOKS = 24  # replies tried at root children for one that forces a win, per search
FORCING_LOOKS_HERE = 6  # of which at one root child at most
SWAP_SHARE = 0.25  # the least share of a node's visits spent on swap where it is legal
OPENING_EXPLORATION = 0.7  # UCT's constant at a first move that may be swapped (no RAVE)
MIN_CAP, MAX_CAP = 40, 160
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


class Node:
    """A position of the tree, with statistics for each of its moves (parallel lists)."""

    __slots__ = ("person", "moves", "keys", "index", "visits", "wins", "rave_visits",
                 "rave_wins", "children", "total", "swap", "holder_wins", "exact", "lost",
                 "checked", "exploit", "final", "state")

    def __init__(self, person: int, moves: list[str], keys: list[str]) -> None:
        self.person = person  # the person to move here (-1 when the game is over)
        self.moves = moves
        self.keys = keys
        self.index = dict(zip(keys, range(len(keys))))
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
        # Two players only: the values per person under best play once proven, and the
        # indices of the moves proven to lose for the person to move here.
        self.exact: Values | None = None
        self.lost: set[int] = set()
        self.checked = len(moves) < 2  # whether a win in one was looked for (or none needed)
        # Each move's score in `_select` but for the exploration term, kept up to date by
        # `refresh` whenever the move's statistics change (a move nothing is known of yet
        # scores UNTRIED_VALUE).
        self.exploit = [UNTRIED_VALUE] * count
        # A finished game (no moves): its values per person, what every playout from it
        # gives; None elsewhere.
        self.final: Values | None = None
        # The position itself, kept at the root's children (`Search._expand`): an iteration
        # through one starts from a copy of it rather than playing the root's move again.
        self.state: GameState | None = None

    @property
    def rave_weight(self) -> float:
        """RAVE_EQUIVALENCE here: 0 (RAVE unused) at a first move that may be swapped."""
        return RAVE_EQUIVALENCE if self.holder_wins is None else 0.0

    def refresh(self, i: int) -> None:
        """Score move `i` again after its statistics changed: its own mean blended with its
        RAVE mean, the RAVE weight falling as its own visits grow (see `Search._select`)."""
        n, seen, weight = self.visits[i], self.rave_visits[i], self.rave_weight
        rave = self.rave_wins[i] / seen if seen and weight else UNTRIED_VALUE
        if n:
            holder = self.holder_wins
            wins = self.wins[i] if holder is None else min(holder[i], n - holder[i])
            beta = _betas(weight, n)[n]
            self.exploit[i] = (1 - beta) * wins / n + beta * rave
        else:
            self.exploit[i] = rave

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
                 playout_cap: int | None = None, decisive_depth: int | None = None) -> None:
        """`decisive_depth`: the depth down to which expanded nodes look for a win in one
        (default: TWO_PLAYER_DECISIVE_DEPTH with two players, else DECISIVE_DEPTH)."""
        if state.to_move is None:
            raise MoveError("", "the game is over: there is no move to search for")
        self._root_state = state.copy()
        self._rng = random.Random(seed)
        self._c = exploration
        self._cap = default_cap(state) if playout_cap is None else playout_cap
        self._players = len(state.turn_order)
        self._proving = self._players == 2
        if decisive_depth is None:
            decisive_depth = TWO_PLAYER_DECISIVE_DEPTH if self._proving else DECISIVE_DEPTH
        self._decisive_depth = decisive_depth
        self._killers: list[str] = []  # keys of moves that won at decisive checks, latest first
        self._forcing: list[str] = []  # keys of replies that forced a win below a root move
        self._forcing_looks = FORCING_LOOKS  # the tries of other replies left (`_forcing_reply`)
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
            return False  # proven lost at its expansion (`_refute_all`): no move was visited
        self._root_state = state.copy()
        self.person = person_to_move(state)
        if not node.checked:
            fresh = self._expand(self._root_state, 0)
            node = fresh if fresh.exact is not None or len(fresh.moves) < 2 else node
            node.checked = True
        self.root = node
        self.iterations = node.total
        self._forcing_looks = FORCING_LOOKS  # a new position: new tries (the keys are kept)
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
                i = self._select(node)
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
            values = self._playout(state, trail)
        self.iterations += 1
        self._back_up(path, trail, values)
        if child is not None and child.exact is not None:
            self._prove(path)

    def _select(self, node: Node) -> int:
        """The move to follow: its own mean blended with its RAVE mean (`Node.exploit`, the
        RAVE weight falling as its own visits grow), plus a small UCT exploration term."""
        if node.swap >= 0 and node.visits[node.swap] < SWAP_SHARE * node.total:
            return node.swap
        untried = _first_untried(node)
        if untried >= 0:
            return untried
        c = self._c if node.holder_wins is None else OPENING_EXPLORATION
        scale = c * math.sqrt(math.log(node.total + 1))
        roots = _roots(node.total)
        lost = node.lost
        best, best_score = 0, -1.0
        for i, (n, exploit) in enumerate(zip(node.visits, node.exploit)):
            score = exploit + scale / roots[n] if n else exploit + scale
            if score > best_score and not (lost and i in lost):
                best, best_score = i, score
        return best

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
                node.refresh(i)
                continue  # no RAVE at this node
            index, rave_visits, rave_wins = node.index, node.rave_visits, node.rave_wins
            visits, wins, exploit = node.visits, node.wins, node.exploit
            betas = _betas(RAVE_EQUIVALENCE, node.total)
            counted: set[int] = set()
            for mover, key in trail[depth:]:
                if mover == person:
                    j = index.get(key)
                    if j is not None and j not in counted:
                        counted.add(j)
                        seen = rave_visits[j] = rave_visits[j] + 1
                        total = rave_wins[j] = rave_wins[j] + value
                        n = visits[j]
                        if n:  # Node.refresh, written out: this loop is hot
                            beta = betas[n]
                            exploit[j] = (1 - beta) * wins[j] / n + beta * (total / seen)
                        else:
                            exploit[j] = total / seen
            if i not in counted:  # (the move's own key is always in the trail)
                node.refresh(i)

    def _prove(self, path: list[tuple[Node, int]]) -> None:
        """Pass a newly proven value up `path` as far as it decides the nodes above."""
        for node, i in reversed(path):
            child = node.children[i]
            exact = child.exact
            if exact is None:
                return
            if exact[node.person] == 1.0:
                node.exact = exact
            elif exact[node.person] == 0.0:
                node.lost.add(i)
                if len(node.lost) < len(node.moves):
                    return
                node.exact = exact
            else:
                return

    def _expand(self, state: GameState, depth: int) -> Node:
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
            winner = self._winning_move(state, moves, person)
            if winner is not None:
                self.wins_at_once = self.wins_at_once or depth == 0
                moves = [winner]
        shuffle(moves, self._rng)
        if (winner is None and self._proving and depth == 1 and len(moves) > 1
                and depth + 1 < self._decisive_depth - 1):
            forcing = self._forcing_reply(state, moves, person)
            if forcing is not None:
                return forcing
        node = Node(person, moves, move_keys(state, moves))
        node.checked = node.checked or checked
        if depth == KEPT_STATE_DEPTH:
            node.state = state.copy()
        if winner is not None and self._proving:
            node.exact = self._won_by(person)
        elif self._proving and 0 < depth < self._decisive_depth - 1:
            refutations = self._refute_all(state, moves, person)
            if refutations is not None:
                node.children = refutations
                node.lost = set(refutations)
                node.exact = self._won_by(1 - person)
        return node

    def _forcing_reply(self, state: GameState, moves: list[str], person: int) -> Node | None:
        """At a child of the root, where `person` (the root's opponent) is to move: a node
        whose only move is a reply that forces a win, every answer to it letting `person`
        win at once (`_refute_all`, with one look through all the moves), if one is found
        among the replies that forced a win below other root moves, then among the first
        FORCING_LOOKS_HERE of `moves` (shuffled) while the search's FORCING_LOOKS last.

        Where the opponent has a forced win in three after most of the root's moves and
        only a few defend, the threat that beats one careless move usually beats the
        others: each is then proven lost on its second visit. The search alone would need
        a few visits to the forcing reply below every one of them (185 root moves in the
        Druid's Walk position of the tactics tests, each with 272 replies, more than 700
        iterations give). A try that fails costs a play and a look for a win in one, draws
        no random number and changes no killer, so the search is as it was without it."""
        keyed = moves_by_key(state, moves)
        known = [keyed[key] for key in self._forcing if key in keyed]
        others = [move for move in moves if move not in known]
        for move in known + others[:min(FORCING_LOOKS_HERE, self._forcing_looks)]:
            if move not in known:
                self._forcing_looks -= 1
            trial = state.copy()
            trial.play(move)
            if trial.to_move is None or person_to_move(trial) == person:
                continue
            replies = trial.legal_moves()
            refutations = self._refute_all(trial, replies, 1 - person, scans=1)
            if refutations is None:
                continue
            key = state.move_key(move)
            if key in self._forcing:
                self._forcing.remove(key)
            self._forcing.insert(0, key)
            del self._forcing[KILLERS:]
            answered = Node(1 - person, replies, move_keys(trial, replies))
            answered.children, answered.lost = refutations, set(refutations)
            answered.exact, answered.checked = self._won_by(person), True
            node = Node(person, [move], [key])
            node.children, node.exact, node.checked = {0: answered}, self._won_by(person), True
            return node
        return None

    def _won_by(self, person: int) -> Values:
        values = [0.0] * self._players
        values[person] = 1.0
        return tuple(values)

    def _refute_all(self, state: GameState, moves: list[str], person: int,
                    scans: int = REFUTATION_SCANS) -> dict[int, Node] | None:
        """Whether every move of `person` (to move at `state`, with no win in one) lets the
        other person win at once: then the children that show it, one per move (a position
        whose only move is that person's win, or a game they have won), else None. The
        search would prove it too, but only after visiting each move twice (a hundred
        or more in some games); here it costs a play per move and a few
        tries of the winning moves found so far, with at most `scans` looks through all
        the moves of a position. It gives up at the first move not refuted,
        which in most positions is the first: its look through all the moves finds no
        win. It plays no random move and changes no killer, so a search where it proves
        nothing grows the same tree as without it."""
        other = 1 - person
        threats: list[str] = []  # keys of the other person's wins found, latest first
        looked = 0
        children: dict[int, Node] = {}
        for i, move in enumerate(moves):
            trial = state.copy()
            trial.play(move)
            if trial.to_move is None:
                if not self._wins(trial, other):
                    return None
                child = Node(-1, [], [])
                child.exact = final_values(trial, trial.search_outcome())
            else:
                if person_to_move(trial) != other:
                    return None
                win = self._threat_that_wins(trial, other, threats)
                if win is None and looked < scans:
                    looked += 1
                    wins = [m for m in trial.moves_that_may_win(trial.legal_moves())
                            if self._wins_after(trial, m, other)]
                    found = [trial.move_key(m) for m in wins]
                    threats[:] = found + [key for key in threats if key not in found]
                    win = wins[0] if wins else None
                if win is None:
                    return None
                child = Node(other, [win], [trial.move_key(win)])
                child.exact = self._won_by(other)
            children[i] = child
        return children

    def _threat_that_wins(self, state: GameState, person: int, threats: list[str]
                          ) -> str | None:
        """The first of `threats` (move keys; then the killers) that wins at once for
        `person`, to move at `state`, moved to the front of `threats`."""
        tried = threats[:KILLERS] + [key for key in self._killers if key not in threats]
        if not tried:
            return None
        if keys_are_texts(state):
            move = self._first_text_that_wins(state, person, tried)
        else:
            keyed = moves_by_key(state, state.legal_moves())
            candidates = [keyed[key] for key in tried if key in keyed]
            may_win = set(state.moves_that_may_win(candidates))  # only these few are asked
            move = next((keyed[key] for key in tried if keyed.get(key) in may_win
                         and self._wins_after(state, keyed[key], person)), None)
        if move is not None:
            key = state.move_key(move)
            if key in threats:
                threats.remove(key)
            threats.insert(0, key)
        return move

    def _first_text_that_wins(self, state: GameState, person: int, texts: list[str]
                              ) -> str | None:
        """The first of `texts` that is a legal move's canonical text and wins at once for
        `person`, for a game whose move keys are its moves' texts: each is played on a copy
        (a text that is not legal here is refused), not looked up among the legal moves,
        whose listing costs more than the few plays (Druid's Walk lists 272 moves)."""
        for text in texts:
            trial = state.copy()
            try:
                played = trial.play(text)
            except MoveError:
                continue
            if played == text and self._wins(trial, person):
                return text
        return None

    def _wins_after(self, state: GameState, move: str, person: int) -> bool:
        trial = state.copy()
        trial.play(move)
        return self._wins(trial, person)

    @staticmethod
    def _wins(state: GameState, person: int) -> bool:
        """Whether the game is over and `person` won it."""
        outcome = state.search_outcome()
        return (outcome.status == "win" and outcome.winner is not None
                and person_of_side(state, outcome.winner) == person)

    def _winning_move(self, state: GameState, moves: list[str], person: int) -> str | None:
        """A move that wins at once for `person`, the person to move, if there is one. The
        moves that won at earlier checks are tried first: a threat usually survives a
        reply elsewhere. Only the moves the game says may win are tried
        (`GameState.moves_that_may_win`)."""
        killers = self._killers
        moves = state.moves_that_may_win(moves)
        if killers:
            keyed = moves_by_key(state, moves)
            first = [keyed[key] for key in killers if key in keyed]
        else:
            first = []
        for move in first + moves:
            if self._wins_after(state, move, person):
                key = state.move_key(move)
                if key in killers:
                    killers.remove(key)
                killers.insert(0, key)
                del killers[KILLERS:]
                return move
        return None

    def _playout(self, state: GameState, trail: list[tuple[int, str]]) -> Values:
        state.run_playout(self._rng, self._cap, trail)
        outcome = state.search_outcome()
        if outcome.over:
            return final_values(state, outcome)
        return cut_off_values(state, outcome)


def _first_untried(node: Node) -> int:
    """The move `Search._select` would choose if it is one nothing is known of yet, else -1,
    without scoring every move (half the selections in a position with a hundred moves).

    Such a move (no visits, and a RAVE mean of exactly 1 or none: `exploit` is
    UNTRIED_VALUE) scores the most any move can: 1 plus the full exploration term. A move
    with visits gets at most 1 plus the term over the square root of two, and a move with no
    visits and any other RAVE mean less, unless that mean is within a rounding of 1; so the
    first such move is the choice, unless an earlier move's value is that close to 1, when
    -1 leaves the choice to the full comparison."""
    exploit, visits, lost = node.exploit, node.visits, node.lost
    i = -1
    while True:
        try:
            i = exploit.index(UNTRIED_VALUE, i + 1)
        except ValueError:
            return -1
        if not visits[i] and not (lost and i in lost):
            break
    if i and max(exploit[:i]) > NEARLY_UNTRIED:
        return -1
    return i


NEARLY_UNTRIED = 1.0 - 1e-9  # a value whose score may round to an untried move's


def shuffle(moves: list[str], rng: random.Random) -> None:
    """`rng.shuffle(moves)`, the same permutation from the same random numbers, with
    `random.Random._randbelow` written out: a search shuffles every node's moves as it
    lists them, some 7% of Drogo's search at thousands of iterations before this.
    `tests/rules/ai/test_mcts.py` holds it to `random.shuffle`."""
    getrandbits = rng.getrandbits
    for i in range(len(moves) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        moves[i], moves[j] = moves[j], moves[i]


def keys_are_texts(state: GameState) -> bool:
    """Whether the game keeps the protocol's `move_key`: every move's key is its text."""
    return type(state).move_key is GameState.move_key


def move_keys(state: GameState, moves: list[str]) -> list[str]:
    """Each move's `move_key`: the list of moves itself where the keys are the texts
    (neither list is changed afterwards)."""
    if keys_are_texts(state):
        return moves
    return [state.move_key(move) for move in moves]


def moves_by_key(state: GameState, moves: list[str]) -> dict[str, str]:
    """`moves` by their `move_key`, to find a move of this position from a key kept
    elsewhere in the tree (a killer, a threat, a forcing reply)."""
    return dict(zip(move_keys(state, moves), moves))


# Tables kept from search to search: `_select` weighs every move of a node each iteration,
# and a look-up costs less than a square root, with the very same value.
_BETAS: dict[float, list[float]] = {}
_ROOTS: list[float] = []


def _betas(weight: float, visits: int) -> list[float]:
    """A move's RAVE share `beta`, the square root of weight / (3 n + weight), for every
    number of visits n up to `visits` (0 where RAVE is not used)."""
    betas = _BETAS.setdefault(weight, [])
    for n in range(len(betas), visits + 1):
        betas.append(math.sqrt(weight / (3 * n + weight)) if weight else 0.0)
    return betas


def _roots(visits: int) -> list[float]:
    """The square root of n + 1 for every number of visits n up to `visits`."""
    for n in range(len(_ROOTS), visits + 1):
        _ROOTS.append(math.sqrt(n + 1))
    return _ROOTS


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


def proof_plies(node: Node) -> int:
    """The plies from a proven `node` to the game's end along its proof: none at a finished
    game; else one more than its quickest proven winning move's, where the person to move
    there wins, or than its longest lost move's, where they lose. A win in one whose end is
    not in the tree is one ply."""
    if not node.moves or node.exact is None:
        return 0
    wins = node.exact[node.person] == 1.0
    lengths = [proof_plies(child) for child in node.children.values()
               if child.exact is not None and (child.exact[node.person] == 1.0) == wins]
    if not lengths:
        return 1
    return 1 + (min(lengths) if wins else max(lengths))


def search(state: GameState, iterations: int | None = None, seconds: float | None = None,
           seed: int = 0, should_stop: Callable[[], bool] | None = None,
           report: Callable[[SearchResult], None] | None = None) -> SearchResult:
    """Search `state` in this process and return the standing at the end."""
    return Search(state, seed).run(iterations, seconds, should_stop, report)
