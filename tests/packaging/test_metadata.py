"""What the desktop and software centres read about Megalith: the AppStream entry is valid
by `appstreamcli validate` and names this version, the menu entry by
`desktop-file-validate`, and both, with the MIME type, agree on the records' type. Quick."""

from __future__ import annotations

import subprocess
import xml.etree.ElementTree as ET

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
