"""Writes the manual page megalith.1 from the command's own help, so it cannot go stale:
`megalith --help` and each command's `--help` (argparse's), the forms the launcher accepts
(its usage line) and the installed package's summary.

    python packaging/make_manpage.py MEGALITH OUT.1

MEGALITH is the command to ask (the build venv's); run by that venv's Python. The page's date
is SOURCE_DATE_EPOCH's (packaging/build.sh sets it from the commit), so builds agree."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path

ITEM = re.compile(r"^ {2,}(\S(?:.*?\S)?)(?: {2,}(\S.*))?$")
DESCRIPTION_COLUMN = 8  # argparse indents an item's description further than any item


@dataclass
class Help:
    """One argparse help text, read back: usage, description, sections of items."""
    usage: str
    description: list[str] = field(default_factory=list)  # paragraphs
    sections: list[tuple[str, list[tuple[str, str]]]] = field(default_factory=list)


def ask(command: list[str]) -> str:
    done = subprocess.run(command, capture_output=True, text=True, timeout=60,
                          env={**os.environ, "COLUMNS": "80"})
    return done.stdout or done.stderr


def parse(text: str) -> Help:
    blocks = re.split(r"\n\s*\n", text.strip())
    help_ = Help(" ".join(blocks[0].removeprefix("usage:").split()))
    for block in blocks[1:]:
        lines = block.splitlines()
        if re.match(r"^\S.*:$", lines[0]):  # "options:", "positional arguments:"
            items: list[tuple[str, str]] = []
            for line in lines[1:]:
                indent = len(line) - len(line.lstrip())
                found = ITEM.match(line)
                if indent >= DESCRIPTION_COLUMN and items:  # the last item's, continued
                    term, said = items[-1]
                    items[-1] = (term, f"{said} {line.strip()}".strip())
                elif found:
                    items.append((found.group(1), found.group(2) or ""))
            help_.sections.append((lines[0][:-1], items))
        else:
            help_.description.append(" ".join(block.split()))
    return help_


def roff(text: str) -> str:
    """Text safe in a roff line: backslashes and dashes escaped, no control character first."""
    text = text.replace("\\", "\\e").replace("-", "\\-")
    return "\\&" + text if text.startswith((".", "'")) else text


def items(entries: list[tuple[str, str]]) -> list[str]:
    lines = []
    for term, said in entries:
        lines += [".TP", f".B {roff(term)}", roff(said) if said else ".br"]
    return lines


def page(command: str) -> str:
    top = parse(ask([command, "--help"]))
    launcher = ask([command, "-?"]).removeprefix("usage:").strip()  # its forms, a | b | c
    commands = next((entries for title, entries in top.sections
                     if title.startswith("positional")), [])
    names = [term for term, said in commands if said]
    if not names:
        raise SystemExit(f"make_manpage.py: `{command} --help` names no command:\n"
                         + ask([command, "--help"])[-2000:])
    version = ask([command, "--version"]).split()[-1]
    date = time.strftime("%Y-%m-%d", time.gmtime(int(os.environ.get("SOURCE_DATE_EPOCH", 0))))
    summary = metadata.metadata("megalith")["Summary"]
    lines = [f'.TH MEGALITH 1 "{date}" "megalith {version}" "User Commands"',
             ".SH NAME", f"megalith \\- {roff(summary[0].lower() + summary[1:])}",
             ".SH SYNOPSIS"]
    for form in launcher.split(" | "):
        lines += [f".B {roff(form)}", ".br"]
    lines += [".SH DESCRIPTION"]
    for paragraph in top.description:
        lines += [roff(paragraph), ".PP"]
    lines += items([(term, said) for term, said in commands if said])
    lines += [".SH COMMANDS"]
    for name in names:
        sub = parse(ask([command, name, "--help"]))
        lines += [f".SS {roff(name)}", f".B {roff(sub.usage)}", ".PP"]
        for paragraph in sub.description:
            lines += [roff(paragraph), ".PP"]
        for title, entries in sub.sections:
            lines += [f"{roff(title.capitalize())}:"] + items(entries) + [".PP"]
    lines += [".SH OPTIONS"]
    for title, entries in top.sections:
        if not title.startswith("positional"):
            lines += items(entries)
    return "\n".join(lines) + "\n"


def main(argv: list[str]) -> int:
    Path(argv[1]).write_text(page(argv[0]), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
