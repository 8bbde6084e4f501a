"""The game in progress, kept safe after every change.

Each running Megalith keeps one file, `autosave-<process id>.json` in the data folder, so two
windows open at once never overwrite each other's game. It holds the record in pbmserv format
plus what the format cannot hold (the file it came from, the people's colours, whether it had
unsaved changes). It is written atomically (a temporary file in the same folder, flushed, then
os.replace), removed when the window closes normally, and offered again when a later start
finds one whose process is gone (after a crash or a kill).
"""

from __future__ import annotations

import json
import os
import sys
from dataclasses import dataclass
from pathlib import Path

from rules import record as records

from desktop.session import Session
from desktop.settings import data_dir

PREFIX = "autosave-"
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
        number = candidate.stem[len(PREFIX):]
        if number.isdigit() and not _alive(int(number)):
            found.append(candidate)
    return sorted(found, key=lambda p: p.stat().st_mtime, reverse=True)


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
    }
    records.write_atomically(target, json.dumps(payload, indent=1))
    return target


@dataclass(frozen=True)
class Found:
    """An autosave left behind (`file`): a session to offer, or why it could not be read."""

    file: Path
    session: Session | None
    error: str = ""

    def discard(self) -> None:
        """Forget it (after recovering it into this process's autosave, or declining)."""
        self.file.unlink(missing_ok=True)

    def describe(self) -> str:
        if self.session is None:
            return f"The autosaved game could not be read: {self.error}"
        s = self.session
        names = ", ".join(s.record.players)
        where = f" (from {s.path.name})" if s.path else ""
        return f"{s.game} between {names}, {s.ply} moves{where}"


def find() -> Found | None:
    """The newest autosave left by a run that did not close normally, if there is one."""
    candidates = orphans()
    if not candidates:
        return None
    target = candidates[0]
    try:
        payload = json.loads(target.read_text(encoding="utf-8"))
        record = records.parse(payload["record"])
        session = Session.from_record(record, [tuple(c) for c in payload.get("colours", [])],
                                      Path(payload["path"]) if payload.get("path") else None)
    except Exception as exc:  # any damage: report it, never crash the start-up
        return Found(target, None, str(exc))
    session.modified = bool(payload.get("modified", True))
    session.view(int(payload.get("viewed", session.ply)))
    return Found(target, session)


def clear() -> None:
    path().unlink(missing_ok=True)
