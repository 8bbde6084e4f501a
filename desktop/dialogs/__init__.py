"""Dialogs of the desktop application."""

from desktop.dialogs.new_game import GameChoice, NewGameDialog

__all__ = ["GameChoice", "NewGameDialog"]
