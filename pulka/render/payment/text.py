"""The payment sheet in the terminal: the pot and each player's running net, deal by deal."""

from __future__ import annotations

from ...families.base import Step
from ...i18n import _, pgettext
from ...numbers import Exact, mixed, signed
from ..plain import Table as RichTable
from .ledger import POT, Factor, rows


def sheet_table(players: tuple[str, ...], buy_in: Exact, steps: list[Step],
                pot: bool = True, factor: Factor | None = None) -> RichTable:
    """The rows of :mod:`.ledger` as a table; ``pot`` False (Swabian): no pot column and no
    opening line."""
    title = _("the pot and each player's running net, deal by deal") if pot else \
        _("each player's running net, deal by deal")
    table = RichTable(title=title, title_justify="left")
    table.add_column(_("deal"), justify="right")
    if pot:
        table.add_column(pgettext("payment sheet", "pot"), justify="right")
    for p in players:
        table.add_column(p, justify="right")
    table.add_column(_("moves"))
    for row in rows(players, buy_in, steps, factor):
        if row.number is None and not pot:
            continue
        cells = ["" if row.number is None else str(row.number)]
        if pot:
            cells.append(mixed(row.pot) if POT in row.changed or row.number is None else "")
        cells += [signed(row.nets[p], minus="-") if p in row.changed else "" for p in players]
        cells.append(row.moves)
        table.add_row(*cells)
    return table
