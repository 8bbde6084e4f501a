"""Game records in pbmserv's file format (docs/record-format.md), and bare move lists.

A record is the single source of truth of a game: its game, options, players and canonical
moves. Positions come from replaying the moves (`replay`).

What we write, in pbmserv's entry order, with two entries of our own first:

    (game druid)
    (version 1)
    (players alice bob)
    (swapped 1)                 only after a swap
    (setup                      Megalith's: the position set up by hand the game starts
    to_move H                   from (rules.setup), if any; the moves follow from it
    sarsen V c3 1
    )
    (status winner alice)       only when the game is over: `winner <name>` or `tie`
    (moves                      one canonical move per line, then a line `)`
    c3
    )
    (parameters -size=8 -walk)
    (colours #b43c32 #e1dcc8)   Megalith's: the people's colours by seat, if chosen
    (comment                    pbmserv's free comment lines, if any
    )
    (notes                      Megalith's notes on moves, in comment style: `<ply> <text>`,
    3 a fine lintel              one line per line of text; ply 0 is before the first move
    )
    (variations                 Megalith's other lines of play (rules.variations): `<line>
    0 3 d4 e5                   <ply> <moves>` parts from that line after that many moves;
    note 4 why d4               `note <ply> <text>` annotates the variation above
    )
    (puzzle V 3 e4 f5)          Megalith's: a puzzle's facts (rules.puzzles): the side to
                                move after the moves, its win's plies, every winning move

A token line that starts with `(`, `)` or `\\` is written with a `\\` in front. Empty lists are
not written. The reader skips lines until one starts with `(` and skips entries it does not
know (clock, timer, ratings, a game's board rows...), as pbmserv does.

A bare move list, as pasted from e-mail, starts with a challenge-like line (`druid -size=8
-walk alice bob`: game, options, optional names that also give the number of players), then
one move per line; `swap` may stand alone as the second line of moves.

A `swap` anywhere else (in either shape, or in a game without swap) is read, and refused on
replay as an illegal move at its own ply, with the reason the engine gives when it is played.
"""

from __future__ import annotations

import os
import re
import stat
import tempfile
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from megalith.rules import registry
from megalith.rules import setup as setups
from megalith.rules.protocol import (PASS, RESIGN, SWAP, GameState, MegalithError, MoveError,
                                     OptionError, Setup, SetupError)
from megalith.rules.text import number, quoted, shown

FORMAT_VERSION = 1
NOT_UTF8 = "the file is not UTF-8 text"
_COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")
# How large a record may be (docs/record-format.md): a larger file is refused before it is
# read, and a record with more moves than its game can have (`GameState.longest_game`), or
# than MAX_MOVES in a game without a bound, as soon as the reader comes to the move too many.
MAX_RECORD_BYTES = 4 * 1024 * 1024
MAX_MOVES = 100_000
TOO_LARGE = (f"the file is larger than {MAX_RECORD_BYTES:,} bytes, the most Megalith reads "
             "(docs/record-format.md)")
# The line breaks of str.splitlines, which the reader follows a piece of text at a time.
_PIECE = 65536
_LINE_BREAK = re.compile(r"\r\n|[\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029]")
_ENTRY = re.compile(r"(?:\A|" + _LINE_BREAK.pattern + r")\(")


class RecordError(MegalithError):
    """A record that cannot be read or replayed: where (line, or ply and move) and why."""

    def __init__(self, reason: str, line: int | None = None, ply: int | None = None,
                 move: str | None = None) -> None:
        self.reason = reason
        self.line = line
        self.ply = ply
        self.move = None if move is None else shown(move)
        where = []
        if line is not None:
            where.append(f"line {line}")
        if ply is not None:
            where.append(f"move {ply} ({self.move})" if move else f"move {ply}")
        super().__init__(f"{', '.join(where)}: {reason}" if where else reason)

    def as_dict(self) -> dict[str, object]:
        """The error as `megalith check --json` prints it."""
        if self.ply is not None:
            return {"ply": self.ply, "move": self.move, "reason": self.reason}
        return {"line": self.line, "reason": self.reason}


@dataclass
class Variation:
    """Another line of play (rules.variations explains the numbering): after `ply` moves of
    line `parent`, these `moves`; `notes` on its own positions, by ply from the start."""

    parent: int
    ply: int
    moves: list[str]
    notes: dict[int, str] = field(default_factory=dict)


