"""`pulka stats` never adds two units (issue 31): an archive of the same three people at Sochi,
Croatian, Greek, Austrian and Rostov evenings at different prices, one in euros and one
without a price. Every total, place, best and worst evening, head-to-head cell, month and
chart series is checked against the games' own `settle --json`, summed here per currency
(money) and per convention at a price (points)."""

from __future__ import annotations

import itertools
import json
import shutil
import subprocess
from collections import defaultdict
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import openpyxl
import pytest
from cli_kit import ok
from club_kit import evening, mixed_archive


@pytest.fixture(scope="module")
def club(tmp_path_factory) -> tuple[Path, list[Path], list[dict], dict]:
    folder = tmp_path_factory.mktemp("club")
    paths = mixed_archive(folder / "archive")
    games = [{**json.loads(ok("settle", p, "--json").stdout), "file": str(p),
              "header": p.read_text(encoding="utf-8")} for p in paths]
    data = json.loads(ok("stats", folder / "archive", "--no-cache", "--json").stdout)
    return folder, paths, games, data


def price_of(game: dict) -> tuple[str | None, str | None]:
    lines = game["header"].splitlines()
    price = next(line.split()[2] for line in lines if line.startswith("rule price "))
    currency = next((line.split(" ", 2)[2] for line in lines if line.startswith("rule currency ")),
                    "none")
    return (None if price == "none" else price), (None if currency == "none" else currency)


def test_money_is_summed_per_currency_and_never_across_two(club):
    _folder, _paths, games, data = club
    expected: dict = defaultdict(lambda: defaultdict(lambda: {"games": 0, "won": 0,
                                                              "money": Decimal("0.00")}))
    for game in games:
        if "money" not in game:
            continue
        currency = price_of(game)[1]
        for name, value in game["money"].items():
            row = expected[currency][name]
            row["games"] += 1
            row["won"] += Decimal(value) > 0
            row["money"] += Decimal(value)
    assert [b["currency"] for b in data["money"]] == [None, "€"]
    for block in data["money"]:
        got = {name: {"games": r["games"], "won": r["won"], "money": Decimal(r["money"])}
               for name, r in block["players"].items()}
        assert got == expected[block["currency"]]
        assert block["games"] == sum(1 for g in games if "money" in g
                                     and price_of(g)[1] == block["currency"])
        # the places: by money, the most first
        moneys = [Decimal(r["money"]) for r in block["players"].values()]
        assert moneys == sorted(moneys, reverse=True)
        assert [r["place"] for r in block["players"].values()] == [1, 2, 3]
        for name, r in block["players"].items():
            assert Decimal(r["average"]) == (Decimal(r["money"]) / r["games"]).quantize(
                Decimal("0.01"))
    assert data["unpriced"] == 1


def test_best_and_worst_evening_are_by_money_within_a_currency(club):
    _folder, _paths, games, data = club
    for block in data["money"]:
        mine = [g for g in games if "money" in g and price_of(g)[1] == block["currency"]]
        for name, r in block["players"].items():
            results = [(Decimal(g["money"][name]), g["file"]) for g in mine]
            best, worst = max(r[0] for r in results), min(r[0] for r in results)
            assert Decimal(r["best"]["money"]) == best and Decimal(r["worst"]["money"]) == worst
            assert (best, r["best"]["file"]) in results and (worst, r["worst"]["file"]) in results
    borya = data["money"][0]["players"]["Борис"]
    # (his worst in whists is the Croatian −152 2/3, −1,53 in money: the Greek one cost more)
    assert borya["worst"]["title"] == "Греческий (Greek Prefa)"


def test_head_to_head_is_in_money_per_currency_from_the_games_payments(club):
    _folder, _paths, games, data = club
    for block in data["money"]:
        paid: dict = defaultdict(lambda: Decimal("0.00"))
        for game in games:
            if "money" in game and price_of(game)[1] == block["currency"]:
                for payment in game["payments"]:
                    paid[payment["to"], payment["from"]] += Decimal(payment["amount"])
                    paid[payment["from"], payment["to"]] -= Decimal(payment["amount"])
        got = {(me, other): Decimal(v) for me, r in block["players"].items()
               for other, v in r["head_to_head"].items()}
        assert got == dict(paid)


def test_points_are_summed_only_within_a_convention_at_one_price(club):
    _folder, _paths, games, data = club
    expected: dict = defaultdict(lambda: defaultdict(Fraction))
    counted: dict = defaultdict(int)
    for game in games:
        price, currency = price_of(game)
        key = (game["convention"], price, currency)
        counted[key] += 1
        for name, value in game["result"].items():
            expected[key][name] += Fraction(str(value))
    got = {(u["convention"], u["price"], u["currency"]): {
        n: Fraction(str(r["result"])) for n, r in u["players"].items()} for u in data["units"]}
    assert got == {k: dict(v) for k, v in expected.items()}
    assert {(u["convention"], u["price"], u["currency"]): u["games"]
            for u in data["units"]} == dict(counted)
    sochi = [u for u in data["units"] if u["convention"] == "sochi"]
    assert [u["price"] for u in sochi] == ["0.05", "0.10", None]  # three units, not one
    assert "money" not in sochi[2]["players"]["Аня"] or sochi[2]["players"]["Аня"]["money"] is None


