"""Makes a .tar.gz the same for every build of one commit, in place: its entries sorted by
name, dated SOURCE_DATE_EPOCH, owned by 0:0 with no owner names, and a gzip header with no
time and no file name. packaging/build.sh runs it on the sdist, which setuptools dates, with
its generated files, at build time (the standalone archive is made so by GNU tar's options).

    SOURCE_DATE_EPOCH=... python3 packaging/reproducible_tar.py ARCHIVE.tar.gz..."""

from __future__ import annotations

import gzip
import os
import sys
import tarfile
from pathlib import Path


def rewrite(path: Path, epoch: int) -> None:
    part = path.with_name(path.name + ".part")
    with tarfile.open(path, "r:gz") as source, part.open("wb") as raw, \
            gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0) as packed, \
            tarfile.open(fileobj=packed, mode="w", format=source.format) as target:
        for member in sorted(source.getmembers(), key=lambda m: m.name):
            member.mtime, member.uid, member.gid = epoch, 0, 0
            member.uname = member.gname = ""
            member.pax_headers = {}
            target.addfile(member, source.extractfile(member) if member.isfile() else None)
    part.replace(path)


def main(argv: list[str]) -> int:
    epoch = int(os.environ["SOURCE_DATE_EPOCH"])
    for name in argv:
        rewrite(Path(name), epoch)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
