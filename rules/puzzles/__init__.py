"""Puzzles made from games between the computer's levels: a position where the side to move
can force a win in 1, 3 or 5 plies and no fewer, with every winning first move, each checked
by a full-width search independent of the computer's (verify.py). generate.py makes them,
puzzle.py reads them and the shipped sets, trainer.py runs an attempt for the window, and
commands.py is `megalith puzzles`. docs/puzzles.md tells the whole story."""

from megalith.rules.puzzles.families import FAMILIES, Family, family
from megalith.rules.puzzles.puzzle import Puzzle, families, from_record, load, shipped
from megalith.rules.puzzles.trainer import Hint, PuzzleRun, Reply
from megalith.rules.puzzles.verify import Verdict, solve, winning_moves

__all__ = ["FAMILIES", "Family", "Hint", "Puzzle", "PuzzleRun", "Reply", "Verdict", "families",
           "family", "from_record", "load", "shipped", "solve", "winning_moves"]
