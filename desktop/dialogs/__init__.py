"""Dialogs of the desktop application."""

from megalith.desktop.dialogs.new_game import NewGameDialog
from megalith.desktop.dialogs.seats import SeatsDialog

__all__ = ["NewGameDialog", "SeatsDialog"]
