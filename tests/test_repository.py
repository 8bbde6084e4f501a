"""The repository stands on its own: no tracked file names a path outside it."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# Paths that only exist beside a checkout (the project's private notes, this machine's
# folders), written as a file would cite them.
OUTSIDE = re.compile(r"\.\./shared\b|\bshared/(seeds|RULINGS|QT-NOTES|PBMSERV-FORMAT)"
                     r"|\b(RULINGS|QT-NOTES|PBMSERV-FORMAT)\.md\b|/work/|/tmp/bash_jobs")


def tracked_files() -> list[Path]:
    """The files git tracks or would add; without git (an unpacked source archive), every
    file."""
    try:
        listing = subprocess.run(["git", "ls-files", "-z", "--cached", "--others",
                                  "--exclude-standard"], cwd=ROOT, capture_output=True,
                                 check=True).stdout.decode()
    except (OSError, subprocess.CalledProcessError):
        skipped = {".git", ".venv", "build", "dist", "__pycache__"}
        return [p for p in ROOT.rglob("*")
                if p.is_file() and not skipped & set(p.relative_to(ROOT).parts)]
    return [ROOT / name for name in listing.split("\0") if name]


def citations_outside(text: str) -> list[str]:
    return [match.group(0) for match in OUTSIDE.finditer(text)]


def test_the_pattern_finds_what_it_is_for() -> None:
    # the parent folder's notes, spelt in two pieces so that no file, this one included,
    # holds the citation itself (a plain grep of the repository stays empty)
    beside = ".." + "/shared"
    cited = f"see {beside}/RULINGS.md and shared/seeds/druid.txt, QT-NOTES.md, /work/shared"
    assert citations_outside(cited) == [beside, "RULINGS.md", "shared/seeds", "QT-NOTES.md",
                                        "/work/"]
    assert citations_outside("docs/rules/common.md, a shared edge, shared-mime-info") == []


def test_no_tracked_file_names_a_path_outside_the_repository() -> None:
    files = tracked_files()
    assert ROOT / "README.md" in files and ROOT / "docs" / "rules" / "common.md" in files
    found = []
    for path in files:
        if path.is_symlink() or not path.is_file():
            continue  # megalith/rules and megalith/desktop link to folders read as they are
        try:
            text = path.read_text(encoding="utf-8")
        except (UnicodeDecodeError, FileNotFoundError):
            continue  # pictures and other binary files
        for number, line in enumerate(text.splitlines(), 1):
            if path != Path(__file__) and citations_outside(line):
                found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert found == []
