"""Output that any console can show: plain stand-ins for the characters it cannot encode.

A cp1251 or cp866 console has Cyrillic but no ``→`` or ``♠``; rather than fail half-way
through a report (after the deal was recorded), each such character is written as a plain
ASCII stand-in, and anything else the console lacks as ``?``.
"""

from __future__ import annotations

import codecs
import sys

ERRORS = "pulka-plain"

#: a character the console cannot show -> what is written instead
STAND_INS = {
    "→": "->", "←": "<-", "↔": "<->", "×": "x", "−": "-", "–": "-", "—": "-", "…": "...",
    "♠": "s", "♣": "c", "♦": "d", "♥": "h",
    "‘": "'", "’": "'", "‚": "'", "“": '"', "”": '"', "„": '"', "«": '"', "»": '"',
    "≤": "<=", "≥": ">=", "≠": "!=", "·": ".", "•": "*", "\u00a0": " ", "\u202f": " ",
}


def _plain(exc: UnicodeError) -> tuple[str, int]:
    if not isinstance(exc, UnicodeEncodeError):
        raise exc
    from ..numbers import plain_fractions  # (here: only a console that lacks a character)

    text = plain_fractions(exc.object[exc.start:exc.end])  # (the run it cannot show)
    return "".join(STAND_INS.get(ch, ch if ch.isascii() else "?") for ch in text), exc.end


def install() -> None:
    """Register the stand-ins and use them on stdout and stderr (cheap: no new imports)."""
    codecs.register_error(ERRORS, _plain)
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            try:
                reconfigure(errors=ERRORS)
            except (OSError, ValueError):  # a closed or detached stream: nothing to show on
                pass
