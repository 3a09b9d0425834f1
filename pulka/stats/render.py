"""The archive's tables in the terminal, in the players' language: whists as players write
them (``+103 1/3``), money with the language's decimal separator; names, files and the
conventions' names as they are."""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from fractions import Fraction

import click

from ..i18n import _, decimal, ngettext, pgettext
from ..numbers import signed
from .aggregate import UNDATED


def whists(value: Fraction) -> str:
    return signed(value, minus="-")


def money(value: Decimal | None) -> str:
    return "" if value is None else decimal(f"{value:+}")


def _table(heads: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    """Aligned columns: the first to the left, the others (numbers) to the right."""
    widths = [max([len(h)] + [len(r[i]) for r in rows]) for i, h in enumerate(heads)]

    def line(cells: Sequence[str]) -> str:
        first = f"{cells[0]:<{widths[0]}}"
        rest = [f"{c:>{w}}" for c, w in zip(cells[1:], widths[1:])]
        return "  ".join([first, *rest]).rstrip()

    return [line(heads), *(line(r) for r in rows)]


def _evening(evening: dict) -> str:
    return _("{result} ({date}, {file})").format(
        result=whists(evening["result"]), date=evening["created"][:10] or "?",
        file=evening["file"])


def lines(stats: dict) -> list[str]:
    """Every table of the archive, as lines of text."""
    games = ngettext("{n} game", "{n} games", stats["games"]).format(n=stats["games"])
    if stats["open"]:
        games = ngettext("{games}, {n} of them still open", "{games}, {n} of them still open",
                         stats["open"]).format(games=games, n=stats["open"])
    out = [games]
    players = stats["players"]
    out += ["", *_table(
        [pgettext("stats", "player"), pgettext("stats", "games"), pgettext("stats", "open"),
         pgettext("stats", "declared"), pgettext("stats", "made"), pgettext("stats", "failed"),
         pgettext("stats", "misères"), pgettext("stats", "raspasy"),
         pgettext("stats", "result"), pgettext("stats", "per game"),
         pgettext("stats", "money"), pgettext("stats", "per game")],
        [[name, str(r["games"]), str(r["open"]), str(r["declared"]), str(r["made"]),
          str(r["failed"]), str(r["misere"]), str(r["raspasy"]), whists(r["result"]),
          whists(r["average"]), money(r["money"]) if r["money_games"] else "",
          money(r["average_money"])] for name, r in players.items()])]
    out += ["", _("Best and worst evening (whists):")]
    for name, r in players.items():
        out.append(_("  {player}: best {best}; worst {worst}").format(
            player=name, best=_evening(r["best"]), worst=_evening(r["worst"])))
    out += ["", _("Head to head (+: what the other paid him):"), *_table(
        [pgettext("stats", "player"), pgettext("stats", "against"), pgettext("stats", "whists"),
         pgettext("stats", "money")],
        [[name, other, whists(pair["whists"]), money(pair["money"])]
         for name, r in players.items() for other, pair in sorted(r["head_to_head"].items())])]
    for title, groups in ((_("By convention"), stats["conventions"]),
                          (_("By month"), stats["months"])):
        for key, group in groups.items():
            name = _("no date") if key == UNDATED and groups is stats["months"] else key
            out += ["", _("{title}: {name}, {games}").format(
                title=title, name=name,
                games=ngettext("{n} game", "{n} games", group["games"]).format(n=group["games"]))]
            out += _table(
                [pgettext("stats", "player"), pgettext("stats", "games"),
                 pgettext("stats", "whists"), pgettext("stats", "money")],
                [[p, str(r["games"]), whists(r["result"]), money(r["money"])]
                 for p, r in sorted(group["players"].items())])
    return out


def show(stats: dict, bad: Sequence[tuple[str, str]]) -> None:
    for line in lines(stats):
        click.echo(line)
    if bad:
        click.echo("")
        click.echo(ngettext("{n} journal skipped (listed on stderr)",
                            "{n} journals skipped (listed on stderr)", len(bad)).format(n=len(bad)))
