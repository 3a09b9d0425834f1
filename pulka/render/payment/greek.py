"""Greek Prefa is drawn in the Balkan shape (payment-families.md §4.6): per player his kasa
figure between the columns of what the others owe him (:mod:`.kitapi`), in the terminal, on
paper and in the PDF."""

import io
from fractions import Fraction

from ...i18n import _, decimal
from ...numbers import Exact, mixed
from . import PaymentRenderer


class GreekRenderer(PaymentRenderer):
    target_key = "kasa"

    def buy_in(self, conv) -> Exact:
        return conv["kasa"]

    def price(self, conv) -> object:
        return conv["price"]

    def text_sheet(self, game, steps):
        if steps is None:
            return None
        from .text import kitapi_table

        return kitapi_table(game.table.players, self.buy_in(game.table.convention), steps)

    def legend(self) -> str:
        return _("kasa: each player's figure in tens of kapikia · → name: what that player "
                 "owes him")

    def pdf_blank(self, buf: io.BytesIO, f, seats, names, *, title, target, price):
        from ..pdf_geometry import BalkanGeometry
        from ..pdf_header import Header, blank_subtitle, draw_header
        from ..pdf_style import Styles, new_canvas
        from .pdf_kitapi import draw_kitapi

        parts = [blank_subtitle(names)]
        if target:
            parts.append(_("in the kasa: {amount} each").format(amount=target))
        if price:
            parts.append(_("one unit: {price}").format(price=decimal(str(price))))
        head = Header(title or _("Prefa: the kasa and the payments"),
                      " — ".join(p for p in parts if p), None, self.legend())
        c = new_canvas(buf, head.title)
        draw_header(c, f, Styles, head, BalkanGeometry())
        figure = mixed(Fraction(target) / 10) if target else None
        draw_kitapi(c, f, list(seats), figure, None)
        return c

    def pdf_sheet(self, buf: io.BytesIO, f, page, game, steps, report, state, settlement):
        from ..pdf_geometry import BalkanGeometry
        from ..pdf_header import Header, draw_header
        from ..pdf_style import Styles, new_canvas
        from .kitapi import areas
        from .pdf_kitapi import draw_kitapi, fill_of

        conv = game.table.convention
        parts = [" · ".join(page.players),
                 _("in the kasa: {amount} each").format(amount=mixed(conv["kasa"])),
                 page.count, page.state]
        if conv["price"] is not None:
            parts.insert(2, _("one unit: {price}").format(price=decimal(str(conv["price"]))))
        head = Header(page.title, " — ".join(p for p in parts if p), page.created,
                      self.legend(), page.convention)
        c = new_canvas(buf, page.title)
        draw_header(c, f, Styles, head, BalkanGeometry())
        draw_kitapi(c, f, list(page.players), None,
                    fill_of(areas(page.players, conv["kasa"], steps)))
        return c


RENDERER = GreekRenderer()
