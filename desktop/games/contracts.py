"""The run-time checks of the position contracts (rules/contracts.py) that the desks name.

A desk says which contract its views read by naming one of these (`Desk.reads`): each tells
whether a position implements every member of its contract, and tells mypy so, which ties
the desk's views and words to the same contract. A Protocol class cannot itself be passed
where mypy expects a `type[P]` (it is not concrete), hence one small function a contract.

The answer is remembered per class of position: an engine's members are its class's, and
checking a runtime Protocol reads every member (some are properties that compute), which
would cost a quarter of a millisecond on every redraw and every row of the move table.
"""

from __future__ import annotations

from typing import TypeGuard

from megalith.rules.contracts import (CellBoardPosition, LoopTilePosition, RegionTilePosition,
                                      StackedPosition)

_known: dict[tuple[type, type], bool] = {}


def _implements(state: object, contract: type) -> bool:
    key = (type(state), contract)
    known = _known.get(key)
    if known is None:
        known = _known[key] = isinstance(state, contract)
    return known


def stacked(state: object) -> TypeGuard[StackedPosition]:
    return _implements(state, StackedPosition)


def cell_board(state: object) -> TypeGuard[CellBoardPosition]:
    return _implements(state, CellBoardPosition)


def loop_tiles(state: object) -> TypeGuard[LoopTilePosition]:
    return _implements(state, LoopTilePosition)


def region_tiles(state: object) -> TypeGuard[RegionTilePosition]:
    return _implements(state, RegionTilePosition)
