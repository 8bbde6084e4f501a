"""Packaging beyond what pyproject.toml can say: the top-level assets/ folder ships inside
the package as `desktop/assets`, so an installed Megalith finds its icon, `.desktop` entry
and MIME type with importlib.resources (desktop/assets.py). Everything else is in
pyproject.toml."""

from setuptools import find_packages, setup

setup(
    packages=find_packages(include=["megalith", "megalith.*"])
    + ["megalith.desktop.assets"],
    package_dir={"megalith.desktop.assets": "assets"},
)
