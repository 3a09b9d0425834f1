"""Convention files: the built-ins load, names and aliases resolve, and bad files are refused
with file:line:col and a hint."""

from __future__ import annotations

from fractions import Fraction

import pytest

from pulka.convention.loader import available, builtin_dir, find, load_convention, load_file
from pulka.convention.schema import IDENTITY, keys_for
from pulka.errors import ConventionError

BUILTIN = ["sochi", "leningrad", "rostov", "classic"]


@pytest.mark.parametrize("name", BUILTIN)
def test_builtins_define_every_key(name):
    conv = load_convention(name)
    missing = [k for k in keys_for("russian") if k not in conv.values and k not in IDENTITY]
    assert missing == []


def test_builtin_folder_is_found():
    assert (builtin_dir() / "sochi.yaml").is_file()
    assert {name for name, _, _ in available()} >= set(BUILTIN)


@pytest.mark.parametrize(("alias", "name"), [("сочи", "sochi"), ("Сочинка", "sochi"),
                                             ("питер", "leningrad"), ("ЛЕНИНГРАДКА", "leningrad"),
                                             ("ростов", "rostov"), ("классика", "classic")])
def test_aliases(alias, name):
    assert find(alias).stem == name


@pytest.mark.parametrize(("alias", "name"), [("österreichisch", "austrian"),
                                             ("Греческий", "greek"), ("schwäbisch", "swabian")])
def test_an_alias_typed_in_decomposed_letters(alias, name):
    """ö, й and ä typed as a letter and its combining mark (NFD) name the same convention."""
    import unicodedata

    decomposed = unicodedata.normalize("NFD", alias)
    assert decomposed != alias
    assert find(decomposed).stem == name


def test_values_of_the_table_in_conventions_md():
    le = load_convention("leningrad")
    assert le["whist.rate"] == 2 and le["whist.lone"] == "gentleman"
    assert le["raspasy.prices"] == (2, 4, 6) and le["raspasy.exit"] == (6, 7, 8)
    assert le["settle.pulya_whists"] == 20 and le["misere.penalty"] == 20
    ro = load_convention("rostov")
    assert ro["raspasy.scoring"] == "lowest_writes" and ro["raspasy.rate"] == 5
    assert load_convention("classic")["split"] == "half"


def test_unknown_convention_suggests_close_names():
    with pytest.raises(ConventionError, match="unknown convention") as info:
        find("sochy")
    assert "sochi" in (info.value.hint or "")


def _write(tmp_path, text):
    path = tmp_path / "house.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_typo_is_refused_with_its_line_and_a_hint(tmp_path):
    path = _write(tmp_path, "extends: sochi\nname: house\nwhist:\n  rte: 2\n")
    with pytest.raises(ConventionError) as info:
        load_file(path)
    assert str(info.value).startswith(f"{path}:4:3: whist.rte: unknown key")
    assert info.value.hint == "did you mean whist.rate?"


def test_a_wrong_type_is_refused_with_its_line(tmp_path):
    path = _write(tmp_path, "extends: sochi\nwhist:\n  lone: stingy\n")
    with pytest.raises(ConventionError, match=r"house.yaml:3:9: whist.lone: expected one of"):
        load_file(path)
    path = _write(tmp_path, "extends: sochi\npulya: twenty\n")
    with pytest.raises(ConventionError, match=r":2:8: pulya: expected a whole number"):
        load_file(path)


def test_out_of_range_values_are_refused(tmp_path):
    path = _write(tmp_path, "extends: sochi\nwhist:\n  quota: [4, 2, 1, 1]\n")
    with pytest.raises(ConventionError, match="whist.quota: expected a list of 5 items"):
        load_file(path)
    path = _write(tmp_path, "extends: sochi\nraspasy:\n  exit: [5, 7, 7]\n")
    with pytest.raises(ConventionError, match="raspasy.exit: item 1: 5 is out of range"):
        load_file(path)


