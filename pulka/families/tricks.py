"""Trick counts as both families complete them: ten a deal, and one count may be left out."""

from __future__ import annotations

from fractions import Fraction

from ..errors import IllegalDealError
from ..i18n import _, ngettext, pgettext
from ..numbers import Exact, mixed

TRICKS = 10  #: tricks in a deal


def tricks_text(count: Exact) -> str:
    """``1 trick``, ``2 tricks``, ``1/2 tricks``: a count of tricks in the language in use
    (Russian: 1 взятка, 2 взятки, 5 взяток, and 1/2 взятки for a fraction)."""
    if isinstance(count, Fraction) and count.denominator != 1:
        return pgettext("a fraction of a trick", "{n} tricks").format(n=mixed(count))
    n = int(count)
    return ngettext("{n} trick", "{n} tricks", n).format(n=n)


def defence_tricks_text(n: int) -> str:
    """``3 defence tricks``, counted as :func:`tricks_text` counts."""
    return ngettext("{n} defence trick", "{n} defence tricks", n).format(n=n)


def names_text(names: list[str]) -> str:
    """``Аня and Борис``: names joined the way the language lists them."""
    return pgettext("a list of names", " and ").join(names)


def check_not_over(total: int) -> None:
    """Refuse trick counts that already add up to more than a deal holds."""
    if total > TRICKS:
        raise IllegalDealError(_("the tricks add up to {total}, more than {ten}").format(
            total=total, ten=TRICKS))


def fill_in_missing(tricks: dict[str, int], missing: list[str],
                    hint: str | None = None) -> dict[str, int]:
    """The counts with the one missing player's filled in as the rest of the ten.

    Raises:
        IllegalDealError: more than one count is missing (``hint`` says what to write), or the
            given ones are over ten.
    """
    if len(missing) > 1:
        raise IllegalDealError(_("the tricks of {names} are missing").format(
            names=names_text(missing)), hint=hint)
    if missing:
        check_not_over(sum(tricks.values()))
        tricks = {**tricks, missing[0]: TRICKS - sum(tricks.values())}
    return tricks