def test_months_and_the_chart_are_in_money(club, tmp_path):
    folder, _paths, games, data = club
    block = data["money"][0]
    for month, group in block["months"].items():
        for name, row in group["players"].items():
            assert Decimal(row["money"]) == sum(
                (Decimal(g["money"][name]) for g in games if "money" in g
                 and price_of(g)[1] is None and f"created {month}" in g["header"]),
                Decimal("0.00"))
    out = tmp_path / "club.xlsx"
    ok("--lang", "ru", "stats", folder / "archive", "--no-cache", "--xlsx", out)
    book = openpyxl.load_workbook(out)
    assert book.sheetnames == ["Итоги", "Друг против друга", "Вечера", "Нарастающий итог", "Месяцы",
                               "Заказы", "Соглашения"]
    history = book["Нарастающий итог"]
    assert len(history._charts) == 2  # a chart per currency
    rows = list(history.iter_rows(values_only=True))
    head = next(n for n, row in enumerate(rows) if row[0] == "дата")
    names = rows[head][1:4]
    series = [row for row in rows[head + 1:] if row[0] and row[0] != "дата"][:6]
    running = defaultdict(lambda: Decimal("0.00"))
    for row, game in zip(series, [g for g in games if "money" in g and price_of(g)[1] is None],
                         strict=True):
        for name in names:
            running[name] += Decimal(game["money"][name])
        assert [Decimal(str(v)).quantize(Decimal("0.01")) for v in row[1:4]] == [
            running[n] for n in names]
    # each evening's own result, blank where a player did not play: here all three played
    evenings = list(book["Вечера"].iter_rows(values_only=True))
    heads = next(row for row in evenings if row[0] == "дата")
    assert heads[1] == "соглашение" and heads[-1] == "файл"
    players = [row for row in book["Итоги"].iter_rows(values_only=True) if row[0] == 1]
    assert players[0][1] == "Аня"
    assert all("/" not in str(cell) for row in book["Итоги"].iter_rows(values_only=True)
               for cell in row if cell)  # no file's path where people read the standings


def test_the_terminal_says_the_units_and_the_games_without_a_price(club):
    folder, _paths, _games, _data = club
    out = ok("--lang", "ru", "stats", folder / "archive", "--no-cache").stdout.splitlines()
    assert out[1] == "1 партия без цены: посчитана отдельно, в своих очках, под своим соглашением"
    assert "Итоги (деньги): 6 партий" in out
    assert "Итоги (деньги, €): 1 партия" in out
    assert "Сочинка (Sochi), 0,10 за вист: 1 партия" in out
    assert "Сочинка (Sochi), без цены: 1 партия" in out
    assert "Австрийский (Austrian), 0,10 за единицу: 1 партия" in out
    english = ok("stats", folder / "archive", "--no-cache").stdout.splitlines()
    assert "Standings (money): 6 games" in english
    assert "Sochi (Sochi), 0.10 a whist: 1 game" in english or any(
        line.endswith(", 0.10 a whist: 1 game") for line in english)


# --- the workbook on paper --------------------------------------------------------------------

SOFFICE = shutil.which("soffice") or shutil.which("libreoffice")
#: ten players, two of them with a long beginning in common: the widest tabs
PEOPLE = ("Аня", "Борис", "Вера", "Глеб", "Константин", "Дмитрий",
          "Александра-Констанция Петровна", "Александра-Констанция Ивановна", "Ева", "Жора")


def printed_sizes(pdf: Path) -> list[tuple[int, float, str]]:
    """Every piece of text of a PDF: its page, the size it prints at (its font's size through
    the text and drawing matrices), the text."""
    from pypdf import PdfReader

    found: list[tuple[int, float, str]] = []
    for number, page in enumerate(PdfReader(pdf).pages, start=1):
        def seen(text, cm, tm, font, size, number=number):
            if text.strip():
                a, b, c, d = cm[:4]
                height = ((tm[2] * a + tm[3] * c) ** 2 + (tm[2] * b + tm[3] * d) ** 2) ** 0.5
                found.append((number, size * height, text))
        page.extract_text(visitor_text=seen)
    return found


@pytest.mark.skipif(SOFFICE is None, reason="LibreOffice (soffice) is not installed")
def test_the_workbook_prints_nothing_under_8_pt(tmp_path):
    folder = tmp_path / "club"
    trios = list(itertools.combinations(PEOPLE, 3))
    kinds = [("sochi-3", "0.10"), ("croatian-3", "0.01"), ("greek-3", "0.05"),
             ("austrian-3", "0.10"), ("rostov-3", "0.25")]
    folder.mkdir()
    for n in range(60):
        sample, price = kinds[n % len(kinds)]
        evening(folder / f"вечер-{n:03d}.pulka", sample, players=trios[n * 7 % len(trios)],
                price=price, created=f"2026-{1 + n % 12:02d}-{1 + n % 28:02d}T20:00:00")
    book = tmp_path / "клуб.xlsx"
    ok("--lang", "ru", "stats", folder, "--no-cache", "--xlsx", book)
    out = tmp_path / "pdf"
    done = subprocess.run([SOFFICE, f"-env:UserInstallation={(tmp_path / 'profile').as_uri()}",
                           "--headless", "--norestore", "--convert-to", "pdf", "--outdir",
                           str(out), str(book)], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    sizes = printed_sizes(out / "клуб.pdf")
    assert len(sizes) > 1000  # (every tab printed: the standings, matrix, evenings, chart...)
    small = [(page, round(size, 1), text) for page, size, text in sizes if size < 8]
    assert small == []
    words = " ".join(text for _page, _size, text in sizes)
    for tab in ("Итоги", "Друг против друга", "Вечера", "Нарастающий итог", "Соглашения"):
        assert tab in words
    assert "sochi" not in words and "austrian" not in words  # (the conventions by their titles)
