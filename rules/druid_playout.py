"""Druid's random playouts for the search, over placement numbers instead of move text.

`GameState.run_playout` plays `playout_move` (Druid's `random_move`) as text and `play`
parses the text again: most of a search's time. The loops here draw from the random
generator exactly as `DruidState.random_move` does (one `rng.random()` per try, the same
tries in the same order, the same fallback to the listed moves after as many misses), judge
each try by the rules of `DruidState._legal`, written out in the loop, and apply the move
with the engine's own `_apply` and `_step_to`; so the moves, the trail and the final
position are those of the generic loop (tests/rules/ai/test_fast_playouts.py holds them to
it).

The walk loop needs, per board, the direction name of each of a cell's neighbours, and per
player's home sides, the cell where their Druid would appear with each placement: `WalkTables`,
made once per board and set of sides.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

from megalith.rules.geometry import Board
from megalith.rules.protocol import PASS, SWAP, GameState

if TYPE_CHECKING:
    from megalith.rules.druid import DruidState

Trail = list[tuple[int, str]]
NO_CELL = -1
RANDOM_MOVE_TRIES = 64  # DruidState.random_move's tries before it lists the moves
WALK_TRIES = 256  # DruidState._random_walk_move's


def connection_playout(state: DruidState, rng: random.Random, plies: int, trail: Trail
                       ) -> None:
    """`GameState.run_playout` for the connection variants (no Druid's Walk) with nobody
    resigned: each try draws a number over every placement, then the pass, then swap where
    it is legal, as `DruidState.random_move` does. The stone is placed as `_apply` and
    `_check_connection` do it, written out here; a win and a stone covered (rarer) go
    through the engine."""
    players = len(state.turn_order)
    moves = state.moves
    draw = rng.random
    n, count, lines, texts = state._n, state._count, state._lines, state._text
    height, owner, sarsen_top = state._height, state._owner, state._sarsen_top
    own, reach, log, bits, arounds = state._own, state._reach, state._log, state._bits, \
        state._around
    reach_sides, goal_flags, grow, w = state._reach_sides, state._goal_flags, state._grow, \
        state._w
    nostack, nogaps = state.nostack, state.nogaps
    for _ in range(plies):
        if state._outcome.status != "ongoing" or state.passes_in_row >= players:
            return
        ply = len(moves)
        p = ply % players
        person = 1 - p if state.swapped and players == 2 else p
        size = count + 2 if players == 2 and ply == 1 and not state.swapped else count + 1
        for _ in range(RANDOM_MOVE_TRIES):
            pick = int(draw() * size)
            if pick < n:  # a sarsen: on the ground, or on p's own top (not a sarsen's, nostack)
                if height[pick] == 0 or owner[pick] == p and not (nostack and sarsen_top[pick]):
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
            continue
        if pick >= count:
            if pick == count:
                moves.append(PASS)
                state.passes_in_row += 1
                trail.append((person, PASS))
            else:
                state.swapped = True
                trail.append((person, SWAP))
            continue
        if pick < n:
            level = height[pick] + 1
            height[pick] = level
            sarsen_top[pick] = True
            owner[pick] = p
            new = bits[pick]
            state._sarsen_bits |= new
        else:
            cells = lines[pick - n]
            level = height[cells[0]] + 1
            new = 0
            for c in cells:
                before = owner[c]
                if before >= 0 and before != p:
                    own[before] &= ~bits[c]
                    state._lose(before, bits[c])
                owner[c] = p
                height[c] = level
                sarsen_top[c] = False
                new |= bits[c]
            state._sarsen_bits &= ~new
        mine = own[p] = own[p] | new
        log.append((pick, level, p))
        move = texts[pick]
        moves.append(move)
        state.passes_in_row = 0
        trail.append((person, move))
        around = arounds[pick]
        touched = 0
        for slot, side, flag in reach_sides[p]:
            reached = reach[slot]
            if new & side or around & reached:
                if around & mine & ~(reached | new):
                    reached |= grow(new, mine & ~reached | new, w)
                reach[slot] = reached | new
                touched |= flag
        if touched:
            for k, goal in enumerate(goal_flags[p]):
                if touched & goal == goal:
                    state._win_by_connection(p, new, k)
                    return


@dataclass(frozen=True)
class WalkTables:
    """`steps[c]`: the direction names of cell c's neighbours, in `board.neighbours` order;
    `summon[pid]`: where a Druid not yet on the board appears with placement pid
    (`DruidState._summon_place`), NO_CELL where it does not."""

    steps: tuple[tuple[str, ...], ...]
    summon: tuple[int, ...]


_WALK_TABLES: dict[tuple[Board, tuple[str, ...]], WalkTables] = {}


def walk_tables(state: DruidState, p: int) -> WalkTables:
    board = state.board
    key = (board, tuple(state._home_sides[p]))
    found = _WALK_TABLES.get(key)
    if found is None:
        steps = tuple(tuple(str(board.direction_between(c, d)) for d in board.neighbours[c])
                      for c in range(len(board)))
        summon = tuple(state._summon_place(pid, p)[0] for pid in range(state._count))
        found = _WALK_TABLES[key] = WalkTables(steps, summon)
    return found


def walk_playout(state: DruidState, rng: random.Random, plies: int, trail: Trail) -> None:
    """`GameState.run_playout` for Druid's Walk with nobody resigned: each try draws a number
    over every placement followed by nothing or by a step to the k-th neighbour of its
    Druid, then every step alone, the pass and swap where it is legal, as
    `DruidState._random_walk_move` does."""
    players = len(state.turn_order)
    moves = state.moves
    draw = rng.random
    n, count, lines, texts = state._n, state._count, state._lines, state._text
    height, owner, sarsen_top = state._height, state._owner, state._sarsen_top
    druid_here, druids = state._druid_here, state._druid
    nostack, nogaps = state.nostack, state.nogaps
    nbrs, names = state.board.neighbours, state.board.names
    tables = [walk_tables(state, p) for p in range(players)]
    ways = len(state.board.directions) + 1  # nothing, or a step to neighbour 0, 1, ..
    combos = count * ways
    steps_alone = combos + ways - 1  # the first number past the steps alone: the pass
    apply, step_to = state._apply, state._step_to
    for _ in range(plies):
        if state._outcome.status != "ongoing" or state.passes_in_row >= players:
            return
        ply = len(moves)
        p = ply % players
        person = 1 - p if state.swapped and players == 2 else p
        size = steps_alone + 2 if players == 2 and ply == 1 and not state.swapped \
            else steps_alone + 1
        druid = druids[p]
        summon = tables[p].summon
        pid = dest = NO_CELL
        for _ in range(WALK_TRIES):
            pick = int(draw() * size)
            if pick < combos:
                pid, way = divmod(pick, ways)
                if pid < n:  # a sarsen: as in connection_playout, never on a Druid
                    if height[pid] and (owner[pid] != p or druid_here[pid]
                                        or nostack and sarsen_top[pid]):
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
                    if druid_here[a] or druid_here[m] or druid_here[b]:
                        continue
                if way == 0:
                    dest = NO_CELL
                    break
                home = druid if druid >= 0 else summon[pid]
                if home < 0 or way > len(nbrs[home]):
                    continue
                dest = nbrs[home][way - 1]
                if owner[dest] == p or (dest == pid if pid < n else dest in lines[pid - n]):
                    break
            elif pick < steps_alone:
                way = pick - combos
                if druid >= 0 and way < len(nbrs[druid]) and owner[nbrs[druid][way]] == p:
                    pid, dest = NO_CELL, nbrs[druid][way]
                    break
            else:
                break
        else:
            _listed_move(state, rng, person, trail)
            continue
        if pick < steps_alone:
            if pid >= 0:
                apply(pid, p)
                move = texts[pid] if dest < 0 else f"{texts[pid]},{names[dest]}"
            else:
                move = tables[0].steps[druid][way]
            if dest >= 0:
                step_to(dest, p)
            moves.append(move)
            state.passes_in_row = 0
        elif pick == steps_alone:
            move = PASS
            moves.append(PASS)
            state.passes_in_row += 1
        else:
            move = SWAP
            state.swapped = True
        trail.append((person, move))


def _listed_move(state: DruidState, rng: random.Random, person: int, trail: Trail) -> None:
    """The random move's fallback after its tries all missed: one drawn from the listed
    legal moves, played as text."""
    move = GameState.random_move(state, rng)
    trail.append((person, move))
    state.play(move)
