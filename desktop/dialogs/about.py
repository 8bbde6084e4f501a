"""Help > About's text: Megalith's version and licence, and the components it is built on,
each with its version and licence.

The standalone program and the .deb carry `notices.json` in this package, written at build
time by packaging/notices.py from what was bundled; their licence texts are in NOTICES.txt
beside the program (the .deb: /usr/share/doc/megalith/copyright). An installed wheel or a
checkout lists instead the distributions Megalith requires, as pip installed them."""

from __future__ import annotations

import html
import json
import re
from dataclasses import dataclass
from importlib import metadata, resources
from typing import TYPE_CHECKING

from megalith.desktop.version import DISTRIBUTION, PYPROJECT, version

if TYPE_CHECKING:
    from importlib.abc import Traversable

NOTICES = "notices.json"
TEXTS = ("NOTICES.txt beside the program (installed from the .deb: "
         "/usr/share/doc/megalith/copyright)")
REQUIREMENT_NAME = re.compile(r"^[A-Za-z0-9._-]+")


@dataclass(frozen=True)
class Component:
    name: str
    version: str
    licence: str


def notices_file() -> Traversable:
    return resources.files("megalith.desktop").joinpath(NOTICES)


def bundled_components() -> list[Component] | None:
    """What the build bundled (notices.json), Megalith itself left out; None without it."""
    found = notices_file()
    if not found.is_file():
        return None
    listed = json.loads(found.read_text(encoding="utf-8"))["components"]
    return [Component(c["name"], c["version"], c["licence"]) for c in listed
            if normalised(c["name"]) != DISTRIBUTION]


def field(fields: metadata.PackageMetadata, name: str) -> str:
    """A metadata field, "" when it is missing."""
    return str(fields[name]) if name in fields else ""


def licence_of(distribution: metadata.Distribution) -> str:
    """Its SPDX expression; else its License field when short, or its licence classifiers."""
    fields = distribution.metadata
    if field(fields, "License-Expression"):
        return field(fields, "License-Expression")
    licence = field(fields, "License")
    if licence and "\n" not in licence and len(licence) < 60:
        return licence
    classifiers = [c.rsplit(" :: ", 1)[-1] for c in fields.get_all("Classifier") or []
                   if c.startswith("License ::")]
    return " OR ".join(classifiers) or "unknown"


def normalised(name: str) -> str:
    """A distribution's name as pip compares them (PEP 503): PySide6_Essentials is
    pyside6-essentials."""
    return re.sub(r"[-_.]+", "-", name).lower()


def required_components() -> list[Component]:
    """The distributions Megalith requires, and theirs, as installed: the unconditional
    requirements (those for extras or other systems have a marker after `;`)."""
    found: dict[str, Component] = {}
    todo = [DISTRIBUTION]
    while todo:
        try:
            distribution = metadata.distribution(todo.pop())
        except metadata.PackageNotFoundError:
            continue
        name = distribution.metadata["Name"]
        key = normalised(name)
        if key in found:
            continue
        found[key] = Component(name, distribution.version, licence_of(distribution))
        todo += [match.group(0) for requirement in distribution.requires or []
                 if ";" not in requirement and (match := REQUIREMENT_NAME.match(requirement))]
    found.pop(DISTRIBUTION, None)
    return sorted(found.values(), key=lambda c: c.name.lower())


def megalith_licence() -> str:
    """From the installed metadata; a checkout installed before it named one reads
    pyproject.toml's `license` line, as desktop.version does for the version."""
    try:
        licence = field(metadata.metadata(DISTRIBUTION), "License-Expression")
    except metadata.PackageNotFoundError:
        licence = ""
    if licence:
        return str(licence)
    try:
        found = re.search(r'^license = "([^"]+)"$', PYPROJECT.read_text(), re.MULTILINE)
    except OSError:
        found = None
    return found.group(1) if found else "unknown"


def about_text(game_titles: list[str]) -> str:
    """The About box's rich text."""
    bundled = bundled_components()
    components = required_components() if bundled is None else bundled
    rows = "".join(f"<li>{html.escape(c.name)} {html.escape(c.version)}: "
                   f"{html.escape(c.licence)}</li>" for c in components)
    if bundled is None:
        built_on = "Megalith runs on these components, as installed here:"
    else:
        built_on = f"This program bundles, under their own licences (texts: {TEXTS}):"
    return (f"<p>Megalith {html.escape(version())}: a table for Cameron Browne's pbmserv "
            f"games ({html.escape(', '.join(game_titles))}).</p>"
            f"<p>Licence: {html.escape(megalith_licence())}. "
            f"Copyright 2026 The Megalith developers.</p>"
            f"<p>{built_on}</p><ul>{rows}</ul>")
