"""The standalone program's entry point (packaging/build.sh freezes it with PyInstaller):
the same `megalith` command as the installed package's.

The computer opponent searches in worker processes started by multiprocessing's "spawn":
in a frozen program each worker is the program itself, started again, and
`freeze_support()` turns such a start into the worker instead of a second window."""

import multiprocessing
import sys

from megalith.desktop.launch import main

if __name__ == "__main__":
    multiprocessing.freeze_support()
    sys.exit(main())
