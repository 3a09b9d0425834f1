"""Every sample's workbook opened by LibreOffice, headless: recalculated, it shows the values
the file stores; printed, every tab fits the width of its page.

LibreOffice is told to recalculate every formula on load (its default for .xlsx is to trust
the stored values, which would make the first check hollow): a profile of our own sets
``OOXMLRecalcMode`` to "always". Each sample's workbook is converted to CSV, one file a tab,
with the raw values; and each tab, alone in a workbook of its own, is printed to PDF. The
whole set is converted by two runs of LibreOffice. Skipped where LibreOffice is not installed.
"""

from __future__ import annotations

import csv
import re
import shutil
import subprocess
from fractions import Fraction
from pathlib import Path

import openpyxl
import pytest
from cli_kit import digests, ok
from conftest import ROOT

SOFFICE = shutil.which("soffice") or shutil.which("libreoffice")
#: the exhaustive tier (`pytest -m slow`): LibreOffice takes a minute or two
pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(SOFFICE is None, reason="LibreOffice (soffice) is not installed")]

SAMPLES = sorted((ROOT / "samples").glob("*.pulka"))
#: LibreOffice's CSV filter: comma, double quote, UTF-8, from line 1, raw values (not as
#: shown), every sheet into a file of its own (-1)
CSV = "csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,false,false,false,-1"
PROFILE = """<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry"
           xmlns:xs="http://www.w3.org/2001/XMLSchema"
           xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Office.Calc/Formula/Load">
  <prop oor:name="OOXMLRecalcMode" oor:op="fuse"><value>0</value></prop>
</item>
</oor:items>
"""
#: how each tab prints: landscape or not, and the words of its repeated header row that must
#: be on every page (the first and the last column: all the columns are on the page)
TABS = {"Sheet": (True, ("player", "result, recomputed")),
        "Deals": (True, ("deal", "why")),
        "History": (True, ("deal", "sum")),
        "Settlement": (False, ("Settlement, the paper way",))}
#: a number shown as minus zero ("-0", "-0.00"), the sign of a float that lost its zero
MINUS_ZERO = re.compile(r"(?<![\w.,/])-0(?:[.,]0+)?(?![\w.,/])")


def recalculating(profile: Path) -> Path:
    """A LibreOffice profile that recalculates every formula of an .xlsx file it opens."""
    (profile / "user").mkdir(parents=True)
    (profile / "user" / "registrymodifications.xcu").write_text(PROFILE, encoding="utf-8")
    return profile


def soffice(profile: Path, out: Path, target: str, files: list[Path]) -> None:
    out.mkdir()
    done = subprocess.run([SOFFICE, f"-env:UserInstallation={profile.as_uri()}", "--headless",
                           "--norestore", "--convert-to", target, "--outdir", str(out),
                           *map(str, files)], capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stderr


@pytest.fixture(scope="module")
def office(tmp_path_factory) -> Path:
    """Each sample's workbook (NAME.xlsx), its tabs as CSV (csv/NAME-TAB.csv) and the
    workbook printed (pdf/NAME.pdf)."""
    work = tmp_path_factory.mktemp("office")
    profile = recalculating(work / "profile")
    books = []
    for sample in SAMPLES:
        books.append(work / f"{sample.stem}.xlsx")
        ok("export", sample, "--xlsx", books[-1])
    soffice(profile, work / "csv", CSV, books)
    soffice(profile, work / "pdf", "pdf", books)
    return work


def read_csv(path: Path) -> list[list[str]]:
    with path.open(encoding="utf-8", newline="") as handle:
        return list(csv.reader(handle))


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda p: p.stem)
def test_recalculated_by_libreoffice_every_cell_shows_the_stored_value(office: Path,
                                                                       sample: Path) -> None:
    before = digests(ROOT / "samples")
    path = office / f"{sample.stem}.xlsx"
    stored = openpyxl.load_workbook(path, data_only=True)
    formulas = openpyxl.load_workbook(path)
    checked = 0
    for ws in stored.worksheets:
        rows = read_csv(office / "csv" / f"{sample.stem}-{ws.title}.csv")
        for line in ws.iter_rows():
            for cell in line:
                got = rows[cell.row - 1][cell.column - 1] if cell.row <= len(rows) and \
                    cell.column <= len(rows[cell.row - 1]) else ""
                where = (ws.title, cell.coordinate, formulas[ws.title][cell.coordinate].value)
                if cell.value is None:
                    assert got == "", where
                elif isinstance(cell.value, (int, float)):
                    assert float(got) == pytest.approx(cell.value, rel=1e-12, abs=1e-9), where
                    assert not (cell.value == 0 and str(cell.value).startswith("-")), where
                    checked += isinstance(formulas[ws.title][cell.coordinate].value, str)
                else:
                    assert got == cell.value, where
    assert checked >= 6  # the sums of the sheet, the settlement and the history at least
    assert digests(ROOT / "samples") == before