@dataclass(frozen=True)
class PuzzleFacts:
    """Megalith's `(puzzle <side> <plies> <move> ...)` entry: after the record's moves,
    `side` (its letter) can force a win in `plies` plies and in no fewer, by each of
    `winning_moves` (canonical) and by no other first move. rules.puzzles checks the claim;
    the reader only checks its form."""

    side: str
    plies: int
    winning_moves: tuple[str, ...]


@dataclass
class Record:
    """A game as a file holds it. `players` are names in seat order of the colours (after a
    swap, rotated as pbmserv rotates them); `moves` hold no `swap` and are the main line;
    `notes[k]` annotates the position after k moves; `colours` are the people's colours by
    seat (`#rrggbb`), or empty; `variations` are the other lines of play (rules.variations);
    `setup` is the position set up by hand the game starts from, if any (an open swap of
    it comes before the first move); `puzzle` the facts of a puzzle set at the end of the
    moves, if the file is one.

    What the reader saw on the way, for error locations: `move_lines` (each move's line),
    `swap_line` (where the swap after the first move was written) and `misplaced_swap` (the
    number of moves before the first `swap` written anywhere else, and its line)."""

    game: str
    parameters: list[str] = field(default_factory=list)
    players: list[str] = field(default_factory=list)
    moves: list[str] = field(default_factory=list)
    swapped: bool = False
    notes: dict[int, str] = field(default_factory=dict)
    comment: list[str] = field(default_factory=list)
    status: str | None = None
    colours: list[str] = field(default_factory=list)
    variations: list[Variation] = field(default_factory=list)
    setup: Setup | None = None
    setup_line: int | None = field(default=None, compare=False, repr=False)
    puzzle: PuzzleFacts | None = None
    move_lines: list[int] = field(default_factory=list, compare=False, repr=False)
    swap_line: int | None = field(default=None, compare=False, repr=False)
    misplaced_swap: tuple[int, int] | None = field(default=None, compare=False, repr=False)


# ---- reading ---------------------------------------------------------------------------

def normalise_move(text: str) -> str:
    """pbmserv's replay: trimmed and lower-cased; `pass` is `--`, `resign` is `Resign`."""
    move = text.strip().lower()
    if move == "pass":
        return PASS
    if move == "resign":
        return RESIGN
    return move


def parse(text: str, game_hint: str | None = None) -> Record:
    """Read a pbmserv game file or a bare move list. `game_hint` names the game for a pbmserv
    file without a `(game ...)` entry (pbmserv kept the game type in the directory name).

    The text is read line by line as the reader needs it, never split whole: a record too
    long for its game is refused at its move too many, having read no further."""
    if len(text) > MAX_RECORD_BYTES:
        raise RecordError(TOO_LARGE)
    if "\x00" in text:  # UTF-16 without a byte-order mark decodes as UTF-8 with NULs
        raise RecordError(f"{NOT_UTF8} (it holds NUL characters, as UTF-16 text does)")
    if not text.strip():
        raise RecordError("the file is empty", line=1)
    lines = enumerate(_lines(text), start=1)
    if _ENTRY.search(text):  # a line starts with a bracket: no move does
        return _parse_pbmserv(lines, game_hint)
    return _parse_bare(lines)


def parse_bytes(data: bytes, game_hint: str | None = None) -> Record:
    """`parse` of a file's bytes, read up to one byte past MAX_RECORD_BYTES (so that a larger
    file, or an endless stream, is refused without reading the rest)."""
    if len(data) > MAX_RECORD_BYTES:
        raise RecordError(TOO_LARGE)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise RecordError(NOT_UTF8) from None
    return parse(text, game_hint)


def _lines(text: str) -> Iterator[str]:
    """The lines of `text` as `text.splitlines()` gives them, split a piece of some 64 kB at
    a time (each piece ends with a line break, a `\\r\\n` never cut in two)."""
    start = 0
    while start < len(text):
        end = start + _PIECE
        if end < len(text):
            found = _LINE_BREAK.search(text, end - 1)
            end = found.end() if found else len(text)
        yield from text[start:end].splitlines()
        start = end


Lines = Iterator[tuple[int, str]]  # (line number, line) pairs, read once