def test_duplicate_keys_are_refused(tmp_path):
    path = _write(tmp_path, "extends: sochi\npulya: 20\npulya: 30\n")
    with pytest.raises(ConventionError, match=r":3:1: duplicate key 'pulya' \(first at line 2\)"):
        load_file(path)


def test_unsafe_yaml_is_refused(tmp_path):
    path = _write(tmp_path, "extends: sochi\npulya: !!python/object:os.system 1\n")
    with pytest.raises(ConventionError, match="tag .* is not allowed"):
        load_file(path)


def test_an_alias_bomb_is_refused(tmp_path):
    lines = ["a0: &a0 [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]"]
    for i in range(1, 9):
        lines.append(f"a{i}: &a{i} [{', '.join([f'*a{i-1}'] * 10)}]")
    path = _write(tmp_path, "\n".join(lines) + "\n")
    with pytest.raises(ConventionError, match="too large"):
        load_file(path)


def test_extends_changes_only_what_it_names(tmp_path):
    path = _write(tmp_path, "extends: sochi\nname: house\nwhist:\n  rate: 3/2\n")
    conv = load_file(path)
    assert conv["whist.rate"] == Fraction(3, 2)
    assert conv["values"] == load_convention("sochi")["values"]
    assert conv.name == "house" and conv["aliases"] == ()
    assert conv.origins["whist.rate"].endswith("house.yaml:4:9")


def test_a_file_without_family_or_keys_is_refused(tmp_path):
    with pytest.raises(ConventionError, match="does not say its family"):
        load_file(_write(tmp_path, "pulya: 20\n"))
    with pytest.raises(ConventionError, match="missing keys"):
        load_file(_write(tmp_path, "family: russian\npulya: 20\n"))


def test_overrides_are_checked():
    assert load_convention("sochi", {"whist": {"lone": "gentleman"}})["whist.lone"] == "gentleman"
    with pytest.raises(ConventionError, match="whist.lone: expected one of"):
        load_convention("sochi", {"whist.lone": "stingy"})


# --- the digest: what tells two conventions apart ----------------------------------------------


def test_the_digest_tells_two_conventions_apart():
    digests = {name: load_convention(name).digest() for name, _, _ in available()}
    assert len(set(digests.values())) == len(digests)  # every built-in scores its own way
    sochi = load_convention("sochi")
    assert load_convention("sochi", {"whist.rate": 2}).digest() != sochi.digest()
    assert load_convention("sochi", {"robber": {"strict": True}}).digest() != sochi.digest()
    assert load_convention("sochi", {"whist.rate": 1}).digest() == sochi.digest()


def test_the_digest_ignores_what_names_a_convention(tmp_path):
    house = tmp_path / "house.yaml"
    house.write_text("extends: sochi\nname: house\ntitle: Дома\naliases: [дома]\n",
                     encoding="utf-8")
    mine, sochi = load_file(house), load_convention("sochi")
    assert (mine.name, mine.title, mine.values["aliases"]) != (sochi.name, sochi.title,
                                                                sochi.values["aliases"])
    assert mine.digest() == sochi.digest()


def test_a_key_at_its_default_does_not_change_the_digest():
    # a journal written before a key existed is read with the key's default: its digest (shown
    # by show --json, the key of its replay's snapshot) is the one it had before
    from pulka.convention.stored import from_rule_lines
    from pulka.errors import Source

    sochi = load_convention("sochi")
    keys = keys_for("russian")
    defaulted = [p for p, key in keys.items()
                 if key.default is not None and sochi.values[p] == key.default]
    assert {"robber.strict", "dark.bombs", "currency"} <= set(defaulted)
    where = Source("old.pulka")
    lines = {k: (v, where) for k, v in sochi.rule_lines() if k not in defaulted}
    older = from_rule_lines(lines, where)
    assert older == sochi.with_values({"aliases": ()}, "journal")
    assert older.digest() == sochi.digest()
    # a key set away from its default counts
    assert sochi.with_values({"robber.strict": True}, "override").digest() != sochi.digest()
