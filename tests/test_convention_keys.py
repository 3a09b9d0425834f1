"""A key's road is short and checked (issue 10, item 4).

Every convention key the code reads is in the schema of the family that reads it, and every
schema key is read by some rule of its family (or is on the short list below, with the reason).
Reads are collected twice: statically (``conv["whist.rate"]`` subscripts with a constant key)
and at run time (every sample and vector through the CLI, with ``Convention.__getitem__``
recording). ``pulka conventions show`` prints each key's meaning and term under it.
"""

from __future__ import annotations

import ast
import shutil
import textwrap
from collections import defaultdict
from pathlib import Path

import pytest
from cli_kit import digests, run
from conftest import ROOT, VECTORS

from pulka.convention import Convention
from pulka.convention.loader import builtin_dir
from pulka.convention.schema import FAMILIES, KEYS, keys_for

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
    """``Term("pulya", "settle.pulya_whists", 1)``: a family's settlement term, its rate key a
    constant."""
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
            and node.func.id == "Term" and len(node.args) >= 2
            and isinstance(node.args[1], ast.Constant) and isinstance(node.args[1].value, str))


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


def static_reads() -> tuple[list[tuple[str, str | None, str]], list[str]]:
    """(key, family of the module or None, file:line) of each constant-key read, and the
    places that read a key given by a variable."""
    reads, dynamic = [], []
    for path in sorted(PACKAGE.rglob("*.py")):
        family = _family_of(path)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if _is_term(node):  # a settlement term names the rate key the family reads
                rate = node.args[1]  # type: ignore[attr-defined]
                reads.append((rate.value, family, f"{path.relative_to(ROOT)}:{node.lineno}"))
                continue
            if not (isinstance(node, ast.Subscript) and _is_convention(node.value)):
                continue
            where = f"{path.relative_to(ROOT)}:{node.lineno}"
            key = node.slice
            if isinstance(key, ast.Attribute) and key.attr == "rate":
                continue  # the rate a Term names (counted above): the result and its formula
            if isinstance(key, ast.Constant) and isinstance(key.value, str):
                reads.append((key.value, family, where))
            else:
                dynamic.append(f"{where}: {ast.unparse(node)}")
    return reads, dynamic


def test_the_scan_sees_the_reads_it_is_meant_to_see():
    # a scan that finds nothing would pass everything below
    reads, _ = static_reads()
    found = {(key, family) for key, family, _ in reads}
    assert {("whist.rate", "russian"), ("refe.max", "balkan"), ("price", None),
            ("players", None)} <= found
    assert len(reads) > 80


def test_every_key_a_module_reads_is_in_the_schema_of_its_family():
    reads, _ = static_reads()
    anywhere = {key.path for key in KEYS}
    wrong = [f"{where}: {key!r} is not a key of the {family} family" if family
             else f"{where}: {key!r} is not a key of any family"
             for key, family, where in reads
             if key not in (keys_for(family) if family else anywhere)]
    assert wrong == []


def test_rules_and_renderers_read_keys_by_name_only():
    # a key given by a variable hides from the scan; only the code that walks the whole
    # schema (the journal writer and reader, `conventions show`) may do it
    _, dynamic = static_reads()
    inside = [d for d in dynamic if d.startswith(("pulka/families/", "pulka/render/"))]
    assert inside == []


@pytest.mark.parametrize("family", FAMILIES)
def test_every_schema_key_is_read_by_a_rule_of_its_family(family):
    reads, _ = static_reads()
    read = {key for key, fam, _ in reads if fam == family}
    unread = sorted(set(keys_for(family)) - read - set(NOT_READ_BY_RULES))
    assert unread == [], f"no {family} rule reads {unread}"


def test_the_keys_no_rule_reads_are_read_elsewhere_and_by_no_rule():
    reads, _ = static_reads()
    by_rules = {key for key, family, _ in reads if family}
    assert sorted(by_rules & set(NOT_READ_BY_RULES)) == []  # then it is off the list
    # and somebody does read each of them: a subscript, .get or .setdefault with the key
    texts = "\n".join(p.read_text(encoding="utf-8") for p in PACKAGE.rglob("*.py")
                      if p.name != "schema.py")
    for key in NOT_READ_BY_RULES:
        assert any(f"{q}{key}{q}" in texts for q in "\"'"), key
    assert set(NOT_READ_BY_RULES) <= {key.path for key in KEYS}


# --- what the code reads at run time ---------------------------------------------------------


@pytest.fixture
def recorded(monkeypatch):
    """(family, key) of every read of a convention while the test runs."""
    seen: dict[tuple[str, str], int] = defaultdict(int)
    plain = Convention.__getitem__

    def recording(self: Convention, path: str) -> object:
        seen[(str(self.values.get("family")), path)] += 1
        return plain(self, path)

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
    scanned = {key for key, _, _ in reads}
    assert sorted({key for _, key in recorded} - scanned - {"family"}) == []


