"""The sdist and the wheel work as a normal (not editable) `pip install`: in a fresh venv,
away from this checkout, Help opens a page for every game, and the assets are found."""

from __future__ import annotations

import json
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

from tests.packaging.conftest import ROOT, VERSION, base_python, clean_env
from tests.packaging.frames import (assert_the_record_s_board_is_drawn, save_record,
                                    screen_pixels)
from tests.packaging.test_standalone import startup_benchmark

pytestmark = pytest.mark.slow

# Run by the installed copy's Python: Help's text for every game, the assets, the icon.
PROBE = r"""
import json, re, sys
from PySide6.QtCore import QUrl
from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import QApplication
app = QApplication([sys.argv[0], "-platform", "offscreen"])
from megalith import desktop, rules
from megalith.desktop import assets
from megalith.desktop.dialogs import help
from megalith.rules import registry
pages, pictures = {}, {}
for info in registry.available():
    text = help.page_text(info.name, info.title)
    dialog = help.HelpDialog(info.title, text)
    pages[info.name] = dialog.browser.toPlainText()
    document = dialog.browser.document()
    for target in re.findall(r"!\[[^\]]*\]\(([^)]+)\)", text):
        image = document.resource(QTextDocument.ResourceType.ImageResource, QUrl(target))
        pictures[target] = image is not None and not image.isNull()
guide = help.HelpDialog("guide", help.desktop_guide_text())
pages["guide"] = guide.browser.toPlainText()
icon = assets.app_icon()
print(json.dumps({
    "desktop": desktop.__file__, "rules": rules.__file__, "pages": pages,
    "pictures": pictures,
    "assets": str(assets.assets_folder()),
    "icon_sizes": sorted(s.width() for s in icon.availableSizes()),
    "files": {name: assets.asset(name).is_file()
              for name in (assets.ICON_SVG, assets.DESKTOP_ENTRY, assets.MIME_TYPES)},
}))
"""


@pytest.fixture(scope="module")
def built(artifacts) -> tuple[Path, Path]:
    """The sdist and the wheel packaging/build.sh made (`python -m build`: the wheel is built
    from the sdist)."""
    return (artifacts / f"megalith-{VERSION}.tar.gz",
            artifacts / f"megalith-{VERSION}-py3-none-any.whl")


@pytest.fixture(scope="module")
def installed(built, tmp_path_factory) -> Path:
    """A fresh venv with the wheel installed by pip, not editable."""
    venv = tmp_path_factory.mktemp("venv")
    subprocess.run([base_python(), "-m", "venv", str(venv)], check=True, timeout=300)
    done = subprocess.run([str(venv / "bin" / "python"), "-m", "pip", "install", "-q",
                           "--disable-pip-version-check", str(built[1])],
                          capture_output=True, text=True, timeout=1800, env=clean_env())
    assert done.returncode == 0, done.stderr[-3000:]
    return venv


def test_the_wheel_installs_one_name_megalith_and_carries_its_licence(built) -> None:
    """`rules` and `desktop` are names other distributions install too (django-rules)."""
    with zipfile.ZipFile(built[1]) as wheel:
        top = {name.split("/", 1)[0] for name in wheel.namelist()}
        entry_points = wheel.read(f"megalith-{VERSION}.dist-info/entry_points.txt").decode()
        fields = wheel.read(f"megalith-{VERSION}.dist-info/METADATA").decode()
        licence = wheel.read(f"megalith-{VERSION}.dist-info/licenses/LICENSE").decode()
    assert top == {"megalith", f"megalith-{VERSION}.dist-info"}
    assert "megalith = megalith.desktop.launch:main" in entry_points
    assert "\nLicense-Expression: MIT\n" in fields and "\nLicense-File: LICENSE\n" in fields
    assert licence == (ROOT / "LICENSE").read_text()


def test_the_sdist_holds_what_a_wheel_is_built_from(built) -> None:
    with tarfile.open(built[0]) as sdist:
        names = {name.split("/", 1)[1] for name in sdist.getnames() if "/" in name}
    expected = {"setup.py", "pyproject.toml", "LICENSE", "assets/megalith.svg",
                "assets/megalith.desktop",
                "assets/megalith-mime.xml", "megalith/__init__.py",
                "megalith/desktop/help/guide.md", "megalith/desktop/help/druid.md",
                "megalith/desktop/dialogs/help.py", "megalith/rules/registry.py"}
    expected |= {f"assets/icons/megalith-{size}.png" for size in (16, 48, 256)}
    assert expected <= names, expected - names


