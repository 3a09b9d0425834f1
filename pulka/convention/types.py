"""Value types of convention keys: each one checks a value and writes it back as text.

A type turns a YAML value (or an override typed on the command line, or a ``rule`` line of a
journal) into the Python value the scoring rules use, and :meth:`KeyType.text` writes it back
so that ``parse(text(v)) == v``.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from typing import Generic, TypeVar

from ..i18n import _, ngettext
from ..names import control_character
from ..numbers import Exact, format_number, parse_number, whole

#: the Python type of a key's value (a number key's is Exact, a flag's bool...)
T = TypeVar("T")


class BadValue(ValueError):
    """The value does not fit the key's type; the message says what was expected."""


def _expected(expects: str, raw: object) -> BadValue:
    """The error of a value of the wrong kind: what was expected, and what was given."""
    return BadValue(_("expected {expected}, got {value!r}").format(expected=expects, value=raw))


def _out_of_range(value: object, expects: str) -> BadValue:
    return BadValue(_("{value} is out of range: expected {expected}").format(
        value=value, expected=expects))


#: a decimal written with a comma, as Russian players write it: 0,10 is 0.10 (compiled on
#: first use, in re's cache: most commands never read one)
_DECIMAL_COMMA = r"(-?[0-9]*),([0-9]+)"


def point(text: str) -> str:
    """A decimal typed with a comma (``0,10``) in the canonical form with a point (``0.10``);
    any other text as it is."""
    match = re.fullmatch(_DECIMAL_COMMA, text.strip())
    return f"{match[1]}.{match[2]}" if match else text


class KeyType(Generic[T]):
    """Base of the key types (plain classes: they are made once, at import), generic in the
    Python type of the value they check: a key declared with a type has that type's values
    (see :class:`pulka.convention.schema.Key`)."""

    @property
    def expects(self) -> str:
        """What a value of this type is, in the players' language."""
        return _("a value")

    def check(self, raw: object) -> T:  # pragma: no cover - interface
        raise NotImplementedError

    def text(self, value: T) -> str:  # pragma: no cover - interface
        raise NotImplementedError

    def from_text(self, text: str) -> T:
        """Read the value back from its text form (journal rule lines, --set overrides)."""
        return self.check(_scalar_from_text(text))


def _scalar_from_text(text: str) -> object:
    words = text.split()
    if len(words) != 1:
        return [_one_scalar(w) for w in words]
    return _one_scalar(words[0])


def _one_scalar(word: str) -> object:
    lowered = word.lower()
    if lowered in ("true", "yes"):
        return True
    if lowered in ("false", "no"):
        return False
    if lowered in ("none", "null", "~"):
        return None
    # digits 0-9 only: int() would also take "٢٠", "１０", "1_0" and "+2"
    if re.fullmatch(r"-?[0-9]{1,40}", word):
        return int(word)
    return word


#: no scoring number a table agrees on comes anywhere near this; larger is a typo or an attack
LIMIT = 10**9
#: the longest name or title a convention may have
TEXT_LIMIT = 200


class Number(KeyType[Exact]):
    """An exact non-negative number: an integer, a fraction "1/2" or a decimal "0.5".

    ``nonzero``: 0 is refused too (a rate the settlement divides by).
    """

    def __init__(self, low: Fraction = Fraction(0), high: Fraction | None = Fraction(LIMIT),
                 nonzero: bool = False) -> None:
        self.low, self.high, self.nonzero = low, high, nonzero

    @property
    def expects(self) -> str:
        low = format_number(self.low)
        if self.nonzero:
            if self.high is None:
                return _("a number above {low}").format(low=low)
            return _("a number above {low} up to {high}").format(
                low=low, high=format_number(self.high))
        if self.high is None:
            return _("a number from {low} or more").format(low=low)
        return _("a number from {low} to {high}").format(low=low, high=format_number(self.high))

    def check(self, raw: object) -> Exact:
        if isinstance(raw, bool) or not isinstance(raw, (int, float, str, Fraction)):
            raise _expected(self.expects, raw)
        try:
            value = parse_number(point(raw) if isinstance(raw, str) else str(raw))
        except ValueError:
            raise _expected(self.expects, raw) from None
        if (value < self.low or (self.high is not None and value > self.high)
                or (self.nonzero and value == 0)):
            raise _out_of_range(format_number(value), self.expects)
        return whole(value)

    def text(self, value: Exact) -> str:
        return format_number(value)


