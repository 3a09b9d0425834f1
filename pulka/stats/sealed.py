"""A summary as the cache keeps it: its JSON after a check sum of that JSON.

The cache is a file like any other: a row damaged, edited by hand or written by another
program (``'{}'``, ``NaN``, nesting a thousand deep, numbers where names go) must be
replayed, not trusted, and every check of a summary's shape would have to follow each
change of :mod:`.summary`. The sum tells a row pulka wrote from any other, whatever it holds.
"""

from __future__ import annotations

import json
from hashlib import sha256

_SUM = 16  #: hex digits of the sha256 kept: enough to tell damage, short beside a summary


def seal(text: str) -> str:
    """The summary's JSON ``text`` as a row keeps it."""
    return f"{_sum(text)} {text}"


def opened(row: object) -> dict | None:
    """The summary a row keeps, or None when the row is not one pulka wrote whole."""
    if not isinstance(row, str) or row[_SUM:_SUM + 1] != " ":
        return None
    text = row[_SUM + 1:]
    if row[:_SUM] != _sum(text):
        return None
    try:
        found = json.loads(text)
    except (ValueError, RecursionError):
        return None
    return found if isinstance(found, dict) else None


def _sum(text: str) -> str:
    return sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:_SUM]
