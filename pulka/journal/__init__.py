"""The game journal: a plain UTF-8 text file, one line per deal, only ever appended to.

Layout::

    ; comments start with ; or #
    pulka 1                                 format version (first line that is not a comment)
    created 2026-11-29T20:15
    convention sochi                        the name or path the game was started with
    players Аня Борис Вера                  seating order, clockwise; the first deals first
    set pulya 20                            the table's own overrides, as given
    rule whist.rate 1                       ... the full resolved convention, one key a line
    1. Аня 6s 6 Борис whist 2 Вера whist 2  deals, numbered; numbers are never reused
    void 1                                  takes deal 1 back
    restore 1                               brings deal 1 back, as it stood (a redo)
    fix 2 Борис 7h 6 Аня whist 4 Вера pass  replaces deal 2; later deals are rescored

The journal is the source of truth and the sheet is derived from it. Every write appends
one whole line after the whole game, with that line, has been replayed and checked.
"""

from __future__ import annotations

from .body import Index, Line
from .header import HEADER_WORDS, VERSION, Header
from .reading import Journal, parse, read
from .repair import Mended, repair
from .writing import append_checked, check_line, create, deal_line, header_text

__all__ = [
    "HEADER_WORDS",
    "VERSION",
    "Header",
    "Index",
    "Journal",
    "Line",
    "Mended",
    "append_checked",
    "check_line",
    "create",
    "deal_line",
    "header_text",
    "parse",
    "read",
    "repair",
]
