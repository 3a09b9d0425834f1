"""Greek Prefa is drawn as a payment sheet with the kasa (the Balkan-shaped κιτάπι is later
work)."""

from ...numbers import Exact
from . import PaymentRenderer


class GreekRenderer(PaymentRenderer):
    target_key = "kasa"

    def buy_in(self, conv) -> Exact:
        return conv["kasa"]

    def price(self, conv) -> object:
        return conv["price"]


RENDERER = GreekRenderer()
