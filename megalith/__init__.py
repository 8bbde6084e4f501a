"""Megalith, under the one name it installs: the game engines are `megalith.rules` (the
folder rules/) and the Qt application `megalith.desktop` (desktop/). In a checkout
megalith/rules and megalith/desktop are links to those folders, so the repository keeps its
layout; the wheel carries them as real folders inside megalith/ (setup.py)."""
