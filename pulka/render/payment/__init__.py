"""How the payment families are drawn: the pot and the players' running nets with each deal's
moves, in the terminal (:mod:`.text`) and on the PDF sheet (:mod:`.pdf_sheet`); the rows both
draw come from :mod:`.ledger`."""

from __future__ import annotations

import io

from ...i18n import _, decimal
from ...numbers import Exact, mixed
from .ledger import Factor


class PaymentRenderer:
    """See :class:`pulka.render.registry.Renderer`; each family's module says what every
    player puts into the pot at the start (:meth:`buy_in`, none for Swabian) and its price."""

    target_key = ""  #: the key of the stake a blank sheet writes in its heading
    pot = True  #: the game keeps a pot (Swabian does not: its sheet has no pot column)

    def buy_in(self, conv) -> Exact:
        return 0

    def price(self, conv) -> object:
        return None

    def factor(self, conv) -> Factor | None:
        """What is written after a move (None: nothing; the Illustrated extras' factor)."""
        return None

    def legend(self) -> str:
        """How the sheet writes a move."""
        if not self.pot:
            return _("player → player: who paid whom")
        return _("pot → player, player → pot, player → player")

    def text_sheet(self, game, steps):
        if steps is None:
            return None
        from .text import sheet_table

        conv = game.table.convention
        return sheet_table(game.table.players, self.buy_in(conv), steps, self.pot,
                           self.factor(conv))

    def pdf_blank(self, buf: io.BytesIO, f, seats, names, *, title, target, price):
        from ..pdf_geometry import ListGeometry
        from ..pdf_header import Header, blank_subtitle, draw_header
        from ..pdf_style import Styles, new_canvas
        from .pdf_sheet import draw_list

        parts = [blank_subtitle(names)]
        if target:
            parts.append(_("in the pot: {amount} each").format(amount=target))
        if price:
            parts.append(_("one unit: {price}").format(price=decimal(str(price))))
        head = Header(title or _("Preference: the pot and the payments"),
                      " — ".join(p for p in parts if p), None, self.legend())
        c = new_canvas(buf, head.title)
        draw_header(c, f, Styles, head, ListGeometry())
        draw_list(c, f, list(seats), None, pot=self.pot)
        return c

    def pdf_sheet(self, buf: io.BytesIO, f, page, game, steps, report, state, settlement):
        from ..pdf_geometry import ListGeometry
        from ..pdf_header import Header, draw_header
        from ..pdf_style import Styles, new_canvas
        from .ledger import rows
        from .pdf_sheet import draw_list

        conv = game.table.convention
        buy_in = self.buy_in(conv)
        parts = [" · ".join(page.players), page.count, page.state]
        if buy_in:
            parts.insert(1, _("in the pot: {amount} each").format(amount=mixed(buy_in)))
        if self.price(conv) is not None:
            parts.insert(1, _("one unit: {price}").format(price=decimal(str(self.price(conv)))))
        head = Header(page.title, " — ".join(p for p in parts if p), page.created,
                      self.legend(), page.convention)
        c = new_canvas(buf, page.title)

        def heading() -> None:
            draw_header(c, f, Styles, head, ListGeometry())

        heading()
        draw_list(c, f, list(page.players), rows(page.players, buy_in, steps, self.factor(conv)), heading,
                  pot=self.pot)
        return c
