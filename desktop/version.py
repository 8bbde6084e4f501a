"""Megalith's version: the installed package's metadata, which pip (or the standalone build)
takes from pyproject.toml. A checkout that was never installed reads pyproject.toml itself."""

from __future__ import annotations

import re
from importlib import metadata
from pathlib import Path

DISTRIBUTION = "megalith"
PYPROJECT = Path(__file__).resolve().parent.parent / "pyproject.toml"


def version() -> str:
    try:
        return metadata.version(DISTRIBUTION)
    except metadata.PackageNotFoundError:
        pass
    try:  # its `version = "..."` line (no tomllib: Python 3.10 has none)
        found = re.search(r'^version = "([^"]+)"$', PYPROJECT.read_text(), re.MULTILINE)
    except OSError:
        return "unknown"
    return found.group(1) if found else "unknown"
