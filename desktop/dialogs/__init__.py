"""Dialogs of the desktop application."""

from desktop.dialogs.new_game import NewGameDialog
from desktop.dialogs.seats import SeatsDialog

__all__ = ["NewGameDialog", "SeatsDialog"]
