"""How the Russian family is drawn: the pulka sheet (:mod:`.pdf_sheet`, filled from
:mod:`.pdf_fill`); the terminal shows only the common table."""

from __future__ import annotations

import io
from fractions import Fraction

from ...convention.schema import PRICE
from ...families.russian.keys import BOMBS, PULYA, ROBBER_GAMES, ROBBER_RASPASY_LAPS, ROBBER_STAGE
from ...i18n import decimal, pgettext
from ...numbers import mixed
from ..registry import Renderer


def legend(bombs: bool, robber: bool) -> str:
    """The marks of the Russian sheet, under its heading: the bombs' only where they are played,
    the tick where bombs or the разбойник games are struck off."""
    marks = [pgettext("paper sheet", "‖ pulya closed"), pgettext("paper sheet", "⚑ gora written off to zero")]
    if bombs:
        marks.append(pgettext("paper sheet", "^ bomb, ^^ double, ^^^ fir tree"))
    if bombs or robber:
        marks.append(pgettext("paper sheet", "✓ extinguished (played)"))
    return "    ".join(marks)


class RussianRenderer(Renderer):
    """See :class:`pulka.render.registry.Renderer`."""

    target_key = "pulya"
    paper = "pulka.render.russian.paper"
    sheet_lists_deals = False

    def text_sheet(self, game, steps):
        return None

    def pdf_blank(self, buf: io.BytesIO, f, seats, names, *, title, target, price, convention=None):
        from ..pdf.header import Header, blank_subtitle, draw_header
        from ..pdf.shapes import geometry
        from ..pdf.style import Styles, new_canvas
        from .pdf_fill import Robber, outer_cells
        from .pdf_sheet import draw_russian

        cells = outer_cells(convention, len(seats))
        if convention is None:  # no convention said: none of Classic's own fields
            robber = None
        elif convention[ROBBER_STAGE]:
            robber = Robber(tuple(str(g) for g in convention[ROBBER_GAMES]), {},
                            int(convention[ROBBER_RASPASY_LAPS]), 0)
        else:
            robber = None
        bombs = "bombs" in cells
        head = Header(title or pgettext("paper sheet", "Pulka"), blank_subtitle(names), None,
                      legend(bombs, robber is not None), names=tuple(names or ()))
        c = new_canvas(buf, head.title)
        draw_header(c, f, Styles, head, geometry(len(seats), cells))
        draw_russian(c, f, seats, target=target, price=None if price is None else decimal(price),
                     fill=None, robber=robber, summary=None, cells=cells)
        return c

    def pdf_sheet(self, buf: io.BytesIO, f, page, game, steps, report, state, settlement):
        from ..pdf.header import Header, draw_header
        from ..pdf.shapes import geometry
        from ..pdf.style import Styles, new_canvas
        from ..pdf.window import windows
        from ..running_totals import build_history
        from .pdf_fill import marker, outer_cells, russian_fill, settled_after, summary_rows
        from .pdf_sheet import draw_russian, sheet_fits, sheet_layout

        conv = game.table.convention
        price = conv[PRICE]
        c = new_canvas(buf, page.title)
        target = Fraction(conv[PULYA])
        seats = list(page.players)
        cells = outer_cells(conv, len(seats))
        history = build_history(page.players, steps, mark=marker(target))  # once: each span cuts it

        layout = sheet_layout(len(seats), cells)

        def filled(start: int, end: int, whole: bool = False, summary: bool = True):
            span = None if whole else (steps[start].number, steps[end - 1].number)
            return russian_fill(game, steps, report, state, settlement, span, history, summary)

        def fits(start: int, end: int) -> bool:
            fill, robber, _ = filled(start, end, summary=False)
            return sheet_fits(f, seats, fill, robber, cells, layout)

        runs = windows(steps, fits)
        for k, (start, end) in enumerate(runs):
            if k:
                c.showPage()
            fill, robber, summary = filled(start, end, whole=len(runs) == 1)
            if end < len(steps):  # (a sheet before the last: the totals as its last deal left them)
                report_then, settled_then = settled_after(game, end)
                summary = summary_rows(page.players, report_then, settled_then)
                summary.after = steps[end - 1].number
            parts = [" · ".join(page.players),
                     pgettext("paper sheet", "pulya {target}").format(target=mixed(target)),
                     page.count, page.state, *sheet_of(k, runs, steps)]
            head = Header(page.title, " — ".join(parts), page.created,
                          legend(bool(conv[BOMBS]), robber is not None), page.convention,
                          page.players)
            draw_header(c, f, Styles, head, geometry(len(seats), cells))
            draw_russian(c, f, seats, target=mixed(target),
                         price=None if price is None else decimal(str(price)), fill=fill,
                         robber=robber, summary=summary, cells=cells)
        return c


def sheet_of(k: int, runs: list[tuple[int, int]], steps: list) -> list[str]:
    """What the heading says of a sheet of a game that takes several (nothing if one)."""
    if len(runs) < 2:
        return []
    start, end = runs[k]
    return [pgettext("paper sheet", "sheet {sheet} of {sheets}: deals {first}–{last}").format(
        sheet=k + 1, sheets=len(runs), first=steps[start].number, last=steps[end - 1].number)]


RENDERER = RussianRenderer()
