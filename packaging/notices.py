"""Writes the notices of what the frozen program bundles, from what PyInstaller put in it:

    python packaging/notices.py PROGRAM WORK COPYRIGHT

PROGRAM is the frozen program's folder (after packaging/prune_host_libraries.py), WORK
PyInstaller's work folder for it (its .toc files say where each bundled file and module came
from). Run by the Python of the venv Megalith was frozen from (its distributions are the
bundled ones). It writes

- PROGRAM/NOTICES.txt: each component with its version, licence, files, where its source
  is and its licence texts; what the LGPL asks of the components under it;
- PROGRAM/LICENSE: Megalith's own;
- PROGRAM/_internal/megalith/desktop/notices.json: the list, for Help > About;
- COPYRIGHT: the same as the .deb's machine-readable debian/copyright (DEP-5).

Every bundled file must come from a Python distribution of the venv, from CPython (the
standard library, libpython; the libraries packaging/build_python.sh copied from Debian 11
come with their Debian copyright files), or be PyInstaller's: anything else stops the build,
so a new dependency cannot go unmentioned. A distribution whose wheel carries no licence file
takes its text from packaging/licences/, or from /usr/share/common-licenses for the licences
Debian keeps there."""

from __future__ import annotations

import ast
import json
import platform
import re
import sys
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path

from megalith.desktop.dialogs.about import licence_of, normalised

HERE = Path(__file__).resolve().parent
LICENCES = HERE / "licences"
COMMON_LICENCES = Path("/usr/share/common-licenses")
# SPDX identifiers of the licences Debian keeps in /usr/share/common-licenses
COMMON = {"LGPL-3.0-only": "LGPL-3", "LGPL-3.0-or-later": "LGPL-3", "GPL-3.0-only": "GPL-3",
          "GPL-3.0-or-later": "GPL-3", "GPL-2.0-only": "GPL-2", "GPL-2.0-or-later": "GPL-2",
          "LGPL-2.1-only": "LGPL-2.1", "LGPL-2.1-or-later": "LGPL-2.1",
          "Apache-2.0": "Apache-2.0", "MPL-2.0": "MPL-2.0"}
# The licence of each library build_python.sh copies from Debian 11, by source package
DEBIAN_LICENCES = {"libffi": "MIT", "openssl": "OpenSSL AND SSLeay"}
# The full texts Debian keeps in /usr/share/common-licenses, as licence files quote them: the
# DEP-5 file names the copy there instead (lintian: copyright-file-contains-full-*-license)
FULL_TEXTS = {name: re.compile(rf"^[ \t]*{title}\s*\n[ \t]*Version {version}.*?"
                               r"END OF TERMS AND CONDITIONS", re.MULTILINE | re.DOTALL)
              for name, title, version in (
                  ("GPL-2", "GNU GENERAL PUBLIC LICENSE", "2, June 1991"),
                  ("GPL-3", "GNU GENERAL PUBLIC LICENSE", "3, 29 June 2007"),
                  ("LGPL-2.1", "GNU LESSER GENERAL PUBLIC LICENSE", "2.1, February 1999"),
                  ("Apache-2.0", "Apache License", r"2\.0, January 2004"))}
LICENCE_FILE = re.compile(r"(LICEN[CS]E|COPYING|NOTICE)", re.IGNORECASE)
COPYRIGHT_LINE = re.compile(r"^\W*(Copyright\b.*\d{4}.*)$", re.IGNORECASE | re.MULTILINE)
PROGRAM_FILES = "_internal"
PYINSTALLER = "pyinstaller"
LGPL_NOTE = """\
{name} {version} is under the GNU Lesser General Public License (its text and that of the
GNU GPL it builds on follow). Its source: {source}. The program loads it as shared libraries
from the files named below, so you may replace them with your own build of the same version
(or a compatible one): the program then uses yours. Megalith's own source (MIT), with
packaging/build.sh that makes this program, is the sdist megalith-{megalith}.tar.gz, so you
can also build the whole program again with a changed {name}."""


