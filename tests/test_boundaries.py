"""rules/ is pure: it never imports Qt, pyqtgraph, OpenGL or the desktop package."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

RULES = Path(__file__).resolve().parent.parent / "rules"
FORBIDDEN = ("PySide6", "shiboken6", "pyqtgraph", "OpenGL", "desktop", "megalith.desktop",
             "PyQt5", "PyQt6")


def forbidden(module: str) -> bool:
    """Is `module` one of FORBIDDEN or inside one (`desktop.app`, `megalith.desktop.app`)?"""
    return any(module == name or module.startswith(name + ".") for name in FORBIDDEN)


def _imported_modules(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
        elif isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "import_module":
            names.update(a.value for a in node.args if isinstance(a, ast.Constant))
    return names


def test_rules_sources_import_nothing_forbidden() -> None:
    files = sorted(RULES.rglob("*.py"))
    assert files and RULES / "ai" / "parallel.py" in files
    for path in files:
        for name in _imported_modules(path):
            assert not forbidden(name), f"{path.name} imports {name}"


def test_importing_every_rules_module_loads_no_gui_library() -> None:
    modules = [".".join(("megalith", "rules") + p.relative_to(RULES).with_suffix("").parts)
               for p in sorted(RULES.rglob("*.py"))]
    assert "megalith.rules.ai.mcts" in modules  # subpackages (the search) are covered too
    code = ("import importlib, sys\n"
            f"for m in {modules!r}: importlib.import_module(m)\n"
            f"bad = [m for m in sys.modules if any(m == f or m.startswith(f + '.') "
            f"for f in {FORBIDDEN!r})]\n"
            "print(','.join(bad))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=RULES.parent, check=True)
    assert out.stdout.strip() == ""