def _entries(lines: Lines) -> Iterator[tuple[int, str, Lines]]:
    """(line number, name, numbered tokens) of each entry, the tokens of a multi-line entry
    unescaped and read as the caller takes them (what it leaves is skipped)."""
    for start, text in lines:
        line = text.rstrip("\r\n")
        if not line.startswith("("):
            continue
        body = line[1:]
        if body.endswith(")"):
            tokens = body[:-1].split()
            if not tokens:
                raise RecordError("an entry without a name", line=start)
            yield start, tokens[0].lower(), iter([(start, t) for t in tokens[1:]])
            continue
        name = body.strip().lower()
        if not name or " " in name:
            raise RecordError(f"the entry '({shown(body.split()[0] if body.split() else '')}' "
                              "is not closed by ')' on its line", line=start)
        entry = _entry_body(lines, name, start)
        yield start, name, entry
        for _ in entry:  # the tokens the caller left
            pass


def _entry_body(lines: Lines, name: str, start: int) -> Lines:
    """The token lines of a multi-line entry up to its line `)`."""
    at = start
    for at, text in lines:
        token = text.rstrip("\r\n")
        if token == ")":
            return
        yield at, token[1:] if token.startswith("\\") else token
    raise RecordError(f"the ({shown(name)} entry that starts on line {start} is not "
                      "closed by a line ')': the file is truncated", line=at)


def _parse_pbmserv(lines: Lines, game_hint: str | None) -> Record:
    record = Record(game="")
    game_line = 1
    parameters_line = 1
    swapped_line = None
    variations: tuple[list[str], int] | None = None
    for line, name, entry in _entries(lines):
        if name == "moves":
            _read_moves(record, entry, MAX_MOVES)  # the game's own bound once it is known
            continue
        tokens = [token for _, token in entry]
        if name == "game":
            if len(tokens) != 1:
                raise RecordError("(game ...) names one game", line=line)
            record.game, game_line = tokens[0].lower(), line
        elif name == "version":
            if tokens != [str(FORMAT_VERSION)]:
                raise RecordError(f"format version {shown(' '.join(tokens))} is not one this Megalith "
                                  f"reads (it reads version {FORMAT_VERSION})", line=line)
        elif name == "players":
            record.players = tokens
        elif name == "parameters":
            record.parameters, parameters_line = tokens, line
        elif name == "swapped":
            swapped_line = None if tokens == ["0"] else line
        elif name == "status":
            record.status = " ".join(tokens) or None
        elif name == "comment":
            record.comment = tokens
        elif name == "setup":
            record.setup, record.setup_line = _read_setup(tokens, line), line
        elif name == "notes":
            record.notes = _parse_notes(tokens, line)
        elif name == "variations":
            variations = (tokens, line)  # read once the main line's length is known
        elif name == "puzzle":
            record.puzzle = _parse_puzzle(tokens, line)
        elif name == "colours":
            # Cosmetic: colours that are not all #rrggbb are dropped, never an error.
            if all(_COLOUR.match(t) for t in tokens):
                record.colours = [t.lower() for t in tokens]
    if not record.game:
        if game_hint is None:
            raise RecordError("the file does not say which game it is (no (game ...) entry)",
                              line=1)
        record.game = game_hint.lower()
        game_line = 1
    if record.setup is not None:
        _swap_from_the_start(record)
    if swapped_line is not None and not record.swapped:  # a `swap` in the moves is the same
        if not record.moves and record.setup is None:
            raise RecordError("the file says the opening was swapped, but has no opening move",
                              line=swapped_line)
        record.swapped, record.swap_line = True, swapped_line
    longest = _validate_setup(record, game_line, parameters_line)
    if len(record.moves) > longest:
        raise _too_long(record.game, longest, record.move_lines[longest])
    if variations is not None:
        record.variations = _parse_variations(*variations, len(record.moves), record.game,
                                              longest)
    return record


def _read_moves(record: Record, tokens: Iterable[tuple[int, str]], longest: int) -> None:
    """Reads numbered move lines into the record, up to `longest` moves."""
    for line, token in tokens:
        if not token.strip():
            continue
        move = normalise_move(token)
        if move == SWAP:
            _read_swap(record, line)
            continue
        if len(record.moves) == longest:
            raise _too_long(record.game, longest, line)
        record.moves.append(move)
        record.move_lines.append(line)


