"""``pulka stats --xlsx``: the archive's tables as a workbook that prints. Every money tab holds
a block per currency: the standings (with each player's best and worst evening), head to head
as a matrix, each evening's own results, the running totals with their chart above them, the
months; then what each player did, and each convention at its price in its own points.
Names of the players' language, no file's path where people read the standings, every tab
readable on paper (:mod:`pulka.render.xlsx.printing`). XlsxWriter is imported here only,
when the workbook is made."""

from __future__ import annotations

import io
import os
from decimal import Decimal

from ..i18n import _, pgettext
from ..names import short_forms
from ..render.xlsx.cells import BOLD, CM, MONEY, Book, Tab, header, line_chart, put, widths
from ..render.xlsx.printing import print_setup
from .aggregate import running_money
from .render import (
    COLUMN_NAME,
    SHOWN,
    counted,
    counts_heads,
    currency_words,
    games,
    month_name,
    standings_heads,
    unit_heads,
    unit_title,
    unpriced,
)

#: an average result in whists: two places (see render.average)
AVERAGE = MONEY
#: the chart of the running totals: its size (cm) and the rows it takes above their table
CHART = (24, 11)
CHART_ROWS = 23
#: the most labels the chart's axis of evenings shows (more would run together)
AXIS_LABELS = 12


def render(stats: dict) -> bytes:
    """The workbook of the archive, as the bytes of an .xlsx file."""
    from xlsxwriter import Workbook

    out = io.BytesIO()
    workbook = Workbook(out, {"in_memory": True})
    book = Book(workbook)
    made: list[tuple[Tab, bool, float]] = []  # (tab, lying down, a chart's width)
    if stats["money"]:
        made.append((_standings(book.tab(pgettext("worksheet", "Standings")), stats), False, 0))
        made.append((_pairs(book.tab(pgettext("worksheet", "Head to head")), stats), False, 0))
        made.append((_evenings(book.tab(pgettext("worksheet", "Evenings")), stats), False, 0))
        made.append((_history(book.tab(pgettext("worksheet", "Running totals")), stats), True,
                     CHART[0] * CM))
        made.append((_months(book.tab(pgettext("worksheet", "Months")), stats), False, 0))
    made.append((_counts(book.tab(pgettext("worksheet", "Contracts")), stats), False, 0))
    made.append((_units(book.tab(pgettext("worksheet", "Conventions")), stats), False, 0))
    title = counted(stats)
    for sheet, landscape, chart in made:
        widths(sheet)
        lying = landscape or sum(sheet.width.values()) * 7 > 650
        # each tab on the width of an A4 page where it is readable so, its first row on
        # every page, the archive's count of games at the top of each
        print_setup(sheet, title, "", landscape=lying, title_rows="1:1", readable=True,
                    extra=chart, repeat=2)
    workbook.close()
    return out.getvalue()


def _line(ws: Tab, row: int, text: str) -> None:
    """A title across the tab: written in the first cell, running on over the empty ones
    beside it, so that it widens no column."""
    ws.ws.write_string(row - 1, 0, text, ws.book.format(BOLD, None))


def _block_title(ws: Tab, row: int, text: str) -> int:
    _line(ws, row, text)
    return row + 1


def _standings(ws: Tab, stats: dict) -> Tab:
    """Per currency: the players in their places, games, games in plus, the average and the
    money, the best and the worst evening."""
    _line(ws, 1, counted(stats))
    row = 2
    apart = unpriced(stats)
    if apart:
        _line(ws, row, apart)
        row += 1
    for block in stats["money"]:
        row = _block_title(ws, row + 1, currency_words(block))
        header(ws, row, [*standings_heads(), pgettext("stats", "best evening"),
                         pgettext("stats", "date"), pgettext("stats", "worst evening"),
                         pgettext("stats", "date")])
        for name, r in block["players"].items():
            row += 1
            values = [r["place"], name, r["games"], r["won"], r["average"], r["money"],
                      r["best"]["money"], r["best"]["created"][:10],
                      r["worst"]["money"], r["worst"]["created"][:10]]
            for col, value in enumerate(values, start=1):
                put(ws, row, col, value)
        row += 1
    return ws


def _pairs(ws: Tab, stats: dict) -> Tab:
    """Per currency: what the row's player won from the column's (+: the other paid him)."""
    _line(ws, 1, _("Head to head (+: what the other paid him)"))
    row = 2
    for block in stats["money"]:
        row = _block_title(ws, row + 1, currency_words(block))
        names = list(block["players"])
        short = short_forms(names, COLUMN_NAME)
        header(ws, row, ["", *(short[n] for n in names)])
        for name, r in block["players"].items():
            row += 1
            put(ws, row, 1, name, font=BOLD)
            for col, other in enumerate(names, start=2):
                put(ws, row, col, "·" if other == name else r["head_to_head"].get(other))
        row += 1
    return ws