@dataclass
class Component:
    """A bundled component: a Python distribution, CPython, or a Debian library."""
    name: str
    version: str
    licence: str  # an SPDX expression where one is known
    source: str  # where its source is
    texts: list[tuple[str, str]] = field(default_factory=list)  # (title, text)
    common: list[str] = field(default_factory=list)  # /usr/share/common-licenses names
    files: set[str] = field(default_factory=set)  # relative to the program's folder


def toc_entries(work: Path) -> list[tuple[str, str, str]]:
    """Every (destination, source, type) entry in PyInstaller's tables of contents:
    PYZ-00.toc (the modules in the archive), PKG-00.toc (the executable's) and COLLECT-00.toc
    (the files beside it). The files are Python literals."""
    entries: list[tuple[str, str, str]] = []

    def walk(value: object) -> None:
        if (isinstance(value, tuple) and len(value) == 3
                and all(isinstance(v, str) for v in value)):
            entries.append(value)
        elif isinstance(value, (list, tuple)):
            for item in value:
                walk(item)

    for name in ("PYZ-00.toc", "PKG-00.toc", "COLLECT-00.toc"):
        walk(ast.literal_eval((work / name).read_text(encoding="utf-8")))
    return entries


def installed_files() -> dict[Path, metadata.Distribution]:
    """Each file of each distribution in this venv, resolved, to its distribution."""
    owners = {}
    for distribution in metadata.distributions():
        for file in distribution.files or []:
            owners[Path(str(distribution.locate_file(file))).resolve()] = distribution
    return owners


def dist_info_licences(distribution: metadata.Distribution) -> list[tuple[str, str]]:
    """The licence files in its .dist-info (PEP 639's licenses/ and the older places)."""
    texts = []
    for file in sorted(distribution.files or [], key=str):
        parts = file.parts
        if parts[0].endswith(".dist-info") and LICENCE_FILE.search(file.name):
            text = Path(str(distribution.locate_file(file))).read_text(encoding="utf-8",
                                                                    errors="replace")
            texts.append(("/".join(parts[1:]), text))
    return texts


def common_licences(licence: str) -> list[str]:
    return sorted({COMMON[spdx] for spdx in re.findall(r"[\w.+-]+", licence) if spdx in COMMON})


def of_distribution(distribution: metadata.Distribution) -> Component:
    name, version = distribution.metadata["Name"], distribution.version
    urls = distribution.metadata.get_all("Project-URL") or []
    source = next((url.split(",", 1)[1].strip() for url in urls
                   if url.lower().startswith(("source", "repository", "code"))), "")
    pypi = f"https://pypi.org/project/{name}/{version}/"
    component = Component(name, version, licence_of(distribution),
                          f"{source} (this version: {pypi})" if source else pypi)
    component.texts = dist_info_licences(distribution)
    kept = LICENCES / f"{normalised(name)}.txt"
    if not component.texts and kept.is_file():
        component.texts = [(f"packaging/licences/{kept.name}", kept.read_text())]
    if not component.texts:
        component.common = common_licences(component.licence)
    return component


def of_cpython() -> Component:
    lib = Path(sys.base_prefix) / "lib" / f"python{sys.version_info[0]}.{sys.version_info[1]}"
    version = platform.python_version()
    component = Component("CPython", version, "PSF-2.0",
                          f"https://www.python.org/ftp/python/{version}/Python-{version}.tar.xz")
    component.texts = [(name, (lib / name).read_text(encoding="utf-8"))
                       for name in ("LICENSE.txt", "license.rst") if (lib / name).is_file()]
    return component


def debian_libraries() -> dict[str, Component]:
    """The libraries build_python.sh copied from Debian 11, by file name."""
    prefix = Path(sys.base_prefix)
    listing = prefix / "lib" / "debian-libraries.txt"
    found: dict[str, Component] = {}
    for line in listing.read_text().splitlines() if listing.is_file() else []:
        soname, package, version, source = line.split()
        copyright_file = prefix / "share" / "doc" / package / "copyright"
        component = found.get(package) or Component(
            f"{package} (Debian 11)", version, DEBIAN_LICENCES[source],
            f"https://deb.debian.org/debian/pool/main/ (source package {source} {version}: "
            f"apt-get source {source}={version})",
            [(f"Debian's copyright file of {package}", copyright_file.read_text())])
        found[package] = found[soname] = component
    return found


