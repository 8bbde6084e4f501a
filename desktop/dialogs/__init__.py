"""Dialogs of the desktop application."""

from desktop.dialogs.new_game import NewGameDialog

__all__ = ["NewGameDialog"]
