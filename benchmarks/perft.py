"""Perft speed per game: the stored perft positions (tests/rules/perft/<game>.json) counted
again through the public protocol (`legal_moves`, `copy`, `play`), as test_perft.py does.

Prints, per game, the sequences counted (the sum of the stored counts), the time taken and
sequences per second, the best of `--repeat` runs (the machine is shared: take the best).
As in chess perft, the last move of a sequence is counted from the listing, not played, so
the figure is higher than moves played per second.

Usage: python benchmarks/perft.py [GAME ...] [--repeat 3]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from megalith.rules.perft import perft_counts  # noqa: E402
from tests.rules.perft.regenerate import HERE, load  # noqa: E402


def time_game(path: Path) -> tuple[str, int, float]:
    """The game's name, the sequences its file counts, and the seconds to count them."""
    game, positions = load(path)
    start = time.perf_counter()
    total = 0
    for position in positions:
        counts = perft_counts(position.state(game), len(position.counts))
        assert counts == position.counts, f"{game}: counts differ from the file; run the tests"
        total += sum(counts)
    return game, total, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", metavar="GAME")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    paths = [p for p in sorted(HERE.glob("*.json")) if not args.games or p.stem in args.games]
    print(f"{'game':10} {'positions':>9} {'sequences':>10} {'seconds':>8} {'per second':>11}")
    for path in paths:
        runs = [time_game(path) for _ in range(args.repeat)]
        game, total, seconds = min(runs, key=lambda run: run[2])
        count = len(load(path)[1])
        print(f"{game:10} {count:9} {total:10} {seconds:8.3f} {total / seconds:11.0f}")


if __name__ == "__main__":
    main()
