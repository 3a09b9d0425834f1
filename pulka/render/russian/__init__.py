"""How the Russian family is drawn: the pulka sheet (:mod:`.pdf_sheet`, filled from
:mod:`.pdf_fill`); the terminal shows only the common table."""

from __future__ import annotations

import io
from fractions import Fraction

from ...i18n import decimal, pgettext
from ...numbers import mixed


def legend() -> str:
    """The marks of the Russian sheet, under its heading."""
    return pgettext("paper sheet", "‖ pulya closed    ⚑ gora written off to zero    ^ bomb, ^^ double, "
                    "^^^ fir tree    ✓ extinguished (played)")


class RussianRenderer:
    """See :class:`pulka.render.registry.Renderer`."""

    target_key = "pulya"

    def text_sheet(self, game, steps):
        return None

    def pdf_blank(self, buf: io.BytesIO, f, seats, names, *, title, target, price):
        from ..pdf_geometry import GEOMETRY
        from ..pdf_header import Header, blank_subtitle, draw_header
        from ..pdf_style import Styles, new_canvas
        from .pdf_fill import Robber
        from .pdf_sheet import draw_russian

        head = Header(title or pgettext("paper sheet", "Pulka"), blank_subtitle(names), None,
                      legend())
        c = new_canvas(buf, head.title)
        draw_header(c, f, Styles, head, GEOMETRY[len(seats)]())
        robber = Robber(("6", "7", "8", "9", "10", "misere"), {}, 2, 0)
        draw_russian(c, f, seats, target=target, price=None if price is None else decimal(price),
                     fill=None, robber=robber, summary=None)
        return c

    def pdf_sheet(self, buf: io.BytesIO, f, page, game, steps, report, state, settlement):
        from ..pdf_geometry import GEOMETRY
        from ..pdf_header import Header, draw_header
        from ..pdf_style import Styles, new_canvas
        from .pdf_fill import russian_fill
        from .pdf_sheet import draw_russian

        conv = game.table.convention
        price = conv["price"]
        c = new_canvas(buf, page.title)
        target = Fraction(conv["pulya"])
        fill, robber, summary = russian_fill(game, steps, report, state, settlement)
        parts = [" · ".join(page.players),
                 pgettext("paper sheet", "pulya {target}").format(target=mixed(target)),
                 page.count, page.state]
        head = Header(page.title, " — ".join(parts), page.created, legend(), page.convention)
        draw_header(c, f, Styles, head, GEOMETRY[len(page.players)]())
        draw_russian(c, f, list(page.players), target=mixed(target),
                     price=None if price is None else decimal(str(price)), fill=fill, robber=robber,
                     summary=summary)
        return c


RENDERER = RussianRenderer()
