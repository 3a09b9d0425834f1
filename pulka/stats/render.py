"""The archive's tables in the terminal, in the players' language: whists as players write
them (``+103 1/3``), money with the language's decimal separator; names, files and the
conventions' names as they are."""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from fractions import Fraction

import click

from ..i18n import _, decimal, ngettext, pgettext
from ..numbers import hundredths, signed
from .aggregate import UNDATED


def whists(value: Fraction) -> str:
    return signed(value, minus="-")


def average(value: Fraction) -> str:
    """An average result in whists, to two places (``+110,11``): a sum shared out over many
    games is no number a sheet writes, and ``+110 657/6026`` is read by nobody."""
    return decimal(f"{hundredths(value):+}")


def money(value: Decimal | None) -> str:
    return "" if value is None else decimal(f"{value:+}")


#: the counts the players' table shows, after games and open (raspasy tricks: JSON only)
SHOWN = ("declared", "made", "failed", "misere", "raspasy")


def player_heads() -> list[str]:
    """The headings of the players' table (the terminal and the workbook)."""
    return [pgettext("stats", "player"), pgettext("stats", "games"), pgettext("stats", "open"),
            pgettext("stats", "declared"), pgettext("stats", "made"),
            pgettext("stats", "failed"), pgettext("stats", "misères"),
            pgettext("stats", "raspasy"), pgettext("stats", "result"),
            pgettext("stats", "per game"), pgettext("stats", "money"),
            pgettext("stats", "per game")]


def pair_heads() -> list[str]:
    return [pgettext("stats", "player"), pgettext("stats", "against"),
            pgettext("stats", "result"), pgettext("stats", "money")]


def group_heads() -> list[str]:
    return [pgettext("stats", "player"), pgettext("stats", "games"),
            pgettext("stats", "result"), pgettext("stats", "money")]


def _table(heads: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    """Aligned columns: the first to the left, the others (numbers) to the right."""
    widths = [max([len(h)] + [len(r[i]) for r in rows]) for i, h in enumerate(heads)]

    def line(cells: Sequence[str]) -> str:
        first = f"{cells[0]:<{widths[0]}}"
        rest = [f"{c:>{w}}" for c, w in zip(cells[1:], widths[1:], strict=True)]
        return "  ".join([first, *rest]).rstrip()

    return [line(heads), *(line(r) for r in rows)]


def _titled(name: str) -> str:
    """A convention as Russian players know it: a built-in's title (``Хорватский
    (Croatian)``), else the name the games gave it."""
    from ..convention.finding import find
    from ..convention.prebuilt import prebuilt
    from ..errors import PulkaError
    from ..i18n import language

    if language() != "ru":  # (an English title is the name itself)
        return name
    try:
        found = prebuilt(find(name))
    except (PulkaError, OSError):
        return name
    return name if found is None else found.title


def _games(group: dict) -> str:
    return ngettext("{n} game", "{n} games", group["games"]).format(n=group["games"])


def _group(group: dict) -> list[str]:
    """A convention's or a month's table: each player's games, result and money."""
    return _table(group_heads(), [[p, str(r["games"]), whists(r["result"]), money(r["money"])]
                                  for p, r in sorted(group["players"].items())])


def _evening(evening: dict) -> str:
    return _("{result} ({date}, {file})").format(
        result=whists(evening["result"]), date=evening["created"][:10] or "?",
        file=evening["file"])


def counted(stats: dict) -> str:
    """``4 games, 1 of them still open``: what the archive holds."""
    games = ngettext("{n} game", "{n} games", stats["games"]).format(n=stats["games"])
    if stats["open"]:
        games = ngettext("{games}, {n} of them still open", "{games}, {n} of them still open",
                         stats["open"]).format(games=games, n=stats["open"])
    return games


def lines(stats: dict) -> list[str]:
    """Every table of the archive, as lines of text."""
    out = [counted(stats)]
    players = stats["players"]
    out += ["", *_table(player_heads(), [
        [name, *(str(r[k]) for k in ("games", "open", *SHOWN)), whists(r["result"]),
         average(r["average"]), money(r["money"]) if r["money_games"] else "",
         money(r["average_money"])] for name, r in players.items()])]
    out += ["", _("Best and worst evening (whists):")]
    for name, r in players.items():
        out.append(_("  {player}: best {best}; worst {worst}").format(
            player=name, best=_evening(r["best"]), worst=_evening(r["worst"])))
    out += ["", _("Head to head (+: what the other paid him):"), *_table(pair_heads(), [
        [name, other, whists(pair["whists"]), money(pair["money"])]
        for name, r in players.items() for other, pair in sorted(r["head_to_head"].items())])]
    for key, group in stats["conventions"].items():
        out += ["", _("Convention {name}: {games}").format(name=_titled(key),
                                                           games=_games(group))]
        out += _group(group)
    for key, group in stats["months"].items():
        month = _("no date") if key == UNDATED else key
        out += ["", _("Month {month}: {games}").format(month=month, games=_games(group))]
        out += _group(group)
    return out


def show(stats: dict, bad: Sequence[tuple[str, str]]) -> None:
    for line in lines(stats):
        click.echo(line)
    if bad:
        click.echo("")
        click.echo(ngettext("{n} journal skipped (listed on stderr)",
                            "{n} journals skipped (listed on stderr)", len(bad)).format(n=len(bad)))
