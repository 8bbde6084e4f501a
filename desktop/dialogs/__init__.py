"""Dialogs of the desktop application."""

from desktop.dialogs.new_game import GameChoice, NewGameDialog
from desktop.dialogs.seats import Seat, SeatsDialog

__all__ = ["GameChoice", "NewGameDialog", "Seat", "SeatsDialog"]
