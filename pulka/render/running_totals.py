"""The sheet as players write it: for each column, the running totals in the order written.

On paper a pulya reads ``2.4.6.10``: every entry is the new running total. This module turns
the replayed steps into those sequences, for every family, so that the PDF and the workbook
draw the same thing. What an entry marks (a pulya closed, a refe) is the family's drawing's
to say: it passes a :data:`Marker`.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from ..families.base import Step
from ..numbers import mixed

#: the mark an entry of a column makes, from the column's total before and after it (None: no
#: mark): a family's drawing knows its own marks ("closed", "flag", "refe", "hat"...)
Marker = Callable[[str, Fraction, Fraction], str | None]


class Column:
    """One column of one player: running totals, each with the deal that wrote it. (Written by
    hand rather than as a dataclass, which Python compiles from source at every start.)

    Attributes:
        entries: (deal number, running total) in the order written.
        marks: (deal number, mark), as the family's :data:`Marker` gives them.
    """

    __slots__ = ("entries", "marks")

    entries: list[tuple[int, Fraction]]
    marks: list[tuple[int, str]]

    def __init__(self, entries: list[tuple[int, Fraction]] | None = None,
                 marks: list[tuple[int, str]] | None = None) -> None:
        self.entries = [] if entries is None else entries
        self.marks = [] if marks is None else marks

    @property
    def total(self) -> Fraction:
        return self.entries[-1][1] if self.entries else Fraction(0)

    def dotted(self) -> str:
        """The running totals joined by dots, the way they are written: ``2.4.6.10``."""
        return ".".join(mixed(total) for _, total in self.entries)


class History:
    """Every player's columns (written by hand, as :class:`Column` is).

    Attributes:
        players: seating order.
        columns: player -> column name -> Column.
        whists: writer -> target -> Column.
    """

    __slots__ = ("columns", "players", "whists")

    players: tuple[str, ...]
    columns: dict[str, dict[str, Column]]
    whists: dict[str, dict[str, Column]]

    def __init__(self, players: tuple[str, ...], columns: dict[str, dict[str, Column]],
                 whists: dict[str, dict[str, Column]]) -> None:
        self.players = players
        self.columns = columns
        self.whists = whists


def build_history(players: tuple[str, ...], steps: list[Step], start: dict[str, Fraction] | None
                  = None, mark: Marker | None = None) -> History:
    """Running totals from the replayed steps.

    Args:
        start: opening totals of columns that do not start at 0 (the Balkan bule).
        mark: what an entry marks (None: nothing).
    """
    columns: dict[str, dict[str, Column]] = {p: {} for p in players}
    whists = {p: {o: Column() for o in players if o != p} for p in players}
    totals: dict[tuple[str, str], Fraction] = {}
    for (column, value) in (start or {}).items():
        for p in players:
            totals[(p, column)] = value
            columns[p].setdefault(column, Column()).entries.append((0, value))
    for step in steps:
        for posting in step.postings:
            if posting.target is not None:
                col = whists[posting.player][posting.target]
                col.entries.append((step.number, col.total + posting.amount))
                continue
            key = (posting.player, posting.column)
            before = totals.get(key, Fraction(0))
            after = before + posting.amount
            totals[key] = after
            col = columns[posting.player].setdefault(posting.column, Column())
            col.entries.append((step.number, after))
            if mark is not None:
                said = mark(posting.column, before, after)
                if said is not None:
                    col.marks.append((step.number, said))
    return History(players, columns, whists)
