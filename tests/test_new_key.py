"""A key's road is short (issue 27): a convention key is added by its declaration, one rule that
reads it, and a test, and by nothing else.

A copy of pulka (the package, the built-in conventions, the samples, the tests and the catalogs'
tool) is given one new Russian key with a default, ``whist.extra`` (whists per defence trick
on top of ``whist.rate``), declared in ``families/russian/keys.py``, and one rule line that
reads it (``families/russian/contract.py``, with its import). Nothing else is edited: no
catalog, no ``resolved.tsv``, no list of keys, no test. In that copy the built-in conventions
load (from their files and from resolved.tsv), a journal written before the key existed opens
and settles as before with the same rules' hash, ``--set whist.extra=1`` on a new game changes
its result, ``conventions show`` explains the key in English and in Russian, the catalogs are
complete, and the convention tests pass.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = "sochi-3.pulka"
GAME = ("Аня 6s 6 Борис whist 2 Вера whist 2",)

DECLARATION = '''
WHIST_EXTRA = Key(
    "whist.extra", _pos,
    "whists per defence trick on top of whist.rate, times the contract value",
    "висты за каждую взятку вистующих сверх whist.rate, умноженные на стоимость игры",
    default=0)
'''

pytestmark = pytest.mark.slow


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, (path, old)
    path.write_text(text.replace(old, new), encoding="utf-8")


@pytest.fixture(scope="module")
def copy(tmp_path_factory) -> Path:
    """The copy of pulka with the new key: its declaration, and one rule that reads it."""
    root = tmp_path_factory.mktemp("pulka-with-a-new-key")
    skip = shutil.ignore_patterns("__pycache__", "*.pyc")
    for folder in ("pulka", "conventions", "samples", "tests", "tools"):
        shutil.copytree(ROOT / folder, root / folder, ignore=skip)
    shutil.copy(ROOT / "pyproject.toml", root / "pyproject.toml")
    before = {p.relative_to(root): p.read_bytes() for p in root.rglob("*") if p.is_file()}
    keys = root / "pulka" / "families" / "russian" / "keys.py"
    edit(keys, "\n\n#: the family's own keys", DECLARATION + "\n\n#: the family's own keys")
    edit(keys, "ROBBER_STRICT,\n)", "ROBBER_STRICT, WHIST_EXTRA,\n)")
    rule = root / "pulka" / "families" / "russian" / "contract.py"
    edit(rule, "    WHIST_RATE,\n", "    WHIST_RATE,\n    WHIST_EXTRA,\n")
    edit(rule, "    rate = conv[WHIST_RATE]\n", "    rate = conv[WHIST_RATE] + conv[WHIST_EXTRA]\n")
    after = {p.relative_to(root): p.read_bytes() for p in root.rglob("*") if p.is_file()}
    assert sorted(p for p in after if before.get(p) != after[p]) == [
        Path("pulka/families/russian/contract.py"), Path("pulka/families/russian/keys.py")]
    return root


def python(root: Path, *args: str, cwd: Path | None = None,
           env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """Python with ``root``'s pulka first on the path (the copy, or this checkout)."""
    environ = {k: v for k, v in os.environ.items()
               if k not in ("PULKA_LANG", "LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE")}
    environ.update(PYTHONPATH=str(root), PULKA_SNAPSHOTS="off", **(env or {}))
    return subprocess.run([sys.executable, *args], cwd=cwd or root, env=environ,
                          capture_output=True, text=True, timeout=900)


def pulka(root: Path, *args: object, cwd: Path | None = None) -> str:
    done = python(root, "-m", "pulka", *map(str, args), cwd=cwd,
                  env={"PULKA_CONVENTIONS": str(cwd or root / "no-user-conventions")})
    assert done.returncode == 0, (args, done.stdout, done.stderr)
    return done.stdout


def test_the_copy_runs_its_own_pulka(copy):
    done = python(copy, "-c", "import pulka; print(pulka.__file__)")
    assert done.stdout.strip() == str(copy / "pulka" / "__init__.py")


def test_the_builtins_load_from_their_files_and_from_resolved_tsv(copy):
    check = '''
import pathlib
from pulka.convention.loader import builtin_dir, load_file
from pulka.convention.prebuilt import prebuilt
count = 0
for path in sorted(builtin_dir().glob("*.yaml")):
    read, rebuilt = load_file(path), prebuilt(path)
    assert rebuilt is not None, path
    assert rebuilt.rule_lines() == read.rule_lines(), path
    if read.family == "russian":
        assert read["whist.extra"] == rebuilt["whist.extra"] == 0
        assert ("whist.extra", "0") in read.rule_lines()
        count += 1
print(count)
'''
    done = python(copy, "-c", check)
    assert done.returncode == 0, done.stderr
    assert int(done.stdout) >= 5


def test_an_old_journal_opens_and_settles_as_before(copy, tmp_path):
    journal = tmp_path / SAMPLE
    shutil.copy(ROOT / "samples" / SAMPLE, journal)
    assert "whist.extra" not in journal.read_text(encoding="utf-8")
    for args in (["settle", journal, "--json"], ["show", journal, "--json"],
                 ["show", journal], ["check", journal, "--json"]):
        assert pulka(copy, *args, cwd=tmp_path) == pulka(ROOT, *args, cwd=tmp_path), args
    assert json.loads(pulka(copy, "show", journal, "--json", cwd=tmp_path))["rules"] == \
        json.loads(pulka(ROOT, "show", journal, "--json", cwd=tmp_path))["rules"]


def test_the_key_set_on_a_new_game_changes_its_result(copy, tmp_path):
    results = {}
    for extra in ("0", "1"):
        game = tmp_path / f"extra-{extra}.pulka"
        pulka(copy, "new", game, "--players", "Аня", "Борис", "Вера", "--convention", "sochi",
              "--set", f"whist.extra={extra}", cwd=tmp_path)
        assert f"rule whist.extra {extra}\n" in game.read_text(encoding="utf-8")
        for deal in GAME:
            pulka(copy, "add", game, deal, cwd=tmp_path)
        results[extra] = json.loads(pulka(copy, "settle", game, "--json", cwd=tmp_path))
    # each whister's 2 tricks on a 6 (value 2) write 4 whists, and 4 more for the extra one
    assert results["0"]["whists"]["Борис"]["Аня"] == 4
    assert results["1"]["whists"]["Борис"]["Аня"] == 8
    assert results["0"]["result"] != results["1"]["result"]


def test_show_explains_the_key_in_english_and_in_russian(copy, tmp_path):
    for lang, meaning in (("en", "whists per defence trick on top of whist.rate"),
                          ("ru", "висты за каждую взятку вистующих сверх whist.rate")):
        lines = pulka(copy, "conventions", "show", "sochi", "--lang", lang,
                      cwd=tmp_path).splitlines()
        at = next(i for i, line in enumerate(lines) if line.startswith("  whist.extra "))
        assert lines[at].split()[1:3] == ["0", "default" if lang == "en" else "по"]
        assert lines[at + 1].startswith("      " + meaning), lines[at + 1]


def test_the_catalogs_are_complete(copy):
    done = python(copy, "tools/catalogs.py", "check")
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.strip() == "catalogs complete"


def test_the_convention_tests_pass(copy):
    tests = sorted(str(p.relative_to(copy)) for p in (copy / "tests").glob("test_convention*.py"))
    assert len(tests) >= 5
    done = python(copy, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-x", *tests,
                  "tests/test_stored_rules.py", "tests/test_drift.py",
                  "tests/test_startup.py")
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert " passed" in done.stdout
