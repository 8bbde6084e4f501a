"""Trichet (pbmserv `trichet`): triangular tiles, auto moves, and closing a region.

Read as docs/rules/common.md ("Coordinates") and docs/rules/trichet.md say. Every lattice
point touched by a tile has one colour, `o` or `.`, and a tile fits an empty triangle when it
agrees with the colours already fixed at its corners. The numbered places are the empty
triangles with at least one fixed corner that some letter fits (a triangle whose three fixed
corners are alike fits none), numbered 1, 2, .. in reading order. A move is a letter and a
place number (`d3`); then every triangle that exactly one letter fits is filled, always the
first in reading order, until none is left or the pool is empty; then the win test runs.

`TrichetState` is built in parts, by who reads them:

- rules/trichet/board.py: the tables and the rules of play (`TrichetBoard`), placing tiles
  with rules/trichet/cascade.py and finding closed regions with rules/trichet/regions.py;
- rules/trichet/moves.py: the move text, read and explained;
- rules/trichet/views.py: what the views read (`TrichetViews`), drawn in text by
  rules/trichet/text.py;
- rules/trichet/search.py: the search's fast paths (`TrichetSearch`);
- rules/trichet/tiles.py: the geometry and the six orientation letters.

The outcome's `chain` lists each closed winning region as strings: `"p:x,y"` for its lattice
points, then `"t:x,r"` for the tiles touching them, each group in reading order.
"""

from __future__ import annotations

from collections.abc import Mapping

from megalith.rules.protocol import OptionError, OptionSpec
from megalith.rules.registry import GameInfo
from megalith.rules.trichet.board import DEFAULT_SIZE, DEFAULT_WIN_SIZE
from megalith.rules.trichet.search import TrichetSearch
from megalith.rules.trichet.tiles import Coord, encode, reading_key
from megalith.rules.trichet.views import TrichetViews

MIN_SIZE, MAX_SIZE = 3, 999  # the pool; MAX_SIZE also bounds -win_size


class TrichetState(TrichetSearch, TrichetViews):
    """A game of Trichet: the rules of play with the views' queries and the search's fast
    paths."""

    game = "trichet"

    @classmethod
    def from_tiles(cls, tiles: Mapping[Coord, str], size: int = DEFAULT_SIZE,
                   win_size: int = DEFAULT_WIN_SIZE) -> TrichetState:
        """A position holding these tiles besides the opening (as opening tiles, ply 0),
        placed in reading order without auto moves: for the tests and the pictures
        (docs/help_pictures.py) that rebuild a help page's picture. Dot is to move; the
        outcome is not computed."""
        state = cls(size, win_size)
        for tri in sorted(tiles, key=reading_key):
            code = encode(tri)
            if code in state._tiles:
                if state._tiles[code] != tiles[tri]:
                    raise ValueError(f"{tri} holds an opening tile {state._tiles[code]}")
                continue
            if tiles[tri] not in state._fits(code):
                raise ValueError(f"{tiles[tri]} does not fit at {tri}")
            state._put(code, tiles[tri])
        return state


def _new_game(options: dict[str, int | bool], players: int) -> TrichetState:
    if "size" in options and "num_tiles" in options and options["size"] != options["num_tiles"]:
        raise OptionError("-size and -num_tiles are the same option: give one of them")
    size = options.get("size", options.get("num_tiles", DEFAULT_SIZE))
    win_size = options.get("win_size", DEFAULT_WIN_SIZE)
    if not isinstance(size, int) or isinstance(size, bool) or not MIN_SIZE <= size <= MAX_SIZE:
        raise OptionError(f"-size={size} is out of range ({MIN_SIZE} to {MAX_SIZE}): the pool "
                          "holds the two opening tiles and at least one to play")
    if not isinstance(win_size, int) or isinstance(win_size, bool) or \
            not 1 <= win_size <= MAX_SIZE:
        raise OptionError(f"-win_size={win_size} is out of range (1 to {MAX_SIZE}): a winning "
                          "region has at least one tile")
    return TrichetState(size, win_size, options)


INFO = GameInfo(
    name="trichet",
    title="Trichet",
    min_players=2,
    max_players=2,
    options=(
        OptionSpec("size", "int", "tiles in the pool, the two opening tiles included "
                   "(default 54)", minimum=MIN_SIZE, maximum=MAX_SIZE),
        OptionSpec("num_tiles", "int", "the same as -size", minimum=MIN_SIZE,
                   maximum=MAX_SIZE),
        OptionSpec("win_size", "int", "the fewest tiles a closed region needs to win "
                   "(default 10)", minimum=1, maximum=MAX_SIZE),
    ),
    factory=_new_game,
)
