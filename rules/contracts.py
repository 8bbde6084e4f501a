"""What a board view may read of a position: one typed contract per kind of board.

The engines implement these (structurally, as `typing.Protocol`s), and the views are typed
against them, so a view never probes a position for attributes that only some games have.
A game's desktop module names the contract its view needs; mypy checks both sides.

- `StackedPosition`: cells with stacks of stones, drawn in 3D (Druid, Drogo).
- `CellBoardPosition`: one stone or none per cell of a fixed board (Quadrant Y).
- `TilePosition`: tiles laid on an open table, numbered places (Dragons, Trichet).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from megalith.rules.geometry import Board
from megalith.rules.protocol import Outcome, Stone

Coord = tuple[int, int]


class Position(Protocol):
    """What every view reads of any game (all of it is `rules.protocol.GameState`)."""

    @property
    def to_move(self) -> str | None: ...

    @property
    def sides(self) -> tuple[str, ...]: ...

    def outcome(self) -> Outcome: ...

    def move_cells(self, move: str) -> tuple[str, ...]: ...

    def move_kind(self, move: str) -> str: ...

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

    @property
    def druids(self) -> Mapping[str, str]:
        """Side letter -> the cell its Druid stands on (Druid's Walk; empty elsewhere)."""
        ...

    @property
    def targets(self) -> Mapping[str, tuple[str, ...]]:
        """Side letter -> the cells its Druid must reach (Druid's Walk; empty elsewhere)."""
        ...

    def goal_sides(self) -> Mapping[str, Sequence[tuple[str, ...]]]:
        """Side letter -> the board edges it owns or must connect, as cell-name tuples."""
        ...

    @property
    def sarsens_marked(self) -> bool:
        """Whether the views must show which tops are sarsens (Druid's -nostack, where a
        sarsen may not go on a sarsen)."""
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

    @property
    def pool_left(self) -> int:
        """Tiles not yet on the table."""
        ...