def _too_long(game: str, longest: int, line: int, what: str = "record") -> RecordError:
    """A record (or a variation) with a move past `longest`, on `line`."""
    if longest == MAX_MOVES:
        why = "the most Megalith reads of a game (docs/record-format.md)"
    else:
        why = f"the most a {game} game with these options can have"
    return RecordError(f"the {what} holds more than {longest:,} moves, {why}", line=line)


def _read_setup(tokens: list[str], line: int) -> Setup:
    try:
        return setups.read(tokens)
    except setups.SetupTextError as exc:
        raise RecordError(str(exc), line=line + exc.offset) from None


def _swap_from_the_start(record: Record) -> None:
    """In a game set up by hand an open swap comes before the first move (`swap_ply`): a
    `swap` line written there is the record's swap, and one after the first move, which
    `_read_swap` took for it, is out of place (refused on replay at its own ply)."""
    if record.swapped:
        record.swapped, record.misplaced_swap = False, (1, record.swap_line or 1)
        record.swap_line = None
    elif record.misplaced_swap is not None and record.misplaced_swap[0] == 0:
        record.swapped, record.swap_line = True, record.misplaced_swap[1]
        record.misplaced_swap = None


def _read_swap(record: Record, line: int) -> None:
    """Takes note of a `swap` line in the moves: the swap after the first move, or the first
    one anywhere else (refused on replay)."""
    if len(record.moves) == 1 and not record.swapped:
        record.swapped, record.swap_line = True, line
    elif record.misplaced_swap is None:
        record.misplaced_swap = (len(record.moves), line)


def _parse_notes(tokens: list[str], entry_line: int) -> dict[int, str]:
    notes: dict[int, str] = {}
    for offset, token in enumerate(tokens, start=1):
        first, _, text = token.partition(" ")
        ply = number(first)
        if ply is None:
            raise RecordError(f"a note starts with the number of its move, not {quoted(first)}",
                              line=entry_line + offset)
        notes[ply] = f"{notes[ply]}\n{text}" if ply in notes else text
    return {ply: text for ply, text in notes.items() if text.strip()}  # as the window keeps them


def _parse_puzzle(tokens: list[str], line: int) -> PuzzleFacts:
    plies = number(tokens[1]) if len(tokens) > 1 else None
    if len(tokens) < 3 or plies is None or plies % 2 == 0:
        raise RecordError("a puzzle is '(puzzle <side> <plies, odd> <winning move> ...)'",
                          line=line)
    return PuzzleFacts(tokens[0], plies, tuple(normalise_move(t) for t in tokens[2:]))


def _parse_variations(tokens: list[str], entry_line: int, main_length: int, game: str,
                      longest: int) -> list[Variation]:
    """Megalith's variations: a line `<parent> <ply> <move> ...` starts one (numbered from 1
    in order), lines `note <ply> <text>` annotate the one above. No line of play is longer
    than `longest` moves."""
    variations: list[Variation] = []
    lengths = [main_length]  # each line's number of moves, from the start
    notes: list[str] = []
    notes_line = entry_line  # the line before the first note of the variation above

    def close() -> None:
        if variations and notes:
            variations[-1].notes = _parse_notes(notes, notes_line)
            notes.clear()

    for offset, token in enumerate(tokens, start=1):
        at = entry_line + offset
        words = token.split(maxsplit=longest + 2)  # past that, too long whatever the rest
        if words[:1] == ["note"]:
            if not variations:
                raise RecordError("a variation's note comes before any variation", line=at)
            notes_line = notes_line if notes else at - 1
            notes.append(token[len("note "):])
            continue
        close()
        if len(words) < 3:
            raise RecordError("a variation is '<line> <ply> <move> ...'", line=at)
        parent, ply = number(words[0]), number(words[1])
        if parent is None or parent > len(variations):
            raise RecordError(f"a variation parts from line 0 to {len(variations)}, "
                              f"not {quoted(words[0])}", line=at)
        if ply is None or ply > lengths[parent]:
            raise RecordError(f"line {parent} has {lengths[parent]} moves to part after, "
                              f"not {quoted(words[1])}", line=at)
        if ply + len(words) - 2 > longest:
            raise _too_long(game, longest, at, "variation")
        variations.append(Variation(parent, ply, [normalise_move(w) for w in words[2:]]))
        lengths.append(ply + len(words) - 2)
    close()
    for variation in variations:
        if any(not variation.ply < ply <= variation.ply + len(variation.moves)
               for ply in variation.notes):
            raise RecordError("a variation's note is on a position the variation does not "
                              "reach", line=entry_line)
    return variations


