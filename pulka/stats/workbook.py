"""``pulka stats --xlsx``: the archive's tables as a workbook, a sheet per table (players,
head to head, months, and one per convention), and the evenings with each player's running
total and a line chart of it. XlsxWriter is imported here only, when the workbook is made."""

from __future__ import annotations

import io
import re

from ..i18n import _, pgettext
from ..render.xlsx.cells import MONEY, Book, Tab, header, line_chart, put, widths
from ..render.xlsx.printing import print_setup
from .aggregate import UNDATED, running_totals
from .render import SHOWN, counted, group_heads, pair_heads, player_heads

#: what a sheet's name may not hold, and its longest length (Excel's rules)
_NOT_IN_NAME = re.compile(r"[\[\]:*?/\\]")
_APOSTROPHE = re.compile(r"^'|'$")  # (nor may it start or end with one)
NAME_LIMIT = 31
#: an average result in whists: two places (see render.average)
AVERAGE = MONEY
#: a tab of more columns prints lying down
PORTRAIT_COLUMNS = 8


def render(stats: dict) -> bytes:
    """The workbook of the archive, as the bytes of an .xlsx file."""
    from xlsxwriter import Workbook

    out = io.BytesIO()
    workbook = Workbook(out, {"in_memory": True})
    book = Book(workbook)
    tabs = [book.tab(pgettext("worksheet", "Players"))]
    _players(tabs[0], stats)
    tabs.append(book.tab(pgettext("worksheet", "Head to head")))
    _pairs(tabs[-1], stats)
    tabs.append(book.tab(pgettext("worksheet", "Evenings")))
    _evenings(tabs[-1], stats)
    months = book.tab(pgettext("worksheet", "Months"))
    tabs.append(months)
    put(months, 1, 1, pgettext("stats", "month"))
    _grouped(months, {(_("no date") if k == UNDATED else k): g
                      for k, g in stats["months"].items()})
    for name, group in stats["conventions"].items():
        sheet = book.tab(_sheet_title(name, [tab.name for tab in tabs]))
        tabs.append(sheet)
        put(sheet, 1, 1, pgettext("stats", "convention"))
        _grouped(sheet, {name: group})
    title = counted(stats)
    for sheet in tabs:
        widths(sheet)
        # each tab on the width of an A4 page, its first row on every page (the wide ones
        # lying down), the archive's count of games at the top of each
        print_setup(sheet, title, "", landscape=max(sheet.longest, default=0) > PORTRAIT_COLUMNS,
                    title_rows="1:1")
    workbook.close()
    return out.getvalue()


def _sheet_title(name: str, taken: list[str]) -> str:
    """A convention's name as a sheet's name: Excel's characters and length, and unique."""
    base = _NOT_IN_NAME.sub("_", name)[:NAME_LIMIT] or "_"
    base = _APOSTROPHE.sub("_", base)
    title, n = base, 1
    while title.casefold() in (t.casefold() for t in taken):
        n += 1
        suffix = f" {n}"
        title = base[:NAME_LIMIT - len(suffix)] + suffix
    return title


def _players(ws: Tab, stats: dict) -> None:
    heads = [*player_heads(), pgettext("stats", "best evening"), pgettext("stats", "date"),
             pgettext("stats", "file"), pgettext("stats", "worst evening"),
             pgettext("stats", "date"), pgettext("stats", "file")]
    header(ws, 1, heads)
    for row, (name, r) in enumerate(stats["players"].items(), start=2):
        counts = [name, *(r[k] for k in ("games", "open", *SHOWN)), r["result"]]
        values = [*counts, r["average"], r["money"] if r["money_games"] else None,
                  r["average_money"]]
        for which in ("best", "worst"):
            evening = r[which]
            values += [evening["result"], evening["created"][:10], evening["file"]]
        for col, value in enumerate(values, start=1):
            # (the average in whists to two places, as the terminal shows it: a fraction
            # format would show 110 657/6026 as 110 1/9)
            put(ws, row, col, value, fmt=AVERAGE if col == len(counts) + 1 else None)


def _pairs(ws: Tab, stats: dict) -> None:
    header(ws, 1, pair_heads())
    row = 2
    for name, r in stats["players"].items():
        for other, pair in sorted(r["head_to_head"].items()):
            for col, value in enumerate((name, other, pair["whists"], pair["money"]), start=1):
                put(ws, row, col, value)
            row += 1


def _grouped(ws: Tab, groups: dict) -> None:
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


def _evenings(ws: Tab, stats: dict) -> None:
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
    line_chart(ws, (2, len(names) + 5), (24, 12),
               (_("Running total of each player (whists)"), pgettext("stats", "evening"),
                pgettext("stats", "result")),
               heads=1, rows=(2, len(labels) + 1), columns=range(4, 4 + len(names)))
