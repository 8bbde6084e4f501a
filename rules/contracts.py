"""What a board view may read of a position: one typed contract per kind of board.

The engines implement these (structurally, as `typing.Protocol`s), and the views are typed
against them, so a view never probes a position for attributes that only some games have.
A game's desktop module names the contract its view needs; mypy checks both sides.

- `StackedPosition`: cells with stacks of stones, drawn in 3D (Druid, Drogo).
  Two optional capabilities go with it, which a view tests with `isinstance`:
  `FigurePosition`, a figure per side standing on the stacks (Druid's Walk), and
  `MarkedSarsenPosition`, tops whose kind the views must show (Druid's -nostack).
- `CellBoardPosition`: one stone or none per cell of a fixed board (Quadrant Y).
- `TilePosition`: tiles laid on an open table, numbered places (Dragons, Trichet);
  `LoopTilePosition` adds Dragons' loops and dragons, `RegionTilePosition` Trichet's open
  regions, for the views to show which are closing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from megalith.rules.geometry import Board
from megalith.rules.protocol import MoveKind, Outcome, Stone

Coord = tuple[int, int]


class Position(Protocol):
    """What every view reads of any game (all of it is `rules.protocol.GameState`)."""

    @property
    def to_move(self) -> str | None: ...

    @property
    def sides(self) -> tuple[str, ...]: ...

    def outcome(self) -> Outcome: ...

    def move_cells(self, move: str) -> tuple[str, ...]: ...

    def move_kind(self, move: str) -> MoveKind: ...

    def play(self, text: str) -> str: ...

    def copy(self) -> Position: ...


@runtime_checkable
class StackedPosition(Position, Protocol):
    """A board of stacks: every stone with its level, and each cell's height and owner."""

    @property
    def board(self) -> Board: ...

    def stones(self) -> list[Stone]:
        """Every stone on the board, bottom up."""
        ...

    def height(self, cell: str) -> int:
        """The level of the cell's top stone, 0 for bare ground."""
        ...

    def owner(self, cell: str) -> str | None:
        """The side letter of the cell's top stone, None for bare ground."""
        ...

    def placed_pieces(self, move: str) -> tuple[tuple[str, ...], ...]:
        """The pieces a move puts on the board, in the order they land, each as the cells
        it covers: one cell for a sarsen or a Drogo piece, the three cells of a lintel; a
        Drogo pair is two pieces (the same cell twice when they stack). A Druid's step
        places nothing. Empty for a move that is not a placement (pass, swap, a typo)."""
        ...

    def goal_sides(self) -> Mapping[str, Sequence[tuple[str, ...]]]:
        """Side letter -> the board edges it owns or must connect, as cell-name tuples."""
        ...


@runtime_checkable
class FigurePosition(Protocol):
    """A position where each side may have one figure standing on the board, which moves
    by steps and must reach target cells (Druid's Walk: the Druids). Optional: the views
    draw, pick and name figures only for a position that has this capability."""

    @property
    def figure_name(self) -> str:
        """What the players call the figure ("Druid"), for the views' sentences."""
        ...

    @property
    def figures(self) -> Mapping[str, str]:
        """Side letter -> the cell its figure stands on (only figures on the board)."""
        ...

    @property
    def targets(self) -> Mapping[str, tuple[str, ...]]:
        """Side letter -> the cells its figure must reach (once the figure is placed)."""
        ...


@runtime_checkable
class MarkedSarsenPosition(Protocol):
    """A position whose views may have to show which tops are sarsens. Optional: Druid has
    it (its -nostack option forbids a sarsen on a sarsen)."""

    @property
    def sarsens_marked(self) -> bool:
        """Whether the views must show which tops are sarsens now."""
        ...


@runtime_checkable
class CellBoardPosition(Position, Protocol):
    """A fixed board where each cell holds one stone or none (Quadrant Y)."""

    @property
    def board(self) -> Board: ...

    def stone(self, cell: str) -> str | None:
        """The side letter of the stone on the cell, None when empty."""
        ...

    def regions(self) -> Mapping[str, frozenset[str]]:
        """Named parts of the board scored on their own (Quadrant Y's sub-games), outlined
        by the view; empty when the board has none."""
        ...

    def winning_chains(self) -> Mapping[str, tuple[str, ...]]:
        """For each decided region (or the whole board), the stones that decided it."""
        ...


