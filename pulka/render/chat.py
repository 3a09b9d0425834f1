"""A game's result as the few plain lines a table pastes into its chat (``pulka settle
--text``): the game, each player's result in its points and in money, who pays whom, in the
players' language. Plain text: no colour, no table rules, nothing a chat would mangle."""

from __future__ import annotations

from ..convention.schema import CURRENCY
from ..families.base import State
from ..game import Game
from ..i18n import _, ngettext, translated
from ..numbers import signed
from ..replay import family_of
from ..settlement.money import Settlement
from .words import money, payment


def chat_lines(game: Game, settlement: Settlement, state: State, deals: int) -> list[str]:
    """The lines of the summary."""
    table = game.table
    conv = table.convention
    shown = family_of(table).presentation
    currency = conv[CURRENCY]
    created = str(game.meta.get("created", ""))[:10]
    said = [conv.title, *([_date(created)] if created else []),
            ngettext("{n} deal", "{n} deals", deals).format(n=deals),
            _("the game is over") if state.finished else _("the game is not over")]
    points = translated(shown.result) if shown.result else _("whists")
    out = [", ".join(said)]
    out.append(_("Result ({points} and money):").format(points=points) if settlement.money is not None
               else _("Result ({points}):").format(points=points))
    order = sorted(table.players, key=lambda p: (-settlement.result[p], table.players.index(p)))
    for name in order:
        line = f"{name}: {signed(settlement.result[name])}"
        if settlement.money is not None:  # (the minus of the paper, as the whists have it)
            line += f" ({money(settlement.money[name], currency).replace('-', '−')})"
        out.append(line)
    if settlement.transfers:
        out.append(_("Who pays whom:"))
        out += [payment(payer, payee, amount, settlement.money is not None, bool(shown.result),
                        currency, shown.parties) for payer, payee, amount in settlement.transfers]
    return out


def _date(created: str) -> str:
    """The day the game was started, as the players' language writes a date."""
    year, month, day = created.split("-") if created.count("-") == 2 else ("", "", "")
    if not (year.isdigit() and month.isdigit() and day.isdigit()):
        return created
    # Translators: a date; {day}.{month}.{year} in Russian
    return _("{year}-{month}-{day}").format(year=year, month=month, day=day)
