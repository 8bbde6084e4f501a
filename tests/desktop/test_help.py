"""Help: the players' pages shipped in the package, the links between them, and a plain
message for a game whose page is missing."""

from __future__ import annotations

import re
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtCore import QUrl

from megalith.desktop import help_pages
from megalith.desktop.game.session import GameChoice
from megalith.desktop.window.main_window import MainWindow
from megalith.rules import registry
from tests.desktop.app_support import quady_window, stand_in_dialogs

GAMES = [info.name for info in registry.available()]
ROOT = Path(__file__).resolve().parents[2]


def page_source(name: str) -> str:
    """The text of a page the copy has."""
    page = help_pages.find_page(name)
    assert page is not None, f"no page for {name}"
    return page.read_text(encoding="utf-8")


@pytest.fixture
def window(qtbot, monkeypatch, tmp_path) -> MainWindow:
    stand_in_dialogs(monkeypatch, tmp_path)
    return quady_window(qtbot)


@pytest.fixture
def unwritten_game(monkeypatch) -> str:
    """A playable game with no page shipped: Druid's engine under another name."""
    available = registry.available()
    extra = replace(registry.get("druid"), name="menhir", title="Menhir")
    monkeypatch.setattr(registry, "available", lambda: available + [extra])
    return "menhir"


@pytest.mark.parametrize("game", GAMES)
def test_every_playable_game_ships_a_page_that_names_each_of_its_options(game) -> None:
    page = help_pages.find_page(game)
    assert page is not None, f"desktop/help/{game}.md is missing"
    text = page.read_text(encoding="utf-8")
    assert text.startswith(f"# {registry.get(game).title}\n")
    for option in registry.get(game).options:
        assert re.search(rf"-{option.name}\b", text), f"{game}: -{option.name} not explained"


@pytest.mark.parametrize("game", GAMES + ["guide"])
def test_the_pages_speak_to_players_not_developers(game) -> None:
    text = page_source(game)
    for developer_word in ("rules/", "tests/", "docs/", ".py", "RULINGS", "golden"):
        assert developer_word not in text, f"{game}.md mentions {developer_word!r}"


def test_page_names_cannot_leave_the_help_folder() -> None:
    assert help_pages.find_page("druid") is not None
    for name in ("../help", "../launch", "druid.md", "Druid", ""):
        assert help_pages.find_page(name) is None


def test_every_page_lists_every_game_and_marks_the_one_on_screen() -> None:
    text = help_pages.page_text("drogo")
    assert text.startswith("# Drogo\n")
    assert "- Rules of Drogo\n" in text  # the page on screen, not a link
    assert "- [Playing Megalith](megalith-help:guide)\n" in text
    for name, title in help_pages.games():
        if name != "drogo":
            assert f"- [Rules of {title}](megalith-help:{name})\n" in text
    assert "no page" not in text


def test_a_game_without_a_page_is_listed_as_such_and_its_page_says_so(unwritten_game) -> None:
    guide = help_pages.desktop_guide_text()
    assert guide.startswith("# Playing Megalith")
    assert ("- [Rules of Menhir](megalith-help:menhir) (no page in this copy of Megalith)\n"
            in guide)
    assert help_pages.page_text("menhir").startswith(
        "# Menhir\n\nThis copy of Megalith has no rules page for Menhir.")


def test_f1_shows_the_current_game_s_page_and_its_links_open_the_others(
        qtbot, window, unwritten_game) -> None:
    dialog = window.help.show_rules()
    assert dialog.windowTitle() == "Rules of Quadrant Y"
    shown = dialog.browser.toPlainText()
    assert "five games at once" in shown and "Rules of Menhir (no page" in shown
    dialog.browser.anchorClicked.emit(QUrl("megalith-help:drogo"))
    assert dialog.windowTitle() == "Rules of Drogo"
    assert dialog.browser.toPlainText().startswith("Drogo\n")
    dialog.browser.anchorClicked.emit(QUrl("megalith-help:menhir"))
    assert dialog.windowTitle() == "Rules of Menhir"
    assert "This copy of Megalith has no rules page for Menhir." in dialog.browser.toPlainText()
    dialog.browser.anchorClicked.emit(QUrl("megalith-help:guide"))
    assert dialog.windowTitle() == "Playing Megalith"


