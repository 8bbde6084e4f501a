"""How long `megalith check` takes, and how much memory, to refuse a huge record: the shape
issue 39 reported (a 50 MB bare move list whose second move is illegal: 63 s and 4.6 GB then),
at several sizes, for today's tree and optionally a revision beside it.

    .venv/bin/python benchmarks/record_limits.py [--sizes 1,5,50] [--baseline REV]

Each figure is one `check` in a process of its own: wall seconds and its peak resident
memory (MB, from the process's own rusage). `--baseline` exports REV with `git archive` and
runs its `megalith.rules.cli` the same way, row by row alternating with today's, so both
columns share the machine's load; REV must have the `megalith/` package (from the house
issue on). A size past the reader's limit (docs/record-format.md) is refused by today's tree
without being read.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tarfile
import tempfile
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Runs the command given after it and prints its wall time and peak memory as JSON: a
# process of its own, so the memory is the command's and not this script's.
MEASURE = """
import json, resource, subprocess, sys, time
start = time.perf_counter()
subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
seconds = time.perf_counter() - start
print(json.dumps([seconds, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024]))
"""


def huge_record(folder: Path, megabytes: int) -> Path:
    """A bare Quadrant Y move list of `megabytes` MB: c3, then c3 again (illegal) forever."""
    path = folder / f"huge-{megabytes}mb.txt"
    header = b"quady -size=5 ann bob\n"
    lines = (megabytes * 1_000_000 - len(header)) // 3
    path.write_bytes(header + b"c3\n" * lines)
    return path


def measure(tree: Path, record: Path) -> tuple[float, float]:
    """Seconds and peak MB of `megalith check record` with the engines of `tree`."""
    done = subprocess.run(
        [sys.executable, "-c", MEASURE, sys.executable, "-m", "megalith.rules.cli", "check",
         str(record)], cwd=tree, capture_output=True, text=True, check=True,
        env={"PYTHONPATH": str(tree), "PATH": "/usr/bin:/bin"})
    seconds, megabytes = json.loads(done.stdout)
    return seconds, megabytes


def export(revision: str, folder: Path) -> Path:
    """The tree of `revision`, exported into `folder`."""
    archive = subprocess.run(["git", "archive", revision], cwd=ROOT, check=True,
                             capture_output=True).stdout
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(folder, filter="tar")
    if not (folder / "megalith").is_dir():
        raise SystemExit(f"revision {revision} has no megalith/ package: it cannot be run "
                         "as megalith.rules.cli")
    return folder


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="1,5,50", help="record sizes in MB (default 1,5,50)")
    parser.add_argument("--baseline", help="a git revision measured beside today's tree")
    args = parser.parse_args()
    sizes = [int(size) for size in args.sizes.split(",")]
    with tempfile.TemporaryDirectory(prefix="megalith-records-") as scratch:
        folder = Path(scratch)
        then = export(args.baseline, folder / "then") if args.baseline else None
        head = f"{'record':>10} {'today s':>9} {'today MB':>9}"
        if then:
            head += f" {args.baseline[:9] + ' s':>12} {'then MB':>9}"
        print(head)
        for megabytes in sizes:
            record = huge_record(folder, megabytes)
            seconds, memory = measure(ROOT, record)
            row = f"{megabytes:>7} MB {seconds:>9.2f} {memory:>9.0f}"
            if then:
                old_seconds, old_memory = measure(then, record)
                row += f" {old_seconds:>12.2f} {old_memory:>9.0f}"
            print(row, flush=True)
            record.unlink()


if __name__ == "__main__":
    main()
