"""Megalith's assets (assets/ at the top of the source tree): the icon, the `.desktop` entry,
the MIME type of its records and the AppStream entry; and the records' extension.

An installed copy (a wheel, or the standalone program) carries them as package data in
`desktop/assets/` (setup.py maps the folder there); a source checkout reads them where they
are.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # Qt is imported only where the icon is made: the command line needs none
    from importlib.abc import Traversable  # 3.10 has it here (3.11 also in resources.abc)

    from PySide6.QtGui import QIcon

ICON_SVG = "megalith.svg"
ICON_SIZES = (16, 22, 24, 32, 48, 64, 128, 256, 512)
DESKTOP_ENTRY = "megalith.desktop"
MIME_TYPES = "megalith-mime.xml"
METAINFO = "io.megalith.megalith.metainfo.xml"
# Megalith's own extension for records, the Save dialog's default (pbmserv's .pbm is Netpbm's
# in the MIME database, .txt is any text); the MIME type also knows records by their first
# line, so pbmserv's files without extension and mailed .txt files are recognised too.
RECORD_SUFFIX = ".megalith"
RECORD_MIME_TYPE = "application/x-megalith-record"
SAVE_FILTER = f"Megalith records (*{RECORD_SUFFIX});;All files (*)"
OPEN_FILTER = f"Game records (*{RECORD_SUFFIX} *.txt *.pbm *.rec);;All files (*)"
CHECKOUT_ASSETS = Path(__file__).resolve().parent.parent / "assets"


def assets_folder() -> Traversable:
    installed = resources.files("megalith.desktop").joinpath("assets")
    return installed if installed.is_dir() else CHECKOUT_ASSETS


def asset(name: str) -> Traversable:
    """An asset by its path inside the folder (`icons/megalith-32.png`); FileNotFoundError
    names it when it is not there."""
    found = assets_folder().joinpath(*name.split("/"))
    if not found.is_file():
        raise FileNotFoundError(f"Megalith's asset {name} is missing from {assets_folder()}")
    return found


def icon_png(size: int) -> Traversable:
    return asset(f"icons/megalith-{size}.png")


def app_icon() -> QIcon:
    """The application icon: every PNG size, so no size is scaled at run time. Qt reads a
    file only when a size is first drawn, which keeps the icon out of the start-up time."""
    from PySide6.QtCore import QSize
    from PySide6.QtGui import QIcon

    icon = QIcon()
    for size in ICON_SIZES:
        icon.addFile(str(icon_png(size)), QSize(size, size))
    return icon
