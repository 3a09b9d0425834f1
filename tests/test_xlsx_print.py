"""How the workbook prints, read back with openpyxl: every tab of every sample on A4 in its
orientation, fitted to the page width, its header rows on every page, the game at the top and
the page number at the bottom, in the players' language. (tests/test_xlsx_libreoffice.py
prints them with LibreOffice.)"""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest
from cli_kit import digests, ok
from conftest import ROOT, tiered_samples

SAMPLES = sorted((ROOT / "samples").glob("*.pulka"))
#: tab -> (orientation, rows repeated on every page)
SETUP = {"Sheet": ("landscape", "$4:$4"), "Deals": ("landscape", "$1:$1"),
         "History": ("landscape", "$1:$2"), "Settlement": ("portrait", "$1:$1")}


#: the characters a page's header holds, left and right parts together, by orientation (a
#: character of LibreOffice's header is about 5.2 pt wide: 7.5 pixels leaves a margin), and
#: the room kept between the game on the left and the tab's name on the right
HEADER = {"portrait": int((8.27 - 1.5) * 96 / 7.5), "landscape": int((11.69 - 1.5) * 96 / 7.5)}
GAP = 4


def exported(path: Path, tmp_path: Path, *options: str):
    out = tmp_path / "g.xlsx"
    ok(*options, "export", path, "--xlsx", out)
    return openpyxl.load_workbook(out)


@pytest.mark.parametrize("sample", tiered_samples(SAMPLES, ids=lambda p: p.stem))
def test_every_tab_prints_on_the_width_of_a_page(sample: Path, tmp_path: Path) -> None:
    before = digests(ROOT / "samples")
    book = exported(sample, tmp_path)
    assert book.sheetnames == list(SETUP)
    title = book["Sheet"]["A1"].value  # the convention and the players
    for ws in book.worksheets:
        orientation, rows = SETUP[ws.title]
        setup = ws.page_setup
        assert (setup.orientation, ws.print_title_rows) == (orientation, rows), ws.title
        assert setup.paperSize == 9  # A4
        assert ws.sheet_properties.pageSetUpPr.fitToPage is True
        # one page wide, any number long (an absent fitToWidth is the file format's default, 1)
        assert (setup.fitToWidth or 1, setup.fitToHeight) == (1, 0)
        if len(title) + len(ws.title) + GAP <= HEADER[orientation]:
            assert ws.oddHeader.left.text == title.replace("&", "&&")
        else:  # no room for both: the convention in English alone (the title is "Русское (English)")
            convention, players = title.split(" — ")
            english = convention.split(" (", 1)[1][:-1]
            assert ws.oddHeader.left.text == f"{english} — {players}", ws.title
        assert ws.oddHeader.right.text == "&A"
        assert ws.oddFooter.left.text == sample.name
        assert ws.oddFooter.right.text == "page &P / &N"
    assert digests(ROOT / "samples") == before


def test_the_pages_are_numbered_in_russian(tmp_path: Path) -> None:
    book = exported(ROOT / "samples" / "croatian-3.pulka", tmp_path, "--lang", "ru")
    assert book.sheetnames == ["Пуля", "Сдачи", "Ход игры", "Расчёт"]
    for ws in book.worksheets:
        assert ws.oddFooter.right.text == "стр. &P / &N"
        assert ws.oddHeader.left.text == "Хорватский (Croatian) — A, B, C"


def test_a_name_with_an_ampersand_is_printed_as_it_is(tmp_path: Path) -> None:
    """`&` starts a code in a page header (`&P` is the page number): a name keeps it doubled."""
    game = tmp_path / "a&p.pulka"
    ok("new", game, "--players", "A&P", "Борис", "Вера", "--convention", "sochi")
    ok("add", game, "A&P 6s 6 Борис whist 2 Вера whist 2")
    book = exported(game, tmp_path)
    for ws in book.worksheets:
        assert ws.oddHeader.left.text == "Сочинка (Sochi) — A&&P, Борис, Вера"
        assert ws.oddFooter.left.text == "a&&p.pulka"


