"""The sheet as players write it: for each column, the running totals in the order written.

On paper a pulya reads ``2.4.6.10``: every entry is the new running total. This module turns
the replayed steps into those sequences, for every family, so that the PDF and the workbook
draw the same thing. Marks: the pulya closed, a gora written off to zero (a flag), bombs and
refes, hats.
"""

from __future__ import annotations

from fractions import Fraction

from ..families.base import Step
from ..numbers import mixed


class Column:
    """One column of one player: running totals, each with the deal that wrote it. (Written by
    hand rather than as a dataclass, which Python compiles from source at every start.)

    Attributes:
        entries: (deal number, running total) in the order written.
        marks: (deal number, mark) such as "closed", "flag", "hat", "hat-up", "refe", "refe-used".
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
        columns: player -> column name -> Column (pulya, gora, bule, refe, hats, bombs).
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
                  = None, target: Fraction | None = None) -> History:
    """Running totals from the replayed steps.

    Args:
        start: opening totals of columns that do not start at 0 (the Balkan bule).
        target: the pulya target, to mark a closed pulya.
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
            _mark(col, step.number, posting.column, before, after, target)
    return History(players, columns, whists)


def _mark(col: Column, number: int, column: str, before: Fraction, after: Fraction,
          target: Fraction | None) -> None:
    if column == "pulya" and target is not None and before < target <= after:
        col.marks.append((number, "closed"))
    elif column == "gora" and after <= 0 < before:
        col.marks.append((number, "flag"))
    elif column == "refe":
        col.marks.append((number, "refe" if after > before else "refe-used"))
    elif column == "hats":
        col.marks.append((number, "hat" if after > before else "hat-up"))
