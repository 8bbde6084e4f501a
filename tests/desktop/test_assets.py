"""Megalith's assets: the icon's PNGs match its SVG, the application carries the icon, and
the `.desktop` entry and the MIME type agree with each other and with the records Megalith
writes."""

from __future__ import annotations

import configparser
import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PySide6.QtGui import QImage

from megalith.desktop import assets
from megalith.rules import record as records
from megalith.rules.record import Record

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "packaging"))
import make_icons  # noqa: E402

sys.path.remove(str(ROOT / "packaging"))
MIME_NS = "{http://www.freedesktop.org/standards/shared-mime-info}"


class CaseSensitive(configparser.ConfigParser):
    """A parser that keeps keys as written (a desktop entry's keys are case-sensitive)."""

    def optionxform(self, optionstr: str) -> str:
        return optionstr


def test_in_a_checkout_the_assets_are_the_top_level_folder() -> None:
    assert Path(str(assets.assets_folder())) == ROOT / "assets"
    with pytest.raises(FileNotFoundError, match="icons/megalith-7.png is missing"):
        assets.asset("icons/megalith-7.png")


@pytest.mark.parametrize("size", assets.ICON_SIZES)
def test_each_png_is_the_svg_rendered_at_its_size(qapp, size) -> None:
    assert make_icons.SIZES == assets.ICON_SIZES
    shipped = QImage(str(make_icons.png_path(size))).convertToFormat(QImage.Format.Format_ARGB32)
    fresh = make_icons.render(size)
    assert (shipped.width(), shipped.height()) == (size, size)
    differences = [abs(shipped.pixelColor(x, y).red() - fresh.pixelColor(x, y).red())
                   + abs(shipped.pixelColor(x, y).alpha() - fresh.pixelColor(x, y).alpha())
                   for x in range(size) for y in range(size)]
    assert max(differences) <= 8, "run packaging/make_icons.py after changing the SVG"
    # the trilithon is there: the red lintel above two light uprights, on a sky
    lintel = fresh.pixelColor(size // 2, int(size * 0.29))
    upright = fresh.pixelColor(int(size * 0.32), int(size * 0.6))
    assert lintel.red() > 120 > lintel.green() and upright.lightness() > 150


def test_the_application_carries_every_icon_size(qapp) -> None:
    icon = assets.app_icon()
    sizes = sorted(s.width() for s in icon.availableSizes())
    assert sizes == list(assets.ICON_SIZES)


def test_the_application_made_by_megalith_has_the_icon() -> None:
    """In a process of its own: the tests' QApplication is pytest-qt's, not Megalith's."""
    code = ("from megalith.desktop.app import create_application; app = create_application(); "
            "print(sorted(s.width() for s in app.windowIcon().availableSizes()), "
            "app.desktopFileName())")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, timeout=60, env=dict(os.environ, QT_QPA_PLATFORM="offscreen"))
    assert done.returncode == 0, done.stderr
    assert done.stdout.split("] ") == [str(list(assets.ICON_SIZES))[:-1], "megalith\n"]


def test_the_desktop_entry_opens_records_with_megalith() -> None:
    entry = CaseSensitive(interpolation=None)
    entry.read_string(assets.asset(assets.DESKTOP_ENTRY).read_text(encoding="utf-8"))
    desktop = entry["Desktop Entry"]
    assert desktop["Type"] == "Application" and desktop["Name"] == "Megalith"
    assert desktop["Exec"] == "megalith %f" and desktop["Icon"] == "megalith"
    mime = ET.fromstring(assets.asset(assets.MIME_TYPES).read_text(encoding="utf-8"))
    declared = [t.get("type") for t in mime.iter(f"{MIME_NS}mime-type")]
    assert desktop["MimeType"].rstrip(";").split(";") == declared


def test_the_mime_type_recognises_what_megalith_and_pbmserv_write(tmp_path) -> None:
    mime = ET.fromstring(assets.asset(assets.MIME_TYPES).read_text(encoding="utf-8"))
    (mime_type,) = mime.iter(f"{MIME_NS}mime-type")
    parent = mime_type.find(f"{MIME_NS}sub-class-of")
    assert parent is not None and parent.get("type") == "text/plain"
    starts = [m.get("value") for m in mime_type.iter(f"{MIME_NS}match")
              if m.get("offset") == "0" and m.get("type") == "string"]
    saved = tmp_path / "game.txt"
    records.save(saved, Record("druid", ["-size=8"], ["alice", "bob"], ["c3"]))
    written = saved.read_text()
    assert any(written.startswith(start) for start in starts)
    pbmserv = tmp_path / "games" / "druid" / "101"  # the server's file: its folder names the game
    pbmserv.parent.mkdir(parents=True)
    pbmserv.write_text("(players alice bob)\n(moves\nc3\n)\n")
    assert any(pbmserv.read_text().startswith(start) for start in starts)
    assert records.load(pbmserv).players == ["alice", "bob"]
