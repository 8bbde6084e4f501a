"""Variations: the other lines of play a record keeps beside the game that was played.

The lines of a record are numbered: line 0 is the main line (`record.moves`, `record.notes`),
line k >= 1 is `record.variations[k - 1]`. A variation branches from an earlier line (its
`parent`) after `ply` moves of that line and goes on with its own `moves`; its `notes` are on
its own positions only (plies past `ply`). A line's moves are therefore its parent's first
`ply` moves followed by its own, and a note on one of those earlier positions belongs to the
line that holds the move leading there.

Every variation branches after at least one move of its own parent (a move before that
belongs to a line further up, which becomes the parent), its first move differs from the
move it replaces and from the first moves of the variations that part there too (a move a
line plays already is followed, not branched: `follow`), and a parent always comes before its
children in the list, so the list can be read back in order. The changes here keep both rules
and return where each old line went (`Renumbering`), so a caller can follow the line it shows.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from dataclasses import dataclass, field

from megalith.rules.protocol import SWAP, GameState, MoveError
from megalith.rules.record import Record, RecordError, Variation, swap_ply

Renumbering = list[int | None]  # old line number -> new one (None: deleted)


@dataclass
class Cut:
    """Variations taken off a line by `pop`, kept so that `graft` can put them back: in the
    order they were in, each with its parent as `-1` (the line popped) or as the position
    of another one in this list."""

    variations: list[Variation] = field(default_factory=list)


def count(record: Record) -> int:
    """How many lines the record has (the main line included)."""
    return 1 + len(record.variations)


def parent(record: Record, line: int) -> int:
    return record.variations[line - 1].parent if line else 0


def start(record: Record, line: int) -> int:
    """How many moves come before the line's own."""
    return record.variations[line - 1].ply if line else 0


def own_moves(record: Record, line: int) -> list[str]:
    """The line's own moves (the list itself: changing it changes the record)."""
    return record.variations[line - 1].moves if line else record.moves


def own_notes(record: Record, line: int) -> dict[int, str]:
    return record.variations[line - 1].notes if line else record.notes


def moves_of(record: Record, line: int) -> list[str]:
    """Every move of the line from the start of the game (a new list)."""
    if line == 0:
        return list(record.moves)
    variation = record.variations[line - 1]
    return moves_of(record, variation.parent)[:variation.ply] + variation.moves


def length(record: Record, line: int) -> int:
    """How many moves the line has, from the start."""
    return start(record, line) + len(own_moves(record, line))


def owner(record: Record, line: int, ply: int) -> int:
    """The line that holds move number `ply` (from 1) of `line`, and so the note on the
    position after it; ply 0 (the start) belongs to the main line."""
    while line and ply <= start(record, line):
        line = parent(record, line)
    return line


def note(record: Record, line: int, ply: int) -> str:
    return own_notes(record, owner(record, line, ply)).get(ply, "")


def children(record: Record, line: int) -> list[int]:
    return [k for k, v in enumerate(record.variations, start=1) if v.parent == line]


def alternatives(record: Record, line: int) -> dict[int, list[int]]:
    """For each move of `line` (by its number, from 1) that other lines replace, those
    lines: the variations that part from `line` there, or the line it parted from.

    Found from the tree rather than by comparing moves (a long game's many lines would cost
    milliseconds a move): two lines agree up to where one leaves the nearest line they
    share, because a variation's first move always differs from the move it replaces."""
    leaves = _leaving(record, line)
    found: dict[int, list[int]] = {}
    for other in range(count(record)):
        common = _shared(record, leaves, other)
        if other != line and common < min(leaves[line], length(record, other)):
            found.setdefault(common + 1, []).append(other)
    return found


def _shared(record: Record, leaves: dict[int, int], other: int) -> int:
    """How many first moves `other` shares with the line whose `_leaving` is `leaves`."""
    at, shared = length(record, other), other  # where `other` leaves `shared`
    while shared not in leaves:
        at, shared = start(record, shared), parent(record, shared)
    return min(at, leaves[shared])


def _leaving(record: Record, line: int) -> dict[int, int]:
    """The lines `line` follows (itself and its ancestors), each with the number of its
    moves that `line` plays before leaving it (all of its own for `line` itself)."""
    leaves = {line: length(record, line)}
    while line:
        leaves[parent(record, line)] = start(record, line)
        line = parent(record, line)
    return leaves


def other_moves(record: Record, line: int) -> dict[int, list[str]]:
    """For each move of `line` (by number) that other lines replace, the moves they play
    there instead, each once, in the order of the lines."""
    found: dict[int, list[str]] = {}
    for ply, lines in alternatives(record, line).items():
        for other in lines:
            move = moves_of(record, other)[ply - 1]
            if move not in found.setdefault(ply, []):
                found[ply].append(move)
    return found


def check(record: Record, main: Sequence[GameState]) -> None:
    """Replays every variation from the position it parts at (`main` are the main line's
    positions, by ply), so that a long game's variations cost only their own moves; raises
    RecordError naming the variation and its move if one is illegal."""
    positions: list[list[GameState]] = [list(main)]  # per line: the main line's by ply,
    # a variation's after each of its own moves

    def at(line: int, ply: int) -> GameState:
        while line and ply <= start(record, line):
            line = parent(record, line)
        return positions[line][ply - (start(record, line) + 1 if line else 0)]

    for line, variation in enumerate(record.variations, start=1):
        state = at(variation.parent, variation.ply)
        own = []
        for ply, move in enumerate(variation.moves, start=variation.ply + 1):
            state = state.copy()
            try:
                state.play(move)
                if ply == swap_ply(record) and record.swapped:
                    state.play(SWAP)
            except MoveError as exc:
                raise RecordError(f"variation {line}: {exc.reason}", ply=ply,
                                  move=move) from None
            own.append(state)
        positions.append(own)


