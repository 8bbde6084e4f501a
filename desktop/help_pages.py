"""The players' help pages shipped inside the package (`desktop/help/*.md`), without Qt:
Help's dialog (desktop/dialogs/help.py) shows them, `megalith rules GAME` prints them.

The pages are package data read through importlib.resources, so a source checkout, a wheel
installed with pip and the standalone program all find them in the same place. `guide.md`
is the desktop guide; every other page is named after a game's short name. Every page ends
with links to the rules of every game this copy can play, and a game without a page is
listed as such, and opening it says so, rather than failing quietly.
"""

from __future__ import annotations

import re
from importlib import resources
from typing import TYPE_CHECKING

from megalith.rules import registry

if TYPE_CHECKING:  # 3.10 has it here (3.11 also in importlib.resources.abc)
    from importlib.abc import Traversable

GUIDE = "guide"
GUIDE_TITLE = "Playing Megalith"
LINK_SCHEME = "megalith-help"  # links between the pages: megalith-help:drogo
PAGE_NAME = re.compile(r"[a-z][a-z0-9_]*")


def pages_folder() -> Traversable:
    return resources.files("megalith.desktop").joinpath("help")


def find_page(name: str) -> Traversable | None:
    """The page `<name>.md` shipped with the package, if there is one."""
    if not PAGE_NAME.fullmatch(name):
        return None
    page = pages_folder().joinpath(f"{name}.md")
    return page if page.is_file() else None


def games() -> list[tuple[str, str]]:
    """(short name, title) of every game this copy can play, in the registry's order."""
    return [(info.name, info.title) for info in registry.available()]


def title_of(name: str) -> str:
    return next((title for game, title in games() if game == name), name)


def contents_text(current: str | None = None) -> str:
    """A Markdown list linking to the guide and every game's rules page; a game without a
    page is marked, the page on screen is not a link."""
    lines = ["---", "", "**Help pages**", ""]
    for name, title in [(GUIDE, GUIDE_TITLE)] + [(g, f"Rules of {t}") for g, t in games()]:
        label = title if name == current else f"[{title}]({LINK_SCHEME}:{name})"
        if find_page(name) is None:
            label += " (no page in this copy of Megalith)"
        lines.append(f"- {label}")
    return "\n".join(lines) + "\n"


def page_text(name: str, title: str | None = None) -> str:
    """A game's rules page as Markdown, followed by the list of pages; a missing page gives
    a message that says so."""
    title = title or title_of(name)
    page = find_page(name)
    if page is not None:
        body = page.read_text(encoding="utf-8")
    else:
        body = (f"# {title}\n\nThis copy of Megalith has no rules page for {title}. "
                "The game's rules are on pbmserv's own help page for it.\n")
    return body.rstrip("\n") + "\n\n" + contents_text(name)


def desktop_guide_text() -> str:
    """How to play with the mouse and the keyboard, followed by the list of pages."""
    return page_text(GUIDE, GUIDE_TITLE)
