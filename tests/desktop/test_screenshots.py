"""docs/screenshots.py keeps docs/desktop.md's pictures current: its scenes must stay legal
games, and one of them is drawn here into a temporary folder and checked by pixels."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication

SCRIPT = Path(__file__).resolve().parents[2] / "docs" / "screenshots.py"


def load_script():
    spec = importlib.util.spec_from_file_location("screenshots", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["screenshots"] = module  # its dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def screenshots():
    return load_script()


def test_every_scene_is_a_legal_game_of_a_3d_board(screenshots) -> None:
    names = set()
    for scene in screenshots.SCENES:
        state = screenshots.position(scene)  # raises on a stale, illegal move
        assert state.ply == len(scene.moves) and not state.outcome().over
        names.add(scene.game)
        assert (Path(SCRIPT).parent / "images" / f"{scene.name}.png").is_file()
    assert names == {"druid", "drogo"}
    assert {s.params.split()[0] if s.params else "" for s in screenshots.SCENES} >= {
        "-size=8", "-hex", "-y"}


def test_a_scene_is_drawn_with_the_pin_and_labels(qtbot, screenshots, tmp_path,
                                                  monkeypatch) -> None:
    monkeypatch.setattr(screenshots, "IMAGES", tmp_path)
    path = screenshots.render(QApplication.instance(), screenshots.SCENES[0], False, False)
    image = QImage(str(path))
    assert image.width() == screenshots.SIZE[0] and image.height() == screenshots.SIZE[1]
    colours = {image.pixel(x, y) for x in range(0, image.width(), 4)
               for y in range(0, image.height(), 4)}
    assert len(colours) > 50  # a drawn board, not a blank frame
    pin = sum(1 for x in range(0, image.width(), 2) for y in range(0, image.height(), 2)
              if _near(_rgb(image, x, y), (255, 219, 51), 30))
    assert pin > 20


def _rgb(image: QImage, x: int, y: int) -> tuple[int, int, int]:
    colour = image.pixelColor(x, y)
    return colour.red(), colour.green(), colour.blue()


def _near(a, b, tolerance: int) -> bool:
    return max(abs(x - y) for x, y in zip(a, b)) <= tolerance


def test_the_set_up_picture_places_every_piece_and_ends_on_a_refusal() -> None:
    """docs/screenshots_setup.py's pieces stay a position the rules hold, placed in order,
    and its last click (an H sarsen on V's b3) is refused, as the picture's status bar says."""
    from docs.screenshots_setup import PIECES
    from megalith.desktop.game.setup_editor import SetupEditor
    from megalith.rules import record as records
    from megalith.rules.record import Record

    record = Record("druid", ["-size=6"], ["alice", "bob"])
    editor = SetupEditor.starting_from(record, records.final_state(record))
    for kind, side, where in PIECES:
        assert editor.place(kind, side, where) == "", (kind, side, where)
    assert editor.place("sarsen", "H", "b3").startswith("the H sarsen at b3 (level 2) cannot")
