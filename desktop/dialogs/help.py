"""Help: the players' pages (desktop/help_pages.py) in a dialog whose links between pages
open in the same window."""

from __future__ import annotations

from PySide6.QtCore import QUrl
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTextBrowser, QVBoxLayout, QWidget

from megalith.desktop.help_pages import (GUIDE, GUIDE_TITLE, LINK_SCHEME, desktop_guide_text,
                                         page_text, pages_folder, title_of)

__all__ = ["HelpDialog", "desktop_guide_text", "page_text"]  # what the window uses


class HelpDialog(QDialog):
    """A Markdown page in a resizable, non-modal window. Links to other help pages open in
    the same window; links to the web open in the browser."""

    def __init__(self, title: str, markdown: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.resize(680, 720)
        layout = QVBoxLayout(self)
        self.browser = QTextBrowser()
        self.browser.setOpenLinks(False)
        self.browser.anchorClicked.connect(self.follow)
        # the pages' pictures (images/<name>.png) are found beside the pages
        self.browser.setSearchPaths([str(pages_folder())])
        self.browser.setMarkdown(markdown)
        layout.addWidget(self.browser)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.close)
        layout.addWidget(buttons)

    def show_page(self, name: str) -> None:
        if name == GUIDE:
            self.setWindowTitle(GUIDE_TITLE)
            self.browser.setMarkdown(desktop_guide_text())
        else:
            title = title_of(name)
            self.setWindowTitle(f"Rules of {title}")
            self.browser.setMarkdown(page_text(name, title))

    def follow(self, url: QUrl) -> None:
        if url.scheme() == LINK_SCHEME:
            self.show_page(url.path())
        elif url.scheme() in ("http", "https", "mailto"):
            QDesktopServices.openUrl(url)
