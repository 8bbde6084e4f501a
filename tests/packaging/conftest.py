"""The packaging tests build and install Megalith for real, so they take tens of minutes:
they are marked slow and run only with `MEGALITH_PACKAGING_TESTS=1` (.ci/run sets it); any
other run, plain pytest too, skips them and says why. They share one build, so they run in
one process (test.sh then does not spread the suite over the cores). Programs they start
draw on the Xvfb display that pytest-xvfb opens, with the normal xcb platform."""

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


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The slow tests are skipped unless asked for."""
    if os.environ.get("MEGALITH_PACKAGING_TESTS") == "1":
        return
    skip = pytest.mark.skip(reason="builds and installs Megalith (tens of minutes): "
                                   "MEGALITH_PACKAGING_TESTS=1 runs it")
    for item in items:
        if item.get_closest_marker("slow"):
            item.add_marker(skip)


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
    if os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1") != "1":
        pytest.fail("the packaging tests share one build: run them in one process (-n 0)")
    if os.environ.get("MEGALITH_ARTIFACTS"):
        return Path(os.environ["MEGALITH_ARTIFACTS"])
    folder = tmp_path_factory.mktemp("dist")
    done = subprocess.run([str(ROOT / "packaging" / "build.sh"), str(folder)],
                          capture_output=True, text=True, timeout=3000, env=clean_env())
    if done.returncode == 3:  # packaging/build_python.sh: no Debian mirror for its CPython
        pytest.skip(f"no Debian mirror answers, nothing was built: {done.stderr.strip()[-500:]}")
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return folder
