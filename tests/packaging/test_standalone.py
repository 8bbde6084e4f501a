"""The standalone program (packaging/build.sh): built with PyInstaller, it carries every asset
and help page, opens a record under Xvfb and shows its board, answers `check` and
`--version`, closes cleanly, and its archive's install.sh and uninstall.sh put it in place
and take it away again."""

from __future__ import annotations

import hashlib
import importlib
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest
from megalith import desktop
from megalith.rules import registry
from tests.packaging.conftest import ROOT, VERSION, clean_env, qt_mime_type
from tests.packaging.frames import (assert_the_record_s_board_is_drawn, save_record,
                                    screen_pixels)

pytestmark = pytest.mark.slow
ARCHIVE = f"megalith-{VERSION}-linux-{os.uname().machine}.tar.gz"


def startup_benchmark():
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        return importlib.import_module("startup")
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))


@pytest.fixture
def out(artifacts) -> Path:
    return artifacts


@pytest.fixture
def record(tmp_path) -> Path:
    return save_record(tmp_path / "game.txt")


def audit(folder: Path) -> tuple[int, dict, str]:
    done = subprocess.run([sys.executable, str(ROOT / "packaging" / "elf_audit.py"), "--json",
                           "--max-glibc", "2.34", str(folder)],
                          capture_output=True, text=True, timeout=600)
    return done.returncode, json.loads(done.stdout), done.stderr


def test_no_file_of_the_archive_needs_a_glibc_above_2_34_or_carries_a_host_library(
        out, tmp_path) -> None:
    with tarfile.open(out / ARCHIVE) as archive:
        archive.extractall(tmp_path, filter="tar")
    code, report, errors = audit(tmp_path / f"megalith-{VERSION}")
    assert code == 0, errors
    files = {Path(f["path"]).name: f for f in report["files"]}
    assert {"megalith", "libpython3.11.so.1.0", "libQt6Core.so.6"} <= set(files)
    newest = max((f["glibc"][-1] for f in report["files"] if f["glibc"]),
                 key=lambda v: tuple(map(int, v.split("."))))
    assert newest == "2.34"  # PySide6's wheels ask for it, nothing asks for more
    for library in ("libstdc++.so.6", "libgcc_s.so.1", "libGL.so.1", "libEGL.so.1",
                    "libdrm.so.2", "libfontconfig.so.1"):
        assert library not in files and library in report["needed_from_host"], library
    required = {line.split()[0] for line in
                (ROOT / "packaging" / "host_requirements.txt").read_text().splitlines()
                if line.strip() and not line.startswith("#")}
    from_host = needed_from_the_host(report["files"])
    glibc = {"libc.so.6", "libm.so.6", "libdl.so.2", "libpthread.so.0", "librt.so.1",
             "libutil.so.1", "ld-linux-x86-64.so.2", "libcrypt.so.1", "libresolv.so.2"}
    assert from_host - glibc <= required, (from_host - glibc) - required


def needed_from_the_host(files: list[dict]) -> set[str]:
    """The libraries the program loads from the system: those needed by the files it loads,
    found from Python's side (the interpreter, extension modules) and the X11 platform
    plugin by following NEEDED through the carried libraries. Other Qt plugins (Wayland,
    VNC, ...) are optional: Qt skips one whose libraries are missing."""
    by_name = {Path(f["path"]).name: f for f in files}
    qt = re.compile(r"/PySide6/Qt/")
    x11 = re.compile(r"/plugins/(platforms/libqxcb\.so|xcbglintegrations/)")
    todo = [f for f in files if not qt.search(f["path"]) or x11.search(f["path"])]
    loaded: set[str] = set()
    from_host: set[str] = set()
    while todo:
        file = todo.pop()
        if file["path"] in loaded:
            continue
        loaded.add(file["path"])
        for name in file["needed"]:
            if name in by_name:
                todo.append(by_name[name])
            else:
                from_host.add(name)
    return from_host


def test_the_audit_finds_what_it_looks_for(tmp_path) -> None:
    """The check above can fail: this machine's libstdc++ needs glibc 2.36 and is a host
    library."""
    shutil.copy("/usr/lib/x86_64-linux-gnu/libstdc++.so.6", tmp_path)
    code, report, errors = audit(tmp_path)
    assert code == 1 and report["host_copies"] == ["libstdc++.so.6"]
    assert "libstdc++.so.6: needs GLIBC_2.3" in errors


def test_sha256sums_lists_every_artifact_and_matches(out) -> None:
    listed = dict(reversed(line.split("  ", 1)) for line in
                  (out / "SHA256SUMS").read_text().splitlines())
    assert sorted(listed) == sorted(p.name for p in out.iterdir()
                                    if p.is_file() and p.name != "SHA256SUMS")
    assert {ARCHIVE, f"megalith_{VERSION}-1_amd64.deb", f"megalith-{VERSION}.tar.gz",
            f"megalith-{VERSION}-py3-none-any.whl"} <= set(listed)
    for name, digest in listed.items():
        assert hashlib.sha256((out / name).read_bytes()).hexdigest() == digest, name


