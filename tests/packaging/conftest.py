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


def qt_mime_type(share: Path, path: Path) -> str:
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
    if done.returncode == 3:  # packaging/build_python.sh: no Debian mirror for its CPython
        pytest.skip(f"no Debian mirror answers, nothing was built: {done.stderr.strip()[-500:]}")
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return folder
