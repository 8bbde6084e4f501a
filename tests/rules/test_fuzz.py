"""Fuzzing in the suite (issue 15): mutated records, bare move lists, challenge options and
typed moves, over every game `registry.available()` returns, must give either a result or a
clean refusal (the library's own error type, a short printable message), and a refused move
must leave the game exactly as it was.

The seeds are real games: the golden games and random legal games of every registered game.
Mutations are those that found crashes from outside: character flips (NULs, `²`, other
digits, control and wide characters), truncations, lines dropped, doubled or moved (whole
sections reordered), CRLF, very long lines, huge, negative and non-ASCII numbers, unknown
options and stray `swap` lines.

The default run is quick; `MEGALITH_FUZZ_EXAMPLES=5000` (see the README) runs each property
on that many examples.
"""

from __future__ import annotations

import json
import os
import random
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from megalith.rules import record as records
from megalith.rules import registry
from megalith.rules.protocol import RESIGN, GameState, MoveError, OptionError, Outcome
from megalith.rules.record import Record, RecordError
from megalith.rules.registry import GameInfo

EXAMPLES = int(os.environ.get("MEGALITH_FUZZ_EXAMPLES", "40"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, derandomize="MEGALITH_FUZZ_EXAMPLES"
                not in os.environ, suppress_health_check=[HealthCheck.too_slow,
                                                          HealthCheck.data_too_large])
GOLDEN = Path(__file__).parent / "golden"
MESSAGE_LIMIT = 400

STRANGE = ["\x00", "\x1b", "\r", "\t", "\x7f", "²", "٣", "１", "é", "\u200b", "\u2028", "(", ")",
           "\\", "-", "=", ",", " ", "0", "9", "z", "Z", "💥"]
STARTS = ["²", "\x00", "٣", "-", "(", "9" * 20]  # for the first character of a token
NUMBERS = ["0", "-1", "-99999", "1" * 4301, "9" * 20, "²", "٣", "+5", "4.5", "1e3", "0x10", ""]
LINES = ["swap", "SWAP", "pass", "--", "resign", ")", "(", "(moves", "(notes", "(game druid)",
         "(swapped 1)", "(players)", "(version 2)", "(parameters -size=999999)",
         "a" + "1" * 4301, "\x00" * 50, "é" * 3000, "x" * 100_000, "-walk", "-unknown=3"]


# ---- seeds: real games -------------------------------------------------------------------

@dataclass(frozen=True)
class Seed:
    game: str
    parameters: tuple[str, ...]
    players: int
    moves: tuple[str, ...]

    def state(self, upto: int | None = None) -> GameState:
        state = registry.new_game(self.game, list(self.parameters), self.players)
        for move in self.moves[:upto]:
            state.play(move)
        return state

    def pbmserv(self) -> str:
        names = [f"p{i}" for i in range(self.players)]
        notes = {0: "before the first move", len(self.moves): "the end\n(of it)"}
        return records.dumps(Record(self.game, list(self.parameters), names, list(self.moves),
                                    notes=notes, comment=["from the fuzz seeds"],
                                    colours=["#102030"] * self.players))

    def bare(self) -> str:
        names = " ".join(f"p{i}" for i in range(self.players))
        return "\n".join([f"{self.game} {' '.join(self.parameters)} {names}", *self.moves]) + "\n"


def _variants(info: GameInfo) -> list[tuple[list[str], int]]:
    """Default options with the fewest and the most players, and each flag alone."""
    found = []
    candidates: list[tuple[list[str], int]] = [([], info.min_players), ([], info.max_players)]
    candidates += [([f"-{o.name}"], n) for o in info.options if o.kind == "flag"
                   for n in (info.min_players, info.max_players)]
    for parameters, players in candidates:
        try:
            info.new(parameters, players)
        except OptionError:
            continue
        found.append((parameters, players))
    return found


@cache
def seeds(game: str) -> tuple[Seed, ...]:
    """Random legal games of `game` (fixed random seeds) and its golden games."""
    info = registry.get(game)
    rng = random.Random(15)
    found = []
    for parameters, players in _variants(info):
        state = info.new(parameters, players)
        moves = []
        for _ in range(rng.randrange(5, 40)):
            legal = state.legal_moves()
            if not legal:
                break
            moves.append(state.play(rng.choice(legal)))
        found.append(Seed(game, tuple(parameters), players, tuple(moves)))
    for path in sorted((GOLDEN / game).glob("*.json")):
        data = json.loads(path.read_text())
        if data.get("swapped"):
            continue  # a swap is no move of the list; the mutations add their own
        found.append(Seed(game, tuple(data.get("parameters", "").split()),
                          data.get("players") or info.min_players, tuple(data["moves"])))
    return tuple(found)


GAMES = [info.name for info in registry.available()]


# ---- mutations ---------------------------------------------------------------------------

@st.composite
def mutated(draw: st.DrawFn, text: str) -> str:
    """`text` after one to four mutations."""
    for _ in range(draw(st.integers(1, 4))):
        lines = text.split("\n")
        kind = draw(st.sampled_from(["flip", "truncate", "drop", "double", "move", "insert",
                                     "start", "entry", "number", "crlf", "option", "long"]))
        at = draw(st.integers(0, max(0, len(text) - 1)))
        row = draw(st.integers(0, max(0, len(lines) - 1)))
        if kind == "flip":
            text = text[:at] + draw(st.sampled_from(STRANGE)) + text[at + 1:]
        elif kind == "start":  # where entry names, note numbers and moves begin
            lines[row] = draw(st.sampled_from(STARTS)) + lines[row][1:]
            text = "\n".join(lines)
        elif kind == "entry":  # the first token of an entry: a player, a move, a note
            entries = [i for i, line in enumerate(lines[:-1]) if line.startswith("(")]
            if entries:
                first = draw(st.sampled_from(entries))
                body = lines[first + 1] if not lines[first].endswith(")") else lines[first]
                lines[first + 1 if body is lines[first + 1] else first] = (
                    draw(st.sampled_from(STARTS)) + body)
                text = "\n".join(lines)
        elif kind == "truncate":
            text = text[:at]
        elif kind == "drop" and len(lines) > 1:
            text = "\n".join(lines[:row] + lines[row + 1:])
        elif kind == "double":
            text = "\n".join(lines[:row] + [lines[row]] + lines[row:])
        elif kind == "move":
            other = draw(st.integers(0, len(lines) - 1))
            lines.insert(other, lines.pop(row))
            text = "\n".join(lines)
        elif kind == "insert":
            text = "\n".join(lines[:row] + [draw(st.sampled_from(LINES))] + lines[row:])
        elif kind == "number":
            digits = [i for i, c in enumerate(text) if c.isdigit()]
            if digits:
                i = draw(st.sampled_from(digits))
                text = text[:i] + draw(st.sampled_from(NUMBERS)) + text[i + 1:]
        elif kind == "crlf":
            text = text.replace("\n", "\r\n")
        elif kind == "option":
            option = draw(st.sampled_from(["-size=" + draw(st.sampled_from(NUMBERS)),
                                           "-nosuch", "-hex=1", "--", "-", "size=5"]))
            text = "\n".join(lines[:row] + [lines[row] + " " + option] + lines[row + 1:])
        elif kind == "long":
            text = text[:at] + "7" * draw(st.sampled_from([300, 4301, 50_000])) + text[at:]
    return text


# ---- what every refusal must look like ---------------------------------------------------

def assert_clean(error: Exception, kind: type[Exception]) -> None:
    assert isinstance(error, kind), f"{type(error).__name__}: {error}"
    message = str(error)
    assert message, "an empty message"
    assert len(message) <= MESSAGE_LIMIT, f"{len(message)} characters: {message[:200]}"
    assert message.isprintable(), f"control characters in {message[:200]!r}"
    if isinstance(error, RecordError):
        shown = json.dumps({"error": error.as_dict()}, ensure_ascii=False)
        assert len(shown) <= MESSAGE_LIMIT + 60 and shown.isprintable()


Snapshot = tuple[str, list[str], bool, set[str], int, "str | None", Outcome, list[str]]


def snapshot(state: GameState) -> Snapshot:
    """Everything a refused move must leave as it was."""
    return (state.render(), list(state.moves), state.swapped, set(state.resigned),
            state.passes_in_row, state.to_move, state.outcome(), state.legal_moves())


# ---- the properties ----------------------------------------------------------------------

@st.composite
def record_texts(draw: st.DrawFn) -> str:
    seed = draw(st.sampled_from([s for game in GAMES for s in seeds(game)]))
    shape = draw(st.sampled_from(["pbmserv", "bare"]))
    return draw(mutated(seed.pbmserv() if shape == "pbmserv" else seed.bare()))


@FUZZ
@given(record_texts())
def test_mutated_records_replay_or_are_refused_cleanly(text: str) -> None:
    try:
        record = records.parse(text)
        state = records.final_state(record)
    except Exception as error:  # noqa: BLE001 - the property is about every exception
        assert_clean(error, RecordError)
        return
    again = records.parse(records.dumps(record))
    assert again == record
    assert records.final_state(again).render() == state.render()


@FUZZ
@given(st.sampled_from(GAMES), st.data())
def test_mutated_options_build_a_game_or_are_refused_cleanly(game: str,
                                                             data: st.DataObject) -> None:
    info = registry.get(game)
    tokens = [f"-{o.name}" if o.kind == "flag" else f"-{o.name}={o.minimum}" for o in info.options]
    text = data.draw(mutated(" ".join(data.draw(st.permutations(tokens)))))
    players = data.draw(st.integers(-1, info.max_players + 2))
    try:
        options = info.parse_parameters(text)
        state = info.new(options, players)
    except Exception as error:  # noqa: BLE001
        assert_clean(error, OptionError)
        return
    for name, value in options.items():
        spec = info.option(name)
        assert spec is not None
        if spec.kind == "int":
            assert isinstance(value, int) and spec.minimum <= value <= spec.maximum  # type: ignore[operator]
    assert len(state.sides) == players


@st.composite
def more_letters(draw: st.DrawFn, move: str) -> str:
    """`move` with its first run of letters made longer (`d3` -> `dd3`, `abcdef3`, `Dx3`):
    every letter may be one the game knows while the whole is no move (issue 26)."""
    start = next((i for i, c in enumerate(move) if c.isalpha()), 0)
    end = start
    while end < len(move) and move[end].isalpha():
        end += 1
    extra = draw(st.one_of(st.sampled_from(["abcdef", "ABCDEF", "a", "B", "ab", "zz"]),
                           st.text(st.sampled_from("abcdefghijklmnopqrstuvwxyzABCDEF"),
                                   min_size=1, max_size=6)))
    at = draw(st.integers(start, end))
    return move[:at] + extra + move[at:]


@st.composite
def typed_moves(draw: st.DrawFn) -> tuple[Seed, int, str]:
    """A real position (a seed game after some of its moves) and a text typed there: a legal
    move, a mutated one or something else entirely."""
    seed = draw(st.sampled_from([s for game in GAMES for s in seeds(game)]))
    ply = draw(st.integers(0, len(seed.moves)))
    legal = seed.state(ply).legal_moves() or ["a1"]
    base = draw(st.sampled_from(legal))
    text = draw(st.one_of(
        st.just(base), st.just(base.upper()), st.just(f"  {base}\t"),
        mutated(base), more_letters(base), st.sampled_from(LINES), st.text(max_size=12),
        st.sampled_from(["pass", "swap", "resign", "Resign", "--"])))
    return seed, ply, text


@FUZZ
@given(typed_moves())
def test_a_typed_move_is_played_or_changes_nothing(case: tuple[Seed, int, str]) -> None:
    seed, ply, text = case
    state = seed.state(ply)
    before = snapshot(state)
    legal = before[-1]
    try:
        canonical = state.play(text)
    except Exception as error:  # noqa: BLE001
        assert_clean(error, MoveError)
        assert snapshot(state) == before, f"{text!r} was refused but changed the game"
        return
    assert canonical in legal or canonical == RESIGN, f"{text!r} played as {canonical!r}"
    assert canonical == "swap" or state.moves == [*before[1], canonical]


@pytest.mark.parametrize("game", GAMES)
@FUZZ
@given(data=st.data())
def test_a_legal_move_with_more_letters_is_played_or_changes_nothing(
        game: str, data: st.DataObject) -> None:
    """Each game on its own, so that every game meets such texts in the default run."""
    seed = data.draw(st.sampled_from(seeds(game)))
    ply = data.draw(st.integers(0, len(seed.moves)))
    legal = seed.state(ply).legal_moves() or ["a1"]
    text = data.draw(more_letters(data.draw(st.sampled_from(legal))))
    # hypothesis hangs the undecorated test on the function it makes
    inner = test_a_typed_move_is_played_or_changes_nothing.hypothesis.inner_test  # type: ignore[attr-defined]
    inner((seed, ply, text))