class NumberOrWord(KeyType[Exact | str]):
    """A number as :class:`Number` (or :class:`Integer`) reads it, or one of a few words that
    name another rule (``bettel_fail.supe: per_trick``, ``quota: table``)."""

    def __init__(self, number: Number | Integer, words: Collection[str]) -> None:
        self.number, self.words = number, words

    @property
    def expects(self) -> str:
        return _("{number}, or {words}").format(number=self.number.expects,
                                               words=", ".join(self.words))

    def check(self, raw: object) -> Exact | str:
        if isinstance(raw, str) and raw.strip() in self.words:
            return raw.strip()
        try:
            return self.number.check(raw)
        except BadValue:
            raise _expected(self.expects, raw) from None

    def text(self, value: Exact | str) -> str:
        return value if isinstance(value, str) else self.number.text(value)


class Integer(KeyType[int]):
    """A whole number within bounds."""

    def __init__(self, low: int = 0, high: int | None = LIMIT) -> None:
        self.low, self.high = low, high

    @property
    def expects(self) -> str:
        if self.high is None:
            return _("a whole number from {low} or more").format(low=self.low)
        return _("a whole number from {low} to {high}").format(low=self.low, high=self.high)

    def check(self, raw: object) -> int:
        if isinstance(raw, bool) or not isinstance(raw, int):
            text = raw.strip() if isinstance(raw, str) else ""
            if re.fullmatch(r"-?[0-9]{1,40}", text):
                raw = int(text)
            else:
                raise _expected(self.expects, raw)
        if raw < self.low or (self.high is not None and raw > self.high):
            raise _out_of_range(raw, self.expects)
        return raw

    def text(self, value: object) -> str:
        return str(value)


class Flag(KeyType[bool]):
    """true or false (yes/no are accepted too)."""

    @property
    def expects(self) -> str:
        return _("true or false")

    def check(self, raw: object) -> bool:
        # only a YAML boolean: a quoted "yes" is text (typed text is read by from_text)
        if isinstance(raw, bool):
            return raw
        raise _expected(self.expects, raw)

    def text(self, value: object) -> str:
        return "true" if value else "false"


class Choice(KeyType[str]):
    """One word from a fixed list."""

    def __init__(self, options: Collection[str]) -> None:
        self.options = options

    @property
    def expects(self) -> str:
        return _("one of {options}").format(options=", ".join(self.options))

    def check(self, raw: object) -> str:
        if isinstance(raw, bool):  # YAML turns a bare no/yes into a boolean
            raw = "yes" if raw else "no"
        elif isinstance(raw, int):  # a choice may be a number word, such as a level
            raw = str(raw)
        if not isinstance(raw, str) or raw not in self.options:
            raise _expected(self.expects, raw)
        return raw

    def text(self, value: object) -> str:
        return str(value)

    def from_text(self, text: str) -> str:
        return self.check(text.strip())


class Text(KeyType[str]):
    """Free text (names, titles)."""

    @property
    def expects(self) -> str:
        return _("text")

    def check(self, raw: object) -> str:
        if not isinstance(raw, (str, int)) or isinstance(raw, bool):
            raise _expected(self.expects, raw)
        text = str(raw)
        # the journal writes `rule KEY VALUE`: an empty value would make a header it cannot read
        if not text.strip():
            raise BadValue(_("the text is empty: at least one visible character is expected"))
        # a newline would break the journal's header; an ESC would reach the terminal
        if control_character(text) is not None:
            raise BadValue(_("{text!r} holds a control character (a newline, a tab, an "
                             "escape...): one line of visible text is expected").format(
                                 text=text[:40]))
        if len(text) > TEXT_LIMIT:
            raise BadValue(ngettext("the text is {n} character long; at most {limit}",
                                    "the text is {n} characters long; at most {limit}",
                                    len(text)).format(n=len(text), limit=TEXT_LIMIT))
        return text

    def text(self, value: object) -> str:
        return str(value)

    def from_text(self, text: str) -> str:
        return self.check(text)


