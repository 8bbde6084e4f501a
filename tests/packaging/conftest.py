"""The packaging tests build and install Megalith for real, so they take minutes: they are
marked slow (CI runs them; `./test.sh -m "not slow"` skips them). Programs they start draw
on the Xvfb display that pytest-xvfb opens, with the normal xcb platform."""

from __future__ import annotations

import os
import sys
import tomllib
from pathlib import Path

os.environ["QT_QPA_PLATFORM"] = "xcb"

from PySide6.QtCore import QCoreApplication, Qt  # noqa: E402

QCoreApplication.setAttribute(Qt.ApplicationAttribute.AA_ShareOpenGLContexts)

ROOT = Path(__file__).resolve().parents[2]
VERSION = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]


def clean_env(**extra: str) -> dict[str, str]:
    """The environment for an installed copy: nothing that would import this checkout."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    env.update(extra)
    return env


def python_of_venv(venv: Path) -> Path:
    return venv / "bin" / "python"


def base_python() -> str:
    """The interpreter to make fresh venvs with (this venv's own base)."""
    return getattr(sys, "_base_executable", sys.executable)
