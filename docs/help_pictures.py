"""The pictures in the players' Help pages, drawn by the app's own board views.

Each picture is a position reached by a fixed list of legal moves, shown in the game's own
view (the one its desk entry makes, as in the window) with the default camera or fit, and
saved as desktop/help/images/<name>.png, which the pages show. Run it under an X server
(Xvfb without a display) from the project root after a change to how boards are drawn:

    xvfb-run -a -s "-screen 0 1280x1024x24" .venv/bin/python docs/help_pictures.py
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "docs"))
os.environ.setdefault("QT_QPA_PLATFORM", "xcb")

from PySide6.QtCore import QCoreApplication, QElapsedTimer, Qt  # noqa: E402

if QCoreApplication.instance() is None:  # (a test may load this with its application up)
    QCoreApplication.setAttribute(Qt.ApplicationAttribute.AA_ShareOpenGLContexts)

from PySide6.QtWidgets import QApplication  # noqa: E402

from megalith.desktop.games import desk  # noqa: E402
from megalith.desktop.views.base import BoardView  # noqa: E402
from screenshots import Scene, position  # noqa: E402  (beside this script)

IMAGES = ROOT / "desktop" / "help" / "images"
SIZE = (560, 380)
SETTLE_MS = 900  # long enough for a camera animation to end


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
)


def wait(app: QApplication, ms: int) -> None:
    timer = QElapsedTimer()
    timer.start()
    while timer.elapsed() < ms:
        app.processEvents()


def render(app: QApplication, picture: Scene) -> Path:
    state = position(picture)
    widget = desk(picture.game).make_view(None)
    view: BoardView = widget  # type: ignore[assignment]
    widget.resize(*SIZE)
    widget.show()
    app.processEvents()
    legal = None if state.outcome().over else state.legal_moves()
    view.set_position(state, {}, legal, state.moves[-1] if state.moves else None)
    view.reset_camera()
    wait(app, SETTLE_MS)
    path = IMAGES / f"{picture.name}.png"
    if not view.grab_image().save(str(path)):
        raise OSError(f"could not write {path}")
    widget.close()
    widget.deleteLater()
    return path


def main() -> int:
    app = QApplication.instance() or QApplication(sys.argv[:1])
    assert isinstance(app, QApplication)
    IMAGES.mkdir(parents=True, exist_ok=True)
    for picture in PICTURES:
        print(render(app, picture).relative_to(ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main())
