"""Shared code asks the family object; it never compares or branches on a family's name.

Every module of pulka outside a family's own folders (``pulka/families/``, the folder under
``pulka/render/`` that draws a registered family) and the registry is parsed, and a
registered family's name is looked for where code would branch on it: in a comparison (also
inside a tuple or set compared with), a ``match`` case, a dict key or a lookup by subscript, a
parameter's default or a ``.get`` default, and any comparison of a ``.family`` with a name. A
module-level constant that holds such a name (``RUSSIAN = "russian"``, or a tuple of them)
counts as the name itself, in its module and wherever it is imported (the registry's are its
answers: its ``DEFAULT`` is asked for).
"""

from __future__ import annotations

import ast
from pathlib import Path

from test_imports import ROOT, _resolve, module_name

from pulka.registry import FAMILIES


def own_folders() -> list[Path]:
    """Where a family's name may be written: its rules, its drawing's folder, the registry."""
    folders = [ROOT / "families", ROOT / "registry.py"]
    for registered in FAMILIES.values():
        parts = registered.drawing.split(".")
        if parts[:2] == ["pulka", "render"] and len(parts) > 2:
            folders.append(ROOT / "render" / parts[2])  # (render/payment holds three)
    return folders


def shared_modules() -> list[Path]:
    own = own_folders()
    return [path for path in sorted(ROOT.rglob("*.py"))
            if not any(path == folder or folder in path.parents for folder in own)]


def _names_in(node: ast.AST | None) -> list[str]:
    """The family names a constant expression holds: a string, or a tuple, list or set of them."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value] if node.value in FAMILIES else []
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return [name for element in node.elts for name in _names_in(element)]
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.args and \
            node.func.id in ("frozenset", "set", "tuple"):
        return _names_in(node.args[0])
    return []


def constants(tree: ast.Module) -> set[str]:
    """The module-level names bound to a family's name (or a collection of them)."""
    found: set[str] = set()
    for node in tree.body:
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign):
            targets, value = node.targets, node.value
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            targets, value = [node.target], node.value
        if targets and _names_in(value):
            found.update(t.id for t in targets if isinstance(t, ast.Name))
    return found


class Finder(ast.NodeVisitor):
    """The places in one module where a family's name is branched on."""

    def __init__(self, named: set[str], modules: dict[str, set[str]]) -> None:
        #: local names that stand for a family's name; local names of imported modules, with
        #: the constants each holds (``schema.RUSSIAN``)
        self.named, self.modules = named, modules
        self.found: list[tuple[int, str]] = []

    def names(self, node: ast.AST | None) -> list[str]:
        """What a family's name ``node`` is, or holds: a literal or one of the constants."""
        if isinstance(node, ast.Name) and node.id in self.named:
            return [node.id]
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and \
                node.attr in self.modules.get(node.value.id, ()):
            return [f"{node.value.id}.{node.attr}"]
        if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
            return [name for element in node.elts for name in self.names(element)] or \
                _names_in(node)
        return _names_in(node)

    def report(self, node: ast.AST, where: str, names: list[str]) -> None:
        if names:
            self.found.append((getattr(node, "lineno", 0), f"{', '.join(names)} {where}"))

    def visit_Compare(self, node: ast.Compare) -> None:
        operands = [node.left, *node.comparators]
        named = [name for operand in operands for name in self.names(operand)]
        self.report(node, "in a comparison", named)
        if not named and any(_is_family(o) for o in operands) and \
                not all(_is_family(o) for o in operands):
            # a .family against a name held elsewhere (a variable, a constant of another
            # module): branched on all the same, unless two families are compared
            others = [o for o in operands if not _is_family(o)]
            if any(isinstance(o, (ast.Constant, ast.Tuple, ast.List, ast.Set)) for o in others):
                self.report(node, "in a comparison with .family", ["a .family"])
        self.generic_visit(node)

    def visit_Match(self, node: ast.Match) -> None:
        if _is_family(node.subject):
            self.report(node, "matched on", ["a .family"])
        self.generic_visit(node)

    def visit_MatchValue(self, node: ast.MatchValue) -> None:
        self.report(node, "in a match case", self.names(node.value))
        self.generic_visit(node)

    def visit_Dict(self, node: ast.Dict) -> None:
        for key in node.keys:
            self.report(node, "as a dict key", self.names(key))
        self.generic_visit(node)

    def visit_Subscript(self, node: ast.Subscript) -> None:
        self.report(node, "as a key looked up", self.names(node.slice))
        self.generic_visit(node)

    def visit_arguments(self, node: ast.arguments) -> None:
        for default in [*node.defaults, *node.kw_defaults]:
            self.report(default or node, "as a default", self.names(default))
        self.generic_visit(node)

    def visit_Call(self, node: ast.Call) -> None:
        if isinstance(node.func, ast.Attribute) and node.func.attr in ("get", "pop", "setdefault") \
                and len(node.args) > 1:
            self.report(node, "as a default", self.names(node.args[1]))
        self.generic_visit(node)