def _parse_bare(lines: Lines) -> Record:
    header_line, header = next((n, line) for n, line in lines if line.strip())
    words = header.split()
    game = words[0].lower()
    if game == "challenge" and len(words) > 1:
        game = words[1].lower()
        words = words[1:]
    record = Record(game=game)
    record.parameters = [w for w in words[1:] if w.startswith("-")]
    record.players = [w for w in words[1:] if not w.startswith("-")]
    longest = _validate_setup(record, header_line, header_line, default_names=True)
    _read_moves(record, lines, longest)
    if record.swapped:
        record.players = record.players[1:] + record.players[:1]
    return record


def _validate_setup(record: Record, game_line: int, parameters_line: int,
                    default_names: bool = False) -> int:
    """Check the game, options and players now, so errors carry their line; the most moves
    a record of this game may hold."""
    try:
        info = registry.get(record.game)
    except registry.UnknownGameError as exc:
        raise RecordError(str(exc), line=game_line) from None
    count = len(record.players) or None
    try:
        state = info.new(record.parameters, count)
    except OptionError as exc:
        raise RecordError(str(exc), line=parameters_line) from None
    if not record.players and default_names:
        record.players = list(state.sides)
    if not record.players:
        raise RecordError("the file names no players (no (players ...) entry)", line=1)
    return min(state.longest_game() or MAX_MOVES, MAX_MOVES)


# ---- replaying -------------------------------------------------------------------------

def new_state(record: Record) -> GameState:
    """The starting position of the record's game, options and players."""
    players = len(record.players) or None
    try:
        if record.setup is None:
            return registry.get(record.game).new(record.parameters, players)
        return registry.get(record.game).set_up(record.parameters, players, record.setup)
    except (registry.UnknownGameError, OptionError) as exc:
        raise RecordError(str(exc)) from None
    except SetupError as exc:
        raise RecordError(f"the set-up position: {exc}", line=record.setup_line) from None


def replay(record: Record, upto: int | None = None) -> list[GameState]:
    """The states after 0, 1, .. n moves (n = all, or `upto`); each is its own copy."""
    return [state.copy() for state in _replayed(record, upto)]


def final_state(record: Record, upto: int | None = None) -> GameState:
    """The state after all moves (or `upto` of them), without keeping the ones between."""
    state = None
    for state in _replayed(record, upto):
        pass
    assert state is not None
    return state


def _replayed(record: Record, upto: int | None) -> Iterator[GameState]:
    """One state, yielded after 0, 1, .. n moves; the caller copies what it keeps."""
    count = len(record.moves) if upto is None else upto
    if not 0 <= count <= len(record.moves):
        raise RecordError(f"the game has {len(record.moves)} moves, not {count}")
    state = new_state(record)
    _swaps_after(record, state, 0)
    yield state
    for ply, move in enumerate(record.moves[:count], start=1):
        try:
            state.play(move)
        except MoveError as exc:
            line = record.move_lines[ply - 1] if ply <= len(record.move_lines) else None
            raise RecordError(exc.reason, line=line, ply=ply, move=move) from None
        _swaps_after(record, state, ply)
        yield state


def swap_ply(record: Record) -> int:
    """After how many moves a swapped record's swap is played: the first, or none in a game
    set up by hand (its swap was open at the start)."""
    return 1 if record.setup is None else 0


def _swaps_after(record: Record, state: GameState, ply: int) -> None:
    """Plays the swaps the record places after `ply` moves; a refused one is an illegal move
    at its own ply (the next one), on the line where it was written."""
    places = []
    if ply == swap_ply(record) and record.swapped:
        places.append(record.swap_line)
    if record.misplaced_swap is not None and record.misplaced_swap[0] == ply:
        places.append(record.misplaced_swap[1])
    for line in places:
        try:
            state.play(SWAP)
        except MoveError as exc:
            raise RecordError(exc.reason, line=line, ply=ply + 1, move=SWAP) from None


