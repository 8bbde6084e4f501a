"""Deletes from a frozen program the libraries it must take from the machine it runs on:

- those packaging/host_libraries.txt names (graphics stack, C and C++ runtimes, fonts);
- every copy PyInstaller took from this build machine's own system folders (byte for byte
  the same as a file there): they were built for this machine's glibc, which can be newer
  than the oldest the program supports. packaging/host_requirements.txt lists what the
  program then needs from the host, and install.sh and the .deb ask for it.

    python3 packaging/prune_host_libraries.py FOLDER

Libraries from the wheels and from the interpreter's own folder stay. Prints what it
deleted."""

from __future__ import annotations

import filecmp
import sys
from pathlib import Path

from elf_audit import host_library_patterns, is_elf

SYSTEM_FOLDERS = [Path("/lib/x86_64-linux-gnu"), Path("/usr/lib/x86_64-linux-gnu"),
                  Path("/lib64"), Path("/usr/lib64"), Path("/lib"), Path("/usr/lib")]


def from_this_machine(path: Path) -> bool:
    for folder in SYSTEM_FOLDERS:
        system = folder / path.name
        if system.is_file() and filecmp.cmp(system, path, shallow=False):
            return True
    return False


def prune(folder: Path) -> list[Path]:
    patterns = host_library_patterns()
    deleted = []
    for path in sorted(folder.rglob("*.so*")):
        if not is_elf(path):
            continue
        if any(p.fullmatch(path.name) for p in patterns) or from_this_machine(path):
            path.unlink()
            deleted.append(path)
    return deleted


if __name__ == "__main__":
    for path in prune(Path(sys.argv[1])):
        print(f"left to the host: {path.name}")
