"""What pulka draws, in Russian: the text sheet, the settlement, the PDF pages and the workbook.

Names are never declined: a label puts the name after an arrow or a colon (``→ Аня``,
``Вера → Аня: 13,27``). Sums of money take the decimal comma; fractions stay ``1/3``. The
English sheet keeps its words; its header names the convention without the rules hash and
says the price once.
"""

from __future__ import annotations

import io
import os
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from cli_kit import digests, ok

ROOT = Path(__file__).resolve().parents[1]
SOCHI = ROOT / "samples" / "sochi-3.pulka"  # 34 deals, pulya 20, whist 0.10, the game is over
SERBIAN = ROOT / "samples" / "serbian-3.pulka"


def cells(line: str) -> list[str]:
    """A table line as its words (column widths are the table's business)."""
    return line.split()


def lines(text: str) -> list[str]:
    return text.splitlines()


# --- the text sheet -------------------------------------------------------------------------------


def test_show_in_russian_names_the_columns_status_and_money() -> None:
    before = digests(SOCHI.parent)
    out = lines(ok("show", SOCHI, "--lang", "ru").stdout)
    assert out[0] == "Сочинка (Sochi) [sochi]  (изменено: пуля 20), цена виста 0,10"
    assert out[1] == "висты: кто пишет — в строке, на кого (→) — в столбце"
    assert cells(out[3]) == ["игрок", "пуля", "гора", "→", "Аня", "→", "Борис", "→", "Вера",
                             "итог"]
    assert cells(out[5]) == ["Аня", "20", "64", "46", "58", "+165", "1/3"]  # fractions as they are
    assert "сдач: 34" in out
    assert any(line.startswith("игра окончена: ") for line in out)
    assert out[-1] == "деньги сейчас: Аня +16,54; Борис -3,27; Вера -13,27"
    assert digests(SOCHI.parent) == before


def test_the_english_header_has_no_rules_hash_and_says_the_price_once() -> None:
    out = lines(ok("show", SOCHI).stdout)
    assert out[0] == "Сочинка (Sochi) [sochi]  (overrides: pulya=20), whist 0.10"
    assert out[1] == "whists are written on the player named in the column"
    assert cells(out[3]) == ["player", "pulya", "gora", "on", "Аня", "on", "Борис", "on", "Вера",
                             "result"]
    assert out[-1] == "money now: Аня +16.54, Борис -3.27, Вера -13.27"


def test_the_header_says_a_price_only_override_once(tmp_path: Path) -> None:
    game = tmp_path / "g.pulka"
    ok("new", game, "--players", "Аня", "Борис", "Вера", "--price", "0.05")
    assert lines(ok("show", game).stdout)[0] == "Сочинка (Sochi) [sochi], whist 0.05"
    assert lines(ok("show", game, "--lang", "ru").stdout)[0] == \
        "Сочинка (Sochi) [sochi], цена виста 0,05"


def test_four_players_the_dealer_sits_out_in_russian(tmp_path: Path) -> None:
    game = tmp_path / "g.pulka"
    ok("new", game, "--players", "Аня", "Борис", "Вера", "Глеб", "--pulya", "10")
    out = lines(ok("show", game, "--lang", "ru").stdout)
    assert out[0] == "Сочинка (Sochi) [sochi]  (изменено: пуля 10)"
    assert "сдач: 0" in out
    assert "следующая сдача: сдаёт Аня (сдающий не играет)" in out


def test_settle_in_russian_pays_with_the_decimal_comma() -> None:
    out = lines(ok("settle", SOCHI, "--lang", "ru").stdout)
    assert cells(out[1]) == ["игрок", "висты", "деньги"]
    assert cells(out[3]) == ["Аня", "+165", "1/3", "+16,54"]
    assert out[-2:] == ["Вера → Аня: 13,27", "Борис → Аня: 3,27"]


def test_settle_in_whists_keeps_the_fraction_and_says_so_as_it_stands(tmp_path: Path) -> None:
    game = tmp_path / "g.pulka"
    ok("new", game, "--players", "Аня", "Борис", "Вера", "--pulya", "10")
    ok("add", game, "Аня 6s 6 Борис whist 2 Вера whist 2")
    out = lines(ok("settle", game, "--lang", "ru").stdout)
    assert out[-3:] == ["Борис → Аня: 2 2/3 виста", "Вера → Аня: 2 2/3 виста",
                        "(игра не окончена: это расчёт на сейчас)"]
    english = lines(ok("settle", game).stdout)
    assert english[-3:] == ["Борис pays Аня 2 2/3 whists", "Вера pays Аня 2 2/3 whists",
                            "(the game is not over: this is the settlement as it stands now)"]


