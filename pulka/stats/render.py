"""The archive's tables in the terminal, in the players' language: money with the language's
decimal separator and the table's currency, whists as players write them (``+103 1/3``),
only within the games of one convention at one price; the conventions by their titles, names
as they are (shortened to distinct forms where a column is narrow)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from decimal import Decimal
from fractions import Fraction
from typing import Any

import click

from ..i18n import _, decimal, ngettext, pgettext, translated
from ..names import short_forms
from ..numbers import hundredths, signed
from .aggregate import UNDATED

#: the widest a player's name is shown at the head of a column of the head-to-head matrix
#: and of the months (a row's own name is shown whole)
COLUMN_NAME = 10


def whists(value: Fraction) -> str:
    return signed(value, minus="-")


def average(value: Fraction) -> str:
    """An average result in whists, to two places (``+110,11``): a sum shared out over many
    games is no number a sheet writes, and ``+110 657/6026`` is read by nobody."""
    return decimal(f"{hundredths(value):+}")


def money(value: Decimal | None) -> str:
    return "" if value is None else decimal(f"{value:+}")


def month_name(key: str) -> str:
    return _("no date") if key == UNDATED else key


#: the counts the players' table shows, after games and open (raspasy tricks: JSON only)
SHOWN = ("declared", "made", "failed", "misere", "raspasy")


def counts_heads() -> list[str]:
    """The headings of what each player did (the terminal and the workbook)."""
    return [pgettext("stats", "player"), pgettext("stats", "games"), pgettext("stats", "open"),
            pgettext("stats", "declared"), pgettext("stats", "made"),
            pgettext("stats", "failed"), pgettext("stats", "misères"),
            pgettext("stats", "raspasy")]


def standings_heads() -> list[str]:
    """The headings of the standings in money."""
    return [pgettext("stats", "place"), pgettext("stats", "player"),
            pgettext("stats", "games"), pgettext("stats", "ahead"),
            pgettext("stats", "per game"), pgettext("stats", "money")]


def unit_heads(unit: dict) -> list[str]:
    """The headings of a unit's table: its points by the family's word for them."""
    points = translated(unit["unit"]) if unit["unit"] else pgettext("stats", "whists")
    heads = [pgettext("stats", "place"), pgettext("stats", "player"),
             pgettext("stats", "games"), pgettext("stats", "ahead"), points,
             pgettext("stats", "per game")]
    if unit["price"] is not None:
        heads.append(pgettext("stats", "money"))
    return heads


def currency_words(block: dict) -> str:
    """``money``, or ``money, ₽`` when the tables named a currency."""
    if block["currency"]:
        return _("money, {currency}").format(currency=block["currency"])
    return pgettext("stats", "money")


def unit_title(unit: dict) -> str:
    """A unit as people say it: ``Сочинка (Sochi), вист 0,10 ₽``, ``..., без цены``."""
    if unit["price"] is None:
        price = _("no price")
    else:
        amount = decimal(unit["price"])
        if unit["currency"]:
            amount = f"{amount} {unit['currency']}"
        price = (_("{price} a unit") if unit["unit"] else _("{price} a whist")).format(
            price=amount)
    return f"{unit['title']}, {price}"


def _table(heads: Sequence[str], rows: Sequence[Sequence[str]], left: int = 1) -> list[str]:
    """Aligned columns: the first ``left`` to the left, the others (numbers) to the right."""
    widths = [max([len(h)] + [len(r[i]) for r in rows]) for i, h in enumerate(heads)]

    def line(cells: Sequence[str]) -> str:
        parts = [f"{c:<{w}}" if i < left else f"{c:>{w}}"
                 for i, (c, w) in enumerate(zip(cells, widths, strict=True))]
        return "  ".join(parts).rstrip()

    return [line(heads), *(line(r) for r in rows)]


def games(n: int) -> str:
    return ngettext("{n} game", "{n} games", n).format(n=n)


def counted(stats: dict) -> str:
    """``4 games, 1 of them still open``: what the archive holds."""
    said = games(stats["games"])
    if stats["open"]:
        said = ngettext("{games}, {n} of them still open", "{games}, {n} of them still open",
                        stats["open"]).format(games=said, n=stats["open"])
    return said


def unpriced(stats: dict) -> str | None:
    """What is said of the games without a price, when there are any."""
    n = stats["unpriced"]
    if not n:
        return None
    return ngettext("{n} game without a price: counted apart, in its own points, under its "
                    "convention", "{n} games without a price: counted apart, in their own "
                    "points, under their conventions", n).format(n=n)


def standings_rows(block: dict) -> list[list[str]]:
    return [[str(r["place"]), name, str(r["games"]), str(r["won"]), money(r["average"]),
             money(r["money"])] for name, r in block["players"].items()]


def matrix(rows: dict[str, dict], shown: Callable[[Any], str]) -> list[str]:
    """The head-to-head matrix: what the row's player won from the column's (+: the column's
    player paid him), ``·`` on the diagonal, blank where two never played together."""
    names = list(rows)
    short = short_forms(names, COLUMN_NAME)
    body = [[name, *("·" if other == name else
                     (shown(r["head_to_head"][other]) if other in r["head_to_head"] else "")
                     for other in names)] for name, r in rows.items()]
    return _table(["", *(short[n] for n in names)], body)


def _months(block: dict) -> list[str]:
    """A row a month: its games and each player's money that month (blank: he did not play)."""
    names = list(block["players"])
    short = short_forms(names, COLUMN_NAME)
    rows = [[month_name(month), str(group["games"]),
             *(money(group["players"][n]["money"]) if n in group["players"] else ""
               for n in names)] for month, group in block["months"].items()]
    return _table([pgettext("stats", "month"), pgettext("stats", "games"),
                   *(short[n] for n in names)], rows)


