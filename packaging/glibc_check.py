"""A PyInstaller runtime hook of the standalone program (packaging/build.sh): run first, before
PyInstaller's own hooks load PySide6, it refuses a system whose glibc is older than the
program needs, saying so, instead of Qt's loader errors about GLIBCXX and a run that goes on.
install.sh checks the same before installing; this is for the program run directly."""

import os
import sys

MINIMUM = (2, 34)  # PySide6 6.11's wheels; packaging/elf_audit.py holds every file to it
SYSTEMS = "Ubuntu 22.04, Debian 12, Fedora 35, RHEL 9 or later"


def glibc_version() -> tuple[int, ...] | None:
    try:
        found = os.confstr("CS_GNU_LIBC_VERSION") or ""  # "glibc 2.36"
    except (ValueError, OSError):
        return None
    name, _, number = found.partition(" ")
    try:
        return tuple(int(part) for part in number.split(".")[:2]) if name == "glibc" else None
    except ValueError:
        return None


found = glibc_version()
if found is not None and found < MINIMUM:
    needed, have = ".".join(map(str, MINIMUM)), ".".join(map(str, found))
    sys.stderr.write(f"Megalith cannot run here: it needs glibc {needed} or newer ({SYSTEMS}); "
                     f"this system has glibc {have}.\n")
    sys.exit(1)
