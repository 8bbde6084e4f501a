"""Reads every ELF file under a folder with objdump (binutils) and reports what would stop
the folder running on an older or different Linux: a glibc symbol version above the
minimum, and a carried copy of a library that must come from the host
(packaging/host_libraries.txt).

    python3 packaging/elf_audit.py FOLDER [--max-glibc 2.34] [--json]

Exits 1 and names each offending file when there is one; --json prints the whole reading
(every file's glibc versions and needed libraries, and the libraries needed from the
host). packaging/build.sh runs it on every build; tests/packaging/test_standalone.py too."""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from dataclasses import asdict, dataclass
from pathlib import Path

HOST_LIBRARIES = Path(__file__).resolve().parent / "host_libraries.txt"
GLIBC_VERSION = re.compile(r"\bGLIBC_(\d+(?:\.\d+)+)\b")
NEEDED = re.compile(r"^\s*NEEDED\s+(\S+)", re.MULTILINE)


@dataclass
class ElfReading:
    path: str  # relative to the folder
    glibc: list[str]  # the GLIBC_x.y versions it asks for, oldest first
    needed: list[str]  # the sonames it is linked against


def version_key(version: str) -> tuple[int, ...]:
    return tuple(int(part) for part in version.split("."))


def host_library_patterns(path: Path = HOST_LIBRARIES) -> list[re.Pattern[str]]:
    lines = (line.strip() for line in path.read_text(encoding="utf-8").splitlines())
    return [re.compile(line) for line in lines if line and not line.startswith("#")]


def is_elf(path: Path) -> bool:
    if path.is_symlink() or not path.is_file():
        return False
    with path.open("rb") as file:
        return file.read(4) == b"\x7fELF"


def read_elf(path: Path, folder: Path) -> ElfReading:
    """objdump -p: the dynamic section (NEEDED) and the version references (GLIBC_x)."""
    done = subprocess.run(["objdump", "-p", str(path)], capture_output=True, text=True,
                          check=True)
    references = done.stdout.partition("Version References:")[2]
    versions = sorted(set(GLIBC_VERSION.findall(references)), key=version_key)
    return ElfReading(str(path.relative_to(folder)), versions, NEEDED.findall(done.stdout))


def audit(folder: Path, max_glibc: str) -> dict[str, object]:
    readings = [read_elf(path, folder) for path in sorted(folder.rglob("*")) if is_elf(path)]
    patterns = host_library_patterns()
    carried = {Path(reading.path).name for reading in readings}
    too_new = {reading.path: reading.glibc[-1] for reading in readings
               if reading.glibc and version_key(reading.glibc[-1]) > version_key(max_glibc)}
    host_copies = [reading.path for reading in readings
                   if any(p.fullmatch(Path(reading.path).name) for p in patterns)]
    from_host = sorted({name for reading in readings for name in reading.needed
                        if name not in carried})
    return {"files": [asdict(reading) for reading in readings], "too_new": too_new,
            "host_copies": host_copies, "needed_from_host": from_host}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--max-glibc", default="2.34")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    report = audit(args.folder, args.max_glibc)
    if args.json:
        print(json.dumps(report, indent=1))
    failed = False
    for path, version in sorted(report["too_new"].items()):  # type: ignore[union-attr]
        print(f"{path}: needs GLIBC_{version} (above {args.max_glibc})", file=sys.stderr)
        failed = True
    for path in report["host_copies"]:  # type: ignore[union-attr]
        print(f"{path}: a copy of a library that must come from the host", file=sys.stderr)
        failed = True
    if not report["files"]:
        print(f"{args.folder}: no ELF file in it", file=sys.stderr)
        failed = True
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
