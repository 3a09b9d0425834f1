"""The settlement workbook, read back with openpyxl and compared with `pulka settle --json`."""

from __future__ import annotations

import io
import json
import re
from fractions import Fraction
from pathlib import Path

import openpyxl
import pytest
from click.testing import CliRunner
from conftest import ROOT, VECTORS, tiered_samples

from pulka.cli import cli
from pulka.gamefile import open_game
from pulka.render.words import on_paper
from pulka.render.xlsx.book import render_xlsx
from pulka.replay import family_of
from pulka.settlement.figures import build

GAMES = [*sorted((ROOT / "samples").glob("*.pulka")), VECTORS / "croatian-seed-002.yaml",
         VECTORS / "sochi-short.yaml"]


def workbook(path: Path):
    game, _ = open_game(path)
    report, state, settlement, steps = build(game)
    data = render_xlsx(game, steps, report, state, settlement)
    return openpyxl.load_workbook(io.BytesIO(data)), report, game, steps


def exact(value: object) -> Fraction:
    return Fraction(str(value)) if not isinstance(value, float) else Fraction(value).limit_denominator(1000)


@pytest.mark.parametrize("path", tiered_samples(GAMES))
def test_the_sheet_holds_the_numbers_of_settle_json(path):
    book, report, game, _ = workbook(path)
    ws = book["Sheet"]
    head = [c.value for c in ws[4]]
    players = game.table.players
    rows = {ws.cell(row=r, column=1).value: r for r in range(5, 5 + len(players))}
    assert list(rows) == list(players)
    family = game.table.convention.family
    columns = {"russian": {"pulya": "pulya", "gora": "gora"},
               "balkan": {"bule": "bule", "refe": "refe", "hats": "hats"},
               "swabian": {}}.get(  # (no pot)
        family, {"into the pot": "pot_in", "out of the pot": "pot_out"})
    pair, key, on, result = {"russian": ("whists", "whists", "on", "result (whists)"),
                             "balkan": ("supe", "whists", "on", "result (whists)")}.get(
        family, ("paid", "paid", "to", "balance"))
    for name, column in columns.items():
        col = head.index(name) + 1
        for p in players:
            assert exact(ws.cell(row=rows[p], column=col).value) == on_paper(
                family_of(game.table).presentation, column, report[column][p])
    for p in players:
        for o in players:
            if o != p:
                col = head.index(f"{pair} {on} {o}") + 1
                got = exact(ws.cell(row=rows[p], column=col).value)
                assert got == report[key].get(p, {}).get(o, 0)
        assert exact(ws.cell(row=rows[p], column=head.index(result) + 1).value) \
            == report["result"][p]
        if "money" in report:
            cell = ws.cell(row=rows[p], column=head.index("money") + 1)
            assert f"{cell.value:.2f}" == f"{report['money'][p]:.2f}"


@pytest.mark.parametrize("path", tiered_samples(GAMES))
def test_the_formulas_beside_the_numbers_recompute_the_result(path):
    book, report, game, _ = workbook(path)
    ws = book["Sheet"]
    head = [c.value for c in ws[4]]
    col = head.index("result, recomputed") + 1
    for r in range(5, 5 + len(game.table.players)):
        formula = ws.cell(row=r, column=col).value
        assert formula.startswith("=")
        assert evaluate(ws, formula) == report["result"][ws.cell(row=r, column=1).value]


def evaluate(ws, formula: str) -> Fraction:
    """A tiny evaluator for the workbook's own formulas (SUM, AVERAGE, + − × and cells); the
    ROUND around a formula (to 9 places, a sum to 6, money to 2: no -0 from a float sum) is
    checked and left out, so the value is exact."""
    rounded = re.fullmatch(r"=ROUND\((.*),(\d+)\)", formula)
    if rounded is not None:
        assert rounded[2] in ("2", "6", "9"), formula
        formula = "=" + rounded[1]

    def cell(ref: str) -> Fraction:
        value = ws[ref.replace("$", "")].value
        return Fraction(0) if value is None else exact(value)

    def cells(a: str, b: str) -> list[Fraction]:
        rows = ws[f"{a.replace('$', '')}:{b.replace('$', '')}"]
        return [Fraction(0) if c.value is None else exact(c.value) for row in rows for c in row]

    text = re.sub(r"SUM\((\$?\w+\$?\d+):(\$?\w+\$?\d+)\)",
                  lambda m: f"Fraction({sum(cells(m[1], m[2]))!s})", formula[1:])
    text = re.sub(r"AVERAGE\((\$?\w+\$?\d+):(\$?\w+\$?\d+)\)",
                  lambda m: f"Fraction('{Fraction(sum(cells(m[1], m[2])), len(cells(m[1], m[2])))}')",
                  text)
    text = re.sub(r"(?<![\w'])\$?([A-Z]+)\$?(\d+)",
                  lambda m: f"Fraction('{cell(m[1] + m[2])}')", text)
    text = re.sub(r"(?<![\w'/])(\d+)(?![\w'/])", r"Fraction(\1)", text)
    return eval(text, {"Fraction": Fraction})  # only our own formula text reaches here


