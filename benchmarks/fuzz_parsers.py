"""Coverage-guided fuzzing of the parsers with atheris (not a test dependency: install it
with `pip install atheris`, or the `fuzz` extra). Each input is read as a record (pbmserv
file or bare move list), replayed, and also offered as challenge options and as a move in a
started game of every registered game. Anything but a clean refusal (RecordError, OptionError
or MoveError with a short printable message), or a refused move that changes the game,
stops the run with the input that did it, which atheris writes to a crash-* file.

    .venv/bin/python benchmarks/fuzz_parsers.py -runs=200000          # a fixed number of inputs
    .venv/bin/python benchmarks/fuzz_parsers.py -max_total_time=600   # ten minutes
    .venv/bin/python benchmarks/fuzz_parsers.py CORPUS_DIR            # keep what it learns

Seeds are written to a temporary corpus from the golden games unless a folder is given.
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import atheris  # noqa: E402

with atheris.instrument_imports():
    from megalith.rules import record as records
    from megalith.rules import registry
    from megalith.rules.protocol import MoveError, OptionError
    from megalith.rules.record import Record, RecordError

LIMIT = 400
GAMES = [registry.get(info.name) for info in registry.available()]
STARTS = [info.new() for info in GAMES]


def _clean(error: Exception) -> None:
    message = str(error)
    if not message or len(message) > LIMIT or not message.isprintable():
        raise AssertionError(f"unclean message ({len(message)} characters): {message[:200]!r}")


def one_input(data: bytes) -> None:
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return  # the loader refuses it before the parser sees it
    try:
        records.final_state(records.parse(text))
    except RecordError as error:
        _clean(error)
    first = text.split("\n", 1)[0]
    for info in GAMES:
        try:
            info.new(info.parse_parameters(first))
        except OptionError as error:
            _clean(error)
    for start in STARTS:
        state = start.copy()
        before = (state.render(), list(state.moves), state.swapped, state.to_move)
        try:
            state.play(first)
        except MoveError as error:
            _clean(error)
            if (state.render(), list(state.moves), state.swapped, state.to_move) != before:
                raise AssertionError(f"a refused move changed {state.game}: {first!r}") from None


def seed_corpus(folder: Path) -> None:
    """The golden games, as pbmserv files and bare lists."""
    for n, path in enumerate(sorted((ROOT / "tests" / "rules" / "golden").glob("*/*.json"))):
        data = json.loads(path.read_text())
        names = [f"p{i}" for i in range(data.get("players") or 2)]
        record = Record(data["game"], data.get("parameters", "").split(), names, data["moves"])
        (folder / f"{n}.pbm").write_text(records.dumps(record))
        bare = "\n".join([f"{data['game']} {data.get('parameters', '')}", *data["moves"]])
        (folder / f"{n}.txt").write_text(bare + "\n")


def main() -> None:
    argv = list(sys.argv)
    if not any(not a.startswith("-") for a in argv[1:]):
        corpus = Path(tempfile.mkdtemp(prefix="megalith-fuzz-"))
        seed_corpus(corpus)
        argv.append(str(corpus))
    atheris.Setup(argv, one_input)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
