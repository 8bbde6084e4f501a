"""Where Megalith keeps its files, and the persistent settings.

Settings live in an INI file (QSettings) under the user's config folder, the autosave under
the user's data folder (platformdirs). `MEGALITH_CONFIG_DIR` and `MEGALITH_DATA_DIR` override
them, so tests and benchmarks never touch the real ones.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

import platformdirs

if TYPE_CHECKING:  # Qt is imported only when settings are opened, so the CLI never loads it
    from PySide6.QtCore import QSettings

APP_NAME = "megalith"
MAX_RECENT = 8

# Default colours by side letter (the desktop contract): first sides red-brown, second sides
# light stone, then blue and green.
SIDE_COLOURS: dict[str, tuple[int, int, int]] = {
    "V": (180, 60, 50), "X": (180, 60, 50),
    "H": (225, 220, 200), "O": (225, 220, 200),
    "Y": (60, 90, 170),
    "Z": (60, 140, 70),
}
SEAT_COLOURS = ((180, 60, 50), (225, 220, 200), (60, 90, 170), (60, 140, 70))


def default_colour(side: str, seat: int) -> tuple[int, int, int]:
    """The colour of a side by its letter, or by its seat for letters the table lacks."""
    return SIDE_COLOURS.get(side.upper(), SEAT_COLOURS[seat % len(SEAT_COLOURS)])


def config_dir() -> Path:
    override = os.environ.get("MEGALITH_CONFIG_DIR")
    return Path(override) if override else Path(platformdirs.user_config_dir(APP_NAME))


def data_dir() -> Path:
    override = os.environ.get("MEGALITH_DATA_DIR")
    return Path(override) if override else Path(platformdirs.user_data_dir(APP_NAME))


def open_settings() -> QSettings:
    """The application's QSettings, an INI file in config_dir()."""
    from PySide6.QtCore import QSettings

    folder = config_dir()
    folder.mkdir(parents=True, exist_ok=True)
    return QSettings(str(folder / "megalith.ini"), QSettings.Format.IniFormat)


def get_list(settings: QSettings, key: str) -> list[str]:
    """A list of strings; QSettings returns a lone entry as a plain string, and nothing for
    an empty list."""
    value = settings.value(key, [])
    if isinstance(value, str):
        return [value]
    return [str(v) for v in value] if isinstance(value, (list, tuple)) else []


def recent_files(settings: QSettings) -> list[str]:
    return get_list(settings, "recentFiles")


def add_recent_file(settings: QSettings, path: str) -> list[str]:
    """Put `path` first in the recent files list (no duplicates, at most MAX_RECENT)."""
    path = str(Path(path).resolve())
    files = [path] + [f for f in recent_files(settings) if f != path]
    files = files[:MAX_RECENT]
    settings.setValue("recentFiles", files)
    return files


def remove_recent_file(settings: QSettings, path: str) -> list[str]:
    files = [f for f in recent_files(settings) if f != path]
    settings.setValue("recentFiles", files)
    return files


def get_bool(settings: QSettings, key: str, default: bool) -> bool:
    """QSettings' INI backend returns booleans as the strings 'true'/'false'."""
    value = settings.value(key, default)
    if isinstance(value, str):
        return value.lower() == "true"
    return bool(value)
