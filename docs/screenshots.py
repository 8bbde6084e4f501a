"""Pictures of each 3D game's default view for the documentation, drawn by the app's own view.

Each game is played from a fixed list of moves (legal, checked by the engine as they are
played), shown in a StackView at 960x640 with the default camera, and saved as a PNG under
docs/images/. Run it under an X server (Xvfb without a display), from the project root:

    xvfb-run -a -s "-screen 0 1280x1024x24" .venv/bin/python docs/screenshots.py

`--classic` draws the first look instead (CLASSIC, benchmarks/earlier_looks.py), as
*-classic.png.
`--study` draws the whole window studying a game instead (docs/screenshots_study.py).
`--tiles` draws the tile games' window at small sizes instead (docs/screenshots_tiles.py).
`--setup` draws the whole window setting up a position instead (docs/screenshots_setup.py).
`--mended` draws the pictures of issue 39's mended monument (docs/screenshots_mended.py).
`--puzzles` draws the puzzle window instead (docs/screenshots_puzzles.py).
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "xcb")

from PySide6.QtCore import QCoreApplication, Qt  # noqa: E402

if QCoreApplication.instance() is None:  # (the tests load this with their application up)
    QCoreApplication.setAttribute(Qt.ApplicationAttribute.AA_ShareOpenGLContexts)

from PySide6.QtWidgets import QApplication  # noqa: E402

from benchmarks.earlier_looks import CLASSIC  # noqa: E402
from megalith.desktop.views.look import NEW  # noqa: E402
from megalith.desktop.views.stack3d import StackView  # noqa: E402
from megalith.rules import registry  # noqa: E402
from megalith.rules.protocol import GameState  # noqa: E402

IMAGES = ROOT / "docs" / "images"
SIZE = (960, 640)


@dataclass(frozen=True)
class Scene:
    name: str  # the PNG's name
    game: str
    params: str
    players: int
    moves: tuple[str, ...]


SCENES = (
    # a lintel across the front (c3-e3, the gap over d3), one at the back (f5-f7), and
    # the last move d4 just behind the front lintel: its pin shows over it
    Scene("druid-square-8", "druid", "-size=8", 2,
          ("c3", "f5", "e3", "f7", "c3-e3", "f5-f7", "b6", "g3", "c6", "g3", "d4")),
    Scene("druid-hex-3p", "druid", "-hex -size=5", 3,
          ("e5", "d4", "f4", "c3", "e3", "g5", "d6", "e7", "f6", "e4", "h5")),
    Scene("druid-y", "druid", "-y -size=7", 2,
          ("c3", "b4", "c2", "d2", "d3", "b3", "c4", "--", "a5", "b4-d2", "e2")),
    Scene("drogo-3p", "drogo", "", 3,
          ("e4", "e3", "d5", "e4,e4", "c4", "d5,d5", "e5,f5", "c3,b3", "b5", "f5,f5")),
    # issue 25: a north-south lintel (c3-c5) and an east-west one (d4-f4), both beams
    Scene("druid-lintels", "druid", "-size=8", 2,
          ("c3", "a8", "c5", "h8", "c3-c5", "a7", "d4", "h7", "f4", "a6", "d4-f4")),
    # Druid's Walk: V's Druid on d1, H's on a5; d2's floor, next to the Druid, is d2's
    Scene("druid-walk", "druid", "-size=8 -walk", 2, ("d1", "a5")),
    # Drogo for four: O's c4, the last move, right behind X's three-high tower on c3,
    # which is drawn see-through so that c4 shows
    Scene("drogo-4p", "drogo", "", 4,
          ("c3", "e6", "a1", "f1", "c3,c3", "c4")),
    # Druid's Hex: the lintel e3-e5 runs along the default view's old line of sight
    Scene("druid-hex-lintel", "druid", "-hex -size=4", 2, ("e3", "a1", "e5", "a2", "e3-e5")),
)


def position(scene: Scene) -> GameState:
    state = registry.get(scene.game).new(scene.params, scene.players)
    for move in scene.moves:
        state.play(move)  # a MoveError here means the list above went stale: fix it
    return state


def render(app: QApplication, scene: Scene, classic: bool, heights: bool) -> Path:
    state = position(scene)
    view = StackView(look=CLASSIC if classic else NEW)
    view.resize(*SIZE)
    view.show()
    app.processEvents()
    legal = None if state.outcome().over else state.legal_moves()
    view.set_position(state, {}, legal, state.moves[-1] if state.moves else None)
    view.reset_camera(animate=False)
    view.set_show_heights(heights)
    app.processEvents()
    suffix = "-classic" if classic else ("-heights" if heights else "")
    path = IMAGES / f"{scene.name}{suffix}.png"
    if not view.grab_image().save(str(path)):
        raise SystemExit(f"could not write {path}")
    view.close()
    return path



# The flags that draw whole-window pictures instead of the 3D scenes: flag, module, function
# (each function takes the application and the images folder and returns the paths drawn).
WHOLE_WINDOW_PICTURES = (
    ("puzzles", "docs.screenshots_puzzles", "render_puzzles"),
    ("study", "docs.screenshots_study", "render_study"),
    ("tiles", "docs.screenshots_tiles", "render_tiles"),
    ("setup", "docs.screenshots_setup", "render_setup"),
    ("mended", "docs.screenshots_mended", "render_mended"),
)

def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--classic", action="store_true", help="draw the first look")
    parser.add_argument("--heights", action="store_true", help="write stack heights too")
    parser.add_argument("--only", help="one scene by name")
    parser.add_argument("--study", action="store_true",
                        help="draw the whole window studying a game (variations, review)")
    parser.add_argument("--tiles", action="store_true",
                        help="draw the tile games' window at small sizes (#39)")
    parser.add_argument("--setup", action="store_true",
                        help="draw the whole window setting up a position")
    parser.add_argument("--mended", action="store_true",
                        help="draw issue 39's pictures: the Druid picked, suggestions, "
                             "a faded tower's height")
    parser.add_argument("--puzzles", action="store_true",
                        help="draw the puzzle window (a wrong move refuted, a hint)")
    args = parser.parse_args()
    app = QApplication.instance() or QApplication(sys.argv[:1])
    IMAGES.mkdir(parents=True, exist_ok=True)
    for flag, module, function in WHOLE_WINDOW_PICTURES:
        if getattr(args, flag):
            render_all = getattr(importlib.import_module(module), function)
            for path in render_all(app, IMAGES):
                print(path.relative_to(ROOT))
            return
    for scene in SCENES:
        if args.only and scene.name != args.only:
            continue
        print(render(app, scene, args.classic, args.heights).relative_to(ROOT))


if __name__ == "__main__":
    main()
