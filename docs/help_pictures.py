"""The pictures in the players' Help pages, drawn by the app's own board views.

Each picture is a position shown in the game's own view (the one its desk entry makes, as in
the window) with the default camera or fit, and saved as desktop/help/images/<name>.png,
which the pages show. Most positions are reached by a fixed list of legal moves (`Scene`);
the tile games' worked examples are tables laid tile by tile (`Table`, with the engines'
`arranged` and `from_tiles`), and their tile sets are drawn by the views' own tile drawing
(`Tiles`). Run it under an X server (Xvfb without a display) from the project root after a
change to how boards are drawn:

    xvfb-run -a -s "-screen 0 1280x1024x24" .venv/bin/python docs/help_pictures.py [--only NAME]
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "docs"))
os.environ.setdefault("QT_QPA_PLATFORM", "xcb")

from PySide6.QtCore import QCoreApplication, QElapsedTimer, Qt  # noqa: E402

if QCoreApplication.instance() is None:  # (a test may load this with its application up)
    QCoreApplication.setAttribute(Qt.ApplicationAttribute.AA_ShareOpenGLContexts)

from PySide6.QtWidgets import QApplication, QGraphicsScene  # noqa: E402

from PySide6.QtCore import QPointF  # noqa: E402
from PySide6.QtGui import QBrush, QColor, QFont, QPen  # noqa: E402

from megalith.desktop.games import desk  # noqa: E402
from megalith.desktop.views.base import BoardView  # noqa: E402
from megalith.desktop.views.dragons import APOTHEM, R, DragonsView, tile_items  # noqa: E402
from megalith.desktop.views.trichet import TrichetView, centroid, tile_parts  # noqa: E402
from megalith.rules import registry  # noqa: E402
from megalith.rules.dragons.game import DragonsState  # noqa: E402
from megalith.rules.dragons.tiles import letters  # noqa: E402
from megalith.rules.protocol import GameState  # noqa: E402
from megalith.rules.trichet.game import TrichetState  # noqa: E402
from megalith.rules.trichet.tiles import CORNER_COLOURS, LETTERS, ODD_CORNER  # noqa: E402
from screenshots import Scene, position  # noqa: E402  (beside this script)

IMAGES = ROOT / "desktop" / "help" / "images"
SIZE = (560, 380)
SETTLE_MS = 900  # long enough for a camera animation to end
LABEL = QColor(235, 235, 235)


@dataclass(frozen=True)
class Table:
    """A tile game's worked example: a position laid by `build`, then the `moves` played;
    `race` shows the view's race overlay (loops and dragons, open regions)."""

    name: str
    game: str
    build: Callable[[], GameState]
    moves: tuple[str, ...] = ()
    race: bool = False


@dataclass(frozen=True)
class Tiles:
    """A tile set drawn by a view's own tile drawing, each tile over its letter."""

    name: str
    game: str


# Oh's point (0, 0) ringed by six arcs, the last one missing (as in tests/rules/test_trichet)
TRICHET_RING = {(-1, -1): "b", (0, -1): "a", (1, -1): "c", (-1, 0): "c", (0, 0): "a"}
# Six shoulders round an empty cell, each turning its O band towards it: O's loop of six
DRAGONS_RING = (((0, -2), "c"), ((1, -1), "d"), ((1, 1), "e"), ((0, 2), "f"), ((-1, 1), "a"))


def trichet_ring() -> GameState:
    return TrichetState.from_tiles(TRICHET_RING, win_size=6)


def dragons_ring() -> GameState:
    return DragonsState.arranged(DRAGONS_RING)


def played(game: str, parameters: str, moves: tuple[str, ...]) -> Callable[[], GameState]:
    return lambda: position(Scene("", game, parameters, 2, moves))


PICTURES = (
    # two lintels: c3-e3 over the gap at d3, f5-f7 at the back; d4 the last move
    Scene("druid-lintels", "druid", "-size=8", 2,
          ("c3", "f5", "e3", "f7", "c3-e3", "f5-f7", "b6", "g3", "c6", "g3", "d4")),
    Scene("druid-hex-3p", "druid", "-hex -size=5", 3,
          ("e5", "d4", "f4", "c3", "e3", "g5", "d6", "e7", "f6", "e4", "h5")),
    Scene("drogo-stacks", "drogo", "", 3,
          ("e4", "e3", "d5", "e4,e4", "c4", "d5,d5", "e5,f5", "c3,b3", "b5", "f5,f5")),
    # the four smaller games outlined inside the whole board, a few stones of each side
    Scene("quady-subgame", "quady", "-size=9", 2,
          ("a3", "e9", "b3", "e8", "c3", "d8", "a2", "c8", "a1", "f9")),
    # X's d1 and O's b3 leave a gap that X must fill next (the help page's example)
    Scene("dragons-gap", "dragons", "", 2, ("d1", "b3")),
    Scene("trichet-opening", "trichet", "", 2, ("c4", "f9", "e1")),
    Tiles("dragons-tiles", "dragons"),
    Scene("dragons-start", "dragons", "", 2, ()),
    # the help page's auto move: with the tails tile g first, c6 then b3 lays f by itself
    Scene("dragons-auto", "dragons", "-start_tip", 2, ("c6", "b3")),
    # X lays the sixth shoulder and closes O's loop of six: O wins
    Table("dragons-loop", "dragons", dragons_ring, ("b5",)),
    # a game of 14 moves with the loops and dragons shown: O's loop of four, X's of three
    Table("dragons-race", "dragons", played("dragons", "-num_tiles=60", (
        "i3", "h7", "a9", "e10", "l9", "l9", "i7", "i11", "j13", "l2", "h7", "d9", "k12",
        "b8")), race=True),
    Tiles("trichet-tiles", "trichet"),
    Scene("trichet-start", "trichet", "", 2, ()),
    # Dot's f7 and the three tiles the rules lay after it
    Scene("trichet-auto", "trichet", "", 2, ("f7",)),
    # the sixth arc round Oh's point closes a region of six tiles (a win with -win_size=6)
    Table("trichet-ring", "trichet", trichet_ring, ("b12",)),
    # six moves in, with the open regions shown
    Table("trichet-race", "trichet", played("trichet", "", (
        "e2", "e1", "d30", "c11", "a9", "c17")), race=True),
)