@pytest.mark.parametrize(("amount", "russian", "english"), [
    (1, "Вера → Аня: 1 вист", "Вера pays Аня 1 whist"),
    (3, "Вера → Аня: 3 виста", "Вера pays Аня 3 whists"),
    (11, "Вера → Аня: 11 вистов", "Вера pays Аня 11 whists"),
    (21, "Вера → Аня: 21 вист", "Вера pays Аня 21 whists"),
    (Fraction(160, 3), "Вера → Аня: 53 1/3 виста", "Вера pays Аня 53 1/3 whists"),
])
def test_a_payment_in_whists_counts_them_in_the_language(amount, russian, english) -> None:
    from pulka import i18n
    from pulka.render.words import payment

    assert payment("Вера", "Аня", amount, False) == english
    i18n.use("ru")
    try:
        assert payment("Вера", "Аня", amount, False) == russian
    finally:
        i18n.use("en")


def test_the_balkan_sheet_in_russian() -> None:
    out = lines(ok("show", SERBIAN, "--lang", "ru").stdout)
    assert out[0] == "Сербский (Serbian) [serbian], цена виста 0,01"
    assert "супе на левого | буле | супе на правого" in out
    assert out[-1] == "деньги сейчас: Marko +0,46; Jelena -0,70; Nikola +0,24"


def test_the_locale_alone_makes_the_sheet_russian(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items()
           if k not in ("PULKA_LANG", "LC_ALL", "LC_MESSAGES", "LANGUAGE")}
    env.update(LANG="ru_RU.UTF-8", PYTHONPATH=str(ROOT), PYTHONIOENCODING="utf-8")
    done = subprocess.run([sys.executable, "-m", "pulka", "settle", str(SOCHI)], env=env,
                          capture_output=True, text=True, encoding="utf-8", cwd=tmp_path,
                          check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-2:] == ["Вера → Аня: 13,27", "Борис → Аня: 3,27"]


# --- the PDF ----------------------------------------------------------------------------------------


def pdf_pages(data: bytes) -> list[str]:
    pypdf = pytest.importorskip("pypdf")
    return [page.extract_text() for page in pypdf.PdfReader(io.BytesIO(data)).pages]


def test_the_russian_pdf_has_its_titles_in_russian(tmp_path: Path) -> None:
    pytest.importorskip("reportlab")
    out = tmp_path / "s.pdf"
    ok("export", SOCHI, "--pdf", out, "--lang", "ru")
    pages = pdf_pages(out.read_bytes())
    rest = "\n".join(pages[1:])
    for words in ("Сдачи и расчёт — Сочинка (Sochi)", "сдающий", "сдача", "записано в пулю",
                  "Расчёт", "игрок", "висты свои", "висты на него", "итог", "деньги",
                  "+16,54", "Вера → Аня: 13,27", "Борис → Аня: 3,27"):
        assert words in rest, words
    for words in ("Deals and settlement", "Settlement", "written on the sheet", " pays ", "whist",
                  "raspasy"):
        assert words not in rest, words
    # the deals in a Russian table's notation
    assert "Аня 6♠ 6 Борис вист 2 Вера вист 2" in rest and "распасы Аня 4 Борис 2 Вера 4" in rest
    assert "0,10" in pages[0]  # the price in the centre of the sheet
    first = pages[0]
    assert "→ Аня" in first and "на Аня" not in first  # a name that needs no case ending
    for words in ("пуля 20 — сдач: 34 — игра окончена", "пуля", "гора", "контроль", "вист",
                  "‖ пуля закрыта"):
        assert words in first, words


def test_the_english_pdf_keeps_its_words(tmp_path: Path) -> None:
    pytest.importorskip("reportlab")
    out = tmp_path / "s.pdf"
    ok("export", SOCHI, "--pdf", out)
    pages = pdf_pages(out.read_bytes())
    rest = "\n".join(pages[1:])
    for words in ("Deals and settlement — Сочинка (Sochi)", "dealer", "written on the sheet",
                  "Settlement", "whists written", "written on him", "Вера pays Аня 13.27"):
        assert words in rest, words
    first = pages[0]  # the sheet too, in English words (the goldens record the Russian one)
    assert "0.10" in first and "on Аня" in first and "на Аня" not in first
    for words in ("pulya 20 — deals: 34 — the game is over", "pulya", "gora", "control",
                  "‖ pulya closed"):
        assert words in first, words
    assert "Аня 6♠ 6 Борис whist 2 Вера whist 2" in rest  # the deals with the suits drawn


