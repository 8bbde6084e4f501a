"""Megalith's records have an extension and a MIME type of their own: the Save dialog offers
`.megalith`, the desktop's MIME database (shared-mime-info, as xdg-mime and Qt read it)
names application/x-megalith-record for such a file and for pbmserv's files by their first
line, and records kept as .txt still open from the app. Quick: no build."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from PySide6.QtWidgets import QFileDialog

from megalith.desktop.assets import RECORD_MIME_TYPE, RECORD_SUFFIX
from megalith.rules import record as records
from megalith.rules.record import Record
from tests.desktop.app_support import quady_window, stand_in_dialogs
from tests.packaging.conftest import ROOT, clean_env, qt_mime_type


@pytest.fixture
def window(qtbot, monkeypatch, tmp_path):
    stand_in_dialogs(monkeypatch, tmp_path)
    return quady_window(qtbot)


def test_save_offers_megalith_s_own_extension_and_the_record_opens_again(
        window, monkeypatch, tmp_path) -> None:
    asked: list[tuple[str, str]] = []

    def choose(parent, caption, default, filters, *rest):  # the name offered, in tmp_path
        asked.append((default, filters))
        return str(tmp_path / Path(default).name), filters.split(";;")[0]
    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(choose))
    assert window.files.save_as()
    ((default, filters),) = asked
    assert Path(default).name == "quady.megalith" and RECORD_SUFFIX == ".megalith"
    assert filters.split(";;")[0] == "Megalith records (*.megalith)"
    assert ".pbm" not in filters and ".txt" not in filters
    saved = tmp_path / "quady.megalith"
    assert saved.read_text().startswith("(game quady)")
    assert window.files.open_file(saved) and window.session.game == "quady"


def test_a_txt_record_still_opens_from_the_app(window, tmp_path) -> None:
    path = tmp_path / "mailed.txt"
    records.save(path, Record("drogo", ["-size=4"], ["ann", "bob"], ["b2", "c3,c2"]))
    assert window.files.open_file(path)
    assert window.session.game == "drogo" and window.session.path == path


@pytest.fixture(scope="module")
def mime_home(tmp_path_factory) -> Path:
    """A data folder holding only Megalith's MIME type, its database built by
    update-mime-database as install.sh and the .deb's trigger do."""
    share = tmp_path_factory.mktemp("share")
    (share / "mime" / "packages").mkdir(parents=True)
    shutil.copy(ROOT / "assets" / "megalith-mime.xml", share / "mime" / "packages")
    subprocess.run(["update-mime-database", str(share / "mime")], check=True, timeout=60)
    return share


@pytest.fixture(scope="module")
def samples(tmp_path_factory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("records")
    saved = folder / f"game{RECORD_SUFFIX}"
    records.save(saved, Record("quady", ["-size=5"], ["ann", "bob"], ["c5"]))
    board = folder / "druid" / "101"  # pbmserv keeps a game in a file named by its number
    board.parent.mkdir()
    board.write_text("(players ann bob)\n(moves\nc3\n)\n")
    letter = folder / "letter.txt"
    letter.write_text("Dear Ann, (game druid) is on.\n")
    return {"saved": saved, "board": board, "letter": letter}


def xdg_mime(share: Path, path: Path) -> str:
    done = subprocess.run(["xdg-mime", "query", "filetype", str(path)], capture_output=True,
                          text=True, timeout=60,
                          env=clean_env(XDG_DATA_HOME=str(share), XDG_DATA_DIRS="/usr/share",
                                        XDG_CURRENT_DESKTOP="", DE=""))
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


@pytest.mark.parametrize("reader", [xdg_mime, qt_mime_type], ids=["xdg-mime", "Qt"])
def test_the_desktop_names_megalith_s_type_for_records_and_pbmserv_files(
        reader, mime_home, samples) -> None:
    for sample in ("saved", "board"):  # a .txt stays text/plain for some readers (Qt)
        assert reader(mime_home, samples[sample]) == RECORD_MIME_TYPE, sample
    assert reader(mime_home, samples["letter"]) == "text/plain"  # "(game " not at the start


def test_without_megalith_s_type_the_same_files_are_not_megalith_s(samples,
                                                                   tmp_path) -> None:
    """The check above is not the system's own doing: without the type, no such name."""
    (tmp_path / "mime").mkdir()
    for sample in ("saved", "board"):
        assert xdg_mime(tmp_path, samples[sample]) != RECORD_MIME_TYPE
