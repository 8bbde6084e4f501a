"""How the 3D monument is drawn, as data: the look players get (`NEW`). Its choices are
fields so that the earlier looks can be drawn beside it (benchmarks/earlier_looks.py).
"""

from __future__ import annotations

from dataclasses import dataclass

from megalith.desktop.views import meshes
from megalith.desktop.views.meshes import BOARD_COLOURS, RGB, SEPARATE_SCALE, SIDES


@dataclass(frozen=True)
class Look:
    """The drawing choices of a StackView."""

    def msaa(self, software: bool) -> int:
        """The multisampling samples to ask for on this renderer."""
        return self.software_samples if software else self.samples

    elevation: float = 58.0  # the default camera's angle above the board, degrees
    # The default camera's azimuth (pyqtgraph's, degrees): -120 stands south-south-west of
    # the board, looking 30 degrees east of north, a1 at the front; no line of cells runs
    # along the view (square rows and columns are 60 and 30 degrees off it, hex and Y
    # lines 30), so a lintel, whichever way it runs, shows its length and the gap under it
    # instead of standing end on like a pillar. -90 looks straight north (the first look).
    azimuth: float = -120.0
    fading: bool = True  # stones in front of what matters are see-through (views.fading)
    labels_at_rest: bool = True  # while the camera moves, which coordinate labels and
    # height numbers a stone hides is checked again only once it rests (a depth read-back
    # each frame cost turning about 5 ms on llvmpipe: benchmarks/frame_time.py)
    labels_clear: bool = True  # a coordinate label a stone or ghost piece would cover moves
    # further out (desktop.views.label_places); False: it is not drawn (looks before #39)
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