def wait(app: QApplication, ms: int) -> None:
    timer = QElapsedTimer()
    timer.start()
    while timer.elapsed() < ms:
        app.processEvents()


def render(app: QApplication, picture: Scene | Table | Tiles) -> Path:
    widget = desk(picture.game).make_view(None)
    view: BoardView = widget  # type: ignore[assignment]
    widget.resize(*SIZE)
    widget.show()
    app.processEvents()
    if isinstance(picture, Tiles):
        draw_tiles(widget, picture.game)
    else:
        state = position(picture) if isinstance(picture, Scene) else picture.build()
        for move in () if isinstance(picture, Scene) else picture.moves:
            state.play(move)
        legal = None if state.outcome().over else state.legal_moves()
        view.set_position(state, {}, legal, state.moves[-1] if state.moves else None)
        view.reset_camera()
        if isinstance(widget, (DragonsView, TrichetView)):
            widget.race.button.setChecked(isinstance(picture, Table) and picture.race)
    wait(app, SETTLE_MS)
    path = IMAGES / f"{picture.name}.png"
    if not view.grab_image().save(str(path)):
        raise OSError(f"could not write {path}")
    widget.close()
    widget.deleteLater()
    return path


def draw_tiles(widget: object, game: str) -> None:
    """Every orientation of the game's default tile set in a row (Dragons: two rows, the
    shoulders and the tails), each over its letter, in the players' default colours."""
    font = QFont()
    font.setBold(True)
    if isinstance(widget, DragonsView):
        widget.set_position(registry.new_game("dragons"), {}, None, None)
        scene, colours = widget.scene(), widget.side_colours()
        scene.clear()
        font.setPixelSize(round(R * 0.6))
        for i, letter in enumerate(letters()):
            centre = QPointF((i % 6) * 2.4 * R, (i // 6) * 3.2 * APOTHEM)
            tile_items(widget, centre, letter, False, colours)
            label(scene, letter, font, QPointF(centre.x(), centre.y() + APOTHEM * 1.45))
        widget.info.hide()
    elif isinstance(widget, TrichetView):
        widget.set_position(registry.new_game("trichet"), {}, None, None)
        scene = widget.scene()
        scene.clear()
        font.setPixelSize(20)
        for i, letter in enumerate(LETTERS):
            for up, tri in ((True, (3 * i, 0)), (False, (3 * i + 1, 1))):
                arc, rest = tile_parts(tri, letter)
                colours = CORNER_COLOURS[letter]
                odd = ODD_CORNER[letter]
                scene.addPath(rest, QPen(Qt.PenStyle.NoPen),
                              QBrush(widget.side_colour(colours[(odd + 1) % 3])))
                scene.addPath(arc, QPen(Qt.PenStyle.NoPen),
                              QBrush(widget.side_colour(colours[odd])))
                if up:
                    label(scene, letter, font, QPointF(centroid(tri).x(), -28))
    else:
        raise ValueError(f"no tile set to draw for {game}")
    widget.race.button.hide()
    box = widget.scene().itemsBoundingRect().adjusted(-12, -12, 12, 12)
    widget.setSceneRect(box)
    widget.fitInView(box, Qt.AspectRatioMode.KeepAspectRatio)


def label(scene: QGraphicsScene, text: str, font: QFont, centre: QPointF) -> None:
    item = scene.addSimpleText(text, font)
    item.setBrush(LABEL)
    box = item.boundingRect()
    item.setPos(centre.x() - box.width() / 2, centre.y() - box.height() / 2)


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--only", help="one picture by name")
    args = parser.parse_args()
    app = QApplication.instance() or QApplication(sys.argv[:1])
    assert isinstance(app, QApplication)
    IMAGES.mkdir(parents=True, exist_ok=True)
    for picture in PICTURES:
        if args.only and picture.name != args.only:
            continue
        print(render(app, picture).relative_to(ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main())
