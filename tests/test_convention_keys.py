"""A key's road is short and checked (issue 10, item 4; issue 27).

Every convention key the code reads is one its family declares, and every key a family
declares is read by some rule of its family (or is on the short list below, with the reason).
Reads are collected twice: statically (``conv[WHIST_RATE]`` subscripts with a declared key, or
``conv["price"]`` with a constant path) and at run time (every sample and vector through the
CLI, with ``Convention.__getitem__`` recording). ``pulka conventions show`` prints each key's
meaning, in the players' language, and its term under it.
"""

from __future__ import annotations

import ast
import functools
import importlib
import shutil
import textwrap
from collections import defaultdict
from pathlib import Path

import pytest
from cli_kit import digests, run
from conftest import ROOT, VECTORS

from pulka.convention import Convention
from pulka.convention.loader import builtin_dir, load_file
from pulka.convention.schema import Key, every_key, keys_for
from pulka.registry import FAMILIES

PACKAGE = ROOT / "pulka"
SAMPLES = ROOT / "samples"
#: the names a convention goes by where code reads its keys (besides ``….convention``)
CONVENTION_NAMES = {"conv", "convention", "resolved"}

#: schema keys no scoring rule reads, and who reads them instead
NOT_READ_BY_RULES: dict[str, str] = {
    "family": "the loader and get_family: it picks the rules, it is not one",
    "name": "the loader, the index and the journal header: it names the convention",
    "title": "Convention.title: shown to players by the renderers",
    "aliases": "the loader and the index: other names to find the file by",
    "players": "`pulka new`: which table sizes may start a game",
    "currency": "the renderers: the sign written after an amount of money; no rule scores it",
}


# --- where the code reads keys ---------------------------------------------------------------


def _is_convention(node: ast.expr) -> bool:
    return ((isinstance(node, ast.Name) and node.id in CONVENTION_NAMES)
            or (isinstance(node, ast.Attribute) and node.attr == "convention"))


def _is_term(node: ast.AST) -> bool:
    """``Term("pulya", SETTLE_PULYA_WHISTS, 1)``: a family's settlement term, its rate a key."""
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
            and node.func.id == "Term" and len(node.args) >= 2)


