"""The standalone program (packaging/build.sh): built with PyInstaller, it carries every asset
and help page, opens a record under Xvfb and shows its board, answers `check` and
`--version`, closes cleanly, and its archive's install.sh and uninstall.sh put it in place
and take it away again."""

from __future__ import annotations

import json

import os
import subprocess
import sys
import tarfile
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtGui import QGuiApplication, QImage

from desktop.views.meshes import BOARD_COLOURS
from rules import record as records
from rules import registry
from rules.record import Record
from tests.packaging.conftest import ROOT, VERSION, clean_env

pytestmark = pytest.mark.slow
ARCHIVE = f"megalith-{VERSION}-linux-{os.uname().machine}.tar.gz"


def startup_benchmark():
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        import startup
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    return startup


@pytest.fixture(scope="module")
def out(tmp_path_factory) -> Path:
    """packaging/build.sh into a folder of its own."""
    folder = tmp_path_factory.mktemp("dist")
    done = subprocess.run([str(ROOT / "packaging" / "build.sh"), str(folder)],
                          capture_output=True, text=True, timeout=3000, env=clean_env())
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return folder


BLUE, OCHRE = (0x20, 0x90, 0xD0), (0xD0, 0xA0, 0x20)  # the record's own colours, nowhere else


@pytest.fixture
def record(tmp_path) -> Path:
    path = tmp_path / "game.txt"
    records.save(path, Record("drogo", ["-size=4"], ["ann", "bob"], ["b2", "c3,c2"],
                              colours=["#2090d0", "#d0a020"]))
    return path


def test_the_program_carries_every_help_page_and_asset(out) -> None:
    inside = out / "megalith" / "_internal" / "desktop"
    pages = ROOT / "desktop" / "help"
    shipped = sorted(page.name for page in pages.glob("*.md"))
    assert shipped and shipped == sorted(page.name for page in (inside / "help").glob("*.md"))
    for asset in (ROOT / "assets").rglob("*"):
        if asset.is_file():
            copy = inside / "assets" / asset.relative_to(ROOT / "assets")
            assert copy.read_bytes() == asset.read_bytes(), copy


