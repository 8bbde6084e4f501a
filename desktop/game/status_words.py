"""What the controller says in the status bar about the game in progress: its title, whose
turn it is, what a move did, and the names of the lines of play."""

from __future__ import annotations

from megalith.rules import registry, variations
from megalith.rules.protocol import PASS, RESIGN, SWAP

from megalith.desktop.game.session import Played, Session


def game_title(session: Session) -> str:
    """The game's title and options: `Druid -size=8 -walk`."""
    try:
        title = registry.get(session.game).title
    except registry.UnknownGameError:
        title = session.game
    return " ".join([title, *session.record.parameters])


def turn_text(session: Session) -> str:
    side = session.shown.to_move
    return f"{session.who(side)} to move." if side else ""


def line_name(session: Session, line: int) -> str:
    """'the main line' or 'variation 2 (from move 5)'."""
    if line == 0:
        return "the main line"
    return f"variation {line} (from move {variations.start(session.record, line) + 1})"


def played_text(session: Session, played: Played) -> str:
    """What a move did, in a sentence or three, for the status bar."""
    if played.move == SWAP:
        first = session.sides[0]  # the swapper now owns the first player's stones
        parts = [f"{session.name(first)} swapped and now plays {first}."]
    elif played.move == RESIGN:
        parts = [f"{session.who(played.side)} resigned."]
    elif played.move == PASS:
        parts = [f"{session.who(played.side)} passed."]
    else:
        parts = [f"{session.who(played.side)} played {played.move}."]
    if played.started is not None:
        parts.insert(0, f"New {line_name(session, played.started)}:")
    elif played.followed:
        parts.insert(0, f"Along {line_name(session, session.line)}:")
    parts += [f"{session.who(side)} has no legal move and passes." for side in
              played.forced_passes]
    if played.outcome.over:
        parts.append(session.result_text(played.outcome) + ".")
    else:
        parts.append(turn_text(session))
    return " ".join(parts)
