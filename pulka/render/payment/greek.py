"""Greek Prefa is drawn in the Balkan shape (payment-families.md §4.6): per player his kasa
figure between the columns of what the others owe him (:mod:`.kitapi`), in the terminal, on
paper and in the PDF."""

from fractions import Fraction

from ...convention.schema import PRICE
from ...families.payment.greek_keys import KASA
from ...i18n import _
from ...numbers import Exact, mixed
from . import PaymentRenderer


class GreekRenderer(PaymentRenderer):
    target_key = "kasa"
    paper = "pulka.render.payment.paper_kitapi"  # the κιτάπι

    def buy_in(self, conv) -> Exact:
        return conv[KASA]

    def price(self, conv) -> object:
        return conv[PRICE]

    def text_sheet(self, game, steps):
        if steps is None:
            return None
        from .text import kitapi_table

        return kitapi_table(game.table.players, self.buy_in(game.table.convention), steps)

    def legend(self) -> str:
        return _("kasa: each player's figure in tens of kapikia · → name: what that player "
                 "owes him")

    def stake(self, amount: str) -> str:
        return _("in the kasa: {amount} each").format(amount=amount)

    def blank_title(self) -> str:
        return _("Prefa: the kasa and the payments")

    def geometry(self):
        from ..pdf.geometry import BalkanGeometry

        return BalkanGeometry()

    def draw_blank(self, c, f, seats: list, target: str | None) -> None:
        from .pdf_kitapi import draw_kitapi

        draw_kitapi(c, f, seats, mixed(Fraction(target) / 10) if target else None, None)

    def draw_filled(self, c, f, page, game, steps, heading) -> None:
        from .kitapi import areas
        from .pdf_kitapi import draw_kitapi, fill_of

        kasa = self.buy_in(game.table.convention)
        draw_kitapi(c, f, list(page.players), None, fill_of(areas(page.players, kasa, steps)))


RENDERER = GreekRenderer()
