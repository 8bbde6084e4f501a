"""Panels beside the board."""

from megalith.desktop.panels.side_panel import SidePanel

__all__ = ["SidePanel"]
