"""Exhaustive checks of short tactics, to state what a crafted position holds before a test
asks the search about it (two players; plain move trees, no search)."""

from __future__ import annotations

from megalith.rules.ai.tree import Node
from megalith.rules.ai.values import final_values, person_of_side, person_to_move
from megalith.rules.protocol import GameState


def wins_for(state: GameState, person: int) -> bool:
    """Whether the game is over and `person` won it."""
    outcome = state.outcome()
    return (outcome.status == "win" and outcome.winner is not None
            and person_of_side(state, outcome.winner) == person)


def after(state: GameState, move: str) -> GameState:
    trial = state.copy()
    trial.play(move)
    return trial


def winning_moves(state: GameState) -> list[str]:
    """Every move that wins at once for the person to move."""
    me = person_to_move(state)
    return [move for move in state.legal_moves() if wins_for(after(state, move), me)]


def has_win_in_one(state: GameState) -> bool:
    me = person_to_move(state)
    return any(wins_for(after(state, move), me) for move in state.legal_moves())


def forces_win_in_three(state: GameState, move: str) -> bool:
    """Whether `move`, by the person to move, wins within three plies against any reply:
    it does not end the game itself, and after every reply a winning move is there."""
    me = person_to_move(state)
    position = after(state, move)
    if position.to_move is None:
        return False
    for reply in position.legal_moves():
        answer = after(position, reply)
        if answer.to_move is None:
            if not wins_for(answer, me):
                return False
        elif person_to_move(answer) != me or not has_win_in_one(answer):
            return False
    return True


def threatens(state: GameState) -> bool:
    """Whether the person to move can win within three plies (in one, or by a move that
    forces a win in three)."""
    return has_win_in_one(state) or any(forces_win_in_three(state, move)
                                        for move in state.legal_moves())


def defends(state: GameState, move: str) -> bool:
    """Whether after `move` the opponent can neither win at once nor force a win within
    three plies."""
    position = after(state, move)
    if position.to_move is None:
        return True
    return not threatens(position)


def proof_holds(node: Node, state: GameState) -> bool:
    """Whether the search's proof that `node` (the position `state`) is won or lost for the
    person to move holds, replayed on the rules: a won node by one move to a position won
    for them (or a win on the spot), a lost one by every legal move to a position lost for
    them."""
    exact = node.exact
    assert exact is not None
    if state.to_move is None:
        return exact == final_values(state, state.outcome())
    me = person_to_move(state)
    if exact[me] == 1.0:
        for i, move in enumerate(node.moves):
            child = node.children.get(i)
            position = after(state, move)
            if wins_for(position, me) and (child is None or child.exact is not None):
                return True
            if child is not None and child.exact is not None and child.exact[me] == 1.0:
                return proof_holds(child, position)
        return False
    if sorted(node.moves) != sorted(state.legal_moves()):
        return False  # a loss needs every move
    return all(refuted(node.children.get(i), me)
               and proof_holds(node.children[i], after(state, move))
               for i, move in enumerate(node.moves))


def refuted(child: Node | None, me: int) -> bool:
    """Whether `child` is proven lost for `me`."""
    return child is not None and child.exact is not None and child.exact[me] == 0.0
