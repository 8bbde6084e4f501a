"""The standalone program's entry point (packaging/build.sh freezes it with PyInstaller):
the same `megalith` command as the installed package's."""

import sys

from desktop.launch import main

if __name__ == "__main__":
    sys.exit(main())
