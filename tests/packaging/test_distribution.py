"""What a distribution, a store or a careful user checks of the built artifacts: two builds of
one commit are the same byte for byte; lintian finds no error and no warning in the .deb,
each override giving its reason; the archive and the .deb name every bundled component with
its licence text (NOTICES.txt, the DEP-5 copyright file), every shared library among them;
the .deb's manual page renders."""

from __future__ import annotations

import fnmatch
import json
import os
import re
import subprocess
import tarfile
from pathlib import Path

import pytest

from megalith.desktop.dialogs import about
from tests.packaging.conftest import ROOT, VERSION, clean_env

pytestmark = pytest.mark.slow
ARCHIVE = f"megalith-{VERSION}-linux-{os.uname().machine}.tar.gz"
DEB = f"megalith_{VERSION}-1_amd64.deb"
# At least these are bundled (the notices may name more: what PyInstaller found)
COMPONENTS = {"megalith", "pyside6-essentials", "shiboken6", "numpy", "pyqtgraph", "pyopengl",
              "platformdirs", "pyinstaller", "cpython"}
WRITTEN_JSON = "_internal/megalith/desktop/notices.json"
WRITTEN = {"NOTICES.txt", "LICENSE", WRITTEN_JSON}  # by packaging/notices.py


def normalised(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


@pytest.fixture(scope="module")
def unpacked(artifacts, tmp_path_factory) -> tuple[Path, Path]:
    """The archive's program folder and the .deb's files."""
    folder = tmp_path_factory.mktemp("unpacked")
    with tarfile.open(artifacts / ARCHIVE) as archive:
        archive.extractall(folder / "archive", filter="tar")
    subprocess.run(["dpkg-deb", "-x", str(artifacts / DEB), str(folder / "deb")], check=True,
                   timeout=300)
    return folder / "archive" / f"megalith-{VERSION}" / "megalith", folder / "deb"


def is_elf(path: Path) -> bool:
    if path.is_symlink() or not path.is_file():
        return False
    with path.open("rb") as file:
        return file.read(4) == b"\x7fELF"


def program_files(program: Path) -> list[str]:
    return sorted(str(p.relative_to(program)) for p in program.rglob("*")
                  if p.is_file() and not p.is_symlink())


def dep5(text: str) -> list[dict[str, str]]:
    """The paragraphs of a DEP-5 file, each field's value with its continuation lines."""
    paragraphs = []
    for block in re.split(r"\n\s*\n", text.strip()):
        fields: dict[str, str] = {}
        name = ""
        for line in block.splitlines():
            if line.startswith((" ", "\t")):
                fields[name] += "\n" + line[1:]
            else:
                name, _, value = line.partition(":")
                fields[name] = value.strip()
        paragraphs.append(fields)
    return paragraphs


def test_two_builds_of_one_commit_are_the_same_byte_for_byte(artifacts, tmp_path) -> None:
    if os.environ.get("MEGALITH_ARTIFACTS"):
        pytest.skip("MEGALITH_ARTIFACTS: the first build may be of another commit")
    again = tmp_path / "again"
    done = subprocess.run([str(ROOT / "packaging" / "build.sh"), str(again)],
                          capture_output=True, text=True, timeout=3000, env=clean_env())
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    first = (artifacts / "SHA256SUMS").read_text()
    assert len(first.splitlines()) == 4  # the wheel, the sdist, the archive, the .deb
    assert (again / "SHA256SUMS").read_text() == first


def test_lintian_finds_no_error_nor_warning_and_each_override_has_its_reason(
        artifacts) -> None:
    done = subprocess.run(["lintian", "--no-tag-display-limit", "--show-overrides",
                           str(artifacts / DEB)], capture_output=True, text=True, timeout=1800)
    print(done.stdout)
    tags = [line for line in done.stdout.splitlines() if re.match(r"^[EWIPXO]: ", line)]
    assert not [t for t in tags if t.startswith(("E:", "W:"))], done.stdout
    lines = (ROOT / "packaging" / "lintian-overrides").read_text().splitlines()
    overrides = [i for i, line in enumerate(lines) if line.startswith("megalith")]
    assert overrides
    for i in overrides:  # its reason: the comment line(s) above it
        assert lines[i - 1].startswith("# ") and len(lines[i - 1]) > 20, lines[i]
    overridden = [t for t in tags if t.startswith("O:")]
    assert overridden and not [t for t in tags if "unused-override" in t], done.stdout


def test_the_archive_names_every_bundled_component_with_its_licence_text(
        unpacked, monkeypatch) -> None:
    program = unpacked[0]
    assert (program / "LICENSE").read_text() == (ROOT / "LICENSE").read_text()
    assert (program.parent / "LICENSE").read_text() == (ROOT / "LICENSE").read_text()
    listed = json.loads((program / WRITTEN_JSON).read_text())["components"]
    names = {normalised(c["name"]): c for c in listed}
    assert COMPONENTS <= set(names), COMPONENTS - set(names)
    notices = (program / "NOTICES.txt").read_text()
    parts = re.split(r"\n={78}\n", notices)  # ..., heading, its text, heading, ...
    for component in listed:
        heading = f"{component['name']} {component['version']}"
        section = parts[parts.index(heading) + 1]
        assert "\n--- " in section, heading  # a licence text follows
        if "LGPL" in component["licence"]:
            assert "replace them with your own build" in section and "Its source:" in section
    uncovered = [f for f in program_files(program) if f not in WRITTEN
                 and not any(fnmatch.fnmatch(f, glob) for c in listed for glob in c["files"])]
    assert uncovered == []
    elf = [f for f in program_files(program) if is_elf(program / f)]
    assert len(elf) > 50 and any(f.endswith("libQt6Core.so.6") for f in elf)
    # and Help > About lists the same
    monkeypatch.setattr(about, "notices_file", lambda: program / WRITTEN_JSON)
    shown = about.bundled_components()
    assert shown and {normalised(c.name) for c in shown} == set(names) - {"megalith"}


def test_the_deb_s_copyright_file_gives_every_shared_library_its_licence(unpacked) -> None:
    deb = unpacked[1]
    text = (deb / "usr/share/doc/megalith/copyright").read_text()
    paragraphs = dep5(text)
    assert paragraphs[0]["Format"].startswith("https://www.debian.org/doc/packaging-manuals/"
                                              "copyright-format/1.0")
    files = [p for p in paragraphs if "Files" in p]
    assert files[0]["Files"] == "*" and files[0]["License"].startswith("MIT\n")
    for paragraph in files:
        licence, _, body = paragraph["License"].partition("\n")
        assert licence and len(body) > 100, paragraph["Files"]  # a text or where Debian keeps it
        for common in re.findall(r"/usr/share/common-licenses/([\w.+-]+)\.", body):
            assert Path("/usr/share/common-licenses", common).is_file(), common
    globs = [(g, p) for p in files[1:] for g in p["Files"].split()]
    program = deb / "usr/lib/megalith"
    libraries = [p for p in program.rglob("*") if is_elf(p)]
    assert len(libraries) > 50
    for library in libraries:
        path = str(library.relative_to(deb))
        assert any(fnmatch.fnmatch(path, glob) for glob, _ in globs), path
    assert not (program / "NOTICES.txt").exists() and not (program / "LICENSE").exists()


def test_the_deb_s_manual_page_renders_the_command_s_own_help(unpacked, tmp_path) -> None:
    page = unpacked[1] / "usr/share/man/man1/megalith.1.gz"
    done = subprocess.run(["man", "--warnings", "-l", str(page)], capture_output=True,
                          text=True, timeout=60, env=clean_env(MANWIDTH="80", LC_ALL="C.UTF-8"))
    assert done.returncode == 0 and not done.stderr, done.stderr
    text = re.sub(r".\x08", "", done.stdout)  # no bold or underline
    assert text.startswith("MEGALITH(1)")
    for said in ("megalith [FILE]", "megalith rules [GAME]", "megalith check [-h] [--json]",
                 "replay only the first N moves", "the move the computer would play"):
        assert said in " ".join(text.split()), said
