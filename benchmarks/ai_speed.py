"""Search iterations per second, per game on its default options, on one core and on all.

One core: a search in this process for `--seconds`, counted against the process's CPU time
(what the search costs) and against the wall clock. All cores: the root-parallel search of
`rules.ai.parallel.Thinker`, one worker per core, against the wall clock (what a player gets).
Compare the two wall-clock columns, measured back to back: on a machine shared with other
work they are both far below the CPU figure. The load average is printed with the table. Each position
is the start of the game and the position after `--plies` random moves (seed 1).

`--baseline REV` also compares git revision REV as a whole (its search and its games,
exported with `git archive`; any revision from the search's arrival, OLDEST, on, whether
its engines are `megalith.rules` or, before the megalith/ package, `rules`) with today's
tree on one core: each is timed in a fresh child
process on the same position (the same moves replayed) for `--seconds` of CPU time (not
of the clock, which a busy machine would shorten), the two alternating, four times each,
and the best of each four is printed with their ratio (on this machine one process runs a
fifth slower than the next now and then, idle or not: the best of four is steadier than
the better of two). Both are measured the same way, under the same load, so the ratio says
what a change to the search or the games costs or saves.

`--instructions` (with `--baseline`) also counts, with valgrind, the CPU instructions an
iteration of each search costs when it runs as many iterations as it managed in its best
timed second: a figure no load changes, so their ratio is the comparison without this
machine's noise (the two trees may still differ in how many instructions they retire a
nanosecond). valgrind runs some fifty times slower: a row takes minutes.

    .venv/bin/python benchmarks/ai_speed.py [--seconds 3] [--plies 10] [--only GAME]
                                            [--baseline REV [--instructions]]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from megalith.rules import registry  # noqa: E402
from megalith.rules.ai.mcts import Search, moves_played  # noqa: E402
from megalith.rules.ai.parallel import Thinker  # noqa: E402
from megalith.rules.ai.playouts import default_cap  # noqa: E402
from megalith.rules.protocol import GameState  # noqa: E402

# Default options of every game and variant family; games not registered yet are skipped.
GAMES = (("druid", "", 2), ("druid", "-hex", 2), ("druid", "-hex", 3), ("druid", "-y", 2),
         ("druid", "-walk", 2), ("drogo", "", 2), ("drogo", "", 4), ("quady", "", 2),
         ("dragons", "", 2), ("trichet", "", 2))


def position(game: str, parameters: str, players: int, plies: int) -> GameState:
    """The position after `plies` random moves, or the latest one before it that still
    needs a search: not over, not a single or winning move, and not decided within three
    plies (a search that proves its position stops early, so its iterations per second
    would measure the proof, not the search)."""
    rng = random.Random(1)
    state = registry.new_game(game, parameters, players)
    positions = [state.copy()]
    while state.ply < plies and state.to_move is not None:
        state.play(state.random_move(rng))
        positions.append(state.copy())
    return next(s for s in reversed(positions)
                if s.to_move is not None and not Search(s, seed=1).forced
                and not proven(s))


def proven(state: GameState) -> bool:
    """Whether a search of `state` proves it won or lost within PROOF_ITERATIONS."""
    search = Search(state, seed=1)
    search.run(iterations=PROOF_ITERATIONS)
    return search.root.exact is not None


ROOT = Path(__file__).resolve().parent.parent
PROOF_ITERATIONS = 1000


CHILD = """
import json, os, sys, time
folder = sys.argv[1]
sys.path[0] = folder  # in place of the working folder, which may hold another tree
# The engines are megalith.rules since the megalith/ package, and plain rules before it.
if os.path.isfile(os.path.join(folder, "megalith", "__init__.py")):
    from megalith.rules import registry
    from megalith.rules.ai.mcts import Search
else:
    from rules import registry
    from rules.ai.mcts import Search
assert registry.__file__.startswith(folder), registry.__file__
game, parameters, players, moves, seconds = json.loads(sys.argv[2])
state = registry.new_game(game, parameters, players)
for move in moves:
    state.play(move)
search = Search(state, seed=1)
if len(sys.argv) > 3:  # a fixed number of iterations (`instructions_per_iteration`)
    search.run(iterations=int(sys.argv[3]))
    sys.exit()
