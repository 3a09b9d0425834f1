"""The payment sheet in the terminal: the pot and each player's running net, deal by deal."""

from __future__ import annotations

from ...families.base import Step
from ...i18n import _, pgettext
from ...numbers import Exact, mixed, signed
from ..without_rich import Table as RichTable
from .rows import POT, Factor, rows


def sheet_table(players: tuple[str, ...], buy_in: Exact, steps: list[Step],
                pot: bool = True, factor: Factor | None = None) -> RichTable:
    """The rows of :mod:`.rows` as a table; ``pot`` False (Swabian): no pot column and no
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


def kitapi_table(players: tuple[str, ...], kasa: Exact, steps: list[Step]) -> RichTable:
    """The Greek sheet in the Balkan shape (:mod:`.kitapi`): per player what the others owe
    him on either side of his kasa figure, one line per deal that changed anything."""
    from .kitapi import KASA, areas

    columns = areas(players, kasa, steps)
    table = RichTable(title=_("the kasa figures (in tens) and what the others owe each player, "
                              "deal by deal"), title_justify="left")
    table.add_column(_("deal"), justify="right")
    for p in players:
        for k, column in enumerate(columns[p]):  # (a player's columns together)
            if column.kind == KASA:
                table.add_column(p, justify="center", starts=k == 0)
            else:
                table.add_column(pgettext("paper", "→ {name}").format(name=column.other),
                                 justify="right", starts=k == 0)
    cells = [column for p in players for column in columns[p]]
    table.add_row("", *[mixed(c.entries[0][1]) if c.kind == KASA else "" for c in cells])
    for step in steps:
        row = [dict(c.entries).get(step.number) for c in cells]
        if any(v is not None for v in row):
            table.add_row(str(step.number), *["" if v is None else mixed(v) for v in row])
    return table