def test_version_and_check(out, record) -> None:
    program = str(out / "megalith" / "megalith")
    done = subprocess.run([program, "--version"], capture_output=True, text=True, timeout=60)
    assert (done.returncode, done.stdout) == (0, f"megalith {VERSION}\n")
    done = subprocess.run([program, "check", str(record)], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[:3] == ["game: drogo -size=4", "players: ann bob", "ply: 2"]


def test_the_computer_searches_in_worker_processes_of_the_program(out, tmp_path) -> None:
    """Each worker is the frozen program started again: it must become a worker, not a
    second Megalith (multiprocessing.freeze_support in the entry point)."""
    record = tmp_path / "q.txt"
    record.write_text("quady -size=5\na1\nc3\n")
    done = subprocess.run([str(out / "megalith" / "megalith"), "ai", str(record),
                           "--seconds", "0.5", "--workers", "2", "--json"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    assert answer["workers"] == 2 and answer["iterations"] > 0 and answer["side"] == "X"
    assert answer["move"] in {a["move"] for a in answer["alternatives"]}


@pytest.mark.parametrize("game", [info.name for info in registry.available()])
def test_help_finds_every_game_s_page_inside_the_program(out, game) -> None:
    done = subprocess.run([str(out / "megalith" / "megalith"), "rules", game],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout == (ROOT / "desktop" / "help" / f"{game}.md").read_text(encoding="utf-8")


def screen_pixels() -> np.ndarray:
    """What is on the X screen now (the test's own Qt draws nothing there), as RGB."""
    shot = QGuiApplication.primaryScreen().grabWindow(0).toImage()
    shot = shot.convertToFormat(QImage.Format.Format_RGB888)
    width, height, stride = shot.width(), shot.height(), shot.bytesPerLine()
    rows = np.frombuffer(shot.constBits(), np.uint8).reshape(height, stride)
    return rows[:, :width * 3].reshape(height, width, 3).astype(int)


def near(pixels: np.ndarray, colour: tuple[int, int, int], tolerance: int = 10) -> np.ndarray:
    return np.abs(pixels - np.array(colour)).max(axis=2) <= tolerance


def count_near(pixels: np.ndarray, colour: tuple[int, int, int]) -> int:
    return int(near(pixels, colour).sum())


def board_area(pixels: np.ndarray) -> np.ndarray:
    """The part of the screen the board's tiles span (the side panel's colour swatches lie
    outside it)."""
    tiles = np.logical_or.reduce([near(pixels, colour) for colour in BOARD_COLOURS])
    rows, columns = np.nonzero(tiles)
    return pixels[rows.min():rows.max() + 1, columns.min():columns.max() + 1]


def test_the_program_opens_a_record_shows_the_board_and_closes_cleanly(
        qapp, out, record, tmp_path) -> None:
    startup = startup_benchmark()
    before = screen_pixels()
    process, seconds = startup.start([str(out / "megalith" / "megalith"), str(record)], tmp_path)
    try:
        qapp.processEvents()
        pixels = screen_pixels()
    finally:
        process.terminate()
        code = process.wait(timeout=30)
    assert code == 0, process.stderr.read()
    tiles = sum(count_near(pixels, colour) for colour in BOARD_COLOURS)
    assert sum(count_near(before, colour) for colour in BOARD_COLOURS) < 100  # nothing before
    assert tiles > 3000, f"only {tiles} pixels of board tiles on screen"
    board = board_area(pixels)
    assert count_near(board, BLUE) > 500  # ann's cube on b2
    assert count_near(board, OCHRE) > 1000  # bob's two cubes on c3 and c2
    assert not list((tmp_path / "data").glob("autosave-*"))  # closed as by its close button
    assert seconds < 30


def mime_type_seen_by_the_desktop(share: Path, path: Path) -> str:
    """The type Qt's MIME database (freedesktop's shared-mime-info) gives a file, with the
    user's data folder at `share`. A fresh process: the database is read once."""
    code = ("import sys; from PySide6.QtCore import QCoreApplication, QMimeDatabase; "
            "app = QCoreApplication([]); "
            "print(QMimeDatabase().mimeTypeForFile(sys.argv[1]).name())")
    done = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True,
                          text=True, timeout=60,
                          env=clean_env(XDG_DATA_HOME=str(share), XDG_DATA_DIRS="/usr/share"))
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_the_archive_installs_and_uninstalls_for_one_user(out, tmp_path) -> None:
    with tarfile.open(out / ARCHIVE) as archive:
        archive.extractall(tmp_path / "unpacked", filter="tar")
    folder = tmp_path / "unpacked" / f"megalith-{VERSION}"
    prefix = tmp_path / "home" / ".local"
    # a record as pbmserv keeps it: no extension, the game named by its folder
    record = tmp_path / "games" / "druid" / "101"
    record.parent.mkdir(parents=True)
    record.write_text("(players ann bob)\n(moves\nc3\n)\n")
    unknown_before = mime_type_seen_by_the_desktop(prefix / "share", record)
    assert unknown_before != "application/x-megalith-record"
    env = clean_env(MEGALITH_PREFIX=str(prefix), HOME=str(tmp_path / "home"))
    done = subprocess.run([str(folder / "install.sh")], capture_output=True, text=True,
                          timeout=300, env=env)
    assert done.returncode == 0, done.stderr
    assert f"Megalith {VERSION} is installed: {prefix}/bin/megalith" in done.stdout
    share = prefix / "share"
    entry = (share / "applications" / "megalith.desktop").read_text()
    assert f'Exec="{prefix}/bin/megalith" %f' in entry
    assert (share / "mime" / "packages" / "megalith.xml").is_file()
    for size in (16, 48, 256, 512):
        assert (share / "icons" / "hicolor" / f"{size}x{size}" / "apps" / "megalith.png").is_file()
    assert (share / "icons" / "hicolor" / "scalable" / "apps" / "megalith.svg").is_file()
    assert "application/x-megalith-record" in (share / "mime" / "types").read_text()
    assert mime_type_seen_by_the_desktop(share, record) == "application/x-megalith-record"
    done = subprocess.run([str(prefix / "bin" / "megalith"), "--version"], capture_output=True,
                          text=True, timeout=60, env=env)
    assert done.stdout == f"megalith {VERSION}\n"

    done = subprocess.run([str(prefix / "lib" / "megalith" / "uninstall.sh")],
                          capture_output=True, text=True, timeout=300, env=env)
    assert done.returncode == 0, done.stderr
    left = [p for p in prefix.rglob("*") if p.is_file() and "megalith" in p.name]
    assert left == [] and not (prefix / "bin" / "megalith").exists()
    assert not (prefix / "lib" / "megalith").exists()
