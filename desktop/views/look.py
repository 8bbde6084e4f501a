"""How the 3D monument is drawn, as data: the look players get, and the first look kept
for side-by-side figures (benchmarks/frame_time.py) and pictures.

Issue 13 asked for a camera high enough that distance does not read as height, lintels that
read as beams, outlines, a board the cream stones stand out from, multisampled edges and a
marker over the last move that nothing hides; `CLASSIC` is the look before that.
"""

from __future__ import annotations

from dataclasses import dataclass

from megalith.desktop.views import meshes
from megalith.desktop.views.meshes import (BOARD_COLOURS, CLASSIC_BOARD_COLOURS, CLASSIC_SIDES, RGB,
                                  SEPARATE_SCALE, SIDES, STONE_SCALE)


@dataclass(frozen=True)
class Look:
    """The drawing choices of a StackView."""

    def msaa(self, software: bool) -> int:
        """The multisampling samples to ask for on this renderer."""
        return self.software_samples if software else self.samples

    elevation: float = 58.0  # the default camera's angle above the board, degrees
    samples: int = 4  # multisampling (MSAA) samples per pixel on a GPU; 0 for none
    software_samples: int = 0  # the same where the CPU draws (llvmpipe): there it costs
    # more than the frame budget leaves (benchmarks/frame_time.py)
    beams: bool = True  # lintels as narrow beams with a dark underside
    rim: float = meshes.RIM  # stones outlined by a dark rim round their tops (in the mesh)
    lines: bool = False  # stones outlined by GL lines round their tops (the first look)
    contrast: bool = True  # push stone colours too near the board's away from it
    marker: bool = True  # a pin over the last move, drawn over everything
    framed: bool = True  # the default camera fits the whole board in the window
    ghost_alpha: float = 0.72  # the hover ghost's opacity
    ghost_outline: bool = True  # the hover ghost outlined in white
    board: tuple[RGB, RGB, RGB] = BOARD_COLOURS
    stone_scale: float = SEPARATE_SCALE  # a sarsen's or cube's width relative to its cell
    sides: tuple[float, float] = SIDES  # side faces' shading (meshes.side_shade)


NEW = Look()
CLASSIC = Look(elevation=38.0, samples=0, beams=False, rim=0.0, lines=True, contrast=False,
               marker=False, framed=False, ghost_alpha=0.55, ghost_outline=False,
               board=CLASSIC_BOARD_COLOURS, stone_scale=STONE_SCALE, sides=CLASSIC_SIDES)
