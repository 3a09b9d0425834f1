"""The table's currency (issue 11: "money with the currency the table sets"): written after
every amount of money people read, never in the journal's numbers or the JSON."""

from __future__ import annotations

import json
from pathlib import Path

from cli_kit import digests, ok, refused


def game(tmp_path: Path, *options: str) -> Path:
    path = tmp_path / "g.pulka"
    ok("new", path, "--players", "Аня", "Борис", "Вера", "--price", "0,10", *options)
    ok("add", path, "Аня 6s 6 Борис whist 2 Вера whist 2")
    return path


def test_the_money_says_the_currency_in_both_languages(tmp_path: Path) -> None:
    path = game(tmp_path, "--set", "currency=₽")
    assert "rule currency ₽" in path.read_text(encoding="utf-8").splitlines()
    ru = ok("--lang", "ru", "show", path).stdout.splitlines()
    assert ru[-1] == "деньги сейчас: Аня +0,54 ₽; Борис -0,27 ₽; Вера -0,27 ₽"
    assert "Вера → Аня: 0,27 ₽" in ok("--lang", "ru", "settle", path).stdout.splitlines()
    en = ok("settle", path).stdout.splitlines()
    assert "Вера pays Аня 0.27 ₽" in en
    paper = ok("--lang", "ru", "show", path, "--paper").stdout.splitlines()
    assert paper[-1] == "деньги: Аня +0,54 ₽ · Борис −0,27 ₽ · Вера −0,27 ₽"
    data = json.loads(ok("settle", path, "--json").stdout)
    assert data["money"] == {"Аня": "0.54", "Борис": "-0.27", "Вера": "-0.27"}  # numbers only


def test_no_currency_writes_the_number_alone(tmp_path: Path) -> None:
    path = game(tmp_path)
    assert "rule currency none" in path.read_text(encoding="utf-8").splitlines()
    assert ok("show", path).stdout.splitlines()[-1] == \
        "money now: Аня +0.54, Борис -0.27, Вера -0.27"


def test_a_currency_with_a_space_is_refused(tmp_path: Path) -> None:
    before = digests(tmp_path)
    refused(tmp_path, "new", tmp_path / "x.pulka", "--players", "A", "B", "C",
            "--set", "currency=a b", needles=("currency: expected a currency sign",))
    assert digests(tmp_path) == before
