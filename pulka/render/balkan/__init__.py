"""How the Balkan family is drawn: a second terminal table written the paper way
(:mod:`.text`) and the Balkan PDF sheet (:mod:`.pdf_sheet`, filled from :mod:`.pdf_fill`)."""

from __future__ import annotations

import io
from fractions import Fraction

from ...convention.schema import PRICE
from ...families.balkan.keys import START
from ...i18n import decimal, pgettext
from ...numbers import mixed
from ..registry import Renderer


def legend() -> str:
    """The marks of the Balkan sheet, under its heading."""
    return pgettext("paper sheet", "— refe    / refe used    ^ hat    v hat taken off")


class BalkanRenderer(Renderer):
    """See :class:`pulka.render.registry.Renderer`."""

    target_key = "start"
    paper = "pulka.render.balkan.paper"
    sheet_lists_deals = True

    def text_sheet(self, game, steps):
        if steps is None:
            return None
        from .text import sheet_table

        return sheet_table(game.table.players, game.table.convention[START], steps)

    def pdf_blank(self, buf: io.BytesIO, f, seats, names, *, title, target, price, convention=None):
        from ..pdf.geometry import BalkanGeometry
        from ..pdf.header import Header, blank_subtitle, draw_header
        from ..pdf.style import Styles, new_canvas
        from .pdf_sheet import draw_balkan

        head = Header(title or pgettext("paper sheet", "Preferans — the Balkan sheet"),
                      blank_subtitle(names), None, legend(), names=tuple(names or ()))
        c = new_canvas(buf, head.title)
        draw_header(c, f, Styles, head, BalkanGeometry())
        draw_balkan(c, f, seats, start=target, price=None if price is None else decimal(price),
                    fill=None)
        return c

    def pdf_sheet(self, buf: io.BytesIO, f, page, game, steps, report, state, settlement):
        from ..pdf.geometry import BalkanGeometry
        from ..pdf.header import Header, draw_header
        from ..pdf.style import Styles, new_canvas
        from ..pdf.window import carried, windows
        from ..running_totals import build_history
        from ..russian import sheet_of
        from .pdf_fill import balkan_fill, mark
        from .pdf_sheet import balkan_fits, draw_balkan

        conv = game.table.convention
        price = conv[PRICE]
        players = page.players
        c = new_canvas(buf, page.title)
        start = Fraction(conv[START])
        history = build_history(players, steps, start={"bule": start}, mark=mark)

        def filled(first: int, end: int) -> dict:
            span = carried(history, steps[first].number, steps[end - 1].number) if steps else history
            return balkan_fill(players, span, glyphs=True)

        runs = windows(steps, lambda first, end: balkan_fits(f, list(players), filled(first, end)))
        for k, (first, end) in enumerate(runs):
            if k:
                c.showPage()
            parts = [" · ".join(players),
                     pgettext("paper sheet", "from −{start}").format(start=mixed(start)),
                     page.count, page.state, *sheet_of(k, runs, steps)]
            head = Header(page.title, " — ".join(p for p in parts if p), page.created, legend(),
                          page.convention, players)
            draw_header(c, f, Styles, head, BalkanGeometry())
            draw_balkan(c, f, list(players), start=mixed(start),
                        price=None if price is None else decimal(str(price)),
                        fill=filled(first, end))
        return c


RENDERER = BalkanRenderer()
