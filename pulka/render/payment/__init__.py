"""How the payment families are drawn: the pot and the players' running nets with each deal's
moves, in the terminal (:mod:`.text`) and on the PDF sheet (:mod:`.pdf_sheet`); the rows both
draw come from :mod:`.rows`."""

from __future__ import annotations

import io

from ...i18n import _, decimal
from ...numbers import Exact, mixed
from ..registry import Renderer
from .rows import Factor


class PaymentRenderer(Renderer):
    """See :class:`pulka.render.registry.Renderer`; each family's module says what every
    player puts into the pot at the start (:meth:`buy_in`, none for Swabian) and its price."""

    target_key = ""  #: the key of the stake a blank sheet writes in its heading
    paper = "pulka.render.payment.paper"
    sheet_lists_deals = True
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

    def stake(self, amount: str) -> str:
        """What each player puts in, as the heading of the sheet says it."""
        return _("in the pot: {amount} each").format(amount=amount)

    def blank_title(self) -> str:
        return _("Preference: the pot and the payments")

    def geometry(self):
        from ..pdf.geometry import ListGeometry

        return ListGeometry()

    def draw_blank(self, c, f, seats: list, target: str | None) -> None:
        """The empty sheet under the heading."""
        from .pdf_sheet import draw_list

        draw_list(c, f, seats, None, pot=self.pot)

    def draw_filled(self, c, f, page, game, steps, heading) -> None:
        """The filled sheet under the heading (``heading`` draws it again on a new page)."""
        from .pdf_sheet import draw_list
        from .rows import rows

        conv = game.table.convention
        lines = rows(page.players, self.buy_in(conv), steps, self.factor(conv), every=True)
        draw_list(c, f, list(page.players), lines, heading, pot=self.pot)

    def pdf_blank(self, buf: io.BytesIO, f, seats, names, *, title, target, price, convention=None):
        from ..pdf.header import Header, blank_subtitle, draw_header
        from ..pdf.style import Styles, new_canvas

        parts = [blank_subtitle(names)]
        if target and target.strip("0.") :  # (nothing put in at the start: nothing said)
            parts.append(self.stake(target))
        if price:
            parts.append(_("one unit: {price}").format(price=decimal(str(price))))
        head = Header(title or self.blank_title(), " — ".join(p for p in parts if p), None,
                      self.legend(), names=tuple(names or ()))
        c = new_canvas(buf, head.title)
        draw_header(c, f, Styles, head, self.geometry())
        self.draw_blank(c, f, list(seats), target)
        return c

    def pdf_sheet(self, buf: io.BytesIO, f, page, game, steps, report, state, settlement):
        from ..pdf.header import Header, draw_header
        from ..pdf.style import Styles, new_canvas

        conv = game.table.convention
        buy_in = self.buy_in(conv)
        parts = [" · ".join(page.players), page.count, page.state]
        if buy_in:
            parts.insert(1, self.stake(mixed(buy_in)))
        if self.price(conv) is not None:
            parts.insert(1, _("one unit: {price}").format(price=decimal(str(self.price(conv)))))
        head = Header(page.title, " — ".join(p for p in parts if p), page.created,
                      self.legend(), page.convention, page.players)
        c = new_canvas(buf, page.title)

        def heading() -> None:
            draw_header(c, f, Styles, head, self.geometry())

        heading()
        self.draw_filled(c, f, page, game, steps, heading)
        return c