def follow(record: Record, line: int, ply: int, move: str) -> int | None:
    """The line that plays `move` after the first `ply` moves of `line`, if one does
    (`line` itself first; read from the tree, as `alternatives`)."""
    leaves = _leaving(record, line)
    candidates: list[int] = [line, *range(count(record))]
    for candidate in candidates:
        if (_shared(record, leaves, candidate) >= ply and length(record, candidate) > ply
                and move_at(record, candidate, ply) == move):
            return candidate
    return None


def move_at(record: Record, line: int, ply: int) -> str:
    """Move number `ply + 1` of `line`."""
    holder = owner(record, line, ply + 1)
    return own_moves(record, holder)[ply - start(record, holder)]


def branch(record: Record, line: int, ply: int, move: str) -> int:
    """Starts a variation that plays `move` after the first `ply` moves of `line` (which
    has a different move there); returns its number."""
    moves = moves_of(record, line)
    if not 0 <= ply < len(moves):
        raise ValueError(f"line {line} has no move {ply + 1} to replace")
    record.variations.append(Variation(parent=owner(record, line, ply), ply=ply, moves=[move]))
    return len(record.variations)


def pop(record: Record, line: int) -> tuple[str, str, Cut]:
    """Takes the last move off `line` (which has one of its own), with its note and the
    variations that part from the line after it: (move, note, what was cut, for `graft`).
    A variation left without moves is deleted; the caller then shows its parent."""
    moves = own_moves(record, line)
    move = moves.pop()
    end = start(record, line) + len(moves)
    text = own_notes(record, line).pop(end + 1, "")
    roots = [k for k in children(record, line) if record.variations[k - 1].ply > end]
    cut = _detach(record, line, roots)
    if line and not moves:
        delete(record, line)
    return move, text, cut


def cut_all(record: Record) -> Cut:
    """Takes every variation off the record (the swap's undo: each line was replayed with
    the swap), for `graft` onto the main line."""
    return _detach(record, 0, children(record, 0))


def graft(record: Record, line: int, cut: Cut) -> None:
    """Puts back on `line` the variations `pop` cut off it."""
    base = len(record.variations)
    for variation in cut.variations:
        restored = copy.deepcopy(variation)
        restored.parent = line if variation.parent < 0 else base + 1 + variation.parent
        record.variations.append(restored)


def delete(record: Record, line: int) -> Renumbering:
    """Deletes a variation and the variations that part from it."""
    if line == 0:
        raise ValueError("the main line cannot be deleted")
    gone = _subtree(record, [line])
    keep = [k for k in range(1, count(record)) if k not in gone]
    return _reorder(record, keep)


def promote(record: Record, line: int) -> None:
    """Makes `line` the main line: its moves become `record.moves`, and the moves it
    replaced, at every level, become the variation it was (renumbered: every variation's
    number may change)."""
    while line:
        up = parent(record, line)
        _swap_with_parent(record, line)
        line = up
    _reorder(record, _depth_first(record))


# ---- internals -----------------------------------------------------------------------

def _swap_with_parent(record: Record, line: int) -> None:
    """Exchanges a variation's moves with the moves of its parent that it replaces: the
    parent then plays the variation, and the variation what the parent played. Later
    variations go with the moves they part from."""
    variation = record.variations[line - 1]
    up, at = variation.parent, variation.ply
    parent_moves = own_moves(record, up)
    offset = at - start(record, up)
    tail = parent_moves[offset:]
    parent_moves[offset:] = variation.moves
    variation.moves = tail
    parent_notes = own_notes(record, up)
    tail_notes = {p: t for p, t in parent_notes.items() if p > at}
    for p in tail_notes:
        del parent_notes[p]
    parent_notes.update(variation.notes)
    variation.notes = tail_notes
    for k, other in enumerate(record.variations, start=1):
        if k == line:
            continue
        if other.parent == up and other.ply > at:
            other.parent = line
        elif other.parent == line:
            other.parent = up
    if not tail:  # it branched at its parent's end: nothing is left for it to hold
        _reorder(record, [k for k in range(1, count(record)) if k != line])


def _subtree(record: Record, roots: list[int]) -> set[int]:
    found = set(roots)
    for k, variation in enumerate(record.variations, start=1):  # parents come first
        if variation.parent in found:
            found.add(k)
    return found


def _detach(record: Record, line: int, roots: list[int]) -> Cut:
    taken = sorted(_subtree(record, roots))
    position = {k: i for i, k in enumerate(taken)}
    cut = Cut()
    for k in taken:
        variation = copy.deepcopy(record.variations[k - 1])
        variation.parent = position.get(variation.parent, -1)
        cut.variations.append(variation)
    if taken:
        _reorder(record, [k for k in range(1, count(record)) if k not in position])
    return cut


def _depth_first(record: Record) -> list[int]:
    """The variations in an order where each comes after its parent (children by number)."""
    order: list[int] = []
    stack = list(reversed(children(record, 0)))
    while stack:
        k = stack.pop()
        order.append(k)
        stack.extend(reversed(children(record, k)))
    return order


def _reorder(record: Record, keep: list[int]) -> Renumbering:
    """Keeps the variations numbered `keep`, in that order (each parent before its
    children); returns the renumbering."""
    mapping: Renumbering = [None] * count(record)
    mapping[0] = 0
    for new, old in enumerate(keep, start=1):
        mapping[old] = new
    kept = []
    for old in keep:
        variation = record.variations[old - 1]
        new_parent = mapping[variation.parent]
        assert new_parent is not None, "a variation kept without its parent"
        variation.parent = new_parent
        kept.append(variation)
    record.variations[:] = kept
    return mapping
