"""The value of every formula is stored with it: a reader that does not recalculate
(`load_workbook(data_only=True)`, a preview, a phone) shows a number in every cell that shows
one, the number the formula gives, and never -0."""

from __future__ import annotations

import math
import re
import zipfile
from fractions import Fraction
from pathlib import Path

import openpyxl
import pytest
from cli_kit import digests, ok
from conftest import ROOT, VECTORS, tiered_samples
from test_xlsx import evaluate, exact

from pulka.render.xlsx.cells import Book, formula, put, stored

GAMES = [*sorted((ROOT / "samples").glob("*.pulka")), VECTORS / "croatian-seed-002.yaml",
         VECTORS / "payment" / "pulka-austrian-basic-refill.yaml"]
RANGE = re.compile(r"^=(MAX|MIN)\(([A-Z]+[0-9]+):([A-Z]+[0-9]+)\)$")


def value_of(values, text: str) -> Fraction:
    """What a formula of the workbook gives, worked from the values the cells hold."""
    extreme = RANGE.match(text)
    if extreme is not None:
        cells = [exact(c.value) for row in values[f"{extreme[2]}:{extreme[3]}"] for c in row]
        return max(cells) if extreme[1] == "MAX" else min(cells)
    return evaluate(values, text)


@pytest.mark.parametrize("path", tiered_samples(GAMES))
def test_every_formula_shows_its_value_without_recalculating(path: Path, tmp_path: Path) -> None:
    before = digests(path.parent)
    out = tmp_path / "g.xlsx"
    ok("export", path, "--xlsx", out)
    formulas, values = openpyxl.load_workbook(out), openpyxl.load_workbook(out, data_only=True)
    count = 0
    for ws in formulas.worksheets:
        shown = values[ws.title]
        for row in ws.iter_rows():
            for cell in row:
                value = shown[cell.coordinate].value
                if isinstance(value, float):
                    assert not (value == 0 and math.copysign(1, value) < 0), cell.coordinate
                if not (isinstance(cell.value, str) and cell.value.startswith("=")):
                    assert value == cell.value, (ws.title, cell.coordinate)  # the same cell
                    continue
                count += 1
                assert isinstance(value, (int, float)), (ws.title, cell.coordinate, cell.value)
                got = value_of(shown, cell.value)  # (from the values the file stores)
                assert exact(value) == got or abs(value - float(got)) < 1e-6, \
                    (ws.title, cell.coordinate, cell.value, value, got)
    assert count >= 8
    with zipfile.ZipFile(out) as book:  # not one formula left with an empty value, none -0
        for name in book.namelist():
            if name.startswith("xl/worksheets/sheet"):
                xml = book.read(name).decode("utf-8")
                assert "<v />" not in xml and "<v/>" not in xml and "<v></v>" not in xml
                assert re.search(r"<v>-0(\.0*)?</v>", xml) is None
    assert digests(path.parent) == before


def test_a_value_is_stored_as_the_number_shown() -> None:
    assert stored(Fraction(0)) == 0 and isinstance(stored(Fraction(-0)), int)
    assert repr(stored(Fraction(-98, 3))) == "-32.666666666666664"
    assert stored(Fraction("16.54")) == 16.54 and repr(stored(Fraction(60))) == "60"
    from decimal import Decimal

    assert repr(stored(Decimal("-0.00"))) == "0" and stored(Decimal("-3.27")) == -3.27


def test_a_formula_is_written_with_its_value() -> None:
    """(The workbook's one way to write a formula takes the value it gives.)"""
    import io

    from xlsxwriter import Workbook

    out = io.BytesIO()
    book = Workbook(out, {"in_memory": True})
    tab = Book(book).tab("T")
    put(tab, 1, 1, 1)
    put(tab, 2, 1, 2)
    formula(tab, 3, 1, "=SUM(A1:A2)", Fraction(3))
    formula(tab, 3, 2, "=A1/3", Fraction(1, 3))
    book.close()
    back = openpyxl.load_workbook(io.BytesIO(out.getvalue()), data_only=True)["T"]
    assert (back["A3"].value, back["B3"].value) == (3, 1 / 3)
    assert openpyxl.load_workbook(io.BytesIO(out.getvalue()))["T"]["A3"].value == "=SUM(A1:A2)"
