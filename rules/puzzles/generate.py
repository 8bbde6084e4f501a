"""The puzzle generator: games between two of the computer's levels, and from each game won,
the winner's positions walking back from the end, each judged by the full-width check.

A position is kept when its quickest forced win takes one of the plies asked (1, 3 or 5),
with at most `most_answers` winning first moves (a position where nearly every move wins
teaches nothing), and no puzzle of that depth was taken from the same game yet. The walk
back stops at the first position without a win within 5 plies. Each check has a budget of
moves played (counted, not timed), past which the position is passed over: with the levels
given in iterations, a seed gives the same games, the same checks and the same files.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
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

    def quotas(self) -> dict[int, int]:
        """How many puzzles of each depth: the count shared out, the shorter first."""
        share, extra = divmod(self.count, len(self.depths))
        return {d: share + (1 if i < extra else 0) for i, d in enumerate(self.depths)}


@dataclass(frozen=True)
class Made:
    """A kept puzzle: the record up to its position with its facts, and where it came
    from (the game's number in the run and the position's ply)."""

    record: Record
    game_number: int
    ply: int


def make(settings: Settings, progress: Callable[[str], None] = lambda _: None) -> list[Made]:
    """The puzzles of a run, in the order found: up to each depth's quota, from at most
    `max_games` games."""
    for level in (settings.first, settings.second):
        if level.seconds is not None:
            raise ValueError(f"level {level.name}: give a number of iterations or random, "
                             "not seconds (a timed search gives other games on every run)")
    info = registry.get(settings.game)
    info.new(list(settings.parameters), 2)  # refuse bad options before anything starts
    quotas = settings.quotas()
    made: list[Made] = []
    for number in range(settings.max_games):
        if all(quotas[d] == 0 for d in quotas):
            break
        positions = _play(settings, number)
        for found in _puzzles_of(settings, positions, number, quotas):
            quotas[found.record.puzzle.plies] -= 1  # type: ignore[union-attr]
            made.append(found)
        counts = ", ".join(f"{d} plies {settings.quotas()[d] - quotas[d]}/"
                           f"{settings.quotas()[d]}" for d in settings.depths)
        progress(f"game {number + 1}: {len(made)} puzzles ({counts})")
    return made


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
                quotas: dict[int, int]) -> list[Made]:
    final = positions[-1]
    outcome = final.outcome()
    if outcome.status != "win":
        return []
    found: list[Made] = []
    taken: set[int] = set()
    last = len(positions) - 2  # the winner's last position: one ply before the end
    for ply in range(last, max(1, last - 2 * settings.walk_back), -2):
        state = positions[ply]
        if state.to_move is None or state.to_move != outcome.winner:
            break  # the game was won by a move of the other side (a pass, a forced move)
        try:
            verdict = solve(state, max(settings.depths), Budget(settings.budget))
        except TooLong:
            continue
        if verdict.depth is None:
            break
        depth = verdict.depth
        if (depth in settings.depths and depth not in taken and quotas[depth] > 0
                and len(verdict.winning_moves) <= settings.most_answers):
            taken.add(depth)
            facts = PuzzleFacts(outcome.winner, depth, verdict.winning_moves)
            found.append(Made(_record(settings, final, ply, facts, number), number, ply))
    return found


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