def _evening(evening: dict, key: str) -> str:
    value = money(evening[key]) if key == "money" else whists(evening[key])
    return _("{result} ({date}, {convention})").format(
        result=value, date=evening["created"][:10] or "?", convention=evening["title"])


def lines(stats: dict) -> list[str]:
    """Every table of the archive, as lines of text."""
    out = [counted(stats)]
    apart = unpriced(stats)
    if apart:
        out.append(apart)
    for block in stats["money"]:
        words = currency_words(block)
        out += ["", _("Standings ({money}): {games}").format(money=words,
                                                             games=games(block["games"]))]
        out += _table(standings_heads(), standings_rows(block), left=2)
        out += ["", _("Best and worst evening ({money}):").format(money=words)]
        for name, r in block["players"].items():
            out.append(_("  {player}: best {best}; worst {worst}").format(
                player=name, best=_evening(r["best"], "money"),
                worst=_evening(r["worst"], "money")))
        out += ["", _("Head to head ({money}; +: what the other paid him):").format(
            money=words), *matrix(block["players"], money)]
        out += ["", _("Months ({money}):").format(money=words), *_months(block)]
    out += ["", _("Contracts and raspasy, every game:"), *_table(counts_heads(), [
        [name, *(str(r[k]) for k in ("games", "open", *SHOWN))]
        for name, r in stats["players"].items()])]
    for unit in stats["units"]:
        out += ["", _("{unit}: {games}").format(unit=unit_title(unit), games=games(unit["games"]))]
        out += _table(unit_heads(unit), [
            [str(r["place"]), name, str(r["games"]), str(r["won"]), whists(r["result"]),
             average(r["average"]), *([money(r["money"])] if unit["price"] is not None else [])]
            for name, r in unit["players"].items()], left=2)
        if unit["price"] is None:  # (head to head in its points: it is in no money table)
            out += [_("Head to head (+: what the other paid him):"),
                    *matrix(unit["players"], whists)]
    return out


def show(stats: dict, bad: Sequence[tuple[str, str]]) -> None:
    for line in lines(stats):
        click.echo(line)
    if bad:
        click.echo("")
        click.echo(ngettext("{n} journal skipped (listed on stderr)",
                            "{n} journals skipped (listed on stderr)", len(bad)).format(n=len(bad)))

