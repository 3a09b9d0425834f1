"""What one family's deals may say that another family does not read: a refill of a pot, the
payment games' claims (aces, Kunstwerk, a concession), made or down instead of tricks, and the
Greek together and alone. A family that keeps no pot refuses them with one clear message."""

from __future__ import annotations

from ..errors import IllegalDealError
from ..i18n import _
from ..model import Deal, DealKind, Decision

#: the answers the Russian and Balkan families read
PLAIN_DECISIONS = (Decision.WHIST, Decision.PASS, Decision.HALF)


def refuse_payment_words(deal: Deal) -> None:
    """Refuse what only the payment games write (this family keeps no pot)."""
    if deal.kind is DealKind.REFILL:
        raise IllegalDealError(_("there is no pot to refill in this game"))
    if deal.marks:
        raise IllegalDealError(_("{word!r} is said only in the pot and payment games").format(
            word=deal.marks[0]))
    if deal.made is not None:
        raise IllegalDealError(_("give the tricks, not made or down"))
    for name, said in deal.defence.items():
        if said not in PLAIN_DECISIONS:
            raise IllegalDealError(_("{player}: {word!r} is said only in Greek Prefa").format(
                player=name, word=said.value))