@dataclass(frozen=True)
class PlacedTile:
    """A tile on the table: where, which orientation letter, and which move placed it.

    `ply` is the number of the record move that placed it, counted from 1; the game's
    opening tiles have ply 0. `auto` is True for a tile the rules placed by themselves
    after that move (pbmserv's "(auto)" tiles).
    """

    coord: Coord
    letter: str
    ply: int
    auto: bool


@runtime_checkable
class TilePosition(Position, Protocol):
    """Tiles on an open table whose empty places are numbered in reading order."""

    def placed(self) -> Sequence[PlacedTile]:
        """Every tile on the table in the order it was placed."""
        ...

    def places(self) -> Sequence[Coord]:
        """The numbered places of this position: place k (as in the move `d3`) is
        `places()[k - 1]`."""
        ...

    def required_places(self) -> frozenset[Coord]:
        """The places the player to move must choose from (Dragons' gap duty); empty when
        any numbered place will do."""
        ...

    def fitting(self, coord: Coord) -> tuple[str, ...]:
        """The orientation letters that may legally go at an empty place, sorted; empty when
        none may."""
        ...

    def refusal(self, coord: Coord) -> str:
        """Why no tile may go at `coord`, in a player's words; "" when one may."""
        ...

    def move_text(self, letter: str, coord: Coord) -> str:
        """The canonical move that puts the tile `letter` at the numbered place `coord`."""
        ...

    def move_place(self, move: str) -> Coord | None:
        """The place a move (canonical text, read in this position) lays its tile on; None
        for a move that lays none (a resignation)."""
        ...

    @property
    def pool_left(self) -> int:
        """Tiles not yet on the table."""
        ...


@dataclass(frozen=True)
class TileLoop:
    """A loop of one colour through tiles (Dragons): its colour (side letter) and its tiles
    in the order the loop runs through them."""

    colour: str
    tiles: tuple[Coord, ...]


@dataclass(frozen=True)
class Dragon:
    """A connected set of one colour's tile regions (Dragons).

    `holes`: its shared edges minus its regions plus one (the loops it encloses).
    `open_cells`: the empty cells its open edges face, in reading order; a tile must go on
    each of them before the dragon is closed, so it needs at least that many more tiles
    (a tile laid there may open new edges). `score`: Tantrix scoring's points, one a hole,
    doubled when closed.
    """

    colour: str
    tiles: tuple[Coord, ...]
    holes: int
    open_cells: tuple[Coord, ...]

    @property
    def closed(self) -> bool:
        return not self.open_cells

    @property
    def score(self) -> int:
        return self.holes * (2 if self.closed else 1)


@runtime_checkable
class LoopTilePosition(TilePosition, Protocol):
    """Dragons' table: hexagonal tiles whose coloured regions make loops and dragons."""

    @property
    def cross(self) -> bool:
        """Whether the `-cross` tile set is in play (joined tails)."""
        ...

    @property
    def tantrix(self) -> bool:
        """Whether dragons are scored (Tantrix scoring) instead of loops deciding."""
        ...

    def loops(self) -> Sequence[TileLoop]:
        """Each colour's longest loop, for the colours that have one."""
        ...

    def dragons(self) -> Sequence[Dragon]:
        """Every dragon with at least one hole, by colour (O first), then reading order of
        its first tile."""
        ...


@dataclass(frozen=True)
class OpenRegion:
    """A region of one colour not yet closed (Trichet): its lattice points, the tiles
    touching them, and `missing`, the empty triangles touching them, in reading order. Each
    must take a tile before the region closes, so it needs at least that many more (a tile
    there may join new points). `closable` is False when one of them can never take a tile
    (its three corners are alike): the region stays open to the end."""

    colour: str
    points: tuple[Coord, ...]
    tiles: tuple[Coord, ...]
    missing: tuple[Coord, ...]
    closable: bool


@runtime_checkable
class RegionTilePosition(TilePosition, Protocol):
    """Trichet's table: triangular tiles whose corners make regions of two colours."""

    @property
    def win_size(self) -> int:
        """The fewest tiles a closed region needs to win."""
        ...

    def open_regions(self) -> Sequence[OpenRegion]:
        """Every open region of both colours, in reading order of its first point."""
        ...