def _evening_heads(names: list[str]) -> list[str]:
    short = short_forms(names, COLUMN_NAME)
    return [pgettext("stats", "date"), pgettext("stats", "convention"),
            *(short[n] for n in names)]


def _evenings(ws: Tab, stats: dict) -> Tab:
    """Per currency: each evening and each player's own result in it (blank: he did not
    play), then its file's name."""
    _line(ws, 1, _("Each evening's own result"))
    row = 2
    for block in stats["money"]:
        row = _block_title(ws, row + 1, currency_words(block))
        evenings, _lines = running_money(stats, block)
        names = list(block["players"])
        header(ws, row, [*_evening_heads(names), pgettext("stats", "file")])
        for evening in evenings:
            row += 1
            put(ws, row, 1, evening["created"][:10])
            put(ws, row, 2, evening["title"])
            for col, name in enumerate(names, start=3):
                if name in evening["money"]:
                    put(ws, row, col, _decimal(evening["money"][name]))
            put(ws, row, len(names) + 3, os.path.basename(evening["file"]))
        row += 1
    return ws


def _history(ws: Tab, stats: dict) -> Tab:
    """Per currency: the chart of each player's running total in money, and below it the
    totals it is drawn from (None before a player's first evening)."""
    _line(ws, 1, _("Running total of each player"))
    row = 2
    for block in stats["money"]:
        row = _block_title(ws, row + 1, currency_words(block))
        chart_at = row
        row += CHART_ROWS
        evenings, lines = running_money(stats, block)
        names = list(lines)
        short = short_forms(names, COLUMN_NAME)
        heads = row
        header(ws, row, [pgettext("stats", "date"), *(short[n] for n in names)])
        for n, evening in enumerate(evenings):
            row += 1
            put(ws, row, 1, evening["created"][:10] or "?")
            for col, name in enumerate(names, start=2):
                put(ws, row, col, lines[name][n])
        if evenings:
            line_chart(ws, (chart_at, 1), CHART,
                       (_("Running total of each player ({money})").format(
                           money=currency_words(block)), pgettext("stats", "evening"),
                        pgettext("stats", "money")),
                       heads=heads, rows=(heads + 1, row), columns=range(2, 2 + len(names)),
                       y_format=MONEY, labels=AXIS_LABELS)
        row += 1
    return ws


def _months(ws: Tab, stats: dict) -> Tab:
    """Per currency: a row a month, its games and each player's money that month."""
    _line(ws, 1, _("Months"))
    row = 2
    for block in stats["money"]:
        row = _block_title(ws, row + 1, currency_words(block))
        names = list(block["players"])
        short = short_forms(names, COLUMN_NAME)
        header(ws, row, [pgettext("stats", "month"), pgettext("stats", "games"),
                         *(short[n] for n in names)])
        for month, group in block["months"].items():
            row += 1
            put(ws, row, 1, month_name(month))
            put(ws, row, 2, group["games"])
            for col, name in enumerate(names, start=3):
                share = group["players"].get(name)
                if share is not None:
                    put(ws, row, col, share["money"])
        row += 1
    return ws


def _counts(ws: Tab, stats: dict) -> Tab:
    """What each player did over every game."""
    header(ws, 1, counts_heads())
    for row, (name, r) in enumerate(stats["players"].items(), start=2):
        for col, value in enumerate([name, *(r[k] for k in ("games", "open", *SHOWN))],
                                    start=1):
            put(ws, row, col, value)
    return ws


def _units(ws: Tab, stats: dict) -> Tab:
    """Each convention at its price: the players in its own points (and money)."""
    _line(ws, 1, _("Each convention at its price, in its own points"))
    row = 2
    for unit in stats["units"]:
        row += 1
        _line(ws, row, _("{unit}: {games}").format(unit=unit_title(unit),
                                                    games=games(unit["games"])))
        row += 1
        header(ws, row, unit_heads(unit))
        for name, r in unit["players"].items():
            row += 1
            values = [r["place"], name, r["games"], r["won"], r["result"], r["average"]]
            if unit["price"] is not None:
                values.append(r["money"])
            for col, value in enumerate(values, start=1):
                # (the average to two places: a fraction format shows 110 657/6026 as 110 1/9)
                put(ws, row, col, value, fmt=AVERAGE if col == 6 else None)
        row += 1
    return ws


def _decimal(value: object) -> Decimal:
    return Decimal(str(value))
