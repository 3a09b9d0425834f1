"""What one family's deals may say that another family does not read: a refill of a pot, the
payment games' claims (aces, Kunstwerk, a concession), made or down instead of tricks, and the
Greek together and alone. A family that keeps no pot refuses them with one clear message, and
each payment game refuses what it does not read (a word said and then ignored would let a
wrong deal, or a wrong vector, pass as right)."""

from __future__ import annotations

from collections.abc import Container

from ..errors import IllegalDealError
from ..game import Deal, DealKind, Decision
from ..i18n import _

#: the answers the Russian and Balkan families read
PLAIN_DECISIONS = (Decision.WHIST, Decision.PASS, Decision.HALF)


#: a Russian game given up before play (``without_three``)
WITHOUT_THREE = "without3"


def refuse_payment_words(deal: Deal, reads: Container[str] = ()) -> None:
    """Refuse what only the payment games write (this family keeps no pot), and the marks
    of the family's deals that it does not read (``reads``: those it does)."""
    if deal.kind is DealKind.REFILL:
        raise IllegalDealError(_("there is no pot to refill in this game"))
    for mark in deal.marks:
        if mark in reads:
            continue
        if mark == WITHOUT_THREE:
            raise IllegalDealError(_("a game is given up without three only in the Russian "
                                     "conventions that play it (without_three: yes)"))
        raise IllegalDealError(_("{word!r} is said only in the pot and payment games").format(
            word=mark))
    if deal.made is not None:
        raise IllegalDealError(_("give the tricks, not made or down"))
    for name, said in deal.defence.items():
        if said not in PLAIN_DECISIONS:
            raise IllegalDealError(_("{player}: {word!r} is said only in Greek Prefa").format(
                player=name, word=said.value))


def refuse_rest(deal: Deal) -> None:
    """Refuse a deal that names who sits it out: only a five-player table says so."""
    if deal.rest:
        raise IllegalDealError(_("only at five players does a deal say who sits it out "
                                 "(rest)"))


def words_said(deal: Deal) -> list[str]:
    """The words of a contract deal beyond its declarer, contract, answers and tricks, as the
    journal writes them (``dark``, ``igra``, ``contra``, ``made``, ``aces`` ...)."""
    said = [word for word, there in (("dark", deal.dark), ("looked", deal.looked),
                                     ("fell", deal.fell), ("invite", deal.invite),
                                     ("igra", deal.no_talon), ("contra", deal.contra)) if there]
    if deal.made is not None:
        said.append("made" if deal.made else "down")
    return [*said, *deal.marks]


def refuse_unread(deal: Deal, reads: Container[str]) -> None:
    """Refuse a contract deal that says a word this game does not read."""
    for word in words_said(deal):
        if word not in reads:
            raise IllegalDealError(_("{word!r} is not said in this game").format(word=word))
