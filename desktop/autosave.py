"""The game in progress, kept safe after every change.

One file, `autosave.json` in the data folder: the record in pbmserv format plus what the
format cannot hold (the file it came from, the people's colours, whether it had unsaved
changes). It is written atomically (a temporary file in the same folder, flushed, then
os.replace), removed when the window closes normally, and offered again when the program
starts and finds it (after a crash or a kill).
"""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

from rules import record as records

from desktop.session import Session
from desktop.settings import data_dir

FILE_NAME = "autosave.json"
VERSION = 1


def path() -> Path:
    return data_dir() / FILE_NAME


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
    fd, temp = tempfile.mkstemp(prefix=".autosave-", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            json.dump(payload, handle, indent=1)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp, target)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
    return target


@dataclass(frozen=True)
class Found:
    """An autosave left behind: a session to offer, or why it could not be read."""

    session: Session | None
    error: str = ""

    def describe(self) -> str:
        if self.session is None:
            return f"The autosaved game could not be read: {self.error}"
        s = self.session
        names = ", ".join(s.record.players)
        where = f" (from {s.path.name})" if s.path else ""
        return f"{s.game} between {names}, {s.ply} moves{where}"


def find() -> Found | None:
    """The autosave left by a run that did not close normally, if there is one."""
    target = path()
    if not target.exists():
        return None
    try:
        payload = json.loads(target.read_text(encoding="utf-8"))
        record = records.parse(payload["record"])
        session = Session.from_record(record, [tuple(c) for c in payload.get("colours", [])],
                                      Path(payload["path"]) if payload.get("path") else None)
    except Exception as exc:  # any damage: report it, never crash the start-up
        return Found(None, str(exc))
    session.modified = bool(payload.get("modified", True))
    session.view(int(payload.get("viewed", session.ply)))
    return Found(session)


def clear() -> None:
    path().unlink(missing_ok=True)
