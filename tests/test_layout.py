"""The layout holds (docs/architecture.md): each game's rules in a folder of its own, no class
over 400 lines in the product, no import cycle between its modules (type-only and
function-level imports counted), no rules module naming the desktop package, and at most
eight modules directly in desktop/. Read from the sources by path, without importing them."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PRODUCT = ("rules", "desktop")
GAMES = ("druid", "drogo", "dragons", "quady", "trichet")
LONGEST_CLASS = 400


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(["megalith", *parts])


SOURCES = {module_name(p): p for top in PRODUCT for p in sorted((ROOT / top).rglob("*.py"))}


def imports_of(name: str, path: Path) -> set[str]:
    """The product modules `name` imports anywhere in its file (a `from package import
    module` counts as importing the module)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(up + ([base] if base else []))
            targets = [base] + [f"{base}.{alias.name}" for alias in node.names]
        found.update(t for t in targets if t in SOURCES and t != name)
    return found


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph[node]):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_no_import_cycle_in_the_product() -> None:
    graph = {name: imports_of(name, path) for name, path in SOURCES.items()}
    assert graph["megalith.desktop.window.main_window"]  # the reader sees imports
    assert cycles(graph) == []


@pytest.mark.parametrize("top", PRODUCT)
def test_no_class_is_longer_than_the_limit(top: str) -> None:
    long = [f"{path.relative_to(ROOT)}:{node.name} ({node.end_lineno - node.lineno + 1} lines)"
            for path in sorted((ROOT / top).rglob("*.py"))
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
            if isinstance(node, ast.ClassDef) and node.end_lineno is not None
            and node.end_lineno - node.lineno + 1 > LONGEST_CLASS]
    assert long == []


def test_each_game_has_a_rules_folder_and_no_game_module_lies_outside_it() -> None:
    for game in GAMES:
        assert (ROOT / "rules" / game / "game.py").is_file(), game
    loose = [p.name for p in (ROOT / "rules").glob("*.py")
             if any(p.stem == g or p.stem.startswith(g + "_") for g in GAMES)]
    assert loose == []


def test_no_rules_module_names_the_desktop() -> None:
    naming = [str(p.relative_to(ROOT)) for p in sorted((ROOT / "rules").rglob("*.py"))
              if "megalith.desktop" in p.read_text(encoding="utf-8")]
    assert naming == []


def test_the_desktop_top_level_holds_few_modules() -> None:
    top = [p.name for p in (ROOT / "desktop").glob("*.py") if p.name != "__init__.py"]
    assert 0 < len(top) <= 8, top