def test_a_name_that_reads_as_a_picture_code_is_printed_as_it_is(tmp_path: Path) -> None:
    """`&G` is where a header puts a picture: a player named `A&G` is printed, not dropped."""
    game = tmp_path / "g.pulka"
    ok("new", game, "--players", "A&G", "Борис", "Вера", "--convention", "sochi")
    before = digests(tmp_path)
    book = exported(game, tmp_path)
    for ws in book.worksheets:
        assert ws.oddHeader.left.text == "Сочинка (Sochi) — A&&G, Борис, Вера", ws.title
        assert ws.oddHeader.right.text == "&A"
    assert {k: v for k, v in digests(tmp_path).items() if k.endswith(".pulka")} == before


def test_the_language_of_the_locale_names_the_tabs(tmp_path: Path) -> None:
    """LANG=ru_RU.UTF-8 without --lang: the tabs, the headers and the footer in Russian."""
    from click.testing import CliRunner

    from pulka.cli import cli

    out = tmp_path / "g.xlsx"
    result = CliRunner().invoke(cli, ["export", str(ROOT / "samples" / "sochi-4.pulka"), "--xlsx",
                                      str(out)], env={"LANG": "ru_RU.UTF-8"})
    assert result.exit_code == 0, result.stderr
    assert result.stdout == f"записан {out}\n"
    book = openpyxl.load_workbook(out)
    assert book.sheetnames == ["Пуля", "Сдачи", "Ход игры", "Расчёт"]
    assert book["Ход игры"]["C1"].value == "итог после сдачи: висты"
    assert [c.value for c in book["Сдачи"][1]][-2:] == ["сколько", "за что"]
    assert {ws.oddFooter.right.text for ws in book.worksheets} == {"стр. &P / &N"}


# --- long titles and long names in the page's header (issue 31) --------------------------------


@pytest.mark.parametrize("lang, convention", [("en", ("Illustrated, Bettel and Sans Atout",
                                                      "Austrian, unlimited pot", "Illustrated, Bettel only")),
                                             ("ru", ("Иллюстрированный, беттель и без козыря",
                                                     "Австрийский, неограниченный банк",
                                                     "Иллюстрированный, только беттель"))])
def test_a_long_convention_title_leaves_room_for_the_tabs_name(tmp_path: Path, lang: str,
                                                               convention: tuple[str, ...]) -> None:
    for sample, alone in zip(("illustrated-6-3", "austrian-unlimited-3", "illustrated-5-4"),
                             convention, strict=True):
        book = exported(ROOT / "samples" / f"{sample}.pulka", tmp_path, "--lang", lang)
        title = book.worksheets[0]["A1"].value
        shortened = 0
        for ws in book.worksheets:
            left = ws.oddHeader.left.text
            lying = ws.page_setup.orientation
            assert len(left) + len(ws.title) + GAP <= HEADER[lying], (sample, ws.title, left)
            assert "…" not in left
            if left != title:  # the portrait tab: the convention in the players' language
                assert left == f"{alone} — {title.split(' — ')[1]}", (sample, left)
                shortened += 1
        assert shortened == 1, sample


def test_thirty_letter_names_are_shortened_in_the_header_never_to_one_form(tmp_path: Path) -> None:
    names = ("Александра-Констанция Петровна", "Александра-Констанция Ивановна",
             "Владимир-Святослав Мономахович", "Анастасия-Виктория Кузнецова-Ли")
    game = tmp_path / "long names.pulka"
    ok("new", game, "--players", *names, "--convention", "sochi")
    book = exported(game, tmp_path, "--lang", "ru")
    assert book["Пуля"]["A1"].value == f"Сочинка (Sochi) — {', '.join(names)}"  # the title whole
    for ws in book.worksheets:
        left = ws.oddHeader.left.text
        assert len(left) + len(ws.title) + GAP <= HEADER[ws.page_setup.orientation], left
        convention, players = left.split(" — ")
        assert convention == "Сочинка"
        forms = players.split(", ")
        assert len(forms) == 4 and len(set(forms)) == 4, forms
        for name, form in zip(names, forms, strict=True):  # each begins as its name or its initials
            assert form[:1] == name[:1] and form != "…", (name, form)