class Currency(KeyType[str]):
    """The sign or short name of the table's money (₽, €, руб.), or none (kept as "")."""

    @property
    def expects(self) -> str:
        return _("a currency sign or short name such as ₽, € or руб., or none")

    def check(self, raw: object) -> str:
        if raw is None or (isinstance(raw, str) and raw.strip().lower() in ("none", "")):
            return ""
        if not isinstance(raw, str) or not raw.strip() or len(raw.strip()) > 8 \
                or any(c.isspace() for c in raw.strip()) or control_character(raw) is not None:
            raise _expected(self.expects, raw)
        return raw.strip()

    def text(self, value: object) -> str:
        return str(value) if value else "none"

    def from_text(self, text: str) -> str:
        return self.check(text.strip())


class Money(KeyType[Decimal | None]):
    """A price per whist, a decimal amount of money, or none.

    The decimal may be written with a comma (``0,10``, as Russian players write it); the value
    is the same, and its text has the point (``0.10``).
    """

    @property
    def expects(self) -> str:
        return _("a decimal amount such as 0.10, or none")

    def check(self, raw: object) -> Decimal | None:
        if raw is None or (isinstance(raw, str) and raw.lower() == "none"):
            return None
        if isinstance(raw, bool) or not isinstance(raw, (int, float, str)) or len(str(raw)) > 40:
            raise _expected(self.expects, str(raw)[:40])
        written = point(raw) if isinstance(raw, str) else str(raw)
        # plain decimals only: Decimal() also takes "1e9", "1_000", "٢٠" and "Infinity"
        if not re.fullmatch(r"[0-9]+(\.[0-9]*)?|\.[0-9]+", written):
            raise _expected(self.expects, str(raw)[:40])
        try:
            value = Decimal(written)
        except InvalidOperation:
            raise _expected(self.expects, raw) from None
        if not value.is_finite() or value < 0 or value > LIMIT:
            raise _expected(self.expects, raw)
        return value

    def text(self, value: object) -> str:
        if isinstance(value, Decimal):
            return format(value, "f")  # 0.0000001, not 1E-7 (which check refuses)
        return "none" if value is None else str(value)


class ListOf(KeyType[tuple[T, ...]]):
    """A list of values of one type, with a length range."""

    def __init__(self, item: KeyType[T], min_len: int = 1, max_len: int | None = None) -> None:
        self.item, self.min_len, self.max_len = item, min_len, max_len

    @property
    def expects(self) -> str:
        item = self.item.expects
        if self.max_len == self.min_len:
            return ngettext("a list of {n} item, each {item}", "a list of {n} items, each {item}",
                            self.min_len).format(n=self.min_len, item=item)
        if self.max_len is None:
            return _("a list of {low} or more items, each {item}").format(
                low=self.min_len, item=item)
        return _("a list of {low} to {high} items, each {item}").format(
            low=self.min_len, high=self.max_len, item=item)

    def check(self, raw: object) -> tuple[T, ...]:
        if not isinstance(raw, (list, tuple)):
            off = raw is False or (isinstance(raw, str) and raw.strip().lower() in ("off", "none"))
            if raw is None or (off and self.min_len == 0):  # (aces: off, as YAML reads it too)
                raw = []
            else:
                raw = [raw]
        if len(raw) < self.min_len or (self.max_len is not None and len(raw) > self.max_len):
            raise BadValue(ngettext("expected {expected}, got {n} item",
                                    "expected {expected}, got {n} items", len(raw)).format(
                                        expected=self.expects, n=len(raw)))
        out: list[T] = []
        for i, item in enumerate(raw):
            try:
                out.append(self.item.check(item))
            except BadValue as exc:
                raise BadValue(_("item {number}: {error}").format(number=i + 1, error=exc)) \
                    from None
        return tuple(out)

    def text(self, value: tuple[T, ...]) -> str:
        items = list(value)
        if not items:
            return "[]"
        return " ".join(self.item.text(v) for v in items)

    def from_text(self, text: str) -> tuple[T, ...]:
        if text.strip() == "[]":
            return self.check([])
        if len(text.split()) == 1:  # (one word: off and none read as check reads them)
            return self.check(_one_scalar(text.strip()))
        return self.check([_one_scalar(w) for w in text.split()])