def test_the_program_carries_every_help_page_and_asset(out) -> None:
    inside = out / "megalith" / "_internal" / Path(*desktop.__name__.split("."))
    pages = ROOT / "desktop" / "help"
    shipped = sorted(page.name for page in pages.glob("*.md"))
    assert shipped and shipped == sorted(page.name for page in (inside / "help").glob("*.md"))
    for asset in (ROOT / "assets").rglob("*"):
        if asset.is_file():
            copy = inside / "assets" / asset.relative_to(ROOT / "assets")
            assert copy.read_bytes() == asset.read_bytes(), copy


def test_version_and_check(out, record) -> None:
    program = str(out / "megalith" / "megalith")
    done = subprocess.run([program, "--version"], capture_output=True, text=True, timeout=60)
    assert (done.returncode, done.stdout) == (0, f"megalith {VERSION}\n")
    done = subprocess.run([program, "check", str(record)], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[:3] == ["game: drogo -size=4", "players: ann bob", "ply: 2"]
    done = subprocess.run([program, "puzzles", "check", "--shipped", "quady"],
                          capture_output=True, text=True, timeout=120)
    assert (done.returncode, done.stdout) == (0, "30 of 30 puzzles hold\n"), done.stderr


def test_the_computer_searches_in_worker_processes_of_the_program(out, tmp_path) -> None:
    """Each worker is the frozen program started again: it must become a worker, not a
    second Megalith (multiprocessing.freeze_support in the entry point)."""
    record = tmp_path / "q.txt"
    record.write_text("quady -size=5\na1\nc3\n")
    done = subprocess.run([str(out / "megalith" / "megalith"), "ai", str(record),
                           "--seconds", "0.5", "--workers", "2", "--json"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    assert answer["workers"] == 2 and answer["iterations"] > 0 and answer["side"] == "X"
    assert answer["move"] in {a["move"] for a in answer["alternatives"]}


@pytest.mark.parametrize("game", [info.name for info in registry.available()])
def test_help_finds_every_game_s_page_inside_the_program(out, game) -> None:
    done = subprocess.run([str(out / "megalith" / "megalith"), "rules", game],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout == (ROOT / "desktop" / "help" / f"{game}.md").read_text(encoding="utf-8")


def test_the_program_opens_a_record_shows_the_board_and_closes_cleanly(
        qapp, out, record, tmp_path) -> None:
    startup = startup_benchmark()
    before = screen_pixels()
    process, seconds = startup.start([str(out / "megalith" / "megalith"), str(record)], tmp_path)
    try:
        qapp.processEvents()
        pixels = screen_pixels()
    finally:
        process.terminate()
        code = process.wait(timeout=30)
    assert code == 0, process.stderr.read()
    assert_the_record_s_board_is_drawn(before, pixels)
    assert not list((tmp_path / "data").glob("autosave-*"))  # closed as by its close button
    assert seconds < 30


def test_the_archive_installs_and_uninstalls_for_one_user(out, tmp_path) -> None:
    with tarfile.open(out / ARCHIVE) as archive:
        archive.extractall(tmp_path / "unpacked", filter="tar")
    folder = tmp_path / "unpacked" / f"megalith-{VERSION}"
    prefix = tmp_path / "home" / ".local"
    share = prefix / "share"
    # a record as pbmserv keeps it: no extension, the game named by its folder
    record = tmp_path / "games" / "druid" / "101"
    record.parent.mkdir(parents=True)
    record.write_text("(players ann bob)\n(moves\nc3\n)\n")
    unknown_before = qt_mime_type(prefix / "share", record)
    assert unknown_before != "application/x-megalith-record"
    env = clean_env(MEGALITH_PREFIX=str(prefix), HOME=str(tmp_path / "home"))
    done = subprocess.run([str(folder / "install.sh")], capture_output=True, text=True,
                          timeout=300, env=env)
    assert done.returncode == 0, done.stderr
    assert f"Megalith {VERSION} is installed: {prefix}/bin/megalith" in done.stdout
    assert (share / "metainfo" / "io.megalith.megalith.metainfo.xml").is_file()
    entry = (share / "applications" / "megalith.desktop").read_text()
    assert f'Exec="{prefix}/bin/megalith" %f' in entry
    assert (share / "mime" / "packages" / "megalith.xml").is_file()
    for size in (16, 48, 256, 512):
        assert (share / "icons" / "hicolor" / f"{size}x{size}" / "apps" / "megalith.png").is_file()
    assert (share / "icons" / "hicolor" / "scalable" / "apps" / "megalith.svg").is_file()
    assert "application/x-megalith-record" in (share / "mime" / "types").read_text()
    assert qt_mime_type(share, record) == "application/x-megalith-record"
    done = subprocess.run([str(prefix / "bin" / "megalith"), "--version"], capture_output=True,
                          text=True, timeout=60, env=env)
    assert done.stdout == f"megalith {VERSION}\n"

    done = subprocess.run([str(prefix / "lib" / "megalith" / "uninstall.sh")],
                          capture_output=True, text=True, timeout=300, env=env)
    assert done.returncode == 0, done.stderr
    assert not prefix.exists(), sorted(map(str, prefix.rglob("*")))  # all of it was install's
