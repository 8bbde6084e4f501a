"""The game in progress, kept safe after every change.

Each running Megalith keeps one file, `autosave-<process id>.json` in the data folder, so two
windows open at once never overwrite each other's game. It holds the record in pbmserv format
plus what the format cannot hold (the file it came from, the people's colours, whether it had
unsaved changes, the line and the position on screen). It is written atomically (a
temporary file in the same folder, flushed, then os.replace, then the folder synced),
removed when the window closes normally, and offered again when a later start finds one
whose process is gone (after a crash or a kill).

A process killed inside a write leaves its temporary file (`.autosave-<pid>.json.<random>`);
the next start removes those whose writer is gone. An autosave that cannot be read is not
dropped: it is renamed `damaged-autosave-<pid>-<time>.json` and the message says where.
"""

from __future__ import annotations

import json
import os
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from megalith.rules import record as records
from megalith.rules.text import number, shown

from megalith.desktop.game.session import Session
from megalith.desktop.settings import data_dir

PREFIX = "autosave-"
DAMAGED_PREFIX = "damaged-"
VERSION = 1


def path(pid: int | None = None) -> Path:
    """This process's autosave file (or another process's)."""
    return data_dir() / f"{PREFIX}{os.getpid() if pid is None else pid}.json"


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    if sys.platform == "win32":
        import ctypes

        handle = ctypes.windll.kernel32.OpenProcess(0x1000, False, pid)  # query only
        if handle:
            ctypes.windll.kernel32.CloseHandle(handle)
        return bool(handle)
    try:
        os.kill(pid, 0)  # signal 0: only asks whether the process exists
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # someone else's process
    return True


def orphans() -> list[Path]:
    """Autosaves left by processes that are gone, newest first."""
    folder = data_dir()
    if not folder.is_dir():
        return []
    found = []
    for candidate in folder.glob(f"{PREFIX}*.json"):
        pid = number(candidate.stem[len(PREFIX):])
        if pid is not None and not _alive(pid):
            found.append(candidate)
    return sorted(found, key=lambda p: p.stat().st_mtime, reverse=True)


def tidy() -> list[Path]:
    """Removes the temporary files of autosaves whose writer is gone (it was killed between
    creating the file and renaming it); returns what it removed."""
    folder = data_dir()
    if not folder.is_dir():
        return []
    removed = []
    for candidate in folder.glob(f".{PREFIX}*.json.*"):
        pid = number(candidate.name[len(PREFIX) + 1:].partition(".json.")[0])
        if pid is not None and not _alive(pid):
            candidate.unlink(missing_ok=True)
            removed.append(candidate)
    return removed


def write(session: Session) -> Path:
    """Saves the session atomically; returns the file's path."""
    target = path()
    target.parent.mkdir(parents=True, exist_ok=True)
    payload = {
        "version": VERSION,
        "record": records.dumps(session.record),
        "path": str(session.path) if session.path else None,
        "colours": [list(c) for c in session.colours],
        "modified": session.modified,
        "viewed": session.viewed,
        "line": session.line,
    }
    records.write_atomically(target, json.dumps(payload, indent=1))
    return target


@dataclass(frozen=True)
class Found:
    """An autosave left behind (`file`): a session to offer, or why it could not be read
    (then `file` is where the damaged autosave was kept)."""

    file: Path
    session: Session | None
    error: str = ""

    def discard(self) -> None:
        """Forget it (after recovering it into this process's autosave, or declining). A
        damaged one stays where it was kept, for the user to look at."""
        if self.session is not None:
            self.file.unlink(missing_ok=True)

    def describe(self) -> str:
        if self.session is None:
            return (f"The autosaved game could not be read: {self.error}. "
                    f"The file is kept as {self.file}.")
        s = self.session
        names = ", ".join(s.record.players)
        where = f" (from {s.path.name})" if s.path else ""
        return f"{s.game} between {names}, {s.ply} moves{where}"


def find() -> Found | None:
    """The newest autosave left by a run that did not close normally, if there is one.
    First removes the temporary files that killed writers left (`tidy`)."""
    tidy()
    candidates = orphans()
    if not candidates:
        return None
    target = candidates[0]
    try:
        payload = json.loads(target.read_text(encoding="utf-8"))
        record = records.parse(payload["record"])
        session = Session.from_record(record, [tuple(c) for c in payload.get("colours", [])],
                                      Path(payload["path"]) if payload.get("path") else None)
        session.modified = bool(payload.get("modified", True))
        line = int(payload.get("line", 0))
        if line:
            session.switch(line)
        session.view(int(payload.get("viewed", session.ply)))
    except Exception as exc:  # any damage: keep the file aside and say so, never crash
        return Found(_keep_aside(target), None, shown(str(exc) or type(exc).__name__, 300))
    return Found(target, session)


def _keep_aside(damaged: Path) -> Path:
    """Renames a damaged autosave so that it is no longer offered but not lost either;
    returns its new path (the old one if the rename fails)."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    kept = damaged.with_name(f"{DAMAGED_PREFIX}{damaged.stem}-{stamp}.json")
    try:
        os.replace(damaged, kept)
    except OSError:
        return damaged
    return kept


def clear() -> None:
    path().unlink(missing_ok=True)
