"""Panels beside the board."""

from desktop.panels.side_panel import SidePanel

__all__ = ["SidePanel"]
