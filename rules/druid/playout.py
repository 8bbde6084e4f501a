"""Druid's random playouts for the search, over placement numbers instead of move text.

`GameState.run_playout` plays `playout_move` (Druid's `random_move`) as text and `play`
parses the text again: most of a search's time. The loops here draw from the random
generator exactly as `DruidState.random_move` does (one `rng.random()` per try, the same
tries in the same order, the same fallback to the listed moves after as many misses), judge
each try by the rules of `DruidPosition._legal`, written out in the loop, and place the stone
with `DruidPosition._apply`, as `play` does; so the moves, the trail and the final position
are those of the generic loop (tests/rules/ai/test_fast_playouts.py and
tests/rules/druid/test_druid_playout.py hold them to it).

The walk loop looks up what it would otherwise work out for every try in `WalkTables`, made
once per board and set of home sides.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from megalith.rules.druid.position import DruidPosition
from megalith.rules.geometry import Board
from megalith.rules.protocol import PASS, SWAP, GameState

Trail = list[tuple[int, str]]
RANDOM_MOVE_TRIES = 64  # DruidState.random_move's tries before it lists the moves
WALK_TRIES = 256  # DruidState._random_walk_move's


def connection_playout(state: DruidPosition, rng: random.Random, plies: int, trail: Trail
                       ) -> None:
    """`GameState.run_playout` for the connection variants (no Druid's Walk) with nobody
    resigned: each try draws a number over every placement, then the pass, then swap where
    it is legal, as `DruidState.random_move` does."""
    players = len(state.turn_order)
    moves = state.moves
    draw = rng.random
    t = state._tables
    n, count, lines, texts, bits = t.n, t.count, t.lines, t.text, t.bits
    height, owner = state._height, state._owner
    nostack, nogaps = state.nostack, state.nogaps
    apply = state._apply
    ongoing = state._outcome  # replaced by the outcome of a win, so a win is `not ongoing`
    if ongoing.status != "ongoing" or state.passes_in_row >= players:
        return  # (while the game is on, only a move of _listed_move can end it)
    swapped = state.swapped  # kept here, and read again after a listed move (maybe swap)
    first, swap_ply = state.first_seat, state.swap_ply  # a set-up position's turn and swap
    for _ in range(plies):
        ply = len(moves)
        p = (ply + first) % players
        person = 1 - p if swapped and players == 2 else p
        size = count + 2 if ply == swap_ply and players == 2 and not swapped else count + 1
        for _ in range(RANDOM_MOVE_TRIES):
            pick = int(draw() * size)
            if pick < n:  # a sarsen: on the ground, or on p's own top (not a sarsen's, nostack)
                if height[pick] == 0 or owner[pick] == p and not (
                        nostack and state._sarsen_bits & bits[pick]):
                    break
            elif pick < count:  # a lintel: flat, on exactly two of p's stones
                a, m, b = lines[pick - n]
                h = height[a]
                if h and height[b] == h:
                    hm = height[m]
                    if hm == h:
                        if (owner[a] == p) + (owner[b] == p) + (owner[m] == p) == 2:
                            break
                    elif hm < h and not nogaps and owner[a] == p and owner[b] == p:
                        break
            else:
                break
        else:
            _listed_move(state, rng, person, trail)
            if state._outcome is not ongoing or state.passes_in_row >= players:
                return
            swapped = state.swapped
            continue
        if pick >= count:
            if pick == count:
                moves.append(PASS)
                state.passes_in_row += 1
                trail.append((person, PASS))
                if state.passes_in_row >= players:
                    return
            else:
                state.swapped = swapped = True
                trail.append((person, SWAP))
            continue
        apply(pick, p)
        move = texts[pick]
        moves.append(move)
        state.passes_in_row = 0
        trail.append((person, move))
        if state._outcome is not ongoing:
            return


@dataclass(frozen=True)
class WalkTables:
    """What the walk loop looks up for one board and one player's home sides. A draw k below
    `count * ways` stands for placement `placement[k]` followed by nothing (`way[k]` 0) or
    by a step to its Druid's neighbour `way[k] - 1` (the split divmod makes). By cell:
    `steps[c]` names the directions of cell c's neighbours (in `board.neighbours` order)
    and `around[c]` lists them by way: -1 for way 0 (no step) and for the directions
    without a neighbour. By placement: `cells[pid]` are the cells it covers and
    `summoned[pid]` the `around` of the cell where a Druid not yet on the board appears with
    it (`DruidPosition._summon_place`; all -1 where none does)."""

    placement: tuple[int, ...]
    way: tuple[int, ...]
    steps: tuple[tuple[str, ...], ...]
    around: tuple[tuple[int, ...], ...]
    cells: tuple[tuple[int, ...], ...]
    summoned: tuple[tuple[int, ...], ...]


_WALK_TABLES: dict[tuple[Board, tuple[str, ...]], WalkTables] = {}


def walk_tables(state: DruidPosition, p: int) -> WalkTables:
    """The walk loop's tables for player p of the game of `state`."""
    board = state.board
    t = state._tables
    key = (board, t.home_sides[p])
    found = _WALK_TABLES.get(key)
    if found is None:
        ways = len(board.directions) + 1
        draws = range(t.count * ways)
        steps = tuple(tuple(str(board.direction_between(c, d)) for d in board.neighbours[c])
                      for c in range(len(board)))
        around = tuple((-1, *cells) + (-1,) * (ways - 1 - len(cells))
                       for cells in board.neighbours)
        placements = range(t.count)
        summon = (state._summon_place(pid, p)[0] for pid in placements)
        found = _WALK_TABLES[key] = WalkTables(
            tuple(k // ways for k in draws), tuple(k % ways for k in draws), steps, around,
            tuple(t.placement_cells(pid) for pid in placements),
            tuple((-1,) * ways if home < 0 else around[home] for home in summon))
    return found


def walk_playout(state: DruidPosition, rng: random.Random, plies: int, trail: Trail) -> None:
    """`GameState.run_playout` for Druid's Walk with nobody resigned: each try draws a number
    over every placement followed by nothing or by a step to the k-th neighbour of its
    Druid, then every step alone, the pass and swap where it is legal, as
    `DruidState._random_walk_move` does (which judges the step after the placement; here
    the step, cheaper to judge and more often refused, comes first). `homes[pid]` is the
    `around` of the cell a step after placement pid starts from: where p's Druid stands
    (the same for every placement), or where the placement would bring it."""
    players = len(state.turn_order)
    moves = state.moves
    draw = rng.random
    t = state._tables
    n, count, lines, texts, bits, cover = t.n, t.count, t.lines, t.text, t.bits, t.cover
    height, owner = state._height, state._owner
    druids = state._druid
    nostack, nogaps = state.nostack, state.nogaps
    names = state.board.names
    tables = [walk_tables(state, p) for p in range(players)]
    placement_of, way_of, steps, around, cells_of = tables[0].placement, tables[0].way, \
        tables[0].steps, tables[0].around, tables[0].cells
    standing: dict[int, list[tuple[int, ...]]] = {}  # homes of a Druid standing on a cell
    ways = len(state.board.directions) + 1  # nothing, or a step to neighbour 0, 1, ..
    nowhere = (-1,) * ways
    combos = count * ways
    steps_alone = combos + ways - 1  # the first number past the steps alone: the pass
    apply, step_to = state._apply, state._step_to
    ongoing = state._outcome  # replaced by the outcome of a win, so a win is `not ongoing`
    if ongoing.status != "ongoing":
        return
    swapped = state.swapped  # kept here, and read again after a listed move (maybe swap)
    first, swap_ply = state.first_seat, state.swap_ply  # a set-up position's turn and swap
    for _ in range(plies):
        if state._outcome is not ongoing or state.passes_in_row >= players:
            return
        ply = len(moves)
        p = (ply + first) % players
        person = 1 - p if swapped and players == 2 else p
        size = steps_alone + 2 if players == 2 and ply == swap_ply and not swapped \
            else steps_alone + 1
        druid = druids[p]
        druid_bits = state._druid_bits
        homes: Sequence[tuple[int, ...]]
        if druid >= 0:
            near = around[druid]
            homes = standing.get(druid) or standing.setdefault(druid, [near] * count)
        else:
            near, homes = nowhere, tables[p].summoned  # no Druid: no step alone
        for _ in range(WALK_TRIES):
            pick = int(draw() * size)
            if pick < combos:
                pid = placement_of[pick]
                way = way_of[pick]
                if way:  # then a step onto a stone of p's, or onto a cell the placement covers
                    dest = homes[pid][way]
                    if dest < 0 or owner[dest] != p and dest not in cells_of[pid]:
                        continue
                if pid < n:  # a sarsen: as in connection_playout, never on a Druid
                    if height[pid] and (owner[pid] != p or druid_bits & bits[pid] or nostack
                                        and state._sarsen_bits & bits[pid]):
                        continue
                else:  # a lintel: as in connection_playout, with no Druid under it
                    a, m, b = lines[pid - n]
                    h = height[a]
                    if not h or height[b] != h:
                        continue
                    hm = height[m]
                    if hm == h:
                        if (owner[a] == p) + (owner[b] == p) + (owner[m] == p) != 2:
                            continue
                    elif hm > h or nogaps or owner[a] != p or owner[b] != p:
                        continue
                    if druid_bits & cover[pid]:
                        continue
                break
            elif pick < steps_alone:
                way = pick - combos + 1
                dest = near[way]
                if dest >= 0 and owner[dest] == p:
                    break
            else:
                break
        else:
            _listed_move(state, rng, person, trail)
            swapped = state.swapped
            continue
        if pick < combos:
            apply(pid, p)
            if way:
                step_to(dest, p)
                move = f"{texts[pid]},{names[dest]}"
            else:
                move = texts[pid]
        elif pick < steps_alone:
            step_to(dest, p)
            move = steps[druid][way - 1]
        elif pick == steps_alone:
            moves.append(PASS)
            state.passes_in_row += 1
            trail.append((person, PASS))
            continue
        else:
            state.swapped = swapped = True
            trail.append((person, SWAP))
            continue
        moves.append(move)
        state.passes_in_row = 0
        trail.append((person, move))


def _listed_move(state: DruidPosition, rng: random.Random, person: int, trail: Trail) -> None:
    """The random move's fallback after its tries all missed: one drawn from the listed
    legal moves, played as text."""
    move = GameState.random_move(state, rng)
    trail.append((person, move))
    state.play(move)