# ---- writing ---------------------------------------------------------------------------

def status_of(state: GameState, players: list[str]) -> str | None:
    """pbmserv's status entry for a finished game: `winner <name>` or `tie`."""
    outcome = state.outcome()
    if outcome.status == "draw":
        return "tie"
    if outcome.status == "win" and outcome.winner in state.sides:
        return f"winner {players[state.sides.index(outcome.winner)]}"
    return None


def _token(name: str) -> str:
    return "_".join(name.split()) or "_"


def _escape(line: str) -> str:
    return "\\" + line if line[:1] in ("(", ")", "\\") else line


def _multi(name: str, tokens: list[str]) -> list[str]:
    return [f"({name}", *(_escape(t) for t in tokens), ")"] if tokens else []


def dumps(record: Record) -> str:
    """The record as pbmserv file text (with Megalith's game, version and notes entries)."""
    out = [f"(game {record.game})", f"(version {FORMAT_VERSION})"]
    if record.players:
        out.append(f"(players {' '.join(_token(p) for p in record.players)})")
    if record.swapped:
        out.append("(swapped 1)")
    if record.status:
        out.append(f"(status {record.status})")
    if record.setup is not None:
        out += _multi("setup", setups.lines(record.setup))
    out += _multi("moves", record.moves)
    if record.parameters:
        out.append(f"(parameters {' '.join(record.parameters)})")
    if record.colours:
        out.append(f"(colours {' '.join(record.colours)})")
    out += _multi("comment", record.comment)
    note_lines = [f"{ply} {line}" for ply, text in sorted(record.notes.items()) if text
                  for line in text.split("\n")]
    out += _multi("notes", note_lines)
    out += _multi("variations", _variation_lines(record.variations))
    if record.puzzle is not None:
        facts = record.puzzle
        out.append(f"(puzzle {facts.side} {facts.plies} {' '.join(facts.winning_moves)})")
    return "\n".join(out) + "\n"


def _variation_lines(variations: list[Variation]) -> list[str]:
    lines = []
    for variation in variations:
        lines.append(" ".join([str(variation.parent), str(variation.ply), *variation.moves]))
        lines += [f"note {ply} {line}" for ply, text in sorted(variation.notes.items()) if text
                  for line in text.split("\n")]
    return lines


def load(path: str | os.PathLike[str]) -> Record:
    """Read a record file; a pbmserv file without a game entry takes its directory's name
    (pbmserv kept `games/<GameType>/<board>`) when that names a game."""
    path = Path(path)
    with path.open("rb") as stream:
        data = stream.read(MAX_RECORD_BYTES + 1)
    hint = path.parent.name.lower() if path.parent.name.lower() in registry.GAME_MODULES else None
    return parse_bytes(data, hint)


def save(path: str | os.PathLike[str], record: Record) -> None:
    """Write a record atomically (see `write_atomically`)."""
    write_atomically(path, dumps(record))


def write_atomically(path: str | os.PathLike[str], text: str) -> None:
    """Write a temporary file in the same folder, then rename it over the target, so a crash
    never leaves half a file where a game was. The file is synced before the rename and the
    folder after it, so a power cut cannot lose the rename either. A process killed inside
    leaves its temporary file `.<name>.<random>` behind (desktop.game.autosave tidies its own).

    The file gets the mode of the file it replaces, or a new file's mode under the umask
    (mkstemp alone would leave every record readable by its owner only)."""
    path = Path(path)
    mode = _mode_for(path)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        os.chmod(temporary, mode)
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    _sync_folder(path.parent)


def _mode_for(path: Path) -> int:
    """The permission bits a write of `path` should leave: those of the file there, else
    those `open` would give a new file (0666 less the process's umask)."""
    try:
        return stat.S_IMODE(path.stat().st_mode)
    except FileNotFoundError:
        umask = os.umask(0)  # the only way to read it; set straight back
        os.umask(umask)
        return 0o666 & ~umask


def _sync_folder(folder: Path) -> None:
    """Flush a folder's entries (the rename just made) to the disk. POSIX only: Windows
    cannot open a folder as a file, and NTFS journals its renames itself."""
    if os.name == "nt":
        return
    handle = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(handle)
    finally:
        os.close(handle)
