"""What one search step costs: copy, legal_moves, play and random_move at a mid-game position.

Microseconds of CPU on one core (time.process_time), for the positions the issue measured:
Druid square 10, Drogo size 9 and Quadrant Y 15, each reached by random legal moves from a
fixed seed (`--plies`, default 40). Each figure is the best of `--rounds` rounds, to damp the
noise of a shared machine. `legal/play` is the ratio the search cares about (issue 12 asks
for about 3). `before` times the old slow listing, which the engines keep as the reference
(Drogo: every candidate shape tried on copies of the position, as -easy_free still lists;
Druid: every placement number tested with `_legal`), and `before/play` its ratio; `legal` is
today's listing (byte planes, rules/drogo/moves.py and rules/druid/moves.py).

For the record, the listing in between (cheap per-cell tests, then the doubtful shapes tried
on copies), as measured at commit bdd1322 with `--rounds 5` on the shared machine: Druid 22.1
to 22.7 us (legal/play 4.1 to 4.2), Drogo 155 to 159 us (legal/play 17.3 to 17.4).

    .venv/bin/python benchmarks/ai_primitives.py [--plies 40] [--rounds 5]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from megalith.rules import registry  # noqa: E402
from megalith.rules.drogo.game import DrogoState  # noqa: E402
from megalith.rules.druid.game import DruidState  # noqa: E402
from megalith.rules.protocol import PASS, GameState  # noqa: E402

POSITIONS = (("druid", "-size=10", 2), ("drogo", "-size=9", 2), ("quady", "-size=15", 2),
             ("dragons", "", 2), ("trichet", "", 2))


def mid_game(game: str, parameters: str, players: int, plies: int, seed: int) -> GameState:
    """A position after `plies` random board moves (never a pass or swap when avoidable)."""
    rng = random.Random(seed)
    state = registry.new_game(game, parameters, players)
    while state.ply < plies:
        legal = state.legal_moves()
        moves = [m for m in legal if m not in (PASS, "swap")] or legal
        after = state.copy()
        after.play(rng.choice(moves))
        if after.to_move is None:  # keep a position where someone is to move
            break
        state = after
    return state


def cpu_us(action: Callable[[], object], repeat: int, rounds: int) -> float:
    best = float("inf")
    for _ in range(rounds):
        start = time.process_time()
        for _ in range(repeat):
            action()
        best = min(best, (time.process_time() - start) / repeat * 1e6)
    return best


def listing_before(state: GameState) -> Callable[[], object] | None:
    """The board-move listing as it was before issue 12, sorted as legal_moves sorts."""
    if isinstance(state, DrogoState):
        seat = state.ply % len(state.turn_order)
        return lambda: sorted(state._text(m) for m in state._candidates(seat)
                              if state._refusal(m, seat) is None)
    if isinstance(state, DruidState):
        p = state.ply % len(state.turn_order)
        return lambda: sorted(state._tables.text[pid] for pid in range(state._tables.count)
                              if state._legal(pid, p))
    return None


def measure(state: GameState, rounds: int) -> dict[str, float]:
    moves = state.legal_moves()
    rng = random.Random(7)
    clones = [state.copy() for _ in range(2000)]
    picks = iter([rng.choice(moves) for _ in range(2000 * rounds)])

    def play_one() -> None:
        clone = clones.pop() if clones else state.copy()
        clone.play(next(picks))

    before = listing_before(state)
    figures = {
        "before": cpu_us(before, 200, rounds) if before else float("nan"),
        "copy": cpu_us(state.copy, 2000, rounds),
        "legal_moves": cpu_us(state.legal_moves, 200, rounds),
        "random_move": cpu_us(lambda: state.random_move(rng), 2000, rounds),
    }
    # play on prepared copies, minus nothing: the copies are made outside the timed loop
    clones = [state.copy() for _ in range(2000 * rounds)]
    figures["play"] = cpu_us(play_one, 2000, rounds)
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--plies", type=int, default=40)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args()
    print(f"{'position':<22}{'moves':>6}{'copy':>8}{'before':>9}{'legal':>9}{'play':>8}"
          f"{'random':>8}{'before/play':>13}{'legal/play':>12}  (us of CPU, best of "
          f"{args.rounds})")
    known = {info.name for info in registry.available()}
    for game, parameters, players in POSITIONS:
        if game not in known:
            continue
        state = mid_game(game, parameters, players, args.plies, args.seed)
        f = measure(state, args.rounds)
        label = f"{game} {parameters}"
        print(f"{label:<22}{len(state.legal_moves()):>6}{f['copy']:>8.1f}{f['before']:>9.1f}"
              f"{f['legal_moves']:>9.1f}{f['play']:>8.1f}{f['random_move']:>8.1f}"
              f"{f['before'] / f['play']:>13.1f}{f['legal_moves'] / f['play']:>12.1f}")


if __name__ == "__main__":
    main()
