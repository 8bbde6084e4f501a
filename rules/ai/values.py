"""Results as values per person, for the search.

A value is a tuple with one number in [0, 1] per person, indexed by seat at the start of the
game (person 0 made the first move). After `swap` the two people of a two-player game have
exchanged colours, so a side's result is credited to the person now holding that colour: the
search must never think a swap turned its own win into the opponent's.
"""

from __future__ import annotations

import math

from megalith.rules.protocol import GameState, Outcome

Values = tuple[float, ...]


def person_of_seat(state: GameState, seat: int) -> int:
    """The person playing the colour at `seat` (seat order of `turn_order`)."""
    return state.person_of_seat(seat)


def person_to_move(state: GameState) -> int:
    """The person whose turn it is (the game must not be over)."""
    return person_of_seat(state, state.seat_of_move(len(state.moves) + 1))


def person_of_side(state: GameState, side: str) -> int:
    return person_of_seat(state, state.turn_order.index(side))


def even_share(state: GameState) -> Values:
    """1 shared evenly among the people still in the game (all of them if none is)."""
    players = len(state.turn_order)
    alive = [seat for seat, side in enumerate(state.turn_order) if side not in state.resigned]
    values = [0.0] * players
    for seat in alive or range(players):
        values[person_of_seat(state, seat)] = 1.0 / len(alive or range(players))
    return tuple(values)


def final_values(state: GameState, outcome: Outcome) -> Values:
    """1 to the winner and 0 to the others; a draw is an even share (Drogo's equal leaders,
    all passing)."""
    if outcome.status == "win" and outcome.winner is not None:
        values = [0.0] * len(state.turn_order)
        values[person_of_side(state, outcome.winner)] = 1.0
        return tuple(values)
    return even_share(state)


def cut_off_values(state: GameState, outcome: Outcome) -> Values:
    """The estimate of an unfinished game where a playout was cut short: by the game's
    `playout_scores` where it has some (a softmax of the points, so a clear lead is close
    to a win), else an even share. Resigned sides get nothing."""
    scores = state.playout_scores() if outcome.scores is None else outcome.scores
    alive = [seat for seat, side in enumerate(state.turn_order) if side not in state.resigned]
    if not alive or not scores:
        return even_share(state)
    values = [0.0] * len(state.turn_order)
    points = [float(scores.get(state.turn_order[seat], 0)) for seat in alive]
    spread = max(2.0, 0.15 * abs(sum(points)) / len(points))  # a lead counts relative to them
    top = max(points)
    weights = [math.exp((p - top) / spread) for p in points]
    total = sum(weights)
    for seat, weight in zip(alive, weights):
        values[person_of_seat(state, seat)] = weight / total
    return tuple(values)