# --- `pulka conventions show` ----------------------------------------------------------------


def _croatian_expected() -> str:
    at = builtin_dir() / "croatian.yaml"
    return textwrap.dedent(f"""\
        Хорватский (Croatian)  [balkan]  hash 41ec9e605e08
          family                   balkan           {at}:4:9
              which scoring family the rules belong to
          name                     croatian         {at}:5:7
              the convention's short name
          title                    Хорватский (Croatian) {at}:6:8
              the name shown to players
          aliases                  хорватский hrvatski croatia {at}:7:10
              other names the convention answers to
          players                  3                {at}:8:10
              table sizes the convention is played at
          price                    none             {at}:9:8
              money per whist (none: settle in whists only)
              term: цена виста
          currency                 none             {at}:10:11
              the sign written after an amount of money, such as ₽ or € (none: the
              number alone)
              term: валюта
          start                    30               {at}:12:8
              bule each player starts with, a debt counted down to 0
              term: bule
          values                   4 6 8 10 12 14   {at}:13:9
              bule for spades, diamonds, hearts, clubs, bettel, sans (2 × 2..7)
          no_talon                 2                {at}:14:11
              added to the value of a game played without the talon
              term: igra
          quota                    2                {at}:15:8
              tricks each whister must take (the pair twice as many), or table: who fell
              is what the table says on the deal (fell), not the trick count
          defence_cap              5                {at}:17:14
              defence tricks that count when the contract fails
          bettel_fail.supe         60               {at}:19:9
              supe each defender writes on a failed bettel (scaled for a bettel without
              talon), or per_trick: the bettel's value × the tricks the declarer took
          bettel_fail.bule         12               {at}:20:9
              bule the declarer takes on a failed bettel (scaled for a bettel without
              talon)
          refe.max                 1                {at}:22:8
              all-passes that give refes in one game (30 → 1, 50 → 3)
              term: refe
          refe.factor              2                {at}:23:11
              multiplier of a game played on a refe
          contra.factors           2 4 8 16         {at}:25:12
              multipliers of contra, recontra, subcontra, mortcontra (the list's length
              is the most a table allows)
              term: kontra
          contra.writer            each             {at}:26:11
              after a contra each whister writes his own tricks (each), or the defender
              who called it writes all the defence's supe and answers for contra.quota
              tricks (caller)
              term: kontra
          contra.quota             5                {at}:28:10
              contra.writer: caller: the defence tricks the caller answers for (in place
              of contra.caller_penalty)
          contra.caller_penalty    true             {at}:29:19
              a defender who called contra pays the penalty when the defence takes 4
              tricks or fewer (false: he answers only for his own quota, as any whister)
              term: штраф за контру
          two_uncontrad            declarer_wins    {at}:31:16
              a plain two (spades, with talon, no refe) with no contra: the declarer
              wins without play, it is not played and everyone gets a refe, or it is
              played like any game
          two_no_refe              nothing          {at}:32:14
              refe_all when no refe can be given: nothing happens, or the declarer wins
          double_fall              false            {at}:33:14
              a failed game worth more than the declarer's bule left costs him double
              term: duplo padanje
          settle.bule_whists       10               {at}:35:16
              whists per bule at the settlement
        """)


def test_show_prints_each_keys_meaning_and_term(tmp_path):
    before = digests(builtin_dir(), tmp_path)
    result = run("conventions", "show", "хорватский")
    assert result.exit_code == 0, result.output
    assert result.stdout == _croatian_expected()
    assert result.stderr == ""
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


@pytest.mark.parametrize("name", ["sochi", "leningrad", "rostov", "classic", "gusarik",
                                  "croatian", "serbian", "slovenian"])
def test_show_gives_every_key_its_schema_meaning_within_80_columns(name):
    result = run("conventions", "show", name)
    assert result.exit_code == 0, result.output
    family = result.stdout.splitlines()[0].split("[")[1].split("]")[0]
    shown: dict[str, list[str]] = {}
    current = ""
    for line in result.stdout.splitlines()[1:]:
        if line.startswith("      "):
            shown[current].append(line[6:])
            assert len(line) <= 80, line
        else:
            current = line.split()[0]
            shown[current] = []
    assert list(shown) == list(keys_for(family))
    for path, key in keys_for(family).items():
        term = [f"term: {key.term}"] if key.term else []
        assert shown[path] == textwrap.wrap(key.meaning, 74) + term, path
        assert " ".join(shown[path][:len(shown[path]) - len(term)]) == key.meaning


def test_show_of_an_unknown_convention_prints_nothing_and_changes_nothing(tmp_path):
    before = digests(builtin_dir(), tmp_path)
    result = run("conventions", "show", "хорватскй")
    assert result.exit_code == 2
    assert result.stdout == ""
    assert "unknown convention 'хорватскй'" in result.stderr
    assert digests(builtin_dir(), tmp_path) == before

