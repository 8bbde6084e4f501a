"""The puzzle generator: games between two of the computer's levels, and from each game won,
the winner's positions walking back from the end, each judged by the full-width check.

A position is kept when its quickest forced win takes one of the plies asked (1, 3 or 5),
with at most `most_answers` winning first moves (a position where nearly every move wins
teaches nothing), and no puzzle of that depth was taken from the same game yet. The walk
back stops at the first position without a win within the most plies asked. With `every_position` every
position after the opening of every game is looked at, drawn games too (Trichet's games are
short, and most are won by a blunder answered by a win in one). Each check has a budget of
moves played (counted, not timed), past which the position is passed over: with the levels
given in iterations, a seed gives the same games, the same checks and the same files.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from megalith.rules import registry
from megalith.rules.ai.levels import Level, play_level
from megalith.rules.protocol import GameState
from megalith.rules.puzzles.verify import DEPTHS, Budget, TooLong, solve
from megalith.rules.record import PuzzleFacts, Record


@dataclass(frozen=True)
class Settings:
    """What a generation run makes and how hard it tries."""

    game: str
    parameters: tuple[str, ...]
    count: int
    seed: int
    first: Level
    second: Level
    depths: tuple[int, ...] = DEPTHS
    budget: int = 50_000  # moves a check may play
    most_answers: int = 4
    max_games: int = 1000
    max_plies: int = 400
    walk_back: int = 5  # positions of the winner looked at, from the last one back
    every_position: bool = False  # look at every position of every game instead

    def quotas(self) -> dict[int, int]:
        """How many puzzles of each depth: the count shared out, the shorter first."""
        share, extra = divmod(self.count, len(self.depths))
        return {d: share + (1 if i < extra else 0) for i, d in enumerate(self.depths)}


def make(settings: Settings, progress: Callable[[str], None] = lambda _: None
         ) -> Iterator[Record]:
    """The puzzles of a run (records up to their positions, with their facts), each as it is
    found, so a long run stopped keeps what it found: up to each depth's quota, from at most
    `max_games` games."""
    for level in (settings.first, settings.second):
        if level.seconds is not None:
            raise ValueError(f"level {level.name}: give a number of iterations or random, "
                             "not seconds (a timed search gives other games on every run)")
    info = registry.get(settings.game)
    info.new(list(settings.parameters), 2)  # refuse bad options before anything starts
    return _found(settings, progress)


def _found(settings: Settings, progress: Callable[[str], None]) -> Iterator[Record]:
    quotas = settings.quotas()
    made = 0
    for number in range(settings.max_games):
        if all(quotas[d] == 0 for d in quotas):
            break
        positions = _play(settings, number)
        for found in _puzzles_of(settings, positions, number, quotas):
            quotas[found.puzzle.plies] -= 1  # type: ignore[union-attr]
            made += 1
            yield found
        counts = ", ".join(f"{d} plies {settings.quotas()[d] - quotas[d]}/"
                           f"{settings.quotas()[d]}" for d in settings.depths)
        progress(f"game {number + 1}: {made} puzzles ({counts})")


def _play(settings: Settings, number: int) -> list[GameState]:
    """Game `number` of the run: the position after each ply (0 to the end)."""
    rng = random.Random(settings.seed * 1_000_003 + number)
    levels = _levels(settings, number)
    state = registry.get(settings.game).new(list(settings.parameters), 2)
    positions = [state.copy()]
    while state.to_move is not None and state.ply < settings.max_plies:
        level = levels[state.person_of_seat(state.ply % 2)]
        state.play(play_level(level, state, rng).move)
        del positions[state.ply:]  # a swap leaves the ply where it was
        positions.append(state.copy())
    return positions


def _puzzles_of(settings: Settings, positions: Sequence[GameState], number: int,
                quotas: dict[int, int]) -> list[Record]:
    found: list[Record] = []
    taken: set[int] = set()
    for ply in _candidates(settings, positions):
        state = positions[ply]
        try:
            verdict = solve(state, max(settings.depths), Budget(settings.budget))
        except TooLong:
            continue
        if verdict.depth is None:
            if settings.every_position:
                continue
            break
        depth = verdict.depth
        if (depth in settings.depths and depth not in taken and quotas[depth] > 0
                and len(verdict.winning_moves) <= settings.most_answers):
            taken.add(depth)
            facts = PuzzleFacts(str(state.to_move), depth, verdict.winning_moves)
            found.append(_record(settings, positions[-1], ply, facts, number))
    return found


def _candidates(settings: Settings, positions: Sequence[GameState]) -> list[int]:
    """The plies to look at, from the end back: every position after the opening (with
    `every_position`), else the winner's last `walk_back` positions of a game won (while the
    winner is to move there: a game won by the other side's pass ends the walk)."""
    last = len(positions) - 2  # one ply before the end
    if settings.every_position:
        return list(range(last, 1, -1))
    winner = positions[-1].outcome().winner
    if positions[-1].outcome().status != "win":
        return []
    plies = range(last, max(1, last - 2 * settings.walk_back), -2)
    return list(itertools.takewhile(lambda ply: positions[ply].to_move == winner, plies))


def _levels(settings: Settings, number: int) -> tuple[Level, Level]:
    """The levels of game `number` by person: they change seats from one game to the next."""
    levels = (settings.first, settings.second)
    return levels[::-1] if number % 2 else levels


def _record(settings: Settings, final: GameState, ply: int, facts: PuzzleFacts,
            number: int) -> Record:
    """The game up to the puzzle, its players named by level in seat order of the colours
    (after a swap the second person holds the first colour, as pbmserv writes it)."""
    players = [f"computer_{level.name}" for level in _levels(settings, number)]
    if final.swapped:
        players.reverse()
    return Record(game=settings.game, parameters=list(settings.parameters), players=players,
                  moves=list(final.moves[:ply]), swapped=final.swapped and ply >= 1,
                  puzzle=facts)
