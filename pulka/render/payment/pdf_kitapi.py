"""The Greek sheet (κιτάπι) on paper, in the Balkan shape: per player a group of columns under
his name, his kasa figure between what his left neighbour and the others owe him, each column
written down the page (:mod:`.kitapi`). Blank, the groups have guide lines to write on."""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from ...i18n import _, pgettext
from ...numbers import true_minus
from ..balkan.pdf_sheet import _write_columns
from ..pdf.geometry import Area, BalkanGeometry, Paragraph
from ..pdf.style import Fonts, Styles, clip, guide_lines, rule
from .kitapi import Column, order

KASA_WEIGHT = 1.3  #: the figure column is this much wider than a column of what is owed


def fill_of(columns: dict[str, list[Column]]) -> dict[str, list[Paragraph]]:
    """What each column holds, as a paragraph of its totals one under the other; keyed by
    the player and the one it is written on (the player himself for his figure)."""
    return {f"{p}/{c.other or p}": [Paragraph(tuple(true_minus(t) for _n, t in c.entries), "\n")]
            for p, cs in columns.items() for c in cs}


def draw_kitapi(c: Canvas, f: Fonts, seats: list[str | None], start: str | None,
                fill: dict[str, list[Paragraph]] | None) -> None:
    """The groups under the page heading: ``fill`` None draws them blank (``start``, the
    figure each player starts with, written at the top of each figure column)."""
    geo = BalkanGeometry()
    st = Styles
    n = len(seats)
    left, right, top, bottom, name_y, body_top, group_w = geo.frame(n)
    unit = group_w / (n - 1 + KASA_WEIGHT)
    todo: list[tuple[Area, list[Paragraph]]] = []
    for i, name in enumerate(seats):
        x = left + i * group_w
        for seat in order(n, i):
            w = unit * (KASA_WEIGHT if seat is None else 1.0)
            if x > left + i * group_w:
                c.setLineWidth(st.line_ring)
                c.line(x, name_y, x, bottom)
            other = seats[seat] if seat is not None else None
            if seat is None:
                heading = pgettext("paper sheet", "kasa")
            elif other:
                heading = pgettext("paper", "→ {name}").format(name=other)
            else:  # a blank sheet: the seat the column is written on
                heading = _("→ left") if seat == (i - 1) % n else \
                    _("→ right") if seat == (i + 1) % n else _("→ opposite")
            c.setFont(f.regular, st.label)
            c.setFillGray(st.grey)
            c.drawCentredString(x + w / 2, name_y - geo.head_h * mm + 2 * mm,
                                clip(f, f.text(heading), False, st.label, w - 2 * mm))
            c.setFillGray(st.ink)
            if fill is not None and name is not None:
                key = f"{name}/{name if other is None else other}"
                todo.append((Area(x, body_top, 0, 0.0, w, body_top - bottom), fill.get(key, [])))
            elif seat is None and start:
                c.setFont(f.regular, 9)
                c.drawCentredString(x + w / 2, body_top - 4.4 * mm, f.text(start))
            x += w
        gx = left + i * group_w
        if name:
            c.setFont(f.bold, st.name)
            c.drawCentredString(gx + group_w / 2, name_y + 2.6 * mm,
                                clip(f, f.text(name), True, st.name, group_w - 6 * mm))
        else:
            half = geo.name_rule / 2 * mm
            rule(c, st, gx + group_w / 2 - half, name_y + 2 * mm, gx + group_w / 2 + half)
    if fill is None:
        guide_lines(c, st, left, right, body_top, bottom, geo.guide_step * mm)
    c.setLineWidth(st.line_ring)
    c.line(left, body_top, right, body_top)
    c.setLineWidth(st.line_outer)
    for i in range(1, n):
        c.line(left + i * group_w, top, left + i * group_w, bottom)
    c.rect(left, bottom, right - left, top - bottom)
    _write_columns(c, f, geo, todo)  # the Balkan sheet's: one total under the other
