"""The packaging tests build and install Megalith for real, so they take minutes: they are
marked slow (CI runs them; `./test.sh -m "not slow"` skips them). Programs they start draw
on the Xvfb display that pytest-xvfb opens, with the normal xcb platform."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

os.environ["QT_QPA_PLATFORM"] = "xcb"

from PySide6.QtCore import QCoreApplication, Qt  # noqa: E402

QCoreApplication.setAttribute(Qt.ApplicationAttribute.AA_ShareOpenGLContexts)

ROOT = Path(__file__).resolve().parents[2]
VERSION = re.search(r'^version = "(.+)"$', (ROOT / "pyproject.toml").read_text(),
                    re.MULTILINE).group(1)  # type: ignore[union-attr]


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


@pytest.fixture(scope="session")
def artifacts(tmp_path_factory) -> Path:
    """packaging/build.sh, once for the whole run, into a folder of its own: the wheel, the
    sdist, the standalone archive, the .deb, SHA256SUMS and megalith/ (the program).
    MEGALITH_ARTIFACTS=FOLDER uses a folder build.sh already filled (for rerunning the tests
    while working on them; CI never sets it)."""
    if os.environ.get("MEGALITH_ARTIFACTS"):
        return Path(os.environ["MEGALITH_ARTIFACTS"])
    folder = tmp_path_factory.mktemp("dist")
    done = subprocess.run([str(ROOT / "packaging" / "build.sh"), str(folder)],
                          capture_output=True, text=True, timeout=3000, env=clean_env())
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return folder
