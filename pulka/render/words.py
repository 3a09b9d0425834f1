"""The words every drawing of the sheet shares (terminal, PDF, workbook), in the players'
language: a family's column names (as its :class:`Presentation` gives them), sums of money,
and who pays whom."""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from fractions import Fraction

from ..families.base import Presentation
from ..families.sheet import column_name as posted_name
from ..i18n import _, decimal, language, ngettext, pgettext, translated
from ..numbers import Exact, mixed


def column_heading(presentation: Presentation, column: str) -> str:
    """The terminal heading of a family's column: its label, or else its name."""
    if column in presentation.labels:
        return translated(presentation.labels[column])
    return column_name(presentation, column)


def column_name(presentation: Presentation, column: str) -> str:
    """A column's own name (``pulya``, ``bule``: one of the family's words) where a sheet
    writes it, in the players' language; a column whose key is not a word (``pot_in``) by the
    name the postings give it."""
    if column in presentation.words:
        return translated(column)
    return posted_name(column)


def sheet_name(presentation: Presentation, column: str) -> str:
    """A column's name where a sheet writes it: the family's word for a key (``pot_in``), or
    the column's own name."""
    if column in presentation.names:
        return translated(presentation.names[column])
    return column_name(presentation, column)


def money(amount: object, currency: str | None = None) -> str:
    """A signed sum of money, written with the language's decimal separator, and the table's
    currency after it when it set one (``+16,54 ₽``); nothing has no sign (``0,00``)."""
    text = f"{amount:+}"
    return with_currency(decimal(text if amount else text[1:]), currency)


def with_currency(amount: str, currency: str | None) -> str:
    """An amount of money as text, with the table's currency sign after it (if any)."""
    return f"{amount} {currency}" if currency else amount


def party(name: str, parties: Mapping[str, str]) -> str:
    """A party to a payment as the players read it: a player's name, or the pot's."""
    return translated(parties[name]) if name in parties else name


def payment(payer: str, payee: str, amount: Exact | Decimal, in_money: bool,
            units: bool = False, currency: str | None = None, parties: Mapping[str, str] = {}
            ) -> str:
    """Who pays whom how much: money, or whists (``units``: units of the stake) when the table
    set no price. ``parties``: a party that is not a player (the pot), named in the players'
    language (see :attr:`Presentation.parties`)."""
    payer, payee = party(payer, parties), party(payee, parties)
    if units and not in_money:
        share = Fraction(amount)
        if share.denominator == 1:
            return ngettext("{payer} pays {payee} {amount} unit",
                            "{payer} pays {payee} {amount} units", abs(share.numerator)).format(
                payer=payer, payee=payee, amount=mixed(share))
        # Translators: a fraction of a unit (11 2/3): Russian takes the genitive singular
        return pgettext("fraction", "{payer} pays {payee} {amount} units").format(
            payer=payer, payee=payee, amount=mixed(share))
    if in_money:
        # Translators: names cannot be declined: write it as "{payer} → {payee}: {amount}"
        return _("{payer} pays {payee} {amount}").format(
            payer=payer, payee=payee, amount=with_currency(decimal(f"{amount}"), currency))
    whists = Fraction(amount)
    if whists.denominator == 1:
        return ngettext("{payer} pays {payee} {amount} whist",
                        "{payer} pays {payee} {amount} whists", abs(whists.numerator)).format(
            payer=payer, payee=payee, amount=mixed(whists))
    # Translators: a fraction of whists (53 1/3): Russian takes the genitive singular (виста)
    return pgettext("fraction", "{payer} pays {payee} {amount} whists").format(
        payer=payer, payee=payee, amount=mixed(whists))


def paper_sign(presentation: Presentation, column: str) -> int:
    """−1 for a column the paper writes with the opposite sign of the count the JSON keeps
    (:attr:`Presentation.negated`: the Balkan bule, kept as the debt left to play and written
    from −30 up to 0 and past it), else 1."""
    return -1 if column in presentation.negated else 1


def on_paper(presentation: Presentation, column: str, value: Exact) -> Exact:
    """A column's number as the paper writes it (see :func:`paper_sign`)."""
    return paper_sign(presentation, column) * value


def _cyrillic(text: str) -> bool:
    return any("\u0400" <= ch <= "\u04ff" for ch in text)


def _latin(text: str) -> bool:
    return any("a" <= ch <= "z" for ch in text.lower()) and not _cyrillic(text)


#: how each language's words are told from another's in a title written in two
_WRITTEN_IN = {"ru": _cyrillic}


def title_alone(title: str) -> str | None:
    """A title written in two languages, ``Русское (English)``, in the players' language
    alone: where a sheet has no room for both. None when the title is not such a pair (``Скачки
    (5 по 20)`` is one name)."""
    head, paren, tail = title.partition(" (")
    if not paren or not tail.endswith(")") or not head.strip():
        return None
    tail = tail[:-1]
    ours = _WRITTEN_IN.get(language(), _latin)
    chosen = [part for part in (head, tail) if ours(part)]
    return chosen[0] if len(chosen) == 1 else None