def components(program: Path, work: Path) -> list[Component]:
    """The bundled components, each with its files; SystemExit for a file of no origin."""
    owners = installed_files()
    debian = debian_libraries()
    base = Path(sys.base_prefix).resolve()
    by_name: dict[str, Component] = {}
    unknown = []
    for destination, source, kind in toc_entries(work):
        if kind in ("SYMLINK", "DEPENDENCY"):
            continue
        on_disk = program / PROGRAM_FILES / destination
        if kind not in ("PYMODULE", "PYSOURCE", "PYZ") and not on_disk.exists() \
                and destination != program.name:
            continue  # left to the host by prune_host_libraries.py
        path = Path(source).resolve() if source and source != "-" else None
        if path is None:
            continue  # a namespace package: no file
        if path in owners:
            component = by_name.setdefault(normalised(owners[path].metadata["Name"]),
                                           of_distribution(owners[path]))
        elif path.name in debian:
            component = by_name.setdefault(path.name, debian[path.name])
        elif base in path.parents or path.name == "base_library.zip":
            component = by_name.setdefault("cpython", of_cpython())
        elif work.resolve() in path.parents:  # the executable, the archives PyInstaller made
            continue
        elif HERE in path.parents:  # Megalith's entry point and runtime hook, in packaging/
            megalith = metadata.distribution("megalith")
            component = by_name.setdefault("megalith", of_distribution(megalith))
        else:
            unknown.append(source)
            continue
        if kind in ("PYMODULE", "PYSOURCE") or not on_disk.exists():
            component.files.add(program.name)  # in the archive the executable carries
        else:
            component.files.add(str(on_disk.relative_to(program)))
    executable = metadata.distribution(PYINSTALLER)
    by_name.setdefault(PYINSTALLER, of_distribution(executable)).files.add(program.name)
    if unknown:
        raise SystemExit("notices.py: bundled files of no known origin (add where they come "
                         "from to packaging/notices.py):\n  " + "\n  ".join(sorted(unknown)))
    listed = sorted({id(c): c for c in by_name.values()}.values(), key=lambda c: c.name.lower())
    untexted = [c.name for c in listed if not c.texts and not c.common]
    if untexted:
        raise SystemExit(f"notices.py: no licence text for {', '.join(untexted)}: add one to "
                         f"packaging/licences/")
    return listed


def compress(files: set[str], everything: dict[str, str], name: str) -> list[str]:
    """`files` as few globs as say the same: a folder under _internal/ whose files all
    belong to this component (in `everything`, file to component) is `folder/*`."""
    globs = set()
    for file in files:
        parts = file.split("/")
        if len(parts) > 2 and parts[0] == PROGRAM_FILES:
            folder = "/".join(parts[:2])
            if all(owner == name for other, owner in everything.items()
                   if other.startswith(folder + "/")):
                globs.add(folder + "/*")
                continue
        globs.add(file)
    return sorted(globs)


def lgpl_note(component: Component, megalith: str) -> str:
    return LGPL_NOTE.format(name=component.name, version=component.version,
                            source=component.source, megalith=megalith)


def notices_text(listed: list[Component], globs: dict[str, list[str]], megalith: str) -> str:
    width = max(len(f"{c.name} {c.version}") for c in listed) + 2
    lines = [f"Megalith {megalith}: the components this program bundles", "",
             "Megalith itself is under the MIT licence (LICENSE, beside this file). It bundles",
             "the components below, each under its own licence; their texts follow the list.",
             "Files: where each is, in the program's folder; `megalith`, the executable, holds",
             "the Python modules of those that have some.", ""]
    lines += [f"  {c.name + ' ' + c.version:<{width}}{c.licence}" for c in listed]
    for component in listed:
        lines += ["", "=" * 78, f"{component.name} {component.version}", "=" * 78,
                  f"Licence: {component.licence}", f"Source: {component.source}",
                  "Files: " + " ".join(globs[component.name]), ""]
        if "LGPL" in component.licence:
            lines += [lgpl_note(component, megalith), ""]
        for title, text in component.texts:
            lines += [f"--- {title} ---", text.rstrip(), ""]
        for name in component.common:
            lines += [f"--- {name} (/usr/share/common-licenses/{name}) ---",
                      (COMMON_LICENCES / name).read_text().rstrip(), ""]
    return "\n".join(lines) + "\n"


