"""``pulka stats --xlsx``: the archive's tables as a workbook, a sheet per table (players,
head to head, months, and one per convention), and the evenings with each player's running
total and a line chart of it. openpyxl is imported here only, when the workbook is made."""

from __future__ import annotations

import io
import re

from openpyxl import Workbook
from openpyxl.chart import LineChart, Reference
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.worksheet import Worksheet

from ..i18n import _, pgettext
from ..render.xlsx_cells import header, put, widths
from .aggregate import UNDATED, running_totals
from .render import SHOWN, group_heads, pair_heads, player_heads

#: what a sheet's name may not hold, and its longest length (Excel's rules)
_NOT_IN_NAME = re.compile(r"[\[\]:*?/\\]")
NAME_LIMIT = 31


def render(stats: dict) -> bytes:
    """The workbook of the archive, as the bytes of an .xlsx file."""
    book = Workbook()
    first = book.active
    assert isinstance(first, Worksheet)  # a new workbook's one sheet
    first.title = pgettext("worksheet", "Players")
    _players(first, stats)
    _pairs(book.create_sheet(pgettext("worksheet", "Head to head")), stats)
    _evenings(book.create_sheet(pgettext("worksheet", "Evenings")), stats)
    months = book.create_sheet(pgettext("worksheet", "Months"))
    put(months, 1, 1, pgettext("stats", "month"))
    _grouped(months, {(_("no date") if k == UNDATED else k): g
                      for k, g in stats["months"].items()})
    for name, group in stats["conventions"].items():
        sheet = book.create_sheet(_sheet_title(name, book.sheetnames))
        put(sheet, 1, 1, pgettext("stats", "convention"))
        _grouped(sheet, {name: group})
    for sheet in book.worksheets:
        widths(sheet)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def _sheet_title(name: str, taken: list[str]) -> str:
    """A convention's name as a sheet's name: Excel's characters and length, and unique."""
    base = _NOT_IN_NAME.sub("_", name)[:NAME_LIMIT] or "_"
    title, n = base, 1
    while title.casefold() in (t.casefold() for t in taken):
        n += 1
        suffix = f" {n}"
        title = base[:NAME_LIMIT - len(suffix)] + suffix
    return title


def _players(ws: Worksheet, stats: dict) -> None:
    heads = [*player_heads(), pgettext("stats", "best evening"), pgettext("stats", "date"),
             pgettext("stats", "file"), pgettext("stats", "worst evening"),
             pgettext("stats", "date"), pgettext("stats", "file")]
    header(ws, 1, heads)
    for row, (name, r) in enumerate(stats["players"].items(), start=2):
        values = [name, *(r[k] for k in ("games", "open", *SHOWN)), r["result"], r["average"],
                  r["money"] if r["money_games"] else None, r["average_money"]]
        for which in ("best", "worst"):
            evening = r[which]
            values += [evening["result"], evening["created"][:10], evening["file"]]
        for col, value in enumerate(values, start=1):
            put(ws, row, col, value)


def _pairs(ws: Worksheet, stats: dict) -> None:
    header(ws, 1, pair_heads())
    row = 2
    for name, r in stats["players"].items():
        for other, pair in sorted(r["head_to_head"].items()):
            for col, value in enumerate((name, other, pair["whists"], pair["money"]), start=1):
                put(ws, row, col, value)
            row += 1


def _grouped(ws: Worksheet, groups: dict) -> None:
    """Below the first cell's word: a row for each group's name and games, then its table."""
    row = 2
    for name, group in groups.items():
        put(ws, row, 1, name)
        put(ws, row, 2, group["games"])
        header(ws, row + 1, group_heads())
        row += 2
        for player, r in sorted(group["players"].items()):
            for col, value in enumerate((player, r["games"], r["result"], r["money"]), start=1):
                put(ws, row, col, value)
            row += 1
        row += 1


def _evenings(ws: Worksheet, stats: dict) -> None:
    """Each evening in order with each player's running total, and their chart."""
    labels, lines = running_totals(stats)
    names = list(lines)
    header(ws, 1, [pgettext("stats", "date"), pgettext("stats", "file"),
                    pgettext("stats", "convention"), *names])
    for row, evening in enumerate(stats["evenings"], start=2):
        put(ws, row, 1, evening["created"][:10])
        put(ws, row, 2, evening["file"])
        put(ws, row, 3, evening["convention"])
        for col, name in enumerate(names, start=4):
            put(ws, row, col, lines[name][row - 2])
    if not labels:
        return
    chart = LineChart()
    chart.title = _("Running total of each player (whists)")
    chart.y_axis.title = pgettext("stats", "result")
    chart.x_axis.title = pgettext("stats", "evening")
    last = len(labels) + 1
    chart.add_data(Reference(ws, min_col=4, max_col=3 + len(names), min_row=1, max_row=last),
                   titles_from_data=True)
    chart.set_categories(Reference(ws, min_col=1, min_row=2, max_row=last))
    chart.width, chart.height = 24, 12
    ws.add_chart(chart, f"{get_column_letter(len(names) + 5)}2")
