"""What the refutations at expansion cost (`Solver.refute_all`, docs/computer.md): the
share of a search's CPU time spent in them, per two-player family on its default options, at
the start and after `--plies` random moves (the positions of ai_speed.py). Every pass in
such quiet positions gives up; the share is what a search pays for being able to prove a
win in three with hundreds of replies. The tries of forcing replies at the root's children
(`Solver.forcing_reply`, which refute too) are counted apart, in their own column.

    .venv/bin/python benchmarks/ai_refutation_cost.py [--iterations 700] [--plies 10]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai_speed import GAMES, position  # noqa: E402

from megalith.rules.ai.mcts import Search  # noqa: E402
from megalith.rules.ai.solver import REFUTATION_SCANS, Solver  # noqa: E402
from megalith.rules.ai.tree import Node  # noqa: E402
from megalith.rules.protocol import GameState  # noqa: E402


class TimedSolver(Solver):
    """A search's solver that adds up the CPU time and the number of its refutation passes,
    and apart the CPU time of its tries of forcing replies (refutations within included)."""

    spent = 0.0
    passes = 0
    forcing = 0.0
    forcing_now = False

    def refute_all(self, state: GameState, moves: list[str], person: int,
                   scans: int = REFUTATION_SCANS) -> dict[int, Node] | None:
        if self.forcing_now:
            return super().refute_all(state, moves, person, scans)
        start = time.process_time()
        try:
            return super().refute_all(state, moves, person, scans)
        finally:
            self.spent += time.process_time() - start
            self.passes += 1

    def forcing_reply(self, state: GameState, moves: list[str], person: int) -> Node | None:
        start = time.process_time()
        self.forcing_now = True
        try:
            return super().forcing_reply(state, moves, person)
        finally:
            self.forcing_now = False
            self.forcing += time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=700)
    parser.add_argument("--plies", type=int, default=10)
    args = parser.parse_args()
    print(f"{'game':<20}{'position':>10}{'cpu s':>8}{'passes':>8}{'in them':>9}"
          f"{'forcing':>9}")
    for game, parameters, players in GAMES:
        if players != 2:
            continue
        for plies in (0, args.plies):
            state = position(game, parameters, players, plies)
            search = Search(state, seed=1)
            search.solver.__class__ = TimedSolver  # the same solver, its passes timed
            solver = search.solver
            assert isinstance(solver, TimedSolver)
            start = time.process_time()
            search.run(iterations=args.iterations)
            total = time.process_time() - start
            print(f"{game + ' ' + parameters:<20}{'ply ' + str(state.ply):>10}{total:>8.2f}"
                  f"{solver.passes:>8}{solver.spent / total:>9.0%}"
                  f"{solver.forcing / total:>9.1%}", flush=True)


if __name__ == "__main__":
    main()
