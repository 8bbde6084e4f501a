"""The rules pages: docs/rules/<game>.md rendered in a dialog.

The pages are looked for beside the package (a source checkout keeps them in docs/rules/ at
the top of the repository) and inside it (desktop/help/, for an installed copy).
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTextBrowser, QVBoxLayout, QWidget

PACKAGE = Path(__file__).resolve().parent


def search_folders() -> list[Path]:
    return [PACKAGE.parent / "docs" / "rules", PACKAGE / "help"]


def find_page(name: str) -> Path | None:
    """The first `<name>.md` in the search folders, if any."""
    for folder in search_folders():
        candidate = folder / f"{name}.md"
        if candidate.is_file():
            return candidate
    return None


def page_text(name: str, title: str) -> str:
    """The page's Markdown, or a Markdown message that says where it was looked for."""
    page = find_page(name)
    if page is not None:
        return page.read_text(encoding="utf-8")
    places = "\n".join(f"- `{folder / (name + '.md')}`" for folder in search_folders())
    return (f"# {title}\n\nThe rules page for {title} is missing from this copy of Megalith. "
            f"It was looked for in:\n\n{places}\n")


def desktop_guide_text() -> str:
    """docs/desktop.md: how to play with the mouse and the keyboard."""
    guide = PACKAGE.parent / "docs" / "desktop.md"
    if not guide.is_file():
        guide = PACKAGE / "help" / "desktop.md"
    if guide.is_file():
        return guide.read_text(encoding="utf-8")
    return "# Megalith\n\nThe guide (docs/desktop.md) is missing from this copy of Megalith.\n"


class HelpDialog(QDialog):
    """A Markdown page in a resizable, non-modal window."""

    def __init__(self, title: str, markdown: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.resize(680, 720)
        layout = QVBoxLayout(self)
        self.browser = QTextBrowser()
        self.browser.setOpenExternalLinks(True)
        self.browser.setMarkdown(markdown)
        layout.addWidget(self.browser)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.close)
        layout.addWidget(buttons)
