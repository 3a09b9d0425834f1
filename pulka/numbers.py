"""Exact numbers: reading and writing fractions the way players and the vectors write them."""

from __future__ import annotations

import re
from fractions import Fraction

from .i18n import _, decimal

_NUMBER = re.compile(r"^[+-]?([0-9]+(/[0-9]+)?|[0-9]*\.[0-9]+|[0-9]+\.[0-9]*)$")
#: longer than any number a table writes (and than Python turns into an int on demand)
MAX_DIGITS = 40


def parse_number(text: str) -> Fraction:
    """Read ``7``, ``-7``, ``310/3`` or ``10.33`` exactly.

    Raises:
        ValueError: the text is not such a number (or has a zero denominator).
    """
    text = text.strip()
    if not _NUMBER.match(text) or len(text) > MAX_DIGITS:
        raise ValueError(_("not a number: {text!r}").format(text=text))
    try:
        return Fraction(text)
    except ZeroDivisionError:
        raise ValueError(_("{text}: division by zero").format(text=text)) from None


Exact = int | Fraction  #: a score: a whole number, or a fraction where a rule divides


def div(a: Exact, b: Exact) -> Exact:
    """Exact division: a whole number when it divides, a Fraction otherwise (never a float)."""
    if type(a) is int and type(b) is int:  # (the common case, without a Fraction made)
        return a // b if a % b == 0 else Fraction(a, b)
    q = Fraction(a) / Fraction(b)
    return q.numerator if q.denominator == 1 else q


def whole(value: Exact) -> Exact:
    """A Fraction that is a whole number becomes an int (ints keep replay fast)."""
    if isinstance(value, Fraction) and value.denominator == 1:
        return value.numerator
    return value


def format_number(value: Fraction | int) -> str:
    """``7`` for whole numbers, ``310/3`` otherwise (the vector format)."""
    value = Fraction(value)
    if value.denominator == 1:
        return str(value.numerator)
    return f"{value.numerator}/{value.denominator}"


def json_number(value: Fraction | int) -> int | str:
    """A JSON number when whole, an exact fraction string otherwise."""
    if type(value) is int:
        return value
    if type(value) is not Fraction:
        value = Fraction(value)
    if value.denominator == 1:
        return value.numerator
    return f"{value.numerator}/{value.denominator}"


def mixed(value: Fraction | int) -> str:
    """The way players write a fraction: ``103 1/3``, ``-13 1/3``, ``1/2``."""
    if type(value) is int:
        return str(value)
    value = Fraction(value)
    if value.denominator == 1:
        return str(value.numerator)
    sign = "-" if value < 0 else ""
    whole, part = divmod(abs(value.numerator), value.denominator)
    frac = f"{part}/{value.denominator}"
    return f"{sign}{whole} {frac}" if whole else f"{sign}{frac}"


def plural(count: int | Fraction, word: str) -> str:
    """``1 trick``, ``2 tricks`` (English only: messages count with ``i18n.ngettext``)."""
    return f"{mixed(count)} {word}" + ("" if count == 1 else "s")


def true_minus(value: Fraction | int) -> str:
    """:func:`mixed` with a true minus sign, as a printed sheet has it: ``−13 1/3``."""
    return mixed(value).replace("-", "−")


def signed(value: Fraction | int, minus: str = "−") -> str:
    """``+8``, ``−2``, ``0``: a running column the way players write it (``minus="-"`` where
    the output keeps to ASCII signs, as the terminal sheet does)."""
    if value > 0:
        return f"+{mixed(value)}"
    if value < 0:
        return f"{minus}{mixed(-value)}"
    return "0"


def shown(value: float | Fraction | int | str) -> str:
    """A number for a message, written as the players' language writes it: ``0.5`` is
    ``0,5`` in Russian (``5``, ``2.5``; a Fraction as :func:`mixed`, ``103 1/3``). Only for
    what people read: the journal, JSON and vectors keep the point."""
    if isinstance(value, str):
        return decimal(value)
    if isinstance(value, float):
        return decimal(f"{value:g}")
    return mixed(value)


#: fractions as the paper sheet writes them, in one glyph (``½``) or in small digits (``¹⁄₇``)
VULGAR_PLAIN = {"½": "1/2", "⅓": "1/3", "⅔": "2/3", "¼": "1/4", "¾": "3/4", "⅕": "1/5",
                "⅖": "2/5", "⅗": "3/5", "⅘": "4/5", "⅙": "1/6", "⅚": "5/6", "⅛": "1/8",
                "⅜": "3/8", "⅝": "5/8", "⅞": "7/8"}
_SMALL_DIGITS = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹₀₁₂₃₄₅₆₇₈₉", "01234567890123456789")


def plain_fractions(text: str) -> str:
    """The fractions of a text written in glyphs, in plain digits for a console that lacks
    the glyphs, in parentheses: ``4.69½.75`` → ``4.69(1/2).75``, ``1¹⁄₇`` → ``1(1/7)`` (never
    ``691/2``, which reads as another number)."""
    if "⁄" in text:
        import re

        text = re.sub("([⁰¹²³⁴⁵⁶⁷⁸⁹]*)⁄([₀₁₂₃₄₅₆₇₈₉]*)",
                      lambda m: f"({m.group(1).translate(_SMALL_DIGITS)}/"
                                f"{m.group(2).translate(_SMALL_DIGITS)})", text)
    if any(ch in VULGAR_PLAIN for ch in text):
        text = "".join(f"({VULGAR_PLAIN[ch]})" if ch in VULGAR_PLAIN else ch for ch in text)
    return text
