"""Conventions, vectors and verify in the players' language (issue 11): the messages of a bad
convention file in Russian at its file:line, `conventions show` with Russian meanings, every
error of a file from `conventions check`, a price typed with a decimal comma, and the
language-neutral JSON of `conventions list` and `conventions show`.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from cli_kit import digests, ok, run
from click.testing import CliRunner
from conftest import VECTORS

from pulka.cli import cli
from pulka.convention.loader import find

P3 = ("--players", "Аня", "Борис", "Вера")


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)


def refused_all(folder: Path, *args: object, env: dict[str, str] | None = None) -> str:
    """Run a command that must be refused: exit 2, stdout empty, nothing on disk changed.
    Returns the stderr whole (it may list several errors of one file)."""
    before = digests(folder)
    result = CliRunner().invoke(cli, [str(a) for a in args], env=env)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code == 2, (result.stdout, result.stderr)
    assert result.stdout == ""
    assert digests(folder) == before
    return result.stderr


# --- a bad convention file, in Russian, at its file:line -------------------------------------


def test_a_mistyped_key_in_russian_with_did_you_mean(tmp_path):
    Path("c.yaml").write_text("extends: sochi\nraspasy:\n  prise: [1, 2, 3]\n", encoding="utf-8")
    stderr = refused_all(tmp_path, "new", "g.pulka", *P3, "--convention", "./c.yaml",
                         "--lang", "ru")
    assert "c.yaml:3:3: raspasy.prise: неизвестный ключ для семейства russian\n" in stderr
    assert "может быть, имелось в виду raspasy.prices?" in stderr
    assert not Path("g.pulka").exists()


def test_a_value_out_of_range_in_russian(tmp_path):
    Path("c.yaml").write_text("extends: sochi\nwhist:\n  quota: [4, 2, 1, 1, 11]\n",
                              encoding="utf-8")
    stderr = refused_all(tmp_path, "conventions", "check", "c.yaml", "--lang", "ru")
    assert stderr.endswith("c.yaml:3:10: whist.quota: 5-е значение: 11 — вне допустимых "
                           "пределов: ожидается целое число от 0 до 10\n"), stderr


def test_a_wrong_kind_of_value_in_russian_from_the_locale(tmp_path):
    Path("c.yaml").write_text("extends: sochi\nbombs: 3\nwhist:\n  rate: [1, 2]\n",
                              encoding="utf-8")
    stderr = refused_all(tmp_path, "conventions", "check", "c.yaml",
                         env={"LANG": "ru_RU.UTF-8"})
    assert "c.yaml:2:8: bombs: ожидается true или false, а указано 3\n" in stderr
    assert ("c.yaml:4:9: whist.rate: ожидается число от 0 до 1000000000, а указано [1, 2]\n"
            in stderr)


def test_a_yaml_typo_in_russian(tmp_path):
    Path("c.yaml").write_text("extends: sochi\npulya: 10\npulya: 20\n", encoding="utf-8")
    stderr = refused_all(tmp_path, "conventions", "check", "c.yaml", "--lang", "ru")
    assert stderr.endswith("c.yaml:3:1: ключ 'pulya' повторяется (в первый раз — в строке 2)\n")


def test_an_unknown_convention_in_russian(tmp_path):
    stderr = refused_all(tmp_path, "conventions", "show", "sochy", "--lang", "ru")
    assert "неизвестное соглашение 'sochy'" in stderr
    assert "может быть, имелось в виду sochi" in stderr


def test_the_english_messages_stay(tmp_path):
    Path("c.yaml").write_text("extends: sochi\nraspasy:\n  prise: [1, 2, 3]\n", encoding="utf-8")
    stderr = refused_all(tmp_path, "conventions", "check", "c.yaml", "--lang", "en")
    assert stderr.endswith("c.yaml:3:3: raspasy.prise: unknown key for the russian family\n"
                           "  hint: did you mean raspasy.prices?\n"), stderr


# --- `conventions check` reports every error of the file --------------------------------------

SEVERAL = """\
extends: sochi
name: several
raspasy:
  prise: [1, 2, 3]
whist:
  rate: [1, 2]
  lone: stingy
