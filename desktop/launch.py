"""The `megalith` command.

    megalith                 open the window
    megalith FILE            open the window with a game record
    megalith check|show|ai|match|puzzles ...  the command line (rules.cli), without Qt
    megalith rules [GAME]    a game's rules page from Help, printed (without GAME: the list)
    megalith --help          the command line's help
    megalith --version       the version (from the installed package's metadata)
"""

from __future__ import annotations

import sys
from collections.abc import Sequence


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args == ["--version"]:
        from megalith.desktop.version import version

        print(f"megalith {version()}")
        return 0
    if args and args[0] == "rules":
        return print_rules(args[1:])
    if args:
        from megalith.rules import cli  # no Qt for the command line

        if args[0] in cli.COMMANDS + ("-h", "--help"):
            return cli.main(args)
    if len(args) > 1 or (args and args[0].startswith("-")):
        print("usage: megalith [FILE] | megalith check|show|ai|match|puzzles ... | "
              "megalith rules [GAME] | megalith --help | megalith --version", file=sys.stderr)
        return 2
    from megalith.desktop.app import run

    return run(args[0] if args else None)


def print_rules(args: list[str]) -> int:
    """`megalith rules`: the games and whether Help has their page; `megalith rules GAME`:
    that page's Markdown. Exit status 2 for an unknown game or a missing page."""
    from megalith.desktop import help_pages

    games = help_pages.games()
    if not args:
        for name, title in games:
            missing = "" if help_pages.find_page(name) else "  (no page in this copy)"
            print(f"{name:10} {title}{missing}")
        return 0
    names = [name for name, _ in games]
    if len(args) > 1 or args[0].lower() not in names:
        print(f"usage: megalith rules [GAME] (games: {', '.join(names)})", file=sys.stderr)
        return 2
    page = help_pages.find_page(args[0].lower())
    if page is None:
        print(f"this copy of Megalith has no rules page for {args[0]}", file=sys.stderr)
        return 2
    print(page.read_text(encoding="utf-8"), end="")
    return 0


if __name__ == "__main__":
    sys.exit(main())
