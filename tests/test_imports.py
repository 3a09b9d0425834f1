"""No import circles: every module of pulka is parsed, and its imports (module level and
inside functions, relative ones resolved) form a graph that must have no cycle."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent / "pulka"


def module_name(path: Path, root: Path) -> str:
    """``pulka.families.russian`` for ``pulka/families/russian/__init__.py``."""
    parts = list(path.relative_to(root.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _resolve(node: ast.ImportFrom, name: str, is_package: bool) -> str:
    """The absolute module an ``from ... import`` names (before the imported names)."""
    if not node.level:
        return node.module or ""
    base = name.split(".") if is_package else name.split(".")[:-1]
    base = base[:len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def import_graph(root: Path) -> dict[str, set[str]]:
    """Each module of the package at ``root`` and the package modules it imports."""
    paths = {module_name(p, root): p for p in sorted(root.rglob("*.py"))}
    graph: dict[str, set[str]] = {}
    for name, path in paths.items():
        is_package = path.name == "__init__.py"
        targets: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, ast.Import):
                targets.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = _resolve(node, name, is_package)
                for alias in node.names:
                    # `from . import robber` imports a module; `from .x import f` imports x
                    sub = f"{base}.{alias.name}"
                    targets.add(sub if sub in paths else base)
        graph[name] = {t for t in targets if t in paths and t != name}
    return graph


def cycles(graph: dict[str, set[str]], within: str = "") -> list[list[str]]:
    """The import circles among modules whose name starts with ``within`` (one per strongly
    connected component, as a sorted list of its modules)."""
    nodes = sorted(n for n in graph if n.startswith(within))
    edges = {n: sorted(t for t in graph[n] if t.startswith(within)) for n in nodes}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:  # Tarjan's algorithm; the graph is small
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for n in nodes:
        if n not in index:
            visit(n)
    return found


def test_the_families_have_no_import_circle():
    assert cycles(import_graph(ROOT), "pulka.families") == []


def test_pulka_has_no_import_circle():
    assert cycles(import_graph(ROOT), "pulka") == []


def test_the_walk_sees_the_modules_and_their_imports():
    graph = import_graph(ROOT)
    assert "pulka.families.russian.robber" in graph["pulka.families.russian.family"]
    assert "pulka.families.base" in graph["pulka.families.russian.state"]


@pytest.mark.parametrize("where", ["module", "function"])
def test_a_circle_is_found_at_module_level_or_inside_a_function(tmp_path, where):
    pkg = tmp_path / "pkg"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "sub" / "__init__.py").write_text("")
    (pkg / "sub" / "a.py").write_text("from . import b\n")
    body = "from .a import x\n" if where == "module" else "def f():\n    from ..sub import a\n"
    (pkg / "sub" / "b.py").write_text(body)
    (pkg / "c.py").write_text("import pkg.sub.a\n")
    assert cycles(import_graph(pkg), "pkg") == [["pkg.sub.a", "pkg.sub.b"]]
    (pkg / "sub" / "b.py").write_text("import pkg.c as c\n")
    assert cycles(import_graph(pkg), "pkg") == [["pkg.c", "pkg.sub.a", "pkg.sub.b"]]
    (pkg / "sub" / "b.py").write_text("x = 1\n")
    assert cycles(import_graph(pkg), "pkg") == []
