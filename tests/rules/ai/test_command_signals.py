"""Ending `megalith match` and `megalith ai --workers` from outside (SIGTERM, as `kill` and
service managers send it; SIGINT to the whole process group, as Ctrl+C in a terminal does)
ends their worker processes and multiprocessing's resource tracker with them, quietly: no
process of the command is left after 5 s, and no "leaked semaphore" warning or traceback is
printed."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
GRACE = 5.0  # seconds the command has to end after the signal


def session(sid: int) -> list[int]:
    """The processes of session `sid` (the command was started in a session of its own, so
    this finds its workers even once they are orphaned)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:  # ended meanwhile
            continue
        if int(fields[3]) == sid and fields[0] != "Z":
            found.append(int(entry.name))
    return found


def run_until_signalled(tmp_path: Path, argv: list[str], sig: signal.Signals,
                        whole_group: bool) -> tuple[int | None, list[int], str]:
    """Start `megalith ARGV`, wait until its workers search, send `sig`; the exit status
    (None if it did not end), the processes left after GRACE seconds, and its error output."""
    err = tmp_path / "err.txt"
    with err.open("wb") as stderr:
        child = subprocess.Popen([sys.executable, "-m", "megalith.rules.cli", *argv],
                                 stdout=subprocess.DEVNULL, stderr=stderr,
                                 start_new_session=True,
                                 env={**os.environ, "PYTHONPATH": str(ROOT)})
    try:
        deadline = time.monotonic() + 60
        while len(session(child.pid)) < 3 and time.monotonic() < deadline:  # 2 workers
            time.sleep(0.1)
        assert len(session(child.pid)) >= 3, "the workers never started"
        time.sleep(1.5)  # well inside a search
        if whole_group:
            os.killpg(child.pid, sig)
        else:
            child.send_signal(sig)
        deadline = time.monotonic() + GRACE
        while session(child.pid) and time.monotonic() < deadline:
            time.sleep(0.1)
        status = child.poll()
        return status, session(child.pid), err.read_text()
    finally:
        for pid in session(child.pid):
            os.kill(pid, signal.SIGKILL)
        child.wait()


@pytest.fixture
def position(tmp_path: Path) -> Path:
    path = tmp_path / "open.txt"
    path.write_text("druid -size=8 alice bob\nc3\nf6\n")
    return path


COMMANDS = {
    "match": ["match", "druid", "-size=6", "--first", "1s", "--second", "1s", "--games", "50"],
    "ai": ["ai", "POSITION", "--workers", "2", "--seconds", "120"],
}


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("sig, whole_group", [(signal.SIGTERM, False),
                                              (signal.SIGTERM, True),
                                              (signal.SIGINT, False),
                                              (signal.SIGINT, True)],
                         ids=["sigterm", "sigterm-group", "sigint", "ctrl-c"])
def test_a_signal_ends_the_command_and_its_workers(tmp_path: Path, position: Path,
                                                   command: str, sig: signal.Signals,
                                                   whole_group: bool) -> None:
    argv = [str(position) if word == "POSITION" else word for word in COMMANDS[command]]
    status, left, error = run_until_signalled(tmp_path, argv, sig, whole_group)
    assert left == [], f"processes left running: {left}"
    assert status == 128 + sig  # as a shell reports a command the signal ended
    assert "leaked semaphore" not in error and "Traceback" not in error, error
