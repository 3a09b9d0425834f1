"""The History tab of the workbook: each player's balance after every deal, in whists (units)
and money; the highest and lowest; the settlement as its last row, equal to `settle --json`
for every sample; and a line chart of it."""

from __future__ import annotations

import json
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import openpyxl
import pytest
from cli_kit import digests, ok
from conftest import ROOT, VECTORS, tiered_samples

SAMPLES = sorted((ROOT / "samples").glob("*.pulka"))
GAMES = [*SAMPLES, VECTORS / "croatian-seed-002.yaml", VECTORS / "sochi-short.yaml"]


def exported(path: Path, tmp_path: Path, *options: str) -> Path:
    out = tmp_path / "g.xlsx"
    ok(*options, "export", path, "--xlsx", out)
    return out


def exact(value: object) -> Fraction:
    """A cell's number as the exact value it stands for (a float of a third is 1/3)."""
    assert isinstance(value, (int, float)) and not isinstance(value, bool), value
    return Fraction(value).limit_denominator(1000)


def json_exact(value: object) -> Fraction:
    return Fraction(str(value))


@pytest.mark.parametrize("path", tiered_samples(GAMES))
def test_the_last_row_is_the_settlement_of_settle_json(path: Path, tmp_path: Path) -> None:
    before = digests(path.parent)
    out = exported(path, tmp_path)
    data = json.loads(ok("settle", path, "--json").stdout)
    ws = openpyxl.load_workbook(out, data_only=True)["History"]
    players = data["players"]
    n = len(players)
    head = [c.value for c in ws[2]]
    money = "money" in data
    assert head == ["deal", "as written", *players, "sum", *((*players, "sum") if money else ())]
    rows = [[c.value for c in row] for row in ws.iter_rows(min_row=3)]
    deals = [r for r in rows if isinstance(r[0], int)]
    assert [r[0] for r in deals] == list(range(1, data["deals"] + 1))  # (no void in these)
    last = rows[-1]
    assert last[0] == "settlement"
    result = {p: json_exact(data["result"][p]) for p in players}
    assert {p: exact(last[2 + k]) for k, p in enumerate(players)} == result
    assert last[2 + n] == 0  # their sum
    if money:
        cents = {p: Decimal(data["money"][p]) for p in players}
        assert {p: Decimal(f"{last[3 + n + k]:.2f}") for k, p in enumerate(players)} == cents
        assert last[3 + 2 * n] == 0
    if deals:  # the last deal's row is the settlement too
        assert deals[-1][2:] == last[2:]
        for r in deals:  # every balance adds up to nothing, in whists and in money
            assert r[2 + n] == 0 and (not money or r[3 + 2 * n] == 0), r
    assert digests(path.parent) == before


def test_each_row_is_the_game_settled_after_that_deal(tmp_path: Path) -> None:
    """Deal by deal: the row after deal k is `settle --json` of the game cut after deal k."""
    sample = ROOT / "samples" / "sochi-3.pulka"
    ws = openpyxl.load_workbook(exported(sample, tmp_path), data_only=True)["History"]
    lines = sample.read_text(encoding="utf-8").splitlines(keepends=True)
    first = next(i for i, line in enumerate(lines) if line.startswith("1. "))
    for k in (1, 7, 20):
        cut = tmp_path / f"cut{k}.pulka"
        cut.write_text("".join(lines[:first + k]), encoding="utf-8")
        data = json.loads(ok("settle", cut, "--json").stdout)
        row = [c.value for c in ws[2 + k]]
        assert row[0] == k
        assert [exact(v) for v in row[2:5]] == [json_exact(data["result"][p])
                                               for p in data["players"]]
        assert [f"{v:.2f}" for v in row[6:9]] == [data["money"][p] for p in data["players"]]


def test_the_highest_and_lowest_and_the_chart(tmp_path: Path) -> None:
    out = exported(ROOT / "samples" / "sochi-3.pulka", tmp_path)
    values = openpyxl.load_workbook(out, data_only=True)["History"]
    ws = openpyxl.load_workbook(out)["History"]
    column = [c.value for c in ws["A"]]
    top, low = column.index("highest") + 1, column.index("lowest") + 1
    assert ws.cell(row=top, column=3).value == "=MAX(C3:C36)"
    assert ws.cell(row=low, column=8).value == "=MIN(H3:H36)"  # Борис's money
    anya = [exact(values.cell(row=r, column=3).value) for r in range(3, 37)]
    assert exact(values.cell(row=top, column=3).value) == max(anya)
    assert exact(values.cell(row=low, column=3).value) == min(anya)
    assert ws.auto_filter.ref == "A2:J36"  # the deals, under the header row
    assert ws.freeze_panes == "C3"
    (chart,) = ws._charts
    # 34 deals: over a scale of round steps (every deal's number would run together)
    assert type(chart).__name__ == "ScatterChart"
    assert (chart.x_axis.scaling.min, chart.x_axis.scaling.max, chart.x_axis.majorUnit) == (0, 34, 2)
    assert chart.title.tx.rich.p[0].r[0].t == "Balance after every deal"
    assert len(chart.series) == 3  # one line a player
    assert [b.id for b in ws.row_breaks.brk] == [column.index("settlement") + 2]  # a page of its own


def test_a_short_games_chart_is_a_line_under_its_table_on_the_same_page(tmp_path: Path) -> None:
    out = exported(ROOT / "samples" / "austrian-unlimited-3.pulka", tmp_path)
    ws = openpyxl.load_workbook(out)["History"]
    (chart,) = ws._charts
    assert type(chart).__name__ == "LineChart"  # 13 deals: each its label
    assert ws.row_breaks.brk == []  # the table and the chart fit one page
    column = [c.value for c in ws["A"]]
    assert chart.anchor._from.row == column.index("settlement") + 3  # two rows under it


def test_the_history_speaks_russian(tmp_path: Path) -> None:
    out = exported(ROOT / "samples" / "austrian-3.pulka", tmp_path, "--lang", "ru")
    book = openpyxl.load_workbook(out)
    assert book.sheetnames == ["Пуля", "Сдачи", "Ход игры", "Расчёт"]
    ws = book["Ход игры"]
    assert ws["C1"].value == "итог после сдачи: баланс"
    assert ws["G1"].value == "итог после сдачи: деньги"
    assert [c.value for c in ws[2]][:2] == ["сдача", "как записано"]
    column = [c.value for c in ws["A"]]
    assert {"максимум", "минимум", "расчёт"} <= set(column)
    assert ws._charts[0].title.tx.rich.p[0].r[0].t == "Итог после каждой сдачи"


def test_a_game_without_deals_has_a_settlement_of_nothing(tmp_path: Path) -> None:
    game = tmp_path / "g.pulka"
    ok("new", game, "--players", "Аня", "Борис", "Вера", "--convention", "sochi", "--price",
       "0.10")
    ws = openpyxl.load_workbook(exported(game, tmp_path), data_only=True)["History"]
    assert [c.value for c in ws[3]] == ["settlement", None, 0, 0, 0, 0, 0, 0, 0, 0]
    assert ws.max_row == 3 and not ws._charts and ws.auto_filter.ref is None