bombs: 3
"""


def test_check_reports_every_error_of_the_file(tmp_path):
    Path("c.yaml").write_text(SEVERAL, encoding="utf-8")
    stderr = refused_all(tmp_path, "conventions", "check", "c.yaml")
    assert stderr.splitlines()[0].endswith("c.yaml: 4 errors in the convention:")
    body = stderr.splitlines()[1:]
    assert [line.split(": ", 1)[0].strip() for line in body if "hint:" not in line] == [
        "c.yaml:4:3", "c.yaml:6:9", "c.yaml:7:9", "c.yaml:8:8"]
    assert "  c.yaml:4:3: raspasy.prise: unknown key for the russian family" in body
    assert "    hint: did you mean raspasy.prices?" in body
    assert ("  c.yaml:6:9: whist.rate: expected a number from 0 to 1000000000, got [1, 2]"
            in body)
    assert ("  c.yaml:7:9: whist.lone: expected one of greedy, gentleman, gentleman_on_remise, "
            "greedy_unless_remise, got 'stingy'") in body
    assert "  c.yaml:8:8: bombs: expected true or false, got 3" in body


def test_check_reports_every_error_in_russian(tmp_path):
    Path("c.yaml").write_text(SEVERAL, encoding="utf-8")
    stderr = refused_all(tmp_path, "conventions", "check", "c.yaml", "--lang", "ru")
    assert "c.yaml: в соглашении 4 ошибки:\n" in stderr
    assert ("  c.yaml:7:9: whist.lone: ожидается одно из: greedy, gentleman, "
            "gentleman_on_remise, greedy_unless_remise, а указано 'stingy'\n") in stderr


def test_check_reports_a_missing_key_beside_a_misspelt_one(tmp_path):
    text = find("sochi").read_text(encoding="utf-8")
    assert "\nbombs: " in text
    Path("c.yaml").write_text(text.replace("\nbombs: ", "\nbomb: "), encoding="utf-8")
    stderr = refused_all(tmp_path, "conventions", "check", "c.yaml")
    assert ": 2 errors in the convention:" in stderr
    assert "unknown key for the russian family\n    hint: did you mean bombs?" in stderr
    assert "c.yaml:1:1: missing keys: bombs\n" in stderr


def test_a_key_with_a_bad_value_is_not_also_missing(tmp_path):
    text = find("sochi").read_text(encoding="utf-8")
    Path("c.yaml").write_text(text.replace("\nbombs: ", "\nbombs: 3 #"), encoding="utf-8")
    stderr = refused_all(tmp_path, "conventions", "check", "c.yaml")
    assert "bombs: expected true or false, got 3" in stderr
    assert "missing" not in stderr and "errors in the convention" not in stderr


# --- a decimal comma, as Russian players type it ----------------------------------------------


def _rules(path: Path) -> list[str]:
    return [line for line in path.read_text(encoding="utf-8").splitlines()
            if line.split()[:2] in (["rule", "price"], ["set", "price"])]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_new_takes_a_price_with_a_decimal_comma(tmp_path, lang):
    ok("new", "g.pulka", *P3, "--price", "0,10", "--lang", lang)
    assert _rules(Path("g.pulka")) == ["set price 0.10", "rule price 0.10"]
    # the same journal as one typed with a point (made a second later, maybe: its time aside)
    ok("new", "point.pulka", *P3, "--price", "0.10")
    assert _undated(Path("g.pulka")) == _undated(Path("point.pulka"))
    result = ok("settle", "g.pulka", "--json")
    assert json.loads(result.stdout)["money"] == {"Аня": "0.00", "Борис": "0.00", "Вера": "0.00"}


def _undated(journal: Path) -> list[str]:
    return [line for line in journal.read_text(encoding="utf-8").splitlines()
            if not line.startswith("created ")]


def test_any_decimal_key_takes_a_comma(tmp_path):
    ok("new", "g.pulka", *P3, "--set", "whist.rate=0,5")
    assert "rule whist.rate 1/2" in Path("g.pulka").read_text(encoding="utf-8").splitlines()


def test_a_price_with_a_comma_in_a_convention_file():
    Path("c.yaml").write_text('extends: sochi\nname: mine\nprice: "0,25"\n', encoding="utf-8")
    shown = json.loads(ok("conventions", "show", "./c.yaml", "--json").stdout)
    assert shown["keys"]["price"]["value"] == "0.25"
    assert shown["keys"]["price"]["text"] == "0.25"


def test_a_price_that_is_not_a_number_in_russian(tmp_path):
    stderr = refused_all(tmp_path, "new", "g.pulka", *P3, "--price", "0,1x", "--lang", "ru")
    assert stderr.endswith("<параметры>: price: ожидается денежная сумма, например 0,10 "
                           "(или 0.10), или none, а указано '0,1x'\n"), stderr


# --- `conventions show` in Russian -------------------------------------------------------------


def test_show_gives_the_meanings_in_russian():
    out = ok("conventions", "show", "sochi", "--lang", "ru").stdout
    lines = out.splitlines()
    assert lines[0].startswith("Сочинка (Sochi)  [russian]  хеш ")
    at = next(i for i, line in enumerate(lines) if line.startswith("  whist.rate "))
    assert lines[at + 1:at + 3] == [
        "      висты за каждую взятку вистующих, умноженные на стоимость игры",
        "      термин: висты"]
    assert "      игры, на которых можно сказать полвиста" in lines
    assert "whists per defence trick" not in out
    english = ok("conventions", "show", "sochi").stdout
    assert "      whists per defence trick, times the contract value" in english.splitlines()
    # the keys' own lines (path, value, source) are the same in both languages, but for the
    # word that says a value is a key's default (a key the file predates)
    assert ([line.removesuffix("по умолчанию") for line in lines if not line.startswith("      ")][1:]
            == [line.removesuffix("default") for line in english.splitlines()
                if not line.startswith("      ")][1:])


def test_show_names_a_default_value_in_russian():
    text = find("sochi").read_text(encoding="utf-8")
    assert "  bombs: [2, 4, 8]" in text
    Path("old.yaml").write_text(text.replace("  bombs: [2, 4, 8]", "  #"), encoding="utf-8")
    russian = ok("conventions", "show", "./old.yaml", "--lang", "ru").stdout.splitlines()
    english = ok("conventions", "show", "./old.yaml").stdout.splitlines()
    assert [line.split() for line in english if line.startswith("  dark.bombs ")] == [
        ["dark.bombs", "2", "4", "8", "default"]]
    assert [line.split(None, 4) for line in russian if line.startswith("  dark.bombs ")] == [
        ["dark.bombs", "2", "4", "8", "по умолчанию"]]
    shown = json.loads(ok("conventions", "show", "./old.yaml", "--json", "--lang", "ru").stdout)
    assert shown["keys"]["dark.bombs"]["source"] == "default"


def test_check_says_ok_in_russian():
    sochi = find("sochi")
    out = ok("conventions", "check", sochi, "--lang", "ru").stdout
    assert out.startswith(f"{sochi}: в порядке (Сочинка (Sochi), russian, хеш ")


# --- the JSON of `conventions list` and `conventions show` ------------------------------------


def test_list_json():
    data = json.loads(ok("conventions", "list", "--json").stdout)
    by_name = {entry["name"]: entry for entry in data}
    assert {"sochi", "leningrad", "rostov", "classic"} <= set(by_name)
    assert "сочи" in by_name["sochi"]["aliases"]
    assert set(by_name["sochi"]) == {"name", "aliases", "file"}
    assert Path(by_name["sochi"]["file"]) == find("sochi")
    assert all(Path(entry["file"]).is_file() for entry in data)
    # language-neutral: the same bytes in Russian
    assert ok("conventions", "list", "--json", "--lang", "ru").stdout == json.dumps(
        data, ensure_ascii=False, indent=2) + "\n"


def test_show_json():
    result = ok("conventions", "show", "сочи", "--json")
    data = json.loads(result.stdout)
    assert (data["name"], data["title"], data["family"]) == ("sochi", "Сочинка (Sochi)", "russian")
    assert Path(data["file"]) == find("sochi")
    assert "сочи" in data["aliases"]
    text = ok("conventions", "show", "sochi").stdout
    assert data["hash"] in text.splitlines()[0]
    keys = data["keys"]
    rate = keys["whist.rate"]
    assert rate["value"] == 1 and rate["text"] == "1"
    assert rate["meaning"] == "whists per defence trick, times the contract value"
    assert rate["term"] == "висты"
    assert rate["source"].startswith(f"{find('sochi')}:")
    assert keys["whist.quota"]["value"] == [4, 2, 1, 1, 1]
    assert keys["price"]["value"] is None and keys["price"]["text"] == "none"
    assert keys["bombs"]["value"] is False
    # every key the text lists, in the same order
    listed = [line.split()[0] for line in text.splitlines()[1:] if not line.startswith("      ")]
    assert list(keys) == listed
    assert ok("conventions", "show", "сочи", "--json", "--lang", "ru").stdout == result.stdout


def test_show_json_of_a_file_with_inherited_and_own_keys():
    Path("mine.yaml").write_text("extends: sochi\nname: mine\nwhist:\n  lone: gentleman\n"
                                 "raspasy:\n  prices: [1, 1/2]\n", encoding="utf-8")
    data = json.loads(ok("conventions", "show", "./mine.yaml", "--json").stdout)
    assert data["name"] == "mine" and data["aliases"] == []
    assert data["keys"]["whist.lone"] == {
        "value": "gentleman", "text": "gentleman", "source": "mine.yaml:4:9",
        "meaning": "one whister and one passer: the whister takes all (greedy), shares half"
                   " (gentleman), shares only when the declarer fails, writing his own"
                   " tricks alone on a made game (gentleman_on_remise), or takes all on a made"
                   " game and shares half when the declarer fails (greedy_unless_remise)",
        "term": "жлобский / джентльменский вист"}
    assert data["keys"]["raspasy.prices"]["value"] == [1, "1/2"]
    assert data["keys"]["pulya"]["source"].startswith(f"{find('sochi')}:")


# --- vectors and verify ----------------------------------------------------------------------


def _wrong_vector(tmp_path: Path) -> Path:
    text = (VECTORS / "sochi-short.yaml").read_text(encoding="utf-8")
    assert "pulya: {A: 10, " in text and 'money: {A: "12.80", ' in text
    path = tmp_path / "wrong.yaml"
    path.write_text(text.replace("pulya: {A: 10, ", "pulya: {A: 11, ")
                    .replace('money: {A: "12.80", ', 'money: {A: "12.90", '), encoding="utf-8")
    return path


def test_verify_says_the_differences_in_russian(tmp_path):
    path = _wrong_vector(tmp_path)
    result = run("verify", path.name, "--lang", "ru")
    assert result.exit_code == 1
    assert "  pulya.A: ожидалось 11, получилось 10\n" in result.stdout
    assert "  money.A: ожидалось 12,90, получилось 12,80\n" in result.stdout
    english = run("verify", path.name)
    assert "  pulya.A: expected 11, got 10\n" in english.stdout
    assert "  money.A: expected 12.90, got 12.80\n" in english.stdout


def test_settle_json_of_a_vector_is_the_same_in_russian():
    path = VECTORS / "sochi-short.yaml"
    english = ok("settle", path, "--json").stdout
    assert ok("settle", path, "--json", "--lang", "ru").stdout == english
    assert CliRunner().invoke(cli, ["settle", str(path), "--json"],
                              env={"LANG": "ru_RU.UTF-8"}).stdout == english
    assert json.loads(english)["money"]["A"] == "12.80"


def test_a_bad_vector_in_russian(tmp_path):
    Path("v.yaml").write_text("convention: sochi\nplayers: [A, B, C]\ndeals:\n"
                              "  - {declarer: A, contract: 6s, trumps: 4}\n", encoding="utf-8")
    stderr = refused_all(tmp_path, "settle", "v.yaml", "--lang", "ru")
    assert stderr.startswith("ошибка: v.yaml:4:33: "), stderr
    assert stderr.endswith(": неизвестный ключ 'trumps' в сдаче\n"), stderr


def test_no_language_variable_leaks_into_these_tests():
    assert not any(os.environ.get(name) for name in ("PULKA_LANG", "LANG", "LC_ALL"))
