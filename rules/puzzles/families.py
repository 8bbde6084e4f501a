"""The puzzle families: the two-player families of the computer's table (docs/computer.md),
each on one of its smaller boards, with the levels whose games its shipped puzzles come from.

A family's key names its folder of shipped puzzles (`sets/<key>/`). Levels are numbers of
iterations (or `random`), never seconds, so a seed gives the same games everywhere.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Family:
    key: str
    title: str  # as players read it: "Druid square 6"
    game: str
    parameters: tuple[str, ...]
    first: str = "100"  # the levels that play the games puzzles are taken from
    second: str = "200"
    budget: int = 50_000  # moves one check may play (the slower games' moves cost more)
    most_answers: int = 4  # winning first moves a kept puzzle may have at most
    depths: tuple[int, ...] = (1, 3, 5)  # the plies of the wins its puzzles ask for
    every_position: bool = False  # every position of every game looked at (generate.py)

    @property
    def label(self) -> str:
        """The game and options as the command line takes them: `druid -size=6`."""
        return " ".join((self.game, *self.parameters))


FAMILIES = (
    Family("druid-square", "Druid square 6", "druid", ("-size=6",)),
    Family("druid-hex", "Druid hex 4", "druid", ("-hex", "-size=4")),
    Family("druid-y", "Druid Y 8", "druid", ("-y", "-size=8")),
    # A Walk move places a stone and steps the Druid: where the step wins, it wins with any
    # placement, so a win in one has dozens of winning moves that are one idea.
    Family("druid-walk", "Druid Walk 6", "druid", ("-walk", "-size=6"), budget=300_000,
           most_answers=40),
    Family("drogo-in-place", "Drogo 4 in place", "drogo", ("-size=4", "-in_place")),
    Family("quady", "Quadrant Y 9", "quady", ("-size=9",)),
    Family("dragons", "Dragons", "dragons", (), budget=20_000),
    # Games between searching levels are drawn in Trichet (docs/computer.md): against a
    # random player the search wins, so the puzzles come from such games, every position of
    # them (few are won by a forced win in 3). A Trichet move lays tiles and their automatic
    # followers (a few milliseconds), and showing that a position has no win in 5 plays tens
    # of thousands of them: its puzzles are wins in 1 and 3.
    Family("trichet", "Trichet", "trichet", (), first="random", second="100", budget=3_000,
           depths=(1, 3), every_position=True),
)


def family(key: str) -> Family:
    """The family of `key`; ValueError naming the families otherwise."""
    for known in FAMILIES:
        if known.key == key:
            return known
    raise ValueError(f"no puzzle family {key!r} (families: "
                     f"{', '.join(f.key for f in FAMILIES)})")


def family_of(game: str, parameters: list[str] | tuple[str, ...]) -> Family | None:
    """The family whose game and options (in any order and case) these are, if any."""
    wanted = (game.lower(), sorted(p.lower() for p in parameters))
    for known in FAMILIES:
        if (known.game, sorted(known.parameters)) == wanted:
            return known
    return None
