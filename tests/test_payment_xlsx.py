"""The workbook of a payment game: the pot columns, what each paid each other, the balance, and
a last column whose formulas recompute the balance from the sheet.

The balance is out − in + (paid to him − paid by him) + his share of what is left in the pot;
with ``end.leftover: share`` the share is pot / n, and (out − mean) − (in − mean) is exactly
out − in + pot / n, so the formula is the family's terms at one unit a point with the pair
columns taken the other way round. Under ``end.leftover: contributors`` the share depends on
what each put in, and the column repeats the balance as values, saying so.
"""

from __future__ import annotations

import io
from fractions import Fraction
from pathlib import Path

import openpyxl
import pytest
from cli_kit import digests, ok
from conftest import ROOT, VECTORS, tiered_samples
from test_xlsx import evaluate, exact

PAYMENT = sorted((VECTORS / "payment").glob("*.yaml"))
SAMPLES = sorted(p for p in (ROOT / "samples").glob("*.pulka")
                 if p.stem.split("-")[0] in ("austrian", "styrian", "illustrated", "swabian",
                                             "greek"))


def exported(path: Path, tmp_path: Path, *options: str):
    out = tmp_path / "g.xlsx"
    ok("export", path, "--xlsx", out, *options)
    return openpyxl.load_workbook(io.BytesIO(out.read_bytes()))


def balances(path: Path, *options: str) -> dict[str, Fraction]:
    import json

    data = json.loads(ok("settle", path, "--json", *options).stdout)
    return {p: Fraction(str(v)) for p, v in data["balance"].items()}


def by_hand(ws) -> dict[str, Fraction]:
    """The balance worked from the sheet's own numbers, without its formulas: out − in +
    received − paid + pot / n (the pot is what went in less what came out)."""
    head = [c.value for c in ws[4]]
    rows = {}
    r = 5
    while ws.cell(row=r, column=1).value != "sum":
        rows[ws.cell(row=r, column=1).value] = r
        r += 1
    # a game without a pot (Swabian) has no pot columns: nothing put in or taken out
    into = head.index("into the pot") + 1 if "into the pot" in head else None
    out = head.index("out of the pot") + 1 if "out of the pot" in head else None

    def value(row: int, col: int | None) -> Fraction:
        return Fraction(0) if col is None else exact(ws.cell(row=row, column=col).value or 0)

    pot = sum(value(r, into) - value(r, out) for r in rows.values())
    paid = {(p, o): value(rows[p], head.index(f"paid to {o}") + 1)
            for p in rows for o in rows if o != p}
    return {p: value(rows[p], out) - value(rows[p], into)
            + sum(paid[(o, p)] - paid[(p, o)] for o in rows if o != p)
            + pot / len(rows) for p in rows}


@pytest.mark.parametrize("path", tiered_samples([*PAYMENT, *SAMPLES]))
def test_the_recomputed_column_gives_every_balance(path: Path, tmp_path: Path) -> None:
    before = digests(path.parent)
    ws = exported(path, tmp_path)["Sheet"]
    head = [c.value for c in ws[4]]
    pot = "swabian" not in path.name
    if pot:
        assert head[1:3] == ["into the pot", "out of the pot"]
    else:  # Swabian keeps no pot: its sheet starts with what each paid the others
        assert head[1].startswith("paid to ")
    assert "balance" in head and "result (whists)" not in head
    col = head.index("result, recomputed") + 1
    expected = balances(path)
    got = {}
    for r in range(5, 5 + len(expected)):
        formula = ws.cell(row=r, column=col).value
        assert formula.startswith("=") and ("AVERAGE" in formula) == pot, formula
        got[ws.cell(row=r, column=1).value] = evaluate(ws, formula)
    assert got == expected
    assert by_hand(ws) == expected
    note = ws.cell(row=4 + len(expected) + 3, column=1).value
    assert note.endswith(": (out of the pot − mean) − (into the pot − mean) + paid to him − "
                         "paid by him" if pot else ": paid to him − paid by him"), note
    assert digests(path.parent) == before


def test_the_formula_of_a_row_reads_the_pot_columns_and_the_payments(tmp_path: Path) -> None:
    # B is the second of three players (row 6); his paid row is D6:F6, paid to him E5:E7
    ws = exported(VECTORS / "payment" / "pulka-austrian-basic-refill.yaml", tmp_path)["Sheet"]
    # (issue 14: rounded to 9 places, so that a balance of 0 never shows as -0 by 1e-14)
    assert ws["H6"].value == ("=ROUND((C6-AVERAGE(C$5:C$7))-(B6-AVERAGE(B$5:B$7))-SUM(D6:F6)"
                              "+SUM(E5:E7),9)")
    # B: out 20 − 20 = 0; in 30 − 100/3 = −10/3, taken away: +10/3; paid 11 + 13 = 24,
    # received 7 + 2 = 9: 10/3 − 24 + 9 = −35/3
    assert evaluate(ws, ws["H6"].value) == Fraction(-35, 3)
    assert [ws.cell(row=4, column=c).value for c in (4, 5, 6)] == ["paid to A", "paid to B",
                                                                   "paid to C"]
    assert ws["E5"].value == 7 and ws["D6"].value == 11  # A paid B 7, B paid A 11


def test_the_russian_sheet_keeps_its_formula() -> None:
    """The Russian and Balkan workbooks are as they were: the same formula text."""
    from test_xlsx import workbook

    ws = workbook(ROOT / "samples" / "sochi-3.pulka")[0]["Sheet"]
    # (issue 14: the same formula, rounded to 9 places: a result of 0 never shows as -0)
    assert ws["I5"].value == ("=ROUND(10*(B5-AVERAGE(B$5:B$7))-10*(C5-AVERAGE(C$5:C$7))"
                              "+SUM(D5:F5)-SUM(D5:D7),9)")
    head = [c.value for c in ws[4]]
    assert head[3:7] == ["whists on Аня", "whists on Борис", "whists on Вера", "result (whists)"]


def test_a_pot_shared_by_contributors_is_written_as_values(tmp_path: Path) -> None:
    source = tmp_path / "v.yaml"
    text = (VECTORS / "payment" / "pulka-austrian-basic-refill.yaml").read_text("utf-8")
    source.write_text(text.replace("options: {pot.buy_in: 10}",
                                   "options: {pot.buy_in: 10, end.leftover: contributors}")
                      .split("expect:")[0] + "expect:\n  finished: true\n", encoding="utf-8")
    expected = balances(source)
    # 40 left, put in 50 / 30 / 20 of 100: A 20, B 12, C 8 (not 40/3 each)
    # A 20 − 50 + 7 + 20 = −3; B 20 − 30 − 15 + 12 = −13; C 20 − 20 + 8 + 8 = 16
    assert expected == {"A": -3, "B": -13, "C": 16}
    ws = exported(source, tmp_path)["Sheet"]
    head = [c.value for c in ws[4]]
    col = head.index("result, recomputed") + 1
    assert [ws.cell(row=r, column=col).value for r in (5, 6, 7)] == [-3, -13, 16]
    assert ws.cell(row=10, column=1).value == (
        "The last column repeats the result as values: with end.leftover: contributors the "
        "sheet's columns do not add up to it.")


def test_the_workbook_in_russian_names_the_pot(tmp_path: Path) -> None:
    book = exported(VECTORS / "payment" / "pulka-austrian-basic-refill.yaml", tmp_path,
                    "--lang", "ru")
    ws = book.worksheets[0]
    head = [c.value for c in ws[4]]
    assert head[1:3] == ["в банк", "из банка"]
    assert "итог" in head[6] or "баланс" in head[6]
