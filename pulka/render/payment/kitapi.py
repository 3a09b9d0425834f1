"""The Greek sheet (κιτάπι) as its columns (payment-families.md §4.6): per player, what his left
neighbour owes him, his kasa figure in tens of kapikia, and what each other player owes him;
each column written down the page, one running total under the other (crossed out on paper as
it changes). This is the Balkan sheet's shape: the kasa figures play the part of the bule, the
side columns that of the supe. The terminal table, ``show --paper`` and the PDF draw these.

A figure starts at the deposit ÷ 10; lifting ``10v`` from the kasa lowers it by ``v``, putting
kapikia in raises it. What a player pays another directly is written on the payee's side, on
the payer. So the sum of the figures is the kasa ÷ 10, and each balance is
Σⱼ (owed to him by j − owed by him to j) − 10 × (his figure − the mean figure).

A figure never goes below zero, as the writer keeps it (§4.6): a player whose figure would
goes under takes the tens he lacks from the largest other figure (and the next largest, if
that is not enough). The tens taken lower the lender's figure as if he had lifted them, so the
lender owes the borrower as much, in cash, written on the borrower's side: that is what keeps
the identity above, and so every balance, as it was. (Only a kasa that is itself below zero,
under ``last: fair``, leaves a figure under zero: there is nothing to take.)
"""

from __future__ import annotations

from fractions import Fraction

from ...families.base import Step
from ...families.payment.moves import POT, as_moves
from ...frozen import NamedTuple
from ...numbers import Exact

KASA = "kasa"  #: the kind of the figure column (the others are "owed")
OWED = "owed"


class Column(NamedTuple):
    """One column of a player's area: its kind, the player it is written on (None for the
    kasa figure) and its entries, (deal number or None for the start, running total)."""

    kind: str
    other: str | None
    entries: list[tuple[int | None, Exact]]


def order(n: int, i: int) -> list[int | None]:
    """The columns of seat ``i`` of ``n``: on the left neighbour, the kasa figure (None), then
    on each other seat from the right neighbour on (round the table the way play moves)."""
    return [(i - 1) % n, None, *((i + k) % n for k in range(1, n - 1))]


def borrowed(players: tuple[str, ...], figure: dict[str, Fraction]
             ) -> list[tuple[str, str, Fraction]]:
    """Bring every figure under zero back to zero with tens taken from the largest other
    figure (ties: the first in seating order after the borrower), changing ``figure``; the
    loans, as (borrower, lender, tens)."""
    loans: list[tuple[str, str, Fraction]] = []
    n = len(players)
    for i, borrower in enumerate(players):
        others = [players[(i + k) % n] for k in range(1, n)]
        while figure[borrower] < 0:
            lender = max(others, key=lambda p: figure[p])
            tens = min(-figure[borrower], figure[lender])
            if tens <= 0:
                break  # the kasa itself is under zero: nothing left to take
            figure[lender] -= tens
            figure[borrower] += tens
            loans.append((borrower, lender, tens))
    return loans


def areas(players: tuple[str, ...], kasa: Exact, steps: list[Step]) -> dict[str, list[Column]]:
    """Each player's columns, filled from the deals' moves."""
    figure = {p: Fraction(kasa) / 10 for p in players}
    owed: dict[tuple[str, str], Exact] = {}  # (creditor, debtor) -> what the debtor paid him
    out: dict[str, list[Column]] = {}
    for i, p in enumerate(players):
        out[p] = [Column(KASA, None, [(None, figure[p])]) if seat is None
                  else Column(OWED, players[seat], []) for seat in order(len(players), i)]
    for step in steps:
        changed: set[tuple[str, str | None]] = set()
        for payer, payee, amount in as_moves(step.postings):
            if payer == POT:
                figure[payee] -= Fraction(amount) / 10
                changed.add((payee, None))
            elif payee == POT:
                figure[payer] += Fraction(amount) / 10
                changed.add((payer, None))
            else:
                owed[(payee, payer)] = owed.get((payee, payer), 0) + amount
                changed.add((payee, payer))
        for borrower, lender, tens in borrowed(players, figure):
            owed[(borrower, lender)] = owed.get((borrower, lender), 0) + tens * 10
            changed |= {(lender, None), (borrower, lender)}
        for p in players:
            for column in out[p]:
                if (p, column.other) in changed:
                    total = figure[p] if column.other is None else owed[(p, column.other)]
                    column.entries.append((step.number, total))
    return out
