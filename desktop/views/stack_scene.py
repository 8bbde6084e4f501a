"""What the 3D view hands to OpenGL: a few merged meshes and line sets, as pyqtgraph items.

The board is cached until its goal edges or targets change; the stones, with the figures
(contracts.FigurePosition) and, where the position marks sarsens, a darker plate on every
uncovered sarsen, are rebuilt for each position. Stones in front of what matters go to a
second, see-through mesh (desktop.views.fading) that the view's fading set chooses. The last
move's outlines, a finished game's chain, the targets of a half-built move and the hover
ghost are line sets and a small mesh of their own, so that hovering rebuilds only those.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import pyqtgraph.opengl as gl
from OpenGL import GL

from megalith.desktop.views import meshes
from megalith.desktop.views.fading import FADED_ALPHA, split_stones
from megalith.desktop.views.interaction import figure_targets
from megalith.desktop.views.look import Look
from megalith.desktop.views.meshes import Mesh, PrismSet
from megalith.desktop.views.picking import PickScene
from megalith.rules.contracts import StackedPosition
from megalith.rules.geometry import Board
from megalith.rules.protocol import Stone

RGB = tuple[int, int, int]
RGBA = tuple[float, float, float, float]
# goal edges or target sides: ((cells, colour), ...), hashable to cache the board by
CellMarks = tuple[tuple[tuple[str, ...], RGB], ...]
Figure = tuple[str, float, RGB]  # a figure's cell, the z it stands on, its side's colour

EDGE_COLOUR = (0.07, 0.06, 0.05, 1.0)
LAST_MOVE_COLOUR = (1.0, 0.86, 0.2, 1.0)
CHAIN_COLOUR = (1.0, 1.0, 1.0, 1.0)
TARGET_COLOUR = (0.3, 0.9, 1.0, 1.0)
SUGGESTION_COLOUR = (235, 80, 235)  # as the 2D boards mark suggested moves
SUGGESTION_SCALE = 0.88  # a suggested cell's outline, inside the last move's
GHOST_EDGE = (1.0, 1.0, 1.0, 1.0)
CHAIN_TRIM = 0.38  # the winning chain's links stop at the cells' outlines: tops stay clear

# Closed prisms wound counter-clockwise seen from outside: back faces are culled, which
# halves the triangles llvmpipe fills.
SOLID: dict[Any, Any] = {GL.GL_DEPTH_TEST: True, GL.GL_BLEND: False, GL.GL_CULL_FACE: True}
# See-through stones blend over what is behind them and leave the depth buffer alone, so
# that the hover ghost and everything drawn later shows through them (the view turns depth
# writing back on before the next frame clears).
SEE_THROUGH: dict[Any, Any] = {
    GL.GL_DEPTH_TEST: True, GL.GL_BLEND: True, GL.GL_CULL_FACE: True,
    "glBlendFunc": (GL.GL_SRC_ALPHA, GL.GL_ONE_MINUS_SRC_ALPHA), "glDepthMask": (GL.GL_FALSE,)}
# The hover ghost: translucent, its nearest faces hiding its far ones (depth writing back
# on after the see-through stones).
GHOST: dict[Any, Any] = {
    GL.GL_DEPTH_TEST: True, GL.GL_BLEND: True, GL.GL_CULL_FACE: False,
    "glBlendFunc": (GL.GL_SRC_ALPHA, GL.GL_ONE_MINUS_SRC_ALPHA), "glDepthMask": (GL.GL_TRUE,)}


class StackScene:
    """The pyqtgraph items of one 3D view, added to `widget`, and what each shows."""

    def __init__(self, widget: gl.GLViewWidget, look: Look) -> None:
        self._look = look
        self.board_item = _mesh_item(SOLID)
        self.stone_item = _mesh_item(SOLID)  # stones and figures
        self.faded_item = _mesh_item(SEE_THROUGH)  # in front of what matters
        self.faded_item.setDepthValue(5)
        self.edge_item = _line_item(1.0, EDGE_COLOUR)
        self.mark_item = _line_item(3.0, LAST_MOVE_COLOUR)
        self.chain_item = _line_item(4.0, CHAIN_COLOUR)
        self.target_item = _line_item(2.5, TARGET_COLOUR)
        red, green, blue = (c / 255 for c in SUGGESTION_COLOUR)
        self.suggestion_item = _line_item(3.0, (red, green, blue, 1.0))
        self.ghost_item = _mesh_item(GHOST)
        self.ghost_item.setDepthValue(10)
        self.ghost_edge_item = _line_item(2.0, GHOST_EDGE)
        self.ghost_edge_item.setDepthValue(11)
        # Stones first, the board after them: llvmpipe's early depth test then skips the
        # tiles and slab hidden under the monument.
        self.stone_item.setDepthValue(-2)
        self.board_item.setDepthValue(-1)
        for item in (self.board_item, self.stone_item, self.faded_item, self.edge_item,
                     self.mark_item, self.chain_item, self.target_item,
                     self.suggestion_item, self.ghost_item, self.ghost_edge_item):
            widget.addItem(item)
        self._board_key: tuple[Board, CellMarks, CellMarks] | None = None
        self.stones: list[Stone] = []
        self._colours: dict[str, RGB] = {}
        self._extras = Mesh()  # the sarsen marks and gap shadows
        self._figures: list[Figure] = []

    def show_board(self, board: Board, edges: CellMarks, targets: CellMarks) -> None:
        """The slab and tiles with the goal edges and target sides (rebuilt only when one
        of them changes)."""
        key = (board, edges, targets)
        if key != self._board_key:
            _set_mesh(self.board_item,
                      meshes.board_prisms(board, edges, targets, self._look.board).mesh())
            self._board_key = key

    def set_stones(self, stones: list[Stone], colours: dict[str, RGB], extras: Mesh,
                   figures: Sequence[Figure] = ()) -> None:
        """The position's stones in their colours, what is drawn with them (`extras`) and
        the figures standing on them; drawn by the next `show_stones`."""
        self.stones = stones
        self._colours = colours
        self._extras = extras
        self._figures = list(figures)

    def show_stones(self, board: Board, faded: frozenset[int],
                    cleared: frozenset[int] = frozenset()) -> None:
        """The stones' meshes: solid, and see-through for the `faded` cells. A figure stays
        solid on a faded cell (the pointer picks it there) unless its cell is `cleared`
        (Ctrl's see-through, which the pointer passes)."""
        look = self._look
        solid, clear = split_stones(board, self.stones, faded)
        prisms = meshes.stone_prisms(board, solid, self._colours, look.beams, look.stone_scale)
        index = board.index
        _set_mesh(self.stone_item, Mesh.concat([
            prisms.mesh(look.sides, look.rim), self._extras,
            *(meshes.figure_mesh(board, cell, z, colour) for cell, z, colour in self._figures
              if index[cell] not in cleared)]))
        _set_lines(self.edge_item, prisms.edges() if look.lines else np.zeros((0, 3)))
        _set_mesh(self.faded_item, Mesh.concat([
            meshes.stone_prisms(board, clear, self._colours, look.beams, look.stone_scale,
                                alpha=FADED_ALPHA).mesh(look.sides, look.rim),
            *(meshes.figure_mesh(board, cell, z, colour, FADED_ALPHA)
              for cell, z, colour in self._figures if index[cell] in cleared)]))

    def show_marks(self, scene: PickScene, last: Sequence[str], chain: Sequence[str]) -> None:
        """The last move's cells outlined on their stacks, and a finished game's chain."""
        board = scene.board
        _set_lines(self.mark_item, meshes.outline_segments(
            board, [(c, scene.top(c)) for c in last], 0.97))
        tops = [scene.top(c) for c in chain]
        _set_lines(self.chain_item, np.concatenate([
            meshes.outline_segments(board, list(zip(chain, tops)), 0.75, lift=0.05),
            meshes.chain_segments(board, chain, tops, trim=CHAIN_TRIM)]))

    def show_suggestions(self, scene: PickScene | None, cells: Sequence[str]) -> None:
        """The suggested moves' cells outlined on their stacks, as the last move's are."""
        _set_lines(self.suggestion_item, meshes.outline_segments(
            scene.board, [(c, scene.top(c)) for c in cells], SUGGESTION_SCALE, lift=0.04)
            if scene is not None else np.zeros((0, 3)))

    def show_half_move(self, scene: PickScene | None, targets: Sequence[str],
                       ghosts: Sequence[PrismSet]) -> None:
        """The cells that complete a half-built move, outlined, and the ghost pieces."""
        _set_lines(self.target_item, meshes.outline_segments(
            scene.board, [(c, scene.top(c)) for c in targets], 0.9)
            if scene is not None else np.zeros((0, 3)))
        look = self._look
        _set_mesh(self.ghost_item, Mesh.concat([p.mesh(look.sides) for p in ghosts]))
        if look.ghost_outline:
            _set_lines(self.ghost_edge_item, np.concatenate(
                [p.edges(0.01, uprights=True) for p in ghosts] or [np.zeros((0, 3))]))


def board_marks(state: StackedPosition, colour: Callable[[str], RGB]
                ) -> tuple[CellMarks, CellMarks]:
    """The goal edges and the figures' target sides, each in its side's `colour`."""
    edges = tuple((tuple(cells), colour(side))
                  for side, lists in state.goal_sides().items() for cells in lists if cells)
    targets = tuple((cells, colour(side)) for side, cells in figure_targets(state).items())
    return edges, targets


def stone_extras(board: Board, stones: list[Stone], colours: dict[str, RGB], marked: bool,
                 look: Look) -> Mesh:
    """What is merged into the stones' mesh: the plates on uncovered sarsens when they are
    `marked`, and the look's shadows."""
    plates = meshes.sarsen_marks(board, stones, colours) if marked else Mesh()
    shadows = (Mesh.concat([meshes.gap_shadows(board, stones, colours, look.board),
                            meshes.contact_shadows(board, stones, look.board)])
               if look.beams else Mesh())
    return Mesh.concat([plates, shadows])


def _mesh_item(options: dict[Any, Any]) -> gl.GLMeshItem:
    item = gl.GLMeshItem(smooth=True, computeNormals=False, shader=None,
                         glOptions=dict(options))
    item.setVisible(False)
    return item


def _set_mesh(item: gl.GLMeshItem, mesh: Mesh) -> None:
    if len(mesh.faces) == 0:
        item.setVisible(False)
        return
    item.setMeshData(vertexes=mesh.vertices, faces=mesh.faces, vertexColors=mesh.colours)
    item.setVisible(True)


def _line_item(width: float, colour: RGBA) -> gl.GLLinePlotItem:
    item = gl.GLLinePlotItem(mode="lines", width=width, color=colour, antialias=False,
                             glOptions="opaque")
    item.setVisible(False)
    return item


def _set_lines(item: gl.GLLinePlotItem, segments: np.ndarray) -> None:
    if len(segments) == 0:
        item.setVisible(False)
        return
    item.setData(pos=segments)
    item.setVisible(True)
