"""Dialogs of the desktop application."""

from megalith.desktop.dialogs.new_game import GameChoice, NewGameDialog

__all__ = ["GameChoice", "NewGameDialog"]