def _module_of(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _key_named(node: ast.expr, module: object) -> str | Key | None:
    """What a subscript's key names: a path written out (``"price"``), a key's declaration
    imported by name (``WHIST_RATE``, ``greek_keys.KASA``), or None (a variable)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    found: object = None
    if isinstance(node, ast.Name):
        found = getattr(module, node.id, None)
    elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
        found = getattr(getattr(module, node.value.id, None), node.attr, None)
    return found if isinstance(found, Key) else None


def _family_of(path: Path) -> str | None:
    """The family whose own code a module is: families/<f>/, render/<f>/, render/*_<f>.py, or
    in a package several families share (families/payment/) a module named for one of them
    (``austrian.py``, ``austrian_extras.py``)."""
    parts = path.relative_to(PACKAGE).parts
    for family in FAMILIES:
        if family in parts[:-1] or (parts[0] == "render" and path.stem.endswith(f"_{family}")):
            return family
        if len(parts) > 2 and (path.stem == family or path.stem.startswith(f"{family}_")):
            return family
    return None


@functools.cache
def static_reads() -> tuple[list[tuple[str, str | None, str, Key | None]], list[str]]:
    """(key path, family of the module or None, file:line, the declaration read or None for a
    path written out) of each read by a declared key or a constant path, and the places that
    read a key given by a variable."""
    reads, dynamic = [], []
    for path in sorted(PACKAGE.rglob("*.py")):
        if path.name == "__main__.py":  # (importing it runs the command line)
            continue
        family = _family_of(path)
        module = importlib.import_module(_module_of(path))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            where = f"{path.relative_to(ROOT)}:{node.lineno}" if hasattr(node, "lineno") else ""
            if _is_term(node):  # a settlement term names the rate key the family reads
                rate = _key_named(node.args[1], module)  # type: ignore[attr-defined]
                if isinstance(rate, Key):
                    reads.append((rate.path, family, where, rate))
                continue
            if not (isinstance(node, ast.Subscript) and _is_convention(node.value)):
                continue
            key = node.slice
            if isinstance(key, ast.Attribute) and key.attr == "rate":
                continue  # the rate a Term names (counted above): the result and its formula
            named = _key_named(key, module)
            if isinstance(named, Key):
                reads.append((named.path, family, where, named))
            elif isinstance(named, str):
                reads.append((named, family, where, None))
            else:
                dynamic.append(f"{where}: {ast.unparse(node)}")
    return reads, dynamic


def test_the_scan_sees_the_reads_it_is_meant_to_see():
    # a scan that finds nothing would pass everything below
    reads, _ = static_reads()
    found = {(key, family) for key, family, _, _ in reads}
    assert {("whist.rate", "russian"), ("refe.max", "balkan"), ("kasa", "greek"),
            ("settle.pulya_whists", "russian"), ("price", None), ("players", None)} <= found
    assert len(reads) > 200
    declared = [key for _, _, _, key in reads if key is not None]
    assert len(declared) > 200  # the rules read keys through their declarations


def test_every_key_a_module_reads_is_one_its_family_declares():
    reads, _ = static_reads()
    anywhere = every_key()
    wrong = []
    for path, family, where, key in reads:
        known = keys_for(family) if family else {k.path: k for k in anywhere}
        if path not in known:
            wrong.append(f"{where}: {path!r} is not a key of the "
                         f"{family + ' family' if family else 'any family'}")
        elif key is not None and family and key is not known[path]:  # another family's
            wrong.append(f"{where}: {path!r} is declared by another family than {family}")
        elif key is not None and not family and all(key is not k for k in anywhere):
            wrong.append(f"{where}: {path!r} is no family's declaration")
    assert wrong == []


def test_rules_and_renderers_read_keys_by_name_only():
    # a key given by a variable hides from the scan; only the code that walks the whole
    # schema (the journal writer and reader, `conventions show`) may do it
    _, dynamic = static_reads()
    inside = [d for d in dynamic if d.startswith(("pulka/families/", "pulka/render/"))]
    assert inside == []


@pytest.mark.parametrize("family", list(FAMILIES))
def test_every_declared_key_is_read_by_a_rule_of_its_family(family):
    reads, _ = static_reads()
    read = {key for key, fam, _, _ in reads if fam == family}
    unread = sorted(set(keys_for(family)) - read - set(NOT_READ_BY_RULES))
    assert unread == [], f"no {family} rule reads {unread}"


def test_the_keys_no_rule_reads_are_read_elsewhere_and_by_no_rule():
    reads, _ = static_reads()
    by_rules = {key for key, family, _, _ in reads if family}
    assert sorted(by_rules & set(NOT_READ_BY_RULES)) == []  # then it is off the list
    # and somebody does read each of them: through its declaration, or a subscript, .get or
    # .setdefault with its path
    elsewhere = {key for key, family, _, _ in reads if not family}
    texts = "\n".join(p.read_text(encoding="utf-8") for p in PACKAGE.rglob("*.py")
                      if p.name != "schema.py")
    for key in NOT_READ_BY_RULES:
        assert key in elsewhere or any(f"{q}{key}{q}" in texts for q in "\"'"), key
    assert set(NOT_READ_BY_RULES) <= {key.path for key in every_key()}


# --- what the code reads at run time ---------------------------------------------------------


@pytest.fixture
def recorded(monkeypatch):
    """(family, key) of every read of a convention while the test runs."""
    seen: dict[tuple[str, str], int] = defaultdict(int)
    plain = Convention.__getitem__

    def recording(self: Convention, key: Key | str) -> object:
        path = key.path if isinstance(key, Key) else key
        seen[(str(self.values.get("family")), path)] += 1
        return plain(self, key)

    monkeypatch.setattr(Convention, "__getitem__", recording)
    return seen


def test_replaying_every_sample_and_vector_reads_only_schema_keys(tmp_path, recorded):
    games = sorted(SAMPLES.glob("*.pulka"))
    vectors = sorted(VECTORS.rglob("*.yaml"))  # the payment games' are in payment/
    assert len(games) >= 9 and len(vectors) >= 4
    for source in games + vectors:
        shutil.copy(source, tmp_path / source.name)
    out = tmp_path / "out"
    out.mkdir()
    before = digests(tmp_path, SAMPLES, VECTORS)
    for game in games:
        copy = tmp_path / game.name
        for args in (["show", copy, "--deals"], ["settle", copy, "--json"],
                     ["settle", copy, "--explain"], ["check", copy],
                     ["export", copy, "--xlsx", out / f"{game.stem}.xlsx",
                      "--pdf", out / f"{game.stem}.pdf"]):
            result = run(*args)
            assert result.exit_code == 0, (args, result.output)
    for vector in vectors:
        result = run("verify", tmp_path / vector.name)
        assert result.exit_code == 0, (vector.name, result.output)
    assert digests(tmp_path, SAMPLES, VECTORS) == before | digests(out)
    assert len(list(out.iterdir())) == 2 * len(games)

    families = {family for family, _ in recorded}
    assert families == set(FAMILIES)  # every family was replayed
    wrong = sorted(f"{family}: {key}" for family, key in recorded if key not in keys_for(family))
    assert wrong == []
    # what a replay reads and the scan did not see would be read by a name the scan misses
    reads, _ = static_reads()
    scanned = {key for key, _, _, _ in reads}
    assert sorted({key for _, key in recorded} - scanned - {"family"}) == []


# --- `pulka conventions show` ----------------------------------------------------------------


def shown_keys(stdout: str) -> dict[str, tuple[list[str], list[str]]]:
    """Each key `conventions show` lists: (the words of its own line after the path, the lines
    under it)."""
    out: dict[str, tuple[list[str], list[str]]] = {}
    current = ""
    for line in stdout.splitlines()[1:]:
        if line.startswith("      "):
            out[current][1].append(line[6:])
            assert len(line) <= 80, line
        else:
            current, *rest = line.split()
            out[current] = (rest, [])
    return out


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_show_lists_every_key_with_its_value_and_its_meaning(tmp_path, lang):
    at = builtin_dir() / "croatian.yaml"
    conv = load_file(at)
    before = digests(builtin_dir(), tmp_path)
    result = run("conventions", "show", "хорватский", "--lang", lang)
    assert result.exit_code == 0, result.output
    assert result.stderr == ""
    assert result.stdout.splitlines()[0] == (
        f"Хорватский (Croatian)  [balkan]  {'хеш' if lang == 'ru' else 'hash'} {conv.digest()}")
    shown = shown_keys(result.stdout)
    keys = keys_for("balkan")
    assert list(shown) == list(keys)  # every key of the family, in its order
    for path, key in keys.items():
        words, under = shown[path]
        value = key.type.text(conv.values[path])
        assert " ".join(words) == f"{value} {conv.origins[path]}", path
        assert str(at) in conv.origins[path]  # (each value is set in the file)
        term = [("термин: " if lang == "ru" else "term: ") + key.term] if key.term else []
        assert under == textwrap.wrap(key.meaning(lang), 74) + term, path
    assert shown["settle.bule_whists"] == (["10", f"{at}:35:16"], [
        "whists per bule at the settlement" if lang == "en"
        else "висты за одно очко булей при расчёте"])
    assert digests(builtin_dir(), tmp_path) == before


def test_show_wraps_a_long_meaning_and_names_the_russian_term():
    result = run("conventions", "show", "сочи")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    at = lines.index(next(line for line in lines if line.startswith("  overflow ")))
    assert lines[at + 1:at + 4] == [
        "      points beyond a closed pulya help partners, write off own gora, or stay in",
        "      the pulya",
        "      term: помощь",
    ]
    at = lines.index(next(line for line in lines if line.startswith("  whist.responsibility ")))
    assert lines[at + 1:at + 4] == [
        "      shortfall penalty of a whister: full or half",
        "      term: ответственный / полуответственный вист",
        "  whist.lone               greedy           " + lines[at + 3].split()[-1],
    ]


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("name", [p.stem for p in sorted(builtin_dir().glob("*.yaml"))])
def test_show_gives_every_key_its_declared_meaning_within_80_columns(name, lang):
    result = run("conventions", "show", name, "--lang", lang)
    assert result.exit_code == 0, result.output
    family = result.stdout.splitlines()[0].split("[")[1].split("]")[0]
    shown = {path: under for path, (_words, under) in shown_keys(result.stdout).items()}
    assert list(shown) == list(keys_for(family))
    for path, key in keys_for(family).items():
        term = [("термин: " if lang == "ru" else "term: ") + key.term] if key.term else []
        assert shown[path] == textwrap.wrap(key.meaning(lang), 74) + term, path
        assert " ".join(shown[path][:len(shown[path]) - len(term)]) == key.meaning(lang)


def test_every_key_means_something_in_english_and_in_russian():
    for key in every_key():
        assert key.en.strip() and key.ru.strip(), key.path
        assert key.meaning("en") == key.en and key.meaning("ru") == key.ru
        assert any("а" <= c <= "я" for c in key.ru.lower()), key.path  # Russian words
        assert key.ru != key.en, key.path


def test_show_of_an_unknown_convention_prints_nothing_and_changes_nothing(tmp_path):
    before = digests(builtin_dir(), tmp_path)
    result = run("conventions", "show", "хорватскй")
    assert result.exit_code == 2
    assert result.stdout == ""
    assert "unknown convention 'хорватскй'" in result.stderr
    assert digests(builtin_dir(), tmp_path) == before

