"""The message catalogs: every message in both languages, and no message that bypasses them.

The first test is tools/catalogs.py's own check: every message the code marks is in every
catalog and translated, its ``{fields}`` are the same in each language, and each .mo is the
compilation of its .po. The second reads the code: a message written as a plain string where
pulka prints it (an error, a hint, an echo, a help text, a PDF or workbook label) is a message
no catalog can translate.
"""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
catalogs = pytest.importorskip("catalogs", reason="tools/catalogs.py needs Babel (the test extra)")

#: files whose messages are not in the catalogs yet (issue 11 moved every one of them)
NOT_YET: set[str] = set()

MARKERS = {"_", "N_", "ngettext", "pgettext"}
#: calls whose text arguments are printed
PRINTERS = {"echo", "secho", "say", "print", "fail", "BadParameter", "UsageError",
            "ClickException", "drawString", "drawCentredString", "drawRightString",
            "textLine", "setTitle", "setSubject", "setAuthor", "create_sheet"}
#: keyword arguments that are printed
PRINTED_KEYWORDS = {"hint", "help", "message", "title"}
#: a word of two Latin letters or more: a message, not a symbol or a separator
WORD = re.compile(r"[A-Za-z]{2,}")
#: a line may say why its text is not a message (a file format's own word, a font name)
EXEMPT = "# untranslated:"


def _is_error_class(name: str) -> bool:
    return name.endswith(("Error", "Exception", "Exit"))


def _callee(node: ast.Call) -> str:
    func = node.func
    if isinstance(func, ast.Attribute):
        return func.attr
    return func.id if isinstance(func, ast.Name) else ""


def _english(node: ast.AST) -> bool:
    """A literal text with words in it, not passed through the catalogs."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return bool(WORD.search(node.value))
    if isinstance(node, ast.JoinedStr):
        return any(_english(part) for part in node.values if isinstance(part, ast.Constant))
    if isinstance(node, ast.BinOp):
        return _english(node.left) or _english(node.right)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
            and node.func.attr == "format":
        return _english(node.func.value)
    if isinstance(node, ast.IfExp):
        return _english(node.body) or _english(node.orelse)
    return False


def offences(path: Path, root: Path = ROOT) -> list[str]:
    source = path.read_text(encoding="utf-8")
    lines = source.splitlines()
    found = []

    def note(node: ast.AST, what: str) -> None:
        line = lines[node.lineno - 1] if node.lineno <= len(lines) else ""  # type: ignore[attr-defined]
        if EXEMPT not in line:
            found.append(f"{path.relative_to(root)}:{node.lineno}: {what}")  # type: ignore[attr-defined]

    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call):
            name = _callee(node)
            if name in MARKERS:
                texts = node.args[1:] if name == "pgettext" else node.args
                for arg in texts[:2]:
                    if not (isinstance(arg, ast.Constant) and isinstance(arg.value, str)):
                        note(node, f"{name}() needs a plain string literal (one the catalogs "
                                   "can extract), not an f-string or a name")
                continue
            if name in PRINTERS or _is_error_class(name):
                for arg in node.args:
                    if _english(arg):
                        note(arg, f"text for {name}() bypasses the catalogs")
            for keyword in node.keywords:
                if keyword.arg in PRINTED_KEYWORDS and _english(keyword.value):
                    note(keyword.value, f"{keyword.arg}= text bypasses the catalogs")
        elif isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Attribute) and target.attr == "title" \
                        and _english(node.value):
                    note(node, "a title bypasses the catalogs")
    return found


def _package_files() -> list[Path]:
    return sorted(p for p in (ROOT / "pulka").rglob("*.py") if "__pycache__" not in p.parts)


def test_every_message_is_in_every_catalog() -> None:
    assert catalogs.problems() == []


def test_no_message_bypasses_the_catalogs() -> None:
    found = []
    for path in _package_files():
        if str(path.relative_to(ROOT)) not in NOT_YET:
            found += offences(path)
    assert found == []


def test_the_list_of_files_still_to_do_names_real_files() -> None:
    assert {f for f in NOT_YET if not (ROOT / f).exists()} == set()


def test_the_check_finds_a_message_written_in_english(tmp_path: Path) -> None:
    sample = tmp_path / "probe.py"
    sample.write_text(
        'from .errors import JournalError\nfrom .i18n import _\n'
        'def f(x):\n'
        '    raise JournalError(f"{x}: not a journal")\n'
        'def g(x):\n'
        '    raise JournalError(_("{x}: not a journal").format(x=x))\n'
        'def h(x):\n'
        '    return _(f"{x} deals")\n', encoding="utf-8")
    assert offences(sample, tmp_path) == [
        "probe.py:4: text for JournalError() bypasses the catalogs",
        "probe.py:8: _() needs a plain string literal (one the "
        "catalogs can extract), not an f-string or a name"]