def printed(office: Path, sample: Path) -> dict[str, list[tuple[int, str, object]]]:
    """The printed workbook's pages by tab (the tab's name ends each page's header, which
    comes before the file's name in the footer): (page number in the document, text, page)."""
    pypdf = pytest.importorskip("pypdf")
    tabs: dict[str, list[tuple[int, str, object]]] = {}
    for number, page in enumerate(pypdf.PdfReader(office / "pdf" / f"{sample.stem}.pdf").pages,
                                  start=1):
        text = page.extract_text()
        top = " ".join(text.split(sample.name)[0].split())  # (a long header wraps)
        tab = next(t for t in TABS if top.endswith(t))
        tabs.setdefault(tab, []).append((number, text, page))
    return tabs


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda p: p.stem)
def test_printed_by_libreoffice_every_tab_fits_the_width_of_its_pages(office: Path,
                                                                      sample: Path) -> None:
    tabs = printed(office, sample)
    assert list(tabs) == list(TABS)  # each tab, in order
    total = sum(len(pages) for pages in tabs.values())
    assert len(tabs["Sheet"]) == 1  # the sheet on one page, as on paper
    for tab, (landscape, words) in TABS.items():
        for number, text, page in tabs[tab]:
            width, height = float(page.mediabox.width), float(page.mediabox.height)
            assert (width > height) == landscape, (tab, number)
            assert sorted((round(width), round(height))) == [595, 842], (tab, number)  # A4
            flat = re.sub(r"\s+", "", text)
            for word in words:  # the repeated header row, its first and last column
                assert re.sub(r"\s+", "", word) in flat, (tab, number, word)
            assert f"page {number} / {total}" in text, (tab, number)  # the footer
            assert sample.name in text, (tab, number)
            assert MINUS_ZERO.search(text) is None, (tab, number, MINUS_ZERO.search(text))
    assert "Balance after every deal" in tabs["History"][-1][1]  # the chart, after the table
    for number, _, page in tabs["Deals"]:  # narrower columns, texts wrapped: never small print
        assert min(printed_sizes(page)) >= 7, (number, sorted(printed_sizes(page)))


def printed_sizes(page) -> set[float]:
    """The sizes (points) of the text on a printed page."""
    found: set[float] = set()

    def visit(text, cm, tm, font, size):
        if text.strip():
            found.add(round(size * (tm[0] ** 2 + tm[1] ** 2) ** 0.5 * (cm[0] ** 2 + cm[1] ** 2) ** 0.5, 2))

    page.extract_text(visitor_text=visit)
    return found


def test_a_tab_that_does_not_fit_would_be_seen(tmp_path: Path) -> None:
    """The check above can fail: the Deals tab without its page setup prints its columns on
    pages of their own, and a page then lacks the last column's header."""
    book = tmp_path / "g.xlsx"
    ok("export", ROOT / "samples" / "sochi-3.pulka", "--xlsx", book)
    wide = openpyxl.load_workbook(book)
    for ws in list(wide.worksheets):
        if ws.title != "Deals":
            wide.remove(ws)
    ws = wide["Deals"]
    ws.sheet_properties.pageSetUpPr.fitToPage = False
    ws.page_setup.orientation = "portrait"
    for letter in "CJ":
        ws.column_dimensions[letter].width = 60
    wide.save(tmp_path / "wide.xlsx")
    soffice(recalculating(tmp_path / "profile"), tmp_path / "pdf", "pdf", [tmp_path / "wide.xlsx"])
    pypdf = pytest.importorskip("pypdf")
    texts = [re.sub(r"\s+", "", p.extract_text())
             for p in pypdf.PdfReader(tmp_path / "pdf" / "wide.pdf").pages]
    assert not all("why" in t and "deal" in t for t in texts)


def test_the_csv_of_libreoffice_is_read_as_written(office: Path) -> None:
    """The reader of the first check sees what LibreOffice wrote (a sum of the sheet)."""
    rows = read_csv(office / "csv" / "sochi-3-Sheet.csv")
    assert rows[3][0] == "player" and rows[7][0] == "sum"
    assert float(rows[7][1]) == 60  # the pulya column: 20 each


def test_libreoffice_recalculates_rather_than_trusting_the_stored_values(tmp_path: Path) -> None:
    """The first check can fail: a formula stored with a wrong value shows the right one."""
    from xlsxwriter import Workbook

    wrong = tmp_path / "wrong.xlsx"
    book = Workbook(str(wrong))
    ws = book.add_worksheet("T")
    ws.write_number(0, 0, 1)
    ws.write_number(1, 0, 2)
    ws.write_formula(2, 0, "=SUM(A1:A2)", None, 99)
    book.close()
    assert openpyxl.load_workbook(wrong, data_only=True)["T"]["A3"].value == 99
    soffice(recalculating(tmp_path / "profile"), tmp_path / "csv", CSV, [wrong])
    assert read_csv(tmp_path / "csv" / "wrong-T.csv") == [["1"], ["2"], ["3"]]


#: fractions of denominators past one digit (a total of games of three and of four players is
#: in twelfths), as LibreOffice shows them: the same fraction, never the nearest of one digit
#: (7/12 would read 4/7)
SHOWN_AS = {Fraction(7, 12): "7/12", Fraction(-1211, 12): "-100 11/12",
            Fraction(841, 840): "1 1/840", Fraction(663517, 6026): "110 657/6026",
            Fraction(1, 3): "1/3", Fraction(181, 4): "45 1/4"}


def test_a_fraction_of_any_denominator_is_shown_as_it_is(tmp_path: Path) -> None:
    from xlsxwriter import Workbook

    from pulka.render.xlsx.cells import Book, put

    book_path = tmp_path / "fractions.xlsx"
    workbook = Workbook(str(book_path))
    tab = Book(workbook).tab("fractions")
    for row, value in enumerate(SHOWN_AS, start=1):
        put(tab, row, 1, value)
    workbook.close()
    # as shown (the formatted text), not the raw values
    soffice(tmp_path / "profile", tmp_path / "csv",
            "csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,true", [book_path])
    shown = [" ".join(r[0].split()) for r in read_csv(tmp_path / "csv" / "fractions.csv")]
    assert shown == list(SHOWN_AS.values())
