"""The search tree's bookkeeping: a node's moves and their statistics (`Node`), the move an
iteration follows (`select`: UCT over each move's mean blended with its RAVE mean), and a
playout's result backed up along the path it took (`back_up`). mcts.py's docstring says why
RAVE, the swap share and the opening's holder values are as they are.

A move is known across positions by its `move_key` (`move_keys`, `moves_by_key`): RAVE
shares what a playout learnt of a move by it, and the killers, threats and forcing replies
of solver.py are kept by it.
"""

from __future__ import annotations

import math
import random

from megalith.rules.ai.values import Values
from megalith.rules.protocol import SWAP, GameState

RAVE_EQUIVALENCE = 400  # visits at which a move's own results weigh a third of the total
UNTRIED_VALUE = 1.0  # the value of a move nothing is known of yet: try it
SWAP_SHARE = 0.25  # the least share of a node's visits spent on swap where it is legal
OPENING_EXPLORATION = 0.7  # UCT's constant at a first move that may be swapped (no RAVE)


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
        # Each move's score in `select` but for the exploration term, kept up to date by
        # `refresh` whenever the move's statistics change (a move nothing is known of yet
        # scores UNTRIED_VALUE).
        self.exploit = [UNTRIED_VALUE] * count
        # A finished game (no moves): its values per person, what every playout from it
        # gives; None elsewhere.
        self.final: Values | None = None
        # The position itself, kept at the root's children (mcts.py, `Search._expand`): an
        # iteration through one starts from a copy of it rather than playing the root's move
        # again.
        self.state: GameState | None = None

    @property
    def rave_weight(self) -> float:
        """RAVE_EQUIVALENCE here: 0 (RAVE unused) at a first move that may be swapped."""
        return RAVE_EQUIVALENCE if self.holder_wins is None else 0.0

    def refresh(self, i: int) -> None:
        """Score move `i` again after its statistics changed: its own mean blended with its
        RAVE mean, the RAVE weight falling as its own visits grow (see `select`)."""
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


def select(node: Node, exploration: float) -> int:
    """The move to follow from `node`: its own mean blended with its RAVE mean
    (`Node.exploit`, the RAVE weight falling as its own visits grow), plus a UCT exploration
    term with the constant `exploration` (OPENING_EXPLORATION at a first move that may be
    swapped); swap while it has had less than its SWAP_SHARE of the visits."""
    if node.swap >= 0 and node.visits[node.swap] < SWAP_SHARE * node.total:
        return node.swap
    untried = _first_untried(node)
    if untried >= 0:
        return untried
    c = exploration if node.holder_wins is None else OPENING_EXPLORATION
    scale = c * math.sqrt(math.log(node.total + 1))
    roots = _roots(node.total)
    lost = node.lost
    best, best_score = 0, -1.0
    for i, (n, exploit) in enumerate(zip(node.visits, node.exploit)):
        score = exploit + scale / roots[n] if n else exploit + scale
        if score > best_score and not (lost and i in lost):
            best, best_score = i, score
    return best


def back_up(path: list[tuple[Node, int]], trail: list[tuple[int, str]], values: Values) -> None:
    """Count a playout's `values` (one per person) at every node of `path` (each with the
    move followed there), and in the RAVE statistics of every move the person to move
    there played later in `trail` (each move played: its person and its key)."""
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


def _first_untried(node: Node) -> int:
    """The move `select` would choose if it is one nothing is known of yet, else -1,
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


# Tables kept from search to search: `select` weighs every move of a node each iteration,
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


def estimate(node: Node, i: int, wins: list[float] | None = None) -> float:
    """The search's value of move `i` of `node` for the person to move there: its own mean
    blended with its RAVE mean as in `select`, without the exploration term. With few
    visits of its own a move's mean is noise; the blend is what the search went by. `wins`:
    `node.own_wins()`, if the caller has it already."""
    n = node.visits[i]
    own = (node.own_wins() if wins is None else wins)[i]
    weight = node.rave_weight
    if not weight:
        return own / n
    beta = math.sqrt(weight / (3 * n + weight))
    return (1 - beta) * own / n + beta * node.rave_wins[i] / node.rave_visits[i]
