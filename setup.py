"""Packaging beyond what pyproject.toml can say: one package, `megalith`, holding
megalith.rules and megalith.desktop (megalith/rules and megalith/desktop link to the
top-level folders; the wheel carries real copies), and the top-level assets/ folder ships
inside it as `megalith/desktop/assets`, so an installed Megalith finds its icon, `.desktop`
entry, MIME type and AppStream entry with importlib.resources (desktop/assets.py).
Everything else is in pyproject.toml."""

from setuptools import find_packages, setup

setup(
    packages=find_packages(include=["megalith", "megalith.*"])
    + ["megalith.desktop.assets"],
    package_dir={"megalith.desktop.assets": "assets"},
)
