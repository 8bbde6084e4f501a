"""install.sh's refusal on a system that lacks something: each missing thing named with its
Debian/Ubuntu package, each package once, then one `sudo apt install` line for them all; on
a glibc too old, that alone, with no apt line (no package mends it). Quick: a stand-in
program, a made-up requirements list, a stand-in getconf."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

from tests.packaging.conftest import ROOT, clean_env

REQUIREMENTS = """\
# soname package
libnot-here-a.so.1 libnothere-a1
libnot-here-b.so.0 libnothere-a1
libc.so.6 libc6
libnot-here-c.so.3 libnothere-c3
"""


def unpacked(folder: Path, requirements: str) -> Path:
    """An archive's folder: install.sh, the requirements, a program that does nothing."""
    shutil.copy(ROOT / "packaging" / "install.sh", folder)
    (folder / "host_requirements.txt").write_text(requirements)
    (folder / "megalith").mkdir()
    program = folder / "megalith" / "megalith"
    program.write_text("#!/bin/sh\n")
    program.chmod(0o755)
    return folder / "install.sh"


def install(script: Path, tmp_path: Path,
            glibc: str | None = None) -> subprocess.CompletedProcess[str]:
    env = clean_env(MEGALITH_PREFIX=str(tmp_path / "prefix"), HOME=str(tmp_path))
    if glibc:
        fake = tmp_path / "bin"
        fake.mkdir()
        (fake / "getconf").write_text(f"#!/bin/sh\necho glibc {glibc}\n")
        (fake / "getconf").chmod(0o755)
        env["PATH"] = f"{fake}:{os.environ['PATH']}"
    return subprocess.run([str(script)], capture_output=True, text=True, timeout=60, env=env)


def test_each_missing_package_is_named_once_and_one_apt_line_installs_them(tmp_path) -> None:
    done = install(unpacked(tmp_path, REQUIREMENTS), tmp_path)
    assert done.returncode == 1 and not (tmp_path / "prefix").exists()
    lines = done.stderr.splitlines()
    assert lines[0] == "Megalith (unknown version) was NOT installed: this system lacks"
    assert lines[1] == ("  the library libnot-here-a.so.1, the library libnot-here-b.so.0 "
                        "(Debian/Ubuntu package libnothere-a1)")
    assert lines[2] == "  the library libnot-here-c.so.3 (Debian/Ubuntu package libnothere-c3)"
    assert lines[-1] == "  sudo apt install libnothere-a1 libnothere-c3"
    assert done.stderr.count("libnothere-a1") == 2  # its line and the apt line
    assert "libc6" not in done.stderr


def test_a_glibc_too_old_is_all_it_says_with_no_apt_line(tmp_path) -> None:
    done = install(unpacked(tmp_path, REQUIREMENTS), tmp_path, glibc="2.31")
    assert done.returncode == 1
    assert done.stderr.splitlines()[1:] == [
        "  glibc 2.34 or newer (this system has 2.31): Ubuntu 22.04, Debian 12, Fedora 35, "
        "RHEL 9 or later"]
