"""Long games on continuation sheets, as players keep them on paper.

When the deals no longer fit on one sheet at a readable size, a new sheet is started and
every column begins with the running total carried over from the last one. :func:`windows`
cuts the deals into the runs that fit; :func:`carried` gives a run's columns, the carried total
first. Nothing here draws or needs reportlab.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..running_totals import Column, History
from .geometry import SIZES

#: the smallest font size of the sheet's page (points): smaller text goes on the next sheet
MIN_SIZE = 6.0
#: the sizes a filled sheet is written at
READABLE = tuple(size for size in SIZES if size >= MIN_SIZE)


def windows(steps: Sequence, fits: Callable[[int, int], bool]) -> list[tuple[int, int]]:
    """The runs of deals, as (start, end) indices into ``steps``, each the longest that
    ``fits(start, end)`` (at least one deal a sheet); one run for a game without deals."""
    if not steps:
        return [(0, 0)]
    out = []
    start = 0
    while start < len(steps):
        if fits(start, len(steps)):
            out.append((start, len(steps)))
            break
        good, bad, step = start + 1, len(steps), 1  # one deal a sheet at least
        while good + step < bad and fits(start, good + step):  # doubling, then halving
            good, step = good + step, step * 2
        bad = min(bad, good + step)
        while bad - good > 1:
            mid = (good + bad) // 2
            if fits(start, mid):
                good = mid
            else:
                bad = mid
        out.append((start, good))
        start = good
    return out


def _column(column: Column, first: int, last: int) -> Column:
    before = [entry for entry in column.entries if entry[0] < first]
    inside = [entry for entry in column.entries if first <= entry[0] <= last]
    marks = [mark for mark in column.marks if first <= mark[0] <= last]
    return Column(before[-1:] + inside, marks)


def carried(history: History, first: int, last: int) -> History:
    """The columns of the deals ``first``..``last`` (deal numbers), each starting with the
    total carried over from the deals before (the Balkan start on the first sheet)."""
    return History(history.players,
                   {p: {name: _column(col, first, last) for name, col in cols.items()}
                    for p, cols in history.columns.items()},
                   {p: {o: _column(col, first, last) for o, col in cols.items()}
                    for p, cols in history.whists.items()})
