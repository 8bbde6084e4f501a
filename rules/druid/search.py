"""What Druid gives the search beyond the protocol's generic ways: the filter of moves that may
win at once, random moves drawn without listing the moves, the playout loops over placement
numbers (rules.druid.playout) and the value of a playout cut short (rules.druid.scores)."""

from __future__ import annotations

import random

from megalith.rules.druid import playout as druid_playout
from megalith.rules.druid import scores as druid_scores
from megalith.rules.druid.goals import OPPOSITE
from megalith.rules.druid.listing import DruidListing
from megalith.rules.protocol import PASS, SWAP


class DruidSearch(DruidListing):
    """The protocol's hooks for the search, made fast for Druid."""

    def moves_that_may_win(self, moves: list[str]) -> list[str]:
        """The protocol's filter, exact on the board moves: a placement wins for the
        player to move exactly when `_apply` would find that it touches every side of one
        of their goal's alternatives, by lying on the side or next to the cells that already
        reach it. The player's own stone changes none of their `_reach` (only a covered
        opponent's), so that test reads the same before the move as after it, and a move
        passes it here if and only if it wins. In Druid's Walk see `_walks_that_may_win`.
        Anything else (a pass, a swap, a finished game) is kept."""
        if self._outcome.status != "ongoing" or self.resigned:
            return moves
        p = self._player()
        if self.walk:
            return self._walks_that_may_win(moves, p)
        t = self._tables
        reach, sides, goals = self._reach, t.reach_sides[p], t.goal_flags[p]
        around, edge, index = t.around, t.edge_flags[p], t.text_index
        kept = []
        for move in moves:
            pid = index.get(move)
            if pid is not None:
                touched, near = edge[pid], around[pid]
                for slot, _, flag in sides:
                    if near & reach[slot]:
                        touched |= flag
                for goal in goals:
                    if touched & goal == goal:
                        break
                else:  # (a loop, not any(): this runs for every move of every node)
                    continue
            kept.append(move)
        return kept

    def _walks_that_may_win(self, moves: list[str], p: int) -> list[str]:
        """`moves_that_may_win` in Druid's Walk, exact on the board moves: only a step wins
        (`_step_to`), and it wins exactly when it ends on the Druid's target side. A step's
        end is its cell (`c3,a4`) or the cell in its direction from the Druid (`n`); a
        placement alone wins nothing. Where the Druid is not on the board yet, its target
        is the side opposite the one the placement summons it on. Where the Druid stands
        nowhere near its target side, no step can win, and only passes and swap are kept."""
        druid, target = self._druid[p], self._target[p]
        sides, index = self.board.sides, self.board.index
        text_index = self._tables.text_index
        if druid >= 0 and target is not None and not any(
                cell in sides[target] for cell in self.board.neighbours[druid]):
            return [move for move in moves if move in (PASS, SWAP)]
        kept = []
        for move in moves:
            placement, comma, cell = move.partition(",")
            if comma:
                dest = index.get(cell)
                if druid < 0:
                    pid = text_index.get(placement)
                    home, side = self._summon_place(pid, p) if pid is not None else (-1, "")
                    goal = OPPOSITE.get(side) if home >= 0 else None
                else:
                    goal = target
                if dest is None or goal is None or dest in sides[goal]:
                    kept.append(move)
            elif move in self.board.directions:
                dest = self.board.step(druid, move) if druid >= 0 else None
                if dest is None or target is None or dest in sides[target]:
                    kept.append(move)
            elif move not in text_index:  # a pass, swap, or a text not read here
                kept.append(move)
        return kept

    def random_placement(self, rng: random.Random, tries: int = 64) -> int | None:
        """A uniformly random legal placement for the side to move, or None if there is none
        (the random games of benchmarks/druid_playouts.py).

        Draws placement numbers uniformly and keeps the first legal one (uniform over the
        legal ones); after `tries` misses it lists the legal placements instead.
        """
        p = self._player()
        legal = self._legal
        count = self._tables.count
        draw = rng.random
        for _ in range(tries):
            pid = int(draw() * count)
            if legal(pid, p):
                return pid
        options = self._placements()
        return rng.choice(options) if options else None

    def random_move(self, rng: random.Random) -> str:
        """A move drawn uniformly from `legal_moves()`, as the protocol's, without listing
        them: outside Druid's Walk the legal moves are the legal placements, the pass and
        perhaps swap, so numbers are drawn over all placements plus those two until one is
        legal (each draw uniform, so the first legal one is uniform too)."""
        side = self.to_move
        if side is None or side in self.resigned:
            return super().random_move(rng)
        if self.walk:
            return self._random_walk_move(rng)
        p, legal, count = self._player(), self._legal, self._tables.count
        size = count + 2 if self._swap_legal() else count + 1
        draw = rng.random
        for _ in range(druid_playout.RANDOM_MOVE_TRIES):
            pick = int(draw() * size)
            if pick < count:
                if legal(pick, p):
                    return self._tables.text[pick]
            else:
                return PASS if pick == count else SWAP
        return super().random_move(rng)

    def _random_walk_move(self, rng: random.Random) -> str:
        """random_move in Druid's Walk, drawn from the space of every placement followed by
        nothing or by a step to its Druid's k-th neighbour, every step alone, the pass and
        swap. Each legal move has exactly one place in that space, so the first legal draw
        is uniform over `legal_moves()`; after as many misses as the playout loop allows
        (WALK_TRIES) the moves are listed."""
        t = self._tables
        p, legal, count = self._player(), self._legal, t.count
        nbrs, owner, names = self.board.neighbours, self._owner, self.board.names
        druid = self._druid[p]
        ways = len(self.board.directions) + 1  # nothing, or a step to neighbour 0, 1, ..
        combos = count * ways
        size = combos + ways + (1 if self._swap_legal() else 0)
        draw = rng.random
        for _ in range(druid_playout.WALK_TRIES):
            pick = int(draw() * size)
            if pick < combos:
                pid, way = divmod(pick, ways)
                if not legal(pid, p):
                    continue
                if way == 0:
                    return t.text[pid]
                home = druid if druid >= 0 else self._summon_place(pid, p)[0]
                if home < 0 or way > len(nbrs[home]):
                    continue
                dest = nbrs[home][way - 1]
                if owner[dest] == p or dest in t.placement_cells(pid):
                    return f"{t.text[pid]},{names[dest]}"
            elif pick < combos + ways - 1:
                way = pick - combos
                if druid >= 0 and way < len(nbrs[druid]) and owner[nbrs[druid][way]] == p:
                    return str(self.board.direction_between(druid, nbrs[druid][way]))
            else:
                return PASS if pick == combos + ways - 1 else SWAP
        return super().random_move(rng)

    def run_playout(self, rng: random.Random, plies: int, trail: list[tuple[int, str]]) -> None:
        """The protocol's playout, run over placement numbers (rules.druid.playout); the
        generic loop where a player has resigned (their turns are forced passes)."""
        if self.resigned:
            super().run_playout(rng, plies, trail)
        elif self.walk:
            druid_playout.walk_playout(self, rng, plies, trail)
        else:
            druid_playout.connection_playout(self, rng, plies, trail)

    def playout_scores(self) -> dict[str, float] | None:
        """How near each side is to its goal, for a playout cut short (random Druid games
        seldom finish: on hex 4 with three players half run past 300 plies).

        Connection variants: minus the cheapest way to connect the side's goal sides, where
        a cell the side tops costs 0, bare ground 1 and any other cell ENEMY_COST (it must
        be bridged by a lintel); rules.druid.scores works it out for every side at once.
        Druid's Walk: minus the steps each Druid still has to go to its target side (over
        any cells), and minus the board's width plus one for a Druid not yet on the
        board."""
        if not self.walk:
            bare = self._tables.board_bits
            for mine in self._own:
                bare &= ~mine
            costs = druid_scores.connection_costs(self._tables.score_plan, self._own, bare)
            return {side: -float(cost) for side, cost in zip(self.turn_order, costs)}
        tables, far = druid_scores.distances_to_sides(self.board)
        return {side: -(float(tables[target][self._druid[p]]) if target is not None and
                        self._druid[p] >= 0 else far)
                for p, (side, target) in enumerate(zip(self.turn_order, self._target))}
