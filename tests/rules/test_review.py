"""The review of an analysed game (rules/review.py): which moves lost their mover most."""

from __future__ import annotations

import pytest

from megalith.rules.protocol import Outcome
from megalith.rules.review import Drop, chances_of, largest_drops

MOVES = ["c3", "d4", "e5", "f6", "a1"]
MOVERS = {0: "V", 1: "H", 2: "V", 3: "H", 4: "V"}
BEST = {0: "c3", 1: "b2", 2: "e5", 3: "g7", 4: "a2"}


def test_two_players_the_drop_is_the_movers_rate_less_the_next_movers_turned_round() -> None:
    # V 60% -> H 30% (V 70%): fine; H 30% -> V 80% (H 20%): H lost 10 points with d4 ...
    rates = {0: 0.6, 1: 0.3, 2: 0.8, 3: 0.9, 4: 0.1, 5: None}
    drops = largest_drops(rates, MOVERS, BEST, MOVES, ("V", "H"), Outcome("win", "H"))
    # f6 by H: 90% -> 1 - 0.1 = 90%: no drop; e5 by V: 80% -> 10%: the search's own move
    # (e5) is no mistake; a1 by V: 10% -> lost (0%): 10 points; d4 by H: 30% -> 20%
    assert [(d.ply, d.move, d.side) for d in drops] == [(2, "d4", "H"), (5, "a1", "V")]
    assert drops[0].before == pytest.approx(0.3) and drops[0].after == pytest.approx(0.2)
    assert drops[0].best == "b2" and drops[0].size == pytest.approx(0.1)
    assert drops[1].after == 0.0  # the last move of a finished game: its result


def test_the_largest_first_and_only_as_many_as_asked() -> None:
    rates = {0: 0.9, 1: 0.9, 2: 0.9, 3: 0.5, 4: 0.5}
    # c3 by V: 90% -> 10% (-80); d4 by H: 90% -> 10%; e5 by V: 90% -> 50% (-40)
    drops = largest_drops(rates, MOVERS, {}, MOVES[:4], ("V", "H"), shown=2)
    assert [(d.ply, round(d.size, 2)) for d in drops] == [(1, 0.8), (2, 0.8)]


def test_small_drops_forced_moves_and_unfinished_ends_are_left_out() -> None:
    rates = {0: 0.52, 1: None, 2: 0.5, 3: 0.5}
    assert largest_drops(rates, MOVERS, {}, MOVES[:3], ("V", "H")) == []
    # a game still going ends with no rate: nothing is known after its last move
    assert chances_of("V", 3, {0: 0.5, 3: None}, MOVERS, ("V", "H"), None) is None


def test_three_players_share_what_the_next_mover_does_not_take() -> None:
    movers = {0: "A", 1: "B", 2: "C"}
    rates = {0: 0.5, 1: 0.8, 2: 0.4}
    drops = largest_drops(rates, movers, {0: "x"}, ["a1", "b1"], ("A", "B", "C"))
    # a1: A 50% -> B takes 80%, A gets half the rest (10%); b1: B 80% -> C 40%, B 30%
    assert [(d.ply, d.side, d.move, d.before, d.best) for d in drops] == [
        (2, "B", "b1", 0.8, None), (1, "A", "a1", 0.5, "x")]
    assert [d.after for d in drops] == [pytest.approx(0.3), pytest.approx(0.1)]
