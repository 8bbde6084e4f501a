"""The first frame of a launched Megalith, read back from an X screen by its pixels: a record
whose two players have colours found nowhere else, and checks that its board was drawn."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
from PySide6.QtGui import QGuiApplication, QImage

from megalith.desktop.views.meshes import BOARD_COLOURS
from megalith.rules import record as records
from megalith.rules.record import Record
from tests.packaging.conftest import clean_env

BLUE, OCHRE = (0x20, 0x90, 0xD0), (0xD0, 0xA0, 0x20)  # the record's own colours, nowhere else
GRAB = ("import sys; from PySide6.QtGui import QGuiApplication; "
        "app = QGuiApplication([sys.argv[0], '-platform', 'xcb']); "
        "sys.exit(not app.primaryScreen().grabWindow(0).save(sys.argv[1]))")


def save_record(path: Path) -> Path:
    """Drogo on size 4: ann (blue) on b2, bob (ochre) on c3 and c2."""
    records.save(path, Record("drogo", ["-size=4"], ["ann", "bob"], ["b2", "c3,c2"],
                              colours=["#2090d0", "#d0a020"]))
    return path


def image_pixels(image: QImage) -> np.ndarray:
    image = image.convertToFormat(QImage.Format.Format_RGB888)
    width, height, stride = image.width(), image.height(), image.bytesPerLine()
    rows = np.frombuffer(image.constBits(), np.uint8).reshape(height, stride)
    return rows[:, :width * 3].reshape(height, width, 3).astype(int)


def screen_pixels() -> np.ndarray:
    """What is on this test's X screen now (its own Qt draws nothing there), as RGB."""
    return image_pixels(QGuiApplication.primaryScreen().grabWindow(0).toImage())


def grab_display(display: str, folder: Path) -> np.ndarray:
    """The whole X screen of `display` as RGB, by a fresh Qt process connected to it."""
    shot = folder / "screen.png"
    subprocess.run([sys.executable, "-c", GRAB, str(shot)], check=True, timeout=60,
                   env=clean_env(DISPLAY=display))
    return image_pixels(QImage(str(shot)))


def near(pixels: np.ndarray, colour: tuple[int, int, int], tolerance: int = 10) -> np.ndarray:
    return np.abs(pixels - np.array(colour)).max(axis=2) <= tolerance


def count_near(pixels: np.ndarray, colour: tuple[int, int, int]) -> int:
    return int(near(pixels, colour).sum())


def board_tiles(pixels: np.ndarray) -> int:
    return sum(count_near(pixels, colour) for colour in BOARD_COLOURS)


def board_area(pixels: np.ndarray) -> np.ndarray:
    """The part of the screen the board's tiles span (the side panel's colour swatches lie
    outside it)."""
    tiles = np.logical_or.reduce([near(pixels, colour) for colour in BOARD_COLOURS])
    rows, columns = np.nonzero(tiles)
    return pixels[rows.min():rows.max() + 1, columns.min():columns.max() + 1]


def assert_the_record_s_board_is_drawn(before: np.ndarray, after: np.ndarray) -> None:
    """Nothing of the board before the launch; after it, its tiles and the players' cubes."""
    assert board_tiles(before) < 100
    tiles = board_tiles(after)
    assert tiles > 3000, f"only {tiles} pixels of board tiles on screen"
    board = board_area(after)
    assert count_near(board, BLUE) > 500  # ann's cube on b2
    assert count_near(board, OCHRE) > 1000  # bob's two cubes on c3 and c2
