"""What the moves did, in the window's words: the sentences of the banner over the board
and the short marks after moves in the move list. The events themselves come from the
engines' positions (rules.events); the swap, which is not a move of the record, from the
session."""

from __future__ import annotations

from collections.abc import Callable
from html import escape

from megalith.rules.contracts import StackedPosition
from megalith.rules.events import CAPTURE, FIGURE, PASSED, RESULT, SUBGAME, Event, ply_events
from megalith.rules.protocol import GameState

from megalith.desktop.game.session import Session

_CACHE_LIMIT = 4096
NB_HYPHEN = "\u2011"  # a hyphen a line never breaks at: "sub-game" stays whole
# the events of each ply, by the position after it (positions never change once played)
_cache: dict[int, tuple[GameState, GameState, list[Event]]] = {}


def events_of(session: Session, ply: int) -> list[Event]:
    """The events of move number `ply` (from 1)."""
    before, after = session.states[ply - 1], session.states[ply]
    found = _cache.get(id(after))
    if found is None or found[0] is not before or found[1] is not after:
        if len(_cache) >= _CACHE_LIMIT:
            _cache.clear()
        # the move is the last of the position after it, whichever line is on screen
        found = (before, after, ply_events(before, after, after.moves[ply - 1]))
        _cache[id(after)] = found
    return found[2]


def last_turn(session: Session, ply: int) -> range:
    """The plies that led to the position after `ply`: the last person's move and the
    passes forced after it."""
    first = ply
    while first > 1 and session.is_forced_pass(first - 1):
        first -= 1
    return range(first, ply + 1) if ply > 0 else range(0)


def banner_sentences(session: Session) -> list[str]:
    """What the moves that led to the position on screen did (rich text): captures, figures
    entering, sub-games won, forced passes, a swap. The result is said on its own."""
    sentences = []
    if session.record.swapped and session.viewed == 1:
        sentences.append(swap_sentence(session))
    for ply in last_turn(session, session.viewed):
        for event in events_of(session, ply):
            sentence = _sentence(session, event, session.is_forced_pass(ply - 1),
                                 _piece_noun(session.states[ply - 1]))
            if sentence:
                sentences.append(sentence)
    return sentences


def swap_sentence(session: Session) -> str:
    """Who now plays which colour: the swapper took over the first player's stones."""
    parts = [f"{escape(session.name(side), quote=False)} now plays {side} {_swatch(colour)}"
             for side, colour in session.colours_by_side().items()]
    return "Swap: " + ", ".join(parts) + "."


def _swatch(colour: tuple[int, int, int]) -> str:
    return '<span style="color: #%02x%02x%02x">&#9632;</span>' % colour


def _piece_noun(state: GameState) -> str:
    """What the pieces of a position are called: `cube` where they are drawn as cubes
    (Drogo), else `stone`."""
    stones = state.stones() if isinstance(state, StackedPosition) else []
    return "cube" if stones and all(s.kind == "cube" for s in stones) else "stone"


def _sentence(session: Session, event: Event, forced: bool, noun: str = "stone") -> str:
    who = escape(session.who(event.side), quote=False) if event.side else ""
    if event.kind == CAPTURE:
        return f"{who} captured {event.count} {noun}{'s' if event.count != 1 else ''}."
    if event.kind == FIGURE:
        return f"{who}'s {event.figure} enters the board on {event.name}."
    if event.kind == SUBGAME:
        return f"{who} wins the {escape(event.name, quote=False)} sub{NB_HYPHEN}game."
    if event.kind == PASSED:
        return f"{who} has no legal move and passes." if forced else ""
    return ""  # the result has the banner to itself


def move_mark(session: Session, ply: int) -> str:
    """The move list's mark after move `ply` (from 1): `×3` for three stones captured,
    `Druid in` (a figure entering), `top won` for a sub-game, `end` for the move that ended
    the game, `swap` on the first move when the second player swapped."""
    marks = []
    if ply == 1 and session.record.swapped:
        marks.append("swap")
    for event in events_of(session, ply):
        if event.kind == CAPTURE:
            marks.append(f"×{event.count}")
        elif event.kind == FIGURE:
            marks.append(f"{event.figure} in")
        elif event.kind == SUBGAME:
            marks.append(f"{event.name} won")
        elif event.kind == RESULT:
            marks.append("end")
    return " ".join(marks)


def move_notes(session: Session, extra: Callable[[GameState, int], str] | None
               ) -> Callable[[GameState, int], str]:
    """The move list's note for each move: the game's own (`extra`, a tile game's auto
    tiles) and then the events' mark."""
    def note(state: GameState, ply: int) -> str:
        parts = [extra(state, ply) if extra is not None else "", move_mark(session, ply)]
        return " ".join(part for part in parts if part)
    return note
