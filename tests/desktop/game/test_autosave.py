"""The autosave's care for its folder (issue 15): temporary files of killed writers are
removed on start, the folder is synced after the rename, and a damaged autosave is kept
aside and named, not dropped."""

from __future__ import annotations

import json
import os
import signal
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from megalith.desktop.game import autosave
from megalith.desktop.game.session import Session
from megalith.rules import record as records
from tests.desktop.app_support import DEAD_PID, crash

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture(autouse=True)
def data(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    folder = tmp_path / "data"
    monkeypatch.setenv("MEGALITH_DATA_DIR", str(folder))
    return folder


def druid_session() -> Session:
    session = Session.new("druid", ["-size=6"], ["alice", "bob"])
    session.play("c3")
    return session


def test_a_writer_killed_inside_a_write_leaves_a_temporary_file_the_next_start_removes(
        data: Path) -> None:
    child = (
        "import os, signal\n"
        "from megalith.desktop.game import autosave\n"
        "from megalith.desktop.game.session import Session\n"
        "session = Session.new('druid', ['-size=6'], ['alice', 'bob'])\n"
        "os.replace = lambda *args: os.kill(os.getpid(), signal.SIGKILL)  # dies mid-write\n"
        "autosave.write(session)\n")
    done = subprocess.run([sys.executable, "-c", child], cwd=ROOT, timeout=60,
                          env={**os.environ, "MEGALITH_DATA_DIR": str(data)})
    assert done.returncode == -signal.SIGKILL
    left = [p.name for p in data.iterdir()]
    assert len(left) == 1 and left[0].startswith(".autosave-") and ".json." in left[0]
    assert autosave.find() is None  # the writer is gone: its temporary file is removed
    assert list(data.iterdir()) == []


def test_only_temporary_files_of_dead_writers_are_removed(data: Path) -> None:
    data.mkdir()
    stale = data / f".autosave-{DEAD_PID}.json.k2j4_x"
    live = data / f".autosave-{os.getpid()}.json.abc123"  # a write going on now
    others = [data / "notes.txt", data / ".autosave-x.json.1", data / ".other-1.json.2"]
    for path in [stale, live, *others]:
        path.write_text("{")
    assert autosave.tidy() == [stale]
    assert not stale.exists() and live.exists() and all(p.exists() for p in others)


def test_the_folder_is_synced_after_the_rename(monkeypatch: pytest.MonkeyPatch) -> None:
    events: list[str] = []
    real_fsync, real_replace = os.fsync, os.replace

    def fsync(handle: int) -> None:
        events.append("fsync folder" if stat.S_ISDIR(os.fstat(handle).st_mode) else "fsync file")
        real_fsync(handle)

    def replace(source, target) -> None:
        events.append("rename")
        real_replace(source, target)

    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(os, "replace", replace)
    autosave.write(druid_session())
    assert events == ["fsync file", "rename", "fsync folder"]


def test_a_damaged_autosave_is_kept_aside_and_named(data: Path) -> None:
    data.mkdir()
    damaged = autosave.path(DEAD_PID)
    damaged.write_text('{"record": "(game druid)\\n(players a b)\\n(moves\\nc3\\n', "utf-8")
    found = autosave.find()
    assert found is not None and found.session is None
    assert not damaged.exists() and found.file.exists() and found.file.parent == data
    assert found.file.name.startswith(f"damaged-autosave-{DEAD_PID}-")
    assert found.file.read_text("utf-8").startswith('{"record"')
    assert found.describe().endswith(f"The file is kept as {found.file}.")
    assert "could not be read: Unterminated string" in found.describe()
    found.discard()  # what the window does after telling the user: the kept file stays
    assert found.file.exists()
    assert autosave.find() is None  # and it is not offered again


@pytest.mark.parametrize("payload", [
    "[1, 2]", '{"record": 5}', "\x00\xff", json.dumps({"record": "druid\nc3\n", "viewed": "x"}),
    json.dumps({"record": "druid\n" + "c3\n" * 3}),
])
def test_any_damage_is_reported_never_raised(data: Path, payload: str) -> None:
    data.mkdir()
    autosave.path(DEAD_PID).write_text(payload, "utf-8", errors="surrogateescape")
    found = autosave.find()
    assert found is not None and found.session is None and found.error
    assert found.describe().isprintable() and len(found.describe()) < 600


def test_a_good_autosave_still_comes_back_whole(data: Path) -> None:
    session = druid_session()
    autosave.write(session)
    crash()
    found = autosave.find()
    assert found is not None and found.session is not None
    assert records.dumps(found.session.record) == records.dumps(session.record)
    found.discard()
    assert list(data.iterdir()) == []
