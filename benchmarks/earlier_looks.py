"""The looks the 3D monument had before, kept for side-by-side figures (frame_time.py,
click_to_frame.py, docs/screenshots.py --classic) and for the tests that show what the
new look changed. The program itself draws only `desktop.views.look.NEW`.

Issue 13 asked for a camera high enough that distance does not read as height, lintels that
read as beams, outlines, a board the cream stones stand out from, multisampled edges and a
marker over the last move that nothing hides; `CLASSIC` is the look before that. Issue 25
added the turned default camera, fading and the labels checked at rest; `BEFORE_25` is NEW
without them.
"""

from __future__ import annotations

from dataclasses import replace

from megalith.desktop.views.look import NEW, Look
from megalith.desktop.views.meshes import STONE_SCALE

CLASSIC_SIDES = (0.62, 0.26)  # the first look's sides, nearer the tops' brightness
CLASSIC_BOARD_COLOURS = ((150, 140, 118), (136, 126, 105), (143, 133, 111))  # beige

CLASSIC = Look(elevation=38.0, azimuth=-90.0, fading=False, labels_at_rest=False,
               labels_clear=False,
               samples=0, beams=False, rim=0.0, lines=True, contrast=False,
               marker=False, framed=False, ghost_alpha=0.55, ghost_outline=False,
               board=CLASSIC_BOARD_COLOURS, stone_scale=STONE_SCALE, sides=CLASSIC_SIDES)
BEFORE_25 = replace(NEW, azimuth=-90.0, fading=False, labels_at_rest=False, labels_clear=False)
