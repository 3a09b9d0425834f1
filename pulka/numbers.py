"""Exact numbers: reading and writing fractions the way players and the vectors write them."""

from __future__ import annotations

import re
from decimal import Decimal
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


def hundredths(value: Fraction | int) -> Decimal:
    """A value no sheet writes (an average over many games: ``110 657/6026``) to two places,
    a half away from zero, for people to read (``110.11``); the JSON keeps it exact."""
    exact = Fraction(value)
    cents = (abs(exact) * 100 + Fraction(1, 2)).__floor__()
    return Decimal(-cents if exact < 0 else cents).scaleb(-2)


def shown(value: float | Fraction | int | str) -> str:
    """A number for a message, written as the players' language writes it: ``0.5`` is
    ``0,5`` in Russian (``5``, ``2.5``; a Fraction as :func:`mixed`, ``103 1/3``). Only for
    what people read: the journal, JSON and vectors keep the point."""
    if isinstance(value, str):
        return decimal(value)
    if isinstance(value, float):
        return decimal(f"{value:g}")
    return mixed(value)


#: fractions written as one glyph, by (numerator, denominator); others in small digits
VULGAR = {(1, 2): "½", (1, 3): "⅓", (2, 3): "⅔", (1, 4): "¼", (3, 4): "¾", (1, 5): "⅕",
          (2, 5): "⅖", (3, 5): "⅗", (4, 5): "⅘", (1, 6): "⅙", (5, 6): "⅚", (1, 8): "⅛",
          (3, 8): "⅜", (5, 8): "⅝", (7, 8): "⅞"}
_SUPER = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")
_SUB = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")
_PLAIN_DIGITS = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹₀₁₂₃₄₅₆₇₈₉", "01234567890123456789")
#: each glyph of VULGAR as a console or a font without it writes it
VULGAR_PLAIN = {glyph: f"({n}/{d})" for (n, d), glyph in VULGAR.items()}


def paper_number(value: Fraction | int, plus: bool = False) -> str:
    """A running total as the sheet writes it, one token that cannot be read as two: the
    fraction is one glyph joined to the whole part (``69½``, ``−3⅓``, ``1¹⁄₇``), never
    ``69 1/2`` (which, between dots, reads as 69 and 1/2); a true minus; ``plus``: a + before
    a positive number (the Balkan columns)."""
    if type(value) is int:  # (most totals: written without a Fraction made)
        return f"{'−' if value < 0 else ('+' if plus and value > 0 else '')}{abs(value)}"
    if not isinstance(value, Fraction):  # (a sheet writes thousands: no copy of a Fraction)
        value = Fraction(value)
    numerator, denominator = value.numerator, value.denominator
    sign = "−" if numerator < 0 else ("+" if plus and numerator > 0 else "")
    whole, part = divmod(abs(numerator), denominator)
    if not part:
        return f"{sign}{whole}"
    glyph = VULGAR.get((part, denominator))
    if glyph is None:
        glyph = f"{str(part).translate(_SUPER)}⁄{str(denominator).translate(_SUB)}"
    return f"{sign}{whole or ''}{glyph}"


def plain_small_fractions(text: str) -> str:
    """A fraction in small digits (``¹⁄₇``, as :func:`paper_number` writes one) in plain digits,
    in parentheses: ``1¹⁄₇`` → ``1(1/7)``."""
    if "⁄" not in text:
        return text
    import re

    return re.sub("([⁰¹²³⁴⁵⁶⁷⁸⁹]+)⁄([₀₁₂₃₄₅₆₇₈₉]+)",
                  lambda m: f"({m.group(1).translate(_PLAIN_DIGITS)}/"
                            f"{m.group(2).translate(_PLAIN_DIGITS)})", text)


def plain_fractions(text: str) -> str:
    """Every fraction :func:`paper_number` writes in glyphs, in plain digits for a console that
    lacks them, in parentheses: ``4.69½.75`` → ``4.69(1/2).75``, ``1¹⁄₇`` → ``1(1/7)`` (never
    ``691/2``, which reads as another number)."""
    text = plain_small_fractions(text)
    if any(ch in VULGAR_PLAIN for ch in text):
        text = "".join(VULGAR_PLAIN.get(ch, ch) for ch in text)
    return text