def test_a_russian_pdf_without_deals_says_so(tmp_path: Path) -> None:
    pytest.importorskip("reportlab")
    game, out = tmp_path / "g.pulka", tmp_path / "g.pdf"
    ok("new", game, "--players", "Аня", "Борис", "Вера")
    ok("export", game, "--pdf", out, "--lang", "ru")
    rest = "\n".join(pdf_pages(out.read_bytes())[1:])
    assert "сдач ещё не было" in rest and "никто никому не платит" in rest
    assert "Расчёт (игра не окончена: на сейчас)" in rest


# --- the workbook -----------------------------------------------------------------------------------


def test_the_russian_workbook_names_its_sheets_and_columns(tmp_path: Path) -> None:
    openpyxl = pytest.importorskip("openpyxl")
    out = tmp_path / "s.xlsx"
    ok("export", SOCHI, "--xlsx", out, "--lang", "ru")
    book = openpyxl.load_workbook(out)
    assert book.sheetnames == ["Пуля", "Сдачи", "Ход игры", "Расчёт"]  # (issue 14: the history)
    sheet, deals, settlement = book["Пуля"], book["Сдачи"], book["Расчёт"]
    assert sheet["A2"].value == "34 сдачи; игра окончена; цена виста 0,10"
    assert [c.value for c in sheet[4]] == ["игрок", "пуля", "гора", "висты → Аня",
                                           "висты → Борис", "висты → Вера", "итог (висты)",
                                           "деньги", "итог по формулам"]
    # numbers stay numbers, formulas stay formulas
    assert sheet["B5"].value == 20 and sheet["H5"].value == pytest.approx(16.54)
    assert sheet["I5"].value.startswith("=ROUND(10*(B5-AVERAGE(B$5:B$7))")  # (issue 14: no -0)
    assert sheet["A8"].value == "сумма" and sheet["B8"].value == "=SUM(B5:B7)"
    # (issue 14: the journal line and a mark on every row, before the entry's columns)
    assert [c.value for c in deals[1]] == ["сдача", "сдающий", "как записано", "строка журнала",
                                           "отметка", "игрок", "графа", "на кого", "сколько",
                                           "за что"]
    assert {deals.cell(row=r, column=7).value for r in range(2, deals.max_row + 1)} \
        <= {"пуля", "гора", "висты", None}
    texts = [c.value for c in settlement["A"]]
    assert texts[0] == "Расчёт, как на бумаге"
    at = texts.index("платит")
    assert [c.value for c in settlement[at + 1]] == ["платит", "кому", "сколько"]
    assert [c.value for c in settlement[at + 2]] == ["Вера", "Аня", pytest.approx(13.27)]


def test_the_english_workbook_keeps_its_names(tmp_path: Path) -> None:
    openpyxl = pytest.importorskip("openpyxl")
    out = tmp_path / "s.xlsx"
    ok("export", SOCHI, "--xlsx", out)
    book = openpyxl.load_workbook(out)
    assert book.sheetnames == ["Sheet", "Deals", "History", "Settlement"]
    assert book["Sheet"]["A2"].value == "34 deals; the game is over; whist price 0.10"
    assert [c.value for c in book["Sheet"][4]][:4] == ["player", "pulya", "gora", "whists on Аня"]


def test_a_blank_russian_sheet_writes_names_after_an_arrow(tmp_path: Path) -> None:
    pytest.importorskip("reportlab")
    named, unnamed, balkan = tmp_path / "a.pdf", tmp_path / "b.pdf", tmp_path / "c.pdf"
    ok("blank", named, "--players", "4", "--names", "Аня", "--names", "Борис", "--names", "Вера",
       "--names", "Глеб", "--price", "0.05", "--lang", "ru")
    ok("blank", unnamed, "--players", "4", "--lang", "ru")
    ok("blank", balkan, "-c", "serbian", "--names", "Marko", "--names", "Jelena", "--names",
       "Nikola", "--lang", "ru")
    text = flat_page(named)
    assert "→ Глеб" in text and "на Глеб" not in text
    assert "0,05" in text and "Пулька" in text and "расчёт" in text
    text = flat_page(unnamed)
    assert "на левого" in text and "на сидящего напротив" in text and "на правого" in text
    text = flat_page(balkan)
    assert "→ Marko" in text and "буле" in text and "начало" in text


def flat_page(path: Path) -> str:
    return pdf_pages(path.read_bytes())[0].replace("\n", " ")
