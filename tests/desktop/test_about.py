"""Help > About: the version, Megalith's licence and the components with their versions and
licences: from the notices.json a build wrote, else from what pip installed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox

from megalith.desktop.dialogs import about
from megalith.desktop.version import version
from tests.desktop.app_support import quady_window, stand_in_dialogs


def test_without_notices_the_installed_requirements_are_listed() -> None:
    text = about.about_text(["Druid", "Drogo"])
    assert text.startswith(f"<p>Megalith {version()}: a table for Cameron Browne's pbmserv "
                           "games (Druid, Drogo).</p><p>Licence: MIT.")
    names = {about.normalised(c.name): c for c in about.required_components()}
    assert {"pyside6-essentials", "shiboken6", "numpy", "pyqtgraph", "pyopengl"} <= set(names)
    assert "megalith" not in names
    assert names["pyside6-essentials"].licence.startswith("LGPL-3.0-only")
    assert names["pyopengl"].licence == "BSD License"  # from its classifier
    assert f"<li>numpy {names['numpy'].version}: " in text


def test_a_build_s_notices_are_listed_with_where_their_texts_are(monkeypatch,
                                                                  tmp_path) -> None:
    notices = tmp_path / "notices.json"
    notices.write_text(json.dumps({"components": [
        {"name": "megalith", "version": "0.1.0", "licence": "MIT"},
        {"name": "Qt & co", "version": "6.11.3", "licence": "LGPL-3.0-only"}]}))
    monkeypatch.setattr(about, "notices_file", lambda: Path(notices))
    assert about.bundled_components() == [about.Component("Qt & co", "6.11.3", "LGPL-3.0-only")]
    text = about.about_text(["Druid"])
    assert "<li>Qt &amp; co 6.11.3: LGPL-3.0-only</li></ul>" in text
    assert "NOTICES.txt" in text and "<li>megalith" not in text


def test_help_about_shows_the_text(qtbot, monkeypatch, tmp_path) -> None:
    stand_in_dialogs(monkeypatch, tmp_path)
    window = quady_window(qtbot)
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "about", lambda parent, title, text: shown.append(text))
    window.help.show_about()
    assert len(shown) == 1 and "Licence: MIT" in shown[0] and "pyqtgraph" in shown[0]
