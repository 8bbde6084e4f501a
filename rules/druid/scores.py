"""How near each Druid player is to their goal: the cut-off value of a search's random playout
(`DruidState.playout_scores`), for every player at once.

In the connection variants a player's cost is the least total of cell costs that would
connect their goal sides: a cell they top costs 0, bare ground 1, a cell another side tops 2
(ENEMY_COST: a lintel must bridge it). For two sides that is the cheapest path from the first
to the second; for three, the least over every cell of its three distances to them, less
twice its own cost (counted in each of the three).

The distances come from a breadth-first search by total on the engine's bit layout, where a
cell's neighbours are fixed shifts away: `reached[t]` is the set of cells within total t of
a side. Cells within t are those within t - 1, bare cells next to those, other sides' cells
next to those within t - 2, and then every own cell joined to them through own cells
(flooded, as they cost nothing). One search runs for every side that any player needs at
once: each (player, side) pair has a lane of the board's bits in one integer, lanes far
enough apart that no shift carries a cell into another lane. A two-side goal stops as soon
as its lane touches the other side. For three sides, each cell's distance (the number of
totals at which it was not yet reached) is counted in binary, one integer per binary digit
for all cells of all lanes at once ("bit-sliced"), and the three distances are added and
their least found the same way. The result is exactly the Dijkstra search's it replaced
(tests/rules/druid/test_druid_scores.py holds it to a plain one).

In Druid's Walk the value is the number of steps each Druid still has to go to its target
side (`distances_to_sides`).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass

from megalith.rules.druid.bits import Grow
from megalith.rules.geometry import Board

ENEMY_COST = 2  # a cell another side tops, on a way to connect (a lintel must bridge it)
Number = list[int]  # bit-sliced: digit k of every cell's number in the integer at index k


@dataclass(frozen=True)
class Plan:
    """The lanes of one board and set of goals.

    `players[k]` is the player lane k searches for and `starts` holds each lane's side;
    `pairs` has (player, lane, other side in the lane's place) per two-side goal, `triples`
    (player, first lane, that lane's cells) per three-side goal, whose sides are the lanes
    from the first on. `span` is a lane's width in bits, `cells` every lane's cells, and
    `repeat` times a set of cells puts it in every lane.
    """

    players: tuple[int, ...]
    span: int
    cells: int
    repeat: int
    starts: int
    pairs: tuple[tuple[int, int, int], ...]
    triples: tuple[tuple[int, int, int], ...]
    shifts: tuple[int, ...]
    grow: Grow
    w: int


def make_plan(goals: Sequence[Sequence[Sequence[int]]], board_bits: int, shifts: tuple[int, ...],
              grow: Grow) -> Plan:
    """The plan for players whose goals are `goals[p]`: alternatives, each a sequence of two
    or three sides' bits; on a board whose cells are `board_bits`, whose neighbours are the
    `shifts` (each used both ways; the largest is a row's width) and flood `grow`."""
    w = max(shifts)
    span = board_bits.bit_length() + w  # a shift of at most w from a lane lands in its gap
    players: list[int] = []
    sides: list[int] = []
    pairs, triples = [], []
    for p, alternatives in enumerate(goals):
        for alt in alternatives:
            lane = len(sides)
            if len(alt) == 2:
                pairs.append((p, lane, alt[1] << lane * span))
                used = alt[:1]
            else:
                triples.append((p, lane, board_bits << lane * span))
                used = alt
            players += [p] * len(used)
            sides += used
    repeat = sum(1 << k * span for k in range(len(sides)))
    return Plan(tuple(players), span, board_bits * repeat, repeat,
                sum(side << k * span for k, side in enumerate(sides)), tuple(pairs),
                tuple(triples), shifts, grow, w)


def connection_costs(plan: Plan, own: Sequence[int], bare: int) -> list[int]:
    """Each player's cost (see the module's docstring), where `own[p]` are the cells player
    p tops and `bare` the bare cells."""
    span = plan.span
    cells = plan.cells
    mine = 0
    for k, p in enumerate(plan.players):
        mine |= own[p] << k * span
    empty = bare * plan.repeat
    theirs = cells & ~mine & ~empty
    starts = plan.starts
    grow, w = plan.grow, plan.w
    costs = [1 << 30] * len(own)
    waiting = list(plan.pairs)
    counted: Number = []  # per cell: at how many totals it was not reached yet
    count = bool(plan.triples)  # three-side goals need every cell's distances
    near_before = 0  # the neighbours of the cells reached at the total before
    total = 0
    reached = grow(starts & mine, mine, w)
    while True:
        if waiting:
            still = []
            for p, lane, goal in waiting:
                if reached & goal:
                    costs[p] = min(costs[p], total)
                else:
                    still.append((p, lane, goal))
            waiting = still
        if reached == cells or not (waiting or count):
            break
        if count:
            _add_one(counted, cells & ~reached)
        near = _spread(reached, plan.shifts) & cells
        total += 1
        seed = reached | near & empty | near_before & theirs | starts & empty
        if total >= ENEMY_COST:
            seed |= starts & theirs
        reached = grow(seed, seed | mine, w)
        near_before = near
    if plan.triples:
        # Three distances added: each lane's count plus the next two lanes' shifted onto it;
        # a cell's own cost, counted thrice, is taken off twice by adding 4 - 2 * its cost
        # (4 for an own cell, 2 for a bare one) and taking 4 off the least.
        summed = _add(_add(counted, [d >> span for d in counted]),
                      [d >> 2 * span for d in counted])
        summed = _add(summed, [0, empty, mine])
        for p, _, lane_cells in plan.triples:
            costs[p] = min(costs[p], _least(summed, lane_cells) - 4)
    return costs


def _spread(cells: int, shifts: tuple[int, ...]) -> int:
    """The cells one shift away from `cells`, either way (not yet cut to the board)."""
    around = 0
    for s in shifts:
        around |= cells << s | cells >> s
    return around


def _add_one(number: Number, ones: int) -> None:
    """Add 1 to the bit-sliced `number` at the bits of `ones`, in place."""
    for k, digit in enumerate(number):
        number[k] = digit ^ ones
        ones &= digit
        if not ones:
            return
    number.append(ones)


def _add(a: Number, b: Number) -> Number:
    """The bit-sliced sum of two bit-sliced numbers."""
    result = []
    carry = 0
    for k in range(max(len(a), len(b))):
        x = a[k] if k < len(a) else 0
        y = b[k] if k < len(b) else 0
        half = x ^ y
        result.append(half ^ carry)
        carry = x & y | carry & half
    if carry:
        result.append(carry)
    return result


def _least(number: Number, among: int) -> int:
    """The least of the bit-sliced `number`'s values at the bits of `among` (not empty):
    digit by digit from the highest, keep the cells with a 0 there if any has one."""
    value = 0
    for k in range(len(number) - 1, -1, -1):
        zeros = among & ~number[k]
        if zeros:
            among = zeros
        else:
            value |= 1 << k
    return value


_SIDE_DISTANCES: dict[Board, tuple[dict[str, list[int]], float]] = {}


def distances_to_sides(board: Board) -> tuple[dict[str, list[int]], float]:
    """For each side of the board, every cell's number of steps to it (over any cells), and
    one more than the most steps any cell has to any side (what a Druid not yet on the board
    counts); made once per board."""
    found = _SIDE_DISTANCES.get(board)
    if found is None:
        tables = {name: _steps_from(cells, board.neighbours)
                  for name, cells in board.sides.items()}
        farthest = max(max(steps) for steps in tables.values())
        found = _SIDE_DISTANCES[board] = (tables, float(farthest + 1))
    return found


def _steps_from(side: frozenset[int], neighbours: Sequence[Sequence[int]]) -> list[int]:
    """Each cell's number of steps from the nearest cell of `side` (breadth first)."""
    steps = [-1] * len(neighbours)
    queue = deque(sorted(side))
    for c in queue:
        steps[c] = 0
    while queue:
        c = queue.popleft()
        for d in neighbours[c]:
            if steps[d] < 0:
                steps[d] = steps[c] + 1
                queue.append(d)
    return steps
