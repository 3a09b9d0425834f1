"""Austrian and Illustrated Preference are drawn as a payment sheet with the buy-in."""

from ...numbers import Exact
from . import PaymentRenderer


class AustrianRenderer(PaymentRenderer):
    target_key = "pot.buy_in"

    def buy_in(self, conv) -> Exact:
        return conv["pot.buy_in"]

    def price(self, conv) -> object:
        return conv["price"]


RENDERER = AustrianRenderer()