def test_the_guide_is_the_help_menu_s_second_page(qtbot, window) -> None:
    dialog = window.help.show_guide()
    assert dialog.browser.toPlainText().startswith("Playing Megalith at the desk")
    window.start_game(GameChoice("druid", [], ["alice", "bob"], []))
    assert window.help.show_rules().browser.toPlainText().startswith("Druid\n")


def test_the_guide_names_the_computer_s_actions_with_their_real_shortcuts(window) -> None:
    guide = page_source("guide")
    bullets = guide.split("\n- ")
    for action, name in ((window.commands.move_now_action, "Move now"),
                         (window.commands.suggest_action, "Suggest a move"),
                         (window.commands.analyse_action, "Analyse game")):
        (bullet,) = [b for b in bullets if b.startswith(f"**{name}**")]
        assert action.shortcut().toString() in bullet, (name, bullet)
        assert action.text().replace("&", "").endswith(name.split(" ", 1)[-1])


def test_megalith_rules_lists_the_games_and_prints_a_page_without_loading_qt(
        capsys, unwritten_game) -> None:
    from megalith.desktop import launch
    assert launch.main(["rules"]) == 0
    listed = capsys.readouterr().out.splitlines()
    assert "drogo      Drogo" in listed and "quady      Quadrant Y" in listed
    assert "menhir     Menhir  (no page in this copy)" in listed
    assert launch.main(["rules", "Drogo"]) == 0
    assert capsys.readouterr().out == page_source("drogo")
    assert launch.main(["rules", "menhir"]) == 2
    assert capsys.readouterr().err == "this copy of Megalith has no rules page for menhir\n"
    assert launch.main(["rules", "chess"]) == 2
    assert "usage: megalith rules [GAME] (games: druid, drogo" in capsys.readouterr().err
    code = ("import sys; from megalith.desktop.launch import main; main(['rules', 'quady']); "
            "print(any(m.startswith('PySide6') for m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, timeout=60)
    assert done.stdout.startswith("# Quadrant Y\n") and done.stdout.endswith("False\n")


IMAGE = re.compile(r"!\[([^\]]+)\]\(([^)]+)\)")


def test_every_game_page_has_a_picture_drawn_by_the_app_and_shipped_beside_it() -> None:
    folder = help_pages.pages_folder()
    for game in GAMES:
        pictures = IMAGE.findall(help_pages.page_text(game))
        assert pictures, f"{game}: no picture"
        for words, target in pictures:
            assert target.startswith("images/") and target.endswith(".png")
            assert folder.joinpath(target).is_file(), target
            assert len(words) > 30, f"{target}: say what the picture shows"
    script = (ROOT / "docs" / "help_pictures.py").read_text()
    for png in (ROOT / "desktop" / "help" / "images").glob("*.png"):
        assert f'"{png.stem}"' in script, f"{png.name} is not made by docs/help_pictures.py"


def test_the_help_window_shows_the_pictures(qtbot, window) -> None:
    from PySide6.QtGui import QTextDocument

    for game in GAMES:
        dialog = window.help.show_rules() if game == window.session.game else None
        if dialog is None:
            window.start_game(GameChoice(game, [], [n for n in ("alice", "bob", "carol")][
                :registry.get(game).min_players], []))
            dialog = window.help.show_rules()
        qtbot.addWidget(dialog)
        document = dialog.browser.document()
        for _, target in IMAGE.findall(help_pages.page_text(game)):
            image = document.resource(QTextDocument.ResourceType.ImageResource, QUrl(target))
            assert image is not None and not image.isNull(), f"{game}: {target} not loaded"
        dialog.close()


def test_no_help_table_has_an_empty_header_row() -> None:
    for name in [*GAMES, help_pages.GUIDE]:
        text = (help_pages.desktop_guide_text() if name == help_pages.GUIDE
                else help_pages.page_text(name))
        lines = text.splitlines()
        for before, line in zip(lines, lines[1:]):
            if re.fullmatch(r"\|(\s*-+\s*\|)+", line.strip()):  # under a header row
                cells = [c.strip() for c in before.strip().strip("|").split("|")]
                assert all(cells), f"{name}: empty header cell in {before!r}"
