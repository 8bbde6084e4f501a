"""The run-time checks of the position contracts (rules/contracts.py) that the desks name.

A desk says which contract its views read by naming one of these (`Desk.reads`): each tells
whether a position implements every member of its contract, and tells mypy so, which ties
the desk's views and words to the same contract. A Protocol class cannot itself be passed
where mypy expects a `type[P]` (it is not concrete), hence one small function a contract.
"""

from __future__ import annotations

from typing import TypeGuard

from megalith.rules.contracts import (CellBoardPosition, LoopTilePosition, RegionTilePosition,
                                      StackedPosition)


def stacked(state: object) -> TypeGuard[StackedPosition]:
    return isinstance(state, StackedPosition)


def cell_board(state: object) -> TypeGuard[CellBoardPosition]:
    return isinstance(state, CellBoardPosition)


def loop_tiles(state: object) -> TypeGuard[LoopTilePosition]:
    return isinstance(state, LoopTilePosition)


def region_tiles(state: object) -> TypeGuard[RegionTilePosition]:
    return isinstance(state, RegionTilePosition)