cpu = time.process_time()
result = search.run(should_stop=lambda: time.process_time() - cpu >= seconds)
print(result.iterations / (time.process_time() - cpu))
"""


ROUNDS = 4  # child processes per side and position in a comparison
# The first revision with the search (the merge of its branch): any revision from it on can
# be a baseline, with its engines under megalith/rules or, before that package, under rules.
OLDEST = "ddc0a68"
SEARCH_FILE = "rules/ai/mcts.py"  # in every revision that has the search


class Baseline:
    """Git revision `revision` exported to a temporary folder, compared with today's tree."""

    def __init__(self, revision: str) -> None:
        if subprocess.run(["git", "cat-file", "-e", f"{revision}:{SEARCH_FILE}"], cwd=ROOT,
                          capture_output=True).returncode != 0:
            raise SystemExit(f"revision {revision} has no search to time: --baseline takes a "
                             f"revision from {OLDEST} (the search's arrival) on")
        self.folder = tempfile.TemporaryDirectory(prefix="megalith-baseline-")
        archive = subprocess.run(["git", "archive", revision], cwd=ROOT, check=True,
                                 capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", self.folder.name], input=archive, check=True)

    def compare(self, game: str, parameters: str, players: int, state: GameState,
                seconds: float) -> tuple[float, float]:
        """Iterations per CPU second of today's search and the revision's on the position
        of `state`, each searching for `seconds` of CPU time: the best of ROUNDS child
        processes each, today's and the revision's alternating. A search stopped by the
        wall clock gets less CPU on a busy machine and grows a smaller tree, whose
        iterations cost more (the looks for a win in one come early, near the root), so
        its rate would follow the load."""
        job = self.job(game, parameters, players, state, seconds)
        today, then = 0.0, 0.0
        for _ in range(ROUNDS):
            today = max(today, child_rate(str(ROOT), job))
            then = max(then, child_rate(self.folder.name, job))
        return today, then

    def instructions(self, game: str, parameters: str, players: int, state: GameState,
                     today_iterations: int, then_iterations: int) -> tuple[float, float]:
        """Instructions per iteration of today's search and the revision's on the position
        of `state`, each searching as many iterations as it managed in the timed runs: the
        same comparison as `compare`, each tree growing as big as it does in that time, but
        counted rather than timed."""
        job = self.job(game, parameters, players, state, 0.0)
        return (instructions_per_iteration(str(ROOT), job, today_iterations),
                instructions_per_iteration(self.folder.name, job, then_iterations))

    @staticmethod
    def job(game: str, parameters: str, players: int, state: GameState, seconds: float
            ) -> str:
        return json.dumps([game, parameters, players, moves_played(state), seconds])


def instructions_per_iteration(folder: str, job: str, iterations: int) -> float:
    """CPU instructions an iteration of the tree in `folder` costs in a search of
    `iterations` iterations, counted by valgrind (cachegrind without its cache simulation),
    which no load on the machine changes: the instructions of that search less those of a
    one-iteration search (the start, the imports and the root's expansion), over the
    iterations between. Hash randomisation is fixed so that a run repeats exactly."""
    def count(n: int) -> int:
        report = subprocess.run(
            ["valgrind", "--tool=cachegrind", "--cache-sim=no",
             "--cachegrind-out-file=/dev/null", sys.executable, "-c", CHILD, folder, job,
             str(n)], check=True, capture_output=True, text=True,
            env={**os.environ, "PYTHONHASHSEED": "0"}).stderr
        line = next(line for line in report.splitlines() if "I   refs:" in line)
        return int(line.split(":")[1].replace(",", ""))
    iterations = max(iterations, 2)
    return (count(iterations) - count(1)) / (iterations - 1)


def child_rate(folder: str, job: str) -> float:
    """Iterations per CPU second of the tree in `folder`, searching in a child process."""
    printed = subprocess.run([sys.executable, "-c", CHILD, folder, job],
                             check=True, capture_output=True, text=True).stdout
    return float(printed)


def one_core(state: GameState, seconds: float) -> tuple[float, float]:
    """Iterations per CPU second and per wall-clock second."""
    search = Search(state, seed=1)
    cpu, wall = time.process_time(), time.perf_counter()
    result = search.run(seconds=seconds)
    return (result.iterations / (time.process_time() - cpu),
            result.iterations / (time.perf_counter() - wall))


def all_cores(thinker: Thinker, state: GameState, seconds: float) -> float:
    start = time.perf_counter()
    result = thinker.think(state, seconds=seconds, seed=1)
    return result.iterations / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--plies", type=int, default=10)
    parser.add_argument("--only", default="", help="one game's families (druid, drogo, ..)")
    parser.add_argument("--baseline", help="a git revision whose search is timed too")
    parser.add_argument("--instructions", action="store_true",
                        help="with --baseline: also count each search's CPU instructions "
                             "an iteration with valgrind (slow: minutes a row)")
    args = parser.parse_args()
    if args.instructions and (args.baseline is None or shutil.which("valgrind") is None):
        parser.error("--instructions needs --baseline REV and valgrind on the PATH")
    known = {info.name for info in registry.available()}
    cores = os.cpu_count() or 1
    baseline = None if args.baseline is None else Baseline(args.baseline)
    print(f"iterations per second, {args.seconds:g} s searches; all cores = {cores} workers; "
          f"load average {os.getloadavg()[0]:.1f}")
    extra = ("" if baseline is None else
             f"{'today cpu':>12}{args.baseline + ' cpu':>16}{'today/then':>12}")
    if args.instructions:
        extra += f"{'today instr/it':>16}{'then instr/it':>15}{'then/today':>12}"
    print(f"{'game':<24}{'position':>10}{'cap':>6}{'1 core cpu':>12}{'1 core wall':>12}"
          f"{'all wall':>10}{extra}")
    with Thinker(cores) as thinker:
        thinker.think(position("quady", "-size=5", 2, 0), iterations=cores * 4)  # warm up
        for game, parameters, players in GAMES:
            if args.only and game != args.only:
                continue
            if game not in known:
                print(f"{game:<24}  not registered in this version")
                continue
            for plies in (0, args.plies):
                state = position(game, parameters, players, plies)
                label = f"{game} {parameters} {players}p"
                cpu, wall = one_core(state, args.seconds)
                row = (f"{label:<24}{'ply ' + str(state.ply):>10}{default_cap(state):>6}"
                       f"{cpu:>12.0f}{wall:>12.0f}"
                       f"{all_cores(thinker, state, args.seconds):>10.0f}")
                if baseline is not None:
                    today, then = baseline.compare(game, parameters, players, state,
                                                   args.seconds)
                    row += f"{today:>12.0f}{then:>16.0f}{today / then:>12.2f}"
                    if args.instructions:
                        ours, theirs = baseline.instructions(
                            game, parameters, players, state, round(today * args.seconds),
                            round(then * args.seconds))
                        row += f"{ours:>16,.0f}{theirs:>15,.0f}{theirs / ours:>12.2f}"
                print(row, flush=True)
    print(f"load average at the end {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
