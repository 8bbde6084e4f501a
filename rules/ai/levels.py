"""The computer's levels: by thinking time for play, by iterations (with a seed) for tests
and matches, and a uniformly random player to measure against.

Written as text wherever a person names one (`megalith match --first LEVEL`):
`random`; `easy`, `medium`, `hard` (0.3, 1 and 4 seconds a move, but never fewer than 200,
700 and 2,800 iterations: what the slowest game, Dragons, searches on one core of a quiet
machine in that time, so a busy machine plays no weaker than the measured strength in
docs/computer.md); `0.5s` for seconds; `400` for a number of iterations.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from megalith.rules.ai.mcts import Search, SearchResult
from megalith.rules.ai.values import person_to_move
from megalith.rules.protocol import GameState


@dataclass(frozen=True)
class Level:
    name: str
    seconds: float | None = None
    iterations: int | None = None
    least_iterations: int = 0  # what the clock may not cut short

    @property
    def is_random(self) -> bool:
        return self.seconds is None and self.iterations is None


NAMED = {
    "random": Level("random"),
    "easy": Level("easy", seconds=0.3, least_iterations=200),
    "medium": Level("medium", seconds=1.0, least_iterations=700),
    "hard": Level("hard", seconds=4.0, least_iterations=2800),
}


def parse_level(text: str) -> Level:
    """A level from its text; ValueError with the accepted forms otherwise."""
    word = text.strip().lower()
    if word in NAMED:
        return NAMED[word]
    try:
        if word.endswith("s"):
            seconds = float(word[:-1])
            if seconds > 0:
                return Level(word, seconds=seconds)
        else:
            iterations = int(word)
            if iterations > 0:
                return Level(word, iterations=iterations)
    except ValueError:
        pass
    raise ValueError(f"{text!r} is not a level: use random, easy, medium, hard, a number of "
                     "iterations (400) or seconds a move (0.5s)")


def play_level(level: Level, state: GameState, rng: random.Random) -> SearchResult:
    """The move `level` chooses, searched in this process (one core). A time level runs its
    seconds here; use parallel.Thinker to spread a search over every core."""
    if level.is_random:
        return SearchResult(state.random_move(rng), None, 0, (), person_to_move(state))
    seed = rng.randrange(1 << 30)
    return Search(state, seed).run(level.iterations, level.seconds,
                                   least_iterations=level.least_iterations)
