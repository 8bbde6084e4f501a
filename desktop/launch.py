"""The `megalith` command.

    megalith                 open the window
    megalith FILE            open the window with a game record
    megalith check|show|ai|match ...  the command line (rules.cli), without loading Qt
    megalith --help          the command line's help
    megalith --version       the version (from the installed package's metadata)
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

CLI_WORDS = ("check", "show", "ai", "match", "-h", "--help")


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args == ["--version"]:
        from desktop.version import version

        print(f"megalith {version()}")
        return 0
    if args and args[0] in CLI_WORDS:
        from rules.cli import main as cli_main  # no Qt for the command line

        return cli_main(args)
    if len(args) > 1 or (args and args[0].startswith("-")):
        print("usage: megalith [FILE] | megalith check|show|ai|match ... | megalith --help | "
              "megalith --version", file=sys.stderr)
        return 2
    from desktop.app import run

    return run(args[0] if args else None)


if __name__ == "__main__":
    sys.exit(main())
