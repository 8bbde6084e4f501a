"""What the 3D view shows of the move under the pointer and the move half built: the cells
that complete it and the translucent ghost pieces (or the refusal sign) where a click would
put them. The ghost's cells and levels come from the engine (desktop.views.ghosts)."""

from __future__ import annotations

from megalith.desktop.views import meshes
from megalith.desktop.views.ghosts import landings
from megalith.desktop.views.interaction import Interaction
from megalith.desktop.views.look import Look
from megalith.desktop.views.meshes import PrismSet
from megalith.desktop.views.move_builder import Action
from megalith.desktop.views.picking import PickScene
from megalith.rules.contracts import StackedPosition


def half_move(play: Interaction[StackedPosition], scene: PickScene, look: Look,
              hover: str | None, action: Action | None) -> tuple[list[str], list[PrismSet]]:
    """The cells to outline (those completing the pending move, its own cell last) and the
    ghost pieces: the held placement, and what a click on `hover` would do (`action`)."""
    ghosts: list[PrismSet] = []
    targets: list[str] = []
    pending = play.pending
    state = play.state
    if pending is not None and state is not None:
        targets = [c for c in pending.targets if c != pending.cell] + [pending.cell]
        if pending.mode == "hold":
            level = state.height(pending.cell) + 1
            ghosts.append(meshes.ghost_prisms(scene.board, [pending.cell], level,
                                              play.mover_colour(), look.ghost_alpha,
                                              look.stone_scale))
    if action is not None and hover is not None and play.builder is not None:
        ghosts.extend(_hover_ghosts(play, scene, look, hover, action))
    return targets, ghosts


def _hover_ghosts(play: Interaction[StackedPosition], scene: PickScene, look: Look, cell: str,
                  action: Action) -> list[PrismSet]:
    """The refusal sign on a refused cell, or the pieces a click would place."""
    state = play.state
    assert state is not None
    if action.kind == "refuse":
        return [meshes.refusal_prisms(scene.board, cell, scene.top(cell))]
    if action.kind == "pending" and action.pending is not None and action.pending.mode == "hold":
        # a click starts a compound move (a Drogo pair, a Walk's stone and step) by
        # placing its first piece on this cell: that piece shows, as it will when held
        return [meshes.ghost_prisms(scene.board, [cell], state.height(cell) + 1,
                                    play.mover_colour(), look.ghost_alpha, look.stone_scale)]
    if action.kind != "play" or action.move is None:
        return []
    pending = play.pending
    held = pending.cell if pending is not None and pending.mode == "hold" else None
    colour = play.mover_colour()
    return [meshes.ghost_prisms(scene.board, cells, level, colour, look.ghost_alpha,
                                look.stone_scale if len(cells) == 1 else meshes.STONE_SCALE)
            for cells, level in landings(state, action.move, held)]
