"""Swabian Preference is drawn as a payment sheet without a pot: each player's running total,
like a Skat list."""

from ...convention.schema import PRICE
from . import PaymentRenderer


class SwabianRenderer(PaymentRenderer):
    pot = False

    def price(self, conv) -> object:
        return conv[PRICE]


RENDERER = SwabianRenderer()
