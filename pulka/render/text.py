"""The sheet and the settlement for the terminal (rich tables, drawn without rich where it
would print plain text: see :mod:`.without_rich`; NO_COLOR is honoured)."""

from __future__ import annotations

import re

from ..convention.schema import CURRENCY, PRICE
from ..families.base import Explanation, State, Step
from ..game import Game
from ..i18n import _, decimal, language, pgettext, translated
from ..numbers import mixed, signed
from ..replay import family_of
from ..settlement.money import Settlement
from .dealing import next_deal
from .registry import get_renderer
from .without_rich import Console
from .without_rich import Table as RichTable
from .words import column_heading, money, on_paper, payment


def console() -> Console:
    return Console()


def header_line(game: Game) -> str:
    """The convention, the table's own overrides and the price of a whist, once each."""
    table = game.table
    conv = table.convention
    line = f"{conv.title} [{table.convention_ref}]"
    overrides = ", ".join(overridden(conv.family, k, v) for k, v in table.overrides.items()
                          if k != "price")
    if overrides:
        line += "  " + _("(overrides: {overrides})").format(overrides=overrides)
    if conv[PRICE] is not None:
        price = decimal(str(conv[PRICE]))
        if family_of(table).presentation.result:  # a result not in whists: a unit's price
            line += ", " + _("one unit {price}").format(price=price)
        else:
            line += ", " + _("whist {price}").format(price=price)
    return line


def overridden(family: str, key: str, value: object) -> str:
    """A key the table set for this game, as its players say it: ``pulya=20`` in the
    journal's words; in Russian the key's own term (``пуля 20``), a word of a value in
    backticks, as typed (``whist.lone=gentleman``: a value is the convention's word)."""
    if language() != "ru":
        return f"{key}={value}"
    from ..convention.schema import keys_for

    found = keys_for(family).get(key)
    term = found.term if found is not None and _CYRILLIC.search(found.term) else None
    if term is None:
        return f"`{key}={value}`"
    text = str(value)
    return f"{term} {decimal(text) if _NUMBER.fullmatch(text) else f'`{text}`'}"


_CYRILLIC = re.compile("[а-яё]", re.IGNORECASE)
_NUMBER = re.compile(r"[+-]?[0-9]+(\.[0-9]+)?")


def show(game: Game, report: dict, state: State, settlement: Settlement,
         steps: list[Step] | None = None) -> None:
    """Print the sheet as it stands, the state of play, and the settlement so far."""
    out = console()
    table = game.table
    conv = table.convention
    players = table.players
    out.print(header_line(game), style="bold")
    shown = family_of(game.table).presentation
    paid = shown.pair_sign < 0  # a payment game: what the row's player paid the column's
    sheet = RichTable(title=_("what each player paid the one named in the column") if paid
                      else _("whists are written on the player named in the column"),
                      title_justify="left")
    sheet.add_column(_("player"))
    columns = [c for c in shown.columns if c in report]
    for column in columns:
        sheet.add_column(column_heading(shown, column), justify="right")
    for other in players:
        # Translators: the heading of the whists written on a player ("висты → Аня" or "→ Аня")
        sheet.add_column(pgettext("paid", "to {name}").format(name=other) if paid
                         else _("on {name}").format(name=other), justify="right")
    sheet.add_column(translated(shown.result) if shown.result else _("result"), justify="right")
    whists = report.get(shown.pair_key, {})
    for p in players:
        row = [p] + [mixed(on_paper(shown, c, report[c][p])) for c in columns]  # the paper's sign
        row += ["" if o == p else mixed(whists.get(p, {}).get(o, 0)) for o in players]
        row.append(signed(settlement.result[p], minus="-"))
        sheet.add_row(*row)
    out.print(sheet)
    more = get_renderer(conv.family).text_sheet(game, steps)
    if more is not None:
        out.print(more)
    for line in status_lines(game, report, state):
        out.print(line)
    if settlement.money is not None:
        # Translators: the separator between the players' sums of "money now"
        sep = pgettext("list of sums", ", ")
        out.print(_("money now: {sums}").format(
            sums=sep.join(f"{p} {money(settlement.money[p], conv[CURRENCY])}"
                          for p in players)))


def status_lines(game: Game, report: dict, state: State) -> list[str]:
    """Deals played, whose deal is next, the raspasy streak and its exit, and the end."""
    lines = [_("deals: {n}").format(n=report["deals"])]
    if state.finished:
        lines.append(_("the game is over: {reason}").format(reason=state.end_reason))
        return lines
    lines.append(next_deal(state))
    lines += family_of(game.table).status(state)
    return lines



def settlement_text(game: Game, settlement: Settlement, explanation: Explanation | None,
                    state: State) -> None:
    """The settlement in whists and money, and optionally the paper-method steps."""
    out = console()
    players = game.table.players
    if explanation is not None:
        for title, lines in explanation.steps:
            out.print(title, style="bold")
            for line in lines:
                out.print(f"  {line}")
        out.print()
    table = RichTable()
    table.add_column(_("player"))
    shown = family_of(game.table).presentation
    table.add_column(translated(shown.result) if shown.result else _("whists"), justify="right")
    if settlement.money is not None:
        table.add_column(_("money"), justify="right")
    for p in players:
        row = [p, signed(settlement.result[p], minus="-")]
        if settlement.money is not None:
            row.append(money(settlement.money[p]))
        table.add_row(*row)
    out.print(table)
    for payer, payee, amount in settlement.transfers:
        out.print(payment(payer, payee, amount, settlement.money is not None, bool(shown.result),
                          game.table.convention[CURRENCY], shown.parties))
    if not state.finished:
        out.print(_("(the game is not over: this is the settlement as it stands now)"))
