"""What the desktop and software centres read about Megalith: the AppStream entry is valid
by `appstreamcli validate` (this machine's, and Debian 13's in a Debian 13 root: slow) and
names this version, the licence and the screenshots of docs/images/; the menu entry is valid
by `desktop-file-validate`, and both, with the MIME type, agree on the records' type. The
licence is in LICENSE and pyproject.toml names it. Quick but for Debian 13's validator."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import PurePosixPath
from urllib.parse import urlparse

import pytest
from PySide6.QtGui import QImageReader

from megalith.desktop import assets
from tests.packaging.conftest import ROOT, VERSION

ASSETS = ROOT / "assets"


def test_the_appstream_entry_is_valid_and_names_this_version() -> None:
    path = ASSETS / assets.METAINFO
    done = subprocess.run(["appstreamcli", "validate", "--no-net", "--pedantic", str(path)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and "pedantic" not in done.stdout, done.stdout + done.stderr
    component = ET.parse(path).getroot()
    assert f"{component.findtext('id')}.metainfo.xml" == assets.METAINFO
    newest = component.find("releases/release")  # the newest first
    assert newest is not None and newest.get("version") == VERSION
    assert component.findtext("launchable") == assets.DESKTOP_ENTRY
    assert component.findtext("provides/mediatype") == assets.RECORD_MIME_TYPE


def test_the_menu_entry_is_valid_and_opens_megalith_s_records() -> None:
    path = ASSETS / assets.DESKTOP_ENTRY
    done = subprocess.run(["desktop-file-validate", str(path)], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0 and not done.stdout.strip(), done.stdout + done.stderr
    lines = dict(line.split("=", 1) for line in path.read_text().splitlines() if "=" in line)
    assert lines["MimeType"].split(";")[0] == assets.RECORD_MIME_TYPE
    assert lines["Exec"] == "megalith %f"


def test_the_mime_type_knows_the_extension_and_pbmserv_s_first_lines() -> None:
    ns = {"m": "http://www.freedesktop.org/standards/shared-mime-info"}
    (kind,) = ET.parse(ASSETS / assets.MIME_TYPES).getroot().findall("m:mime-type", ns)
    assert kind.get("type") == assets.RECORD_MIME_TYPE
    assert [g.get("pattern") for g in kind.findall("m:glob", ns)] == [f"*{assets.RECORD_SUFFIX}"]
    matches = {(m.get("offset"), m.get("value")) for m in kind.findall("m:magic/m:match", ns)}
    assert matches == {("0", "(game "), ("0", "(players ")}


def pyproject_field(name: str) -> str:
    found = re.search(rf"^{name} = (.+)$", (ROOT / "pyproject.toml").read_text(), re.MULTILINE)
    assert found, name
    return found.group(1)


def test_the_licence_is_mit_in_license_and_named_by_pyproject_and_the_metainfo() -> None:
    text = (ROOT / "LICENSE").read_text()
    assert text.startswith("MIT License\n\nCopyright (c) 2026 The Megalith developers\n")
    assert pyproject_field("license") == '"MIT"'
    assert pyproject_field("license-files") == '["LICENSE"]'
    component = ET.parse(ASSETS / assets.METAINFO).getroot()
    assert component.findtext("project_license") == "MIT"
    assert component.findtext("metadata_license") == "CC0-1.0"


def test_the_screenshots_are_the_pictures_of_docs_images_with_their_sizes() -> None:
    component = ET.parse(ASSETS / assets.METAINFO).getroot()
    images = component.findall("screenshots/screenshot/image")
    assert images and component.find("screenshots/screenshot[@type='default']") is not None
    for image in images:
        url = urlparse(image.text or "")
        path = PurePosixPath(url.path)
        assert url.scheme == "https" and path.parent.name == "images", image.text
        size = QImageReader(str(ROOT / "docs" / "images" / path.name)).size()
        assert (size.width(), size.height()) == (int(image.get("width", 0)),
                                                 int(image.get("height", 0))), path.name


@pytest.mark.slow
def test_debian_13_s_appstreamcli_validates_the_metainfo(tmp_path) -> None:
    """Debian 13's validator (AppStream 1.0) asks for more than Debian 12's: a homepage,
    the developer, the licences. It runs in a Debian 13 root made with debootstrap."""
    if os.geteuid() != 0:
        pytest.skip("the Debian 13 root needs root (debootstrap, chroot)")
    done = subprocess.run([str(ROOT / "packaging" / "debian_root.sh"), "trixie", "appstream",
                           "appstream"], capture_output=True, text=True, timeout=1800)
    if done.returncode == 3:
        pytest.skip(f"no Debian mirror answers: {done.stderr.strip()}")
    assert done.returncode == 0, done.stderr
    root = done.stdout.strip()
    shutil.copy(ASSETS / assets.METAINFO, f"{root}/tmp/")
    done = subprocess.run(["chroot", root, "appstreamcli", "--version"], capture_output=True,
                          text=True, timeout=60)
    assert re.search(r"AppStream version: 1\.", done.stdout), done.stdout
    done = subprocess.run(["chroot", root, "appstreamcli", "validate", "--no-net", "--pedantic",
                           f"/tmp/{assets.METAINFO}"], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0 and "pedantic" not in done.stdout, done.stdout + done.stderr


def test_every_copy_of_the_homepage_and_address_is_pyproject_s() -> None:
    """The homepage and the maintainers' address are written in pyproject.toml and copied
    where a format needs them literally: changing one means changing all, and this says
    which were missed."""
    homepage = pyproject_field("Homepage").strip('"')  # tomllib is not in Python 3.10
    maintainer = re.fullmatch(r'\[\{name = "(.+)", email = "(.+)"\}\]',
                              pyproject_field("maintainers"))
    assert maintainer, pyproject_field("maintainers")
    name, address = maintainer[1], f"{maintainer[1]} <{maintainer[2]}>"
    build_deb = (ROOT / "packaging" / "build_deb.sh").read_text()
    assert f'maintainer="{address}"' in build_deb
    assert f"Homepage: {homepage}\n" in build_deb
    assert f'"Source: {homepage}"' in (ROOT / "packaging" / "notices.py").read_text()
    component = ET.parse(ASSETS / assets.METAINFO).getroot()
    assert component.findtext("url[@type='homepage']") == homepage
    assert component.findtext("developer/name") == name
    for image in component.findall("screenshots/screenshot/image"):
        assert (image.text or "").startswith(homepage), image.text