def _is_family(node: ast.AST) -> bool:
    return isinstance(node, ast.Attribute) and node.attr == "family"


def leaks(sources: dict[str, tuple[str, bool]]) -> list[str]:
    """``module:line: what`` for each place a family's name is branched on, in the modules
    ``sources`` gives (name -> (source, is a package)); every module is read for its
    constants, and only those not in a family's own folders need be given."""
    trees = {name: ast.parse(text) for name, (text, _package) in sources.items()}
    # (the registry's own constants are its answers: its DEFAULT is asked for, not written)
    held = {name: constants(tree) for name, tree in trees.items() if name != "pulka.registry"}
    out = []
    for name, tree in trees.items():
        named, modules = set(held.get(name, ())), {}
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                base = _resolve(node, name, sources[name][1])
                for alias in node.names:
                    local = alias.asname or alias.name
                    if alias.name in held.get(base, ()):
                        named.add(local)
                    elif f"{base}.{alias.name}" in held:
                        modules[local] = held[f"{base}.{alias.name}"]
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.asname and alias.name in held:
                        modules[alias.asname] = held[alias.name]
        finder = Finder(named, modules)
        finder.visit(tree)
        out += [f"{name}:{line}: {what}" for line, what in finder.found]
    return out


def test_shared_code_never_branches_on_a_familys_name():
    shared = shared_modules()
    sources = {module_name(p, ROOT): (p.read_text(encoding="utf-8"), p.name == "__init__.py")
               for p in sorted(ROOT.rglob("*.py"))}
    checked = {module_name(p, ROOT) for p in shared}
    assert sorted(line for line in leaks(sources) if line.split(":")[0] in checked) == []


def test_a_family_folder_may_name_it_and_shared_code_may_not():
    shared = shared_modules()
    assert ROOT / "render" / "text.py" in shared and ROOT / "stats" / "tallies.py" in shared
    for own in (ROOT / "families" / "russian" / "status.py", ROOT / "render" / "balkan" /
                "paper.py", ROOT / "render" / "payment" / "greek.py", ROOT / "registry.py"):
        assert own not in shared


PLANTED = '''
from pulka.example import HELD
from pulka import example
from pulka.example import other

LOCAL = "swabian"
BOTH = ("austrian", "greek")


def needed(conv, family="russian"):
    if conv.family == "swabian":
        return 1
    if family != "balkan":
        return 2
    if conv.family in ("austrian", "greek"):
        return 3
    if family in BOTH or family == LOCAL or family == HELD or family == example.HELD:
        return 4
    match family:
        case "greek":
            return 5
    table = {"russian": 6}
    return table.get(family, "balkan") + WORDS["austrian"]
'''

CLEAN = '''
from pulka.example import HELD

LATIN = Style("latin")
RUSSIAN = Style("russian")  # a language's words, not a family


def same(one, two, family):
    if one.family != two.family or family == RUSSIAN or family in FAMILIES:
        return True
    name = "russian"
    return get_family(one.family).made(deal, conv) and HELD
'''


def test_each_kind_of_branch_on_a_name_is_found():
    found = leaks({"pulka.planted": (PLANTED, False),
                   "pulka.example": ('HELD = "russian"\nother = 1\n', False)})
    lines = [line for line in found if line.startswith("pulka.planted:")]
    text = "\n".join(lines)
    for what in ("russian as a default", "swabian in a comparison", "balkan in a comparison",
                 "austrian, greek in a comparison", "BOTH in a comparison",
                 "LOCAL in a comparison", "HELD in a comparison", "example.HELD in a comparison",
                 "greek in a match case", "russian as a dict key", "balkan as a default",
                 "austrian as a key looked up"):
        assert what in text, (what, text)
    assert len(lines) == 12, text


def test_a_name_written_but_not_branched_on_is_not_a_leak():
    assert leaks({"pulka.clean": (CLEAN, False),
                  "pulka.example": ('HELD = "russian"\n', False)}) == []


def test_a_planted_branch_in_shared_code_fails_the_walk():
    text = (ROOT / "render" / "text.py").read_text(encoding="utf-8")
    planted = text + '\n\ndef leak(conv):\n    return conv.family == "balkan"\n'
    found = leaks({"pulka.render.text": (planted, False)})
    assert found == [f"pulka.render.text:{planted.count(chr(10))}: balkan in a comparison"]
