"""Austrian and Illustrated Preference are drawn as a payment sheet with the buy-in."""

from ...convention.schema import PRICE
from ...families.payment.austrian_keys import POT_BUY_IN
from ...game import Deal
from ...numbers import Exact
from . import PaymentRenderer
from .rows import POT, Factor


class AustrianRenderer(PaymentRenderer):
    target_key = "pot.buy_in"

    def buy_in(self, conv) -> Exact:
        return conv[POT_BUY_IN]

    def price(self, conv) -> object:
        return conv[PRICE]

    def factor(self, conv) -> Factor:
        from ...families.payment.austrian_extras import factor

        def of(deal: Deal, payer: str, payee: str) -> Exact | None:
            if POT in (payer, payee):
                return None
            return factor(deal, conv, payee if payer == deal.declarer else payer)

        return of


RENDERER = AustrianRenderer()
