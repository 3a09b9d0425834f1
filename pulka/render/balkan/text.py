"""The Balkan sheet drawn the paper way: per player, supe on the left neighbour, the contract
column (bule), supe on the right neighbour; one line per deal, running totals, with refe marks
(— a refe given, / a refe used) and hats (^ a hat, v an upside-down hat)."""

from __future__ import annotations

from fractions import Fraction

from ...families.base import Step
from ...i18n import _
from ...numbers import mixed, signed
from ..without_rich import Table as RichTable


def sheet_table(players: tuple[str, ...], start: Fraction, steps: list[Step]) -> RichTable:
    n = len(players)
    left = {p: players[(i - 1) % n] for i, p in enumerate(players)}
    right = {p: players[(i + 1) % n] for i, p in enumerate(players)}
    table = RichTable(title=_("supe on the left | bule | supe on the right"),
                      title_justify="left")
    table.add_column(_("deal"), justify="right")
    for p in players:
        table.add_column(_("on {name}").format(name=left[p]), justify="right")
        table.add_column(p, justify="center", starts=False)  # (a player's columns together)
        table.add_column(_("on {name}").format(name=right[p]), justify="right", starts=False)
    bule = {p: Fraction(start) for p in players}
    supe: dict[tuple[str, str], Fraction] = {}
    table.add_row("", *[c for p in players for c in ("", f"−{mixed(start)}", "")])
    for step in steps:
        touched: set[tuple[str, str]] = set()
        marks = {p: "" for p in players}
        for posting in step.postings:
            who = posting.player
            if posting.column == "bule":
                bule[who] += posting.amount
                touched.add((who, "bule"))
            elif posting.column == "whists" and posting.target is not None:
                key = (who, posting.target)
                supe[key] = supe.get(key, Fraction(0)) + posting.amount
                touched.add((who, posting.target))
            elif posting.column == "refe":
                marks[who] += "—" if posting.amount > 0 else "/"
            elif posting.column == "hats":
                marks[who] += "^" if posting.amount > 0 else "v"
        row = [str(step.number)]
        for p in players:
            row.append(mixed(supe[(p, left[p])]) if (p, left[p]) in touched else "")
            cell = signed(-bule[p]) if (p, "bule") in touched else ""
            row.append(f"{marks[p]}{cell}".strip())
            row.append(mixed(supe[(p, right[p])]) if (p, right[p]) in touched else "")
        table.add_row(*row)
    return table