def test_the_installed_copy_has_its_help_pages_and_assets(installed, tmp_path) -> None:
    done = subprocess.run([str(installed / "bin" / "python"), "-c", PROBE], cwd=tmp_path,
                          capture_output=True, text=True, timeout=120, env=clean_env())
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout)
    site = str(installed / "lib")
    assert found["desktop"].startswith(site) and found["rules"].startswith(site)
    assert found["assets"].startswith(site)
    assert found["files"] == {"megalith.svg": True, "megalith.desktop": True,
                              "megalith-mime.xml": True}
    assert found["icon_sizes"] == [16, 22, 24, 32, 48, 64, 128, 256, 512]
    titles = {"druid": "Druid", "drogo": "Drogo", "quady": "Quadrant Y"}
    assert set(titles) <= set(found["pages"])  # every game that has landed, at least these
    for game, text in found["pages"].items():
        assert "no rules page" not in text and "no page in this copy" not in text, game
        if game in titles:
            assert text.startswith(titles[game] + "\n")
            assert "Options" in text and "The end" in text
    assert found["pages"]["guide"].startswith("Playing Megalith at the desk")
    assert len(found["pictures"]) >= len(titles) and all(found["pictures"].values()), \
        found["pictures"]


def test_the_installed_command_prints_its_version_and_checks_a_record(installed,
                                                                     tmp_path) -> None:
    megalith = str(installed / "bin" / "megalith")
    done = subprocess.run([megalith, "--version"], cwd=tmp_path, capture_output=True,
                          text=True, timeout=60, env=clean_env())
    assert (done.returncode, done.stdout) == (0, f"megalith {VERSION}\n")
    (tmp_path / "game.txt").write_text("quady -size=5 ann bob\nc5\nswap\n")
    done = subprocess.run([megalith, "check", "game.txt", "--json"], cwd=tmp_path,
                          capture_output=True, text=True, timeout=60, env=clean_env())
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert (report["game"], report["ply"], report["to_move"]) == ("quady", 1, "O")
    done = subprocess.run([megalith, "puzzles", "check", "--shipped", "quady"], cwd=tmp_path,
                          capture_output=True, text=True, timeout=120, env=clean_env())
    assert (done.returncode, done.stdout) == (0, "30 of 30 puzzles hold\n"), done.stderr


def test_pipx_installs_the_wheel_and_the_program_runs(qapp, built, tmp_path) -> None:
    """As people install it: `pipx install megalith-<version>-py3-none-any.whl`, in a pipx
    home of its own; then --version, check and the window's first frame."""
    env = clean_env(PIPX_HOME=str(tmp_path / "pipx"), PIPX_BIN_DIR=str(tmp_path / "bin"),
                    PIPX_MAN_DIR=str(tmp_path / "man"))
    pipx = Path(sys.executable).parent / "pipx"
    done = subprocess.run([str(pipx), "install", "--python", base_python(), str(built[1])],
                          capture_output=True, text=True, timeout=1800, env=env)
    assert done.returncode == 0, done.stdout + done.stderr
    megalith = str(tmp_path / "bin" / "megalith")
    done = subprocess.run([megalith, "--version"], capture_output=True, text=True,
                          timeout=60, env=env, cwd=tmp_path)
    assert (done.returncode, done.stdout) == (0, f"megalith {VERSION}\n"), done.stderr
    record = save_record(tmp_path / "game.megalith")
    done = subprocess.run([megalith, "check", str(record)], capture_output=True, text=True,
                          timeout=60, env=env, cwd=tmp_path)
    assert done.stdout.splitlines()[:3] == ["game: drogo -size=4", "players: ann bob", "ply: 2"]

    before = screen_pixels()
    process, _ = startup_benchmark().start([megalith, str(record)], tmp_path)
    try:
        qapp.processEvents()
        after = screen_pixels()
    finally:
        process.terminate()
        process.wait(timeout=30)
    assert_the_record_s_board_is_drawn(before, after)