def dep5_body(text: str) -> list[str]:
    """Text as a DEP-5 continuation: each line indented, an empty line as ` .`."""
    return [f" {line}".rstrip() if line.strip() else " ." for line in text.splitlines()]


def without_full_texts(text: str) -> str:
    """The text with each full copy of a licence in /usr/share/common-licenses replaced by
    where it is there."""
    for name, full in FULL_TEXTS.items():
        text = full.sub(f"[The complete text of {name}: on Debian systems, "
                        f"/usr/share/common-licenses/{name}.]", text)
    return text


def dep5_licence(spdx: str) -> str:
    return spdx.replace(" OR ", " or ").replace(" AND ", " and ").replace(" WITH ", " with ")


def copyright_lines(component: Component) -> list[str]:
    found = []
    for _, text in component.texts:
        for line in COPYRIGHT_LINE.findall(text):
            line = " ".join(line.split())
            if line not in found:
                found.append(line)
    return found[:20] or [f"the authors of {component.name}"]


def debian_copyright(listed: list[Component], globs: dict[str, list[str]], megalith: str,
                     prefix: str) -> str:
    """The .deb's DEP-5 copyright file: Megalith's own files first (Files: *), then a
    paragraph a component with its files under `prefix`."""
    lines = ["Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/",
             "Upstream-Name: Megalith", "Source: https://megalith.io/", "",
             "Files: *", "Copyright: 2026 The Megalith developers", "License: MIT"]
    lines += dep5_body((HERE.parent / "LICENSE").read_text().split("\n\n", 2)[2])
    # PyInstaller's last: its bootloader is the executable, which the paragraphs of the
    # components whose Python modules it holds name too (the last that names a file applies)
    for component in sorted(listed, key=lambda c: normalised(c.name) == PYINSTALLER):
        if normalised(component.name) == "megalith":
            continue
        lines += ["", "Files: " + "\n ".join(f"{prefix}/{g}" for g in globs[component.name]),
                  "Copyright: " + "\n ".join(copyright_lines(component)),
                  f"License: {dep5_licence(component.licence)}"]
        body = [f"{component.name} {component.version}. Source: {component.source}"]
        if "LGPL" in component.licence:
            body.append(lgpl_note(component, megalith).replace("\n", " "))
        for title, text in component.texts:
            body.append(f"--- {title} ---\n{without_full_texts(text).rstrip()}")
        for name in component.common:
            body.append(f"On Debian systems, the complete text of the {name} licence is in "
                        f"/usr/share/common-licenses/{name}.")
        lines += dep5_body("\n\n".join(body))
    return "\n".join(lines) + "\n"


def main(argv: list[str]) -> int:
    program, work, copyright_path = (Path(a) for a in argv)
    listed = components(program, work)
    owner = {file: c.name for c in listed for file in c.files}
    globs = {c.name: compress(c.files, owner, c.name) for c in listed}
    megalith = metadata.version("megalith")
    (program / "NOTICES.txt").write_text(notices_text(listed, globs, megalith))
    (program / "LICENSE").write_text((HERE.parent / "LICENSE").read_text())
    about = program / PROGRAM_FILES / "megalith" / "desktop" / "notices.json"
    about.write_text(json.dumps({"program": "megalith", "version": megalith, "components": [
        {"name": c.name, "version": c.version, "licence": c.licence, "source": c.source,
         "files": globs[c.name]} for c in listed]}, indent=1, sort_keys=True) + "\n")
    copyright_path.write_text(debian_copyright(listed, globs, megalith, "usr/lib/megalith"))
    print(f"notices: {len(listed)} components in {program / 'NOTICES.txt'}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