def test_every_deal_and_every_entry_is_listed():
    # (issue 14: every row now carries its deal's number, dealer, text and journal line, and
    # a mark; the entry's columns moved two to the right)
    book, report, game, steps = workbook(ROOT / "samples" / "sochi-3.pulka")
    ws = book["Deals"]
    assert [c.value for c in ws[1]] == ["deal", "dealer", "as written", "journal line", "mark",
                                        "player", "column", "on", "amount", "why"]
    rows = list(ws.iter_rows(min_row=2, values_only=True))
    assert all(r[0] is not None and r[1] is not None and r[2] and r[3] for r in rows)
    assert sorted({r[0] for r in rows}) == [s.number for s in steps]
    assert {r[0]: r[1] for r in rows} == {s.number: s.dealer for s in steps}
    amounts = [r[8] for r in rows]
    assert len([a for a in amounts if a is not None]) == sum(len(s.postings) for s in steps)
    pulya = {p: Fraction(0) for p in game.table.players}
    for r in rows:
        if r[6] == "pulya":
            pulya[r[5]] += exact(r[8])
    assert pulya == report["pulya"]
    assert ws.auto_filter.ref == f"A1:J{ws.max_row}"


def test_the_settlement_sheet_has_the_steps_and_the_payments():
    book, report, _, _ = workbook(ROOT / "samples" / "sochi-3.pulka")
    ws = book["Settlement"]
    texts = [ws.cell(row=r, column=1).value for r in range(1, ws.max_row + 1)]
    assert "2. Amnesty" in texts and "4. Whists netted pair by pair" in texts
    pays = texts.index("pays")
    payments = [(ws.cell(row=r, column=1).value, ws.cell(row=r, column=2).value,
                 f"{ws.cell(row=r, column=3).value:.2f}") for r in range(pays + 2, ws.max_row + 1)
                if ws.cell(row=r, column=2).value]
    assert payments == [(p["from"], p["to"], f"{p['amount']:.2f}") for p in report["payments"]]


def test_the_workbook_looks_finished():
    book, *_ = workbook(ROOT / "samples" / "sochi-3.pulka")
    sheet, deals = book["Sheet"], book["Deals"]
    assert sheet["A4"].font.bold and deals["A1"].font.bold
    assert sheet.freeze_panes == "B5" and deals.freeze_panes == "A2"
    assert sheet["G5"].number_format == "# ?/?;-# ?/?;0"
    assert sheet.column_dimensions["A"].width >= 9
    assert deals.column_dimensions["C"].width > 20
    # the amount and the reason beside it are each padded (issue 14: "4 2 tricks")
    assert deals["I2"].alignment.horizontal == "right" and deals["I2"].alignment.indent == 1
    assert deals["J2"].alignment.horizontal == "left" and deals["J2"].alignment.indent == 1


def test_names_that_look_like_formulas_stay_text(tmp_path):
    runner = CliRunner()
    game = tmp_path / "g.pulka"
    names = ["=cmd", "+1", "-x", "@a"]
    # names that start with - follow a -- on the command line
    assert runner.invoke(cli, ["new", str(game), "--", *names]).exit_code == 0
    result = runner.invoke(cli, ["add", str(game), '"+1" 6s 6 "-x" whist 2 "@a" whist 2'])
    assert result.exit_code == 0, result.output
    out = tmp_path / "g.xlsx"
    assert runner.invoke(cli, ["export", str(game), "--xlsx", str(out)]).exit_code == 0
    book = openpyxl.load_workbook(out)
    column = [book["Sheet"].cell(row=r, column=1) for r in range(5, 9)]
    assert [c.value for c in column] == names
    assert all(c.data_type == "s" for c in column)
    deals = book["Deals"]
    assert all(deals.cell(row=r, column=6).data_type == "s" for r in range(2, deals.max_row + 1))
    history = book["History"]
    assert [c.value for c in history[2]][2:6] == names
    assert all(c.data_type == "s" for c in history[2][2:6])


def test_export_writes_nothing_on_bad_input(tmp_path):
    runner = CliRunner()
    out = tmp_path / "x.xlsx"
    result = runner.invoke(cli, ["export", str(tmp_path / "missing.pulka"), "--xlsx", str(out)])
    assert result.exit_code == 2 and not out.exists()
    result = runner.invoke(cli, ["export", str(ROOT / "samples" / "sochi-3.pulka")])
    assert result.exit_code == 2 and "--xlsx" in result.stderr


def test_export_values_match_settle_json_through_the_cli(tmp_path):
    runner = CliRunner()
    sample = str(ROOT / "samples" / "sochi-4.pulka")
    out = tmp_path / "s.xlsx"
    assert runner.invoke(cli, ["export", sample, "--xlsx", str(out)]).exit_code == 0
    data = json.loads(runner.invoke(cli, ["settle", sample, "--json"]).stdout)
    ws = openpyxl.load_workbook(out)["Sheet"]
    money = [c.value for c in ws[4]].index("money") + 1
    for r in range(5, 9):
        assert f"{ws.cell(row=r, column=money).value:.2f}" == data["money"][ws.cell(row=r, column=1).value]
