"""The Balkan sheet: per player a bule column between the supe columns, written down the page.

Over the table are the start, price and control fields; a blank sheet gets guide lines, a
filled one every column at the one size the fullest of them needs.
"""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from ...i18n import pgettext
from ..pdf.geometry import SIZES, Area, BalkanGeometry, Fitted, Paragraph, fit
from ..pdf.style import Fonts, Styles, arrowhead, begin_lines, clip, guide_lines, rule
from ..pdf.window import READABLE
from .pdf_fill import balkan_columns


def draw_balkan(c: Canvas, f: Fonts, seats: list[str | None], *, start: str | None, price: str | None,
                fill: dict | None) -> None:
    """The Balkan table under the page heading, blank (``fill`` None) or with the game in it.

    Args:
        seats: the names in seating order; None where a line is left to write the name on.
        start: the bule each player starts with; price: the price of a supe (None: left blank).
        fill: (seat, column) -> the paragraphs written in it (see :mod:`.pdf_fill`).
    """
    geo = BalkanGeometry()
    st = Styles
    n = len(seats)
    left, right, top, bottom, name_y, body_top, group_w = geo.frame(n)
    # the fields over the table: start, price, control time
    c.setFont(f.regular, st.field)
    fields = [(pgettext("paper sheet", "start"), f"−{start}" if start else None),
              (pgettext("paper sheet", "price"), price), (pgettext("paper sheet", "control"), None)]
    x = left
    y = geo.fields_y * mm
    for label, value in fields:
        c.setFillGray(st.grey)
        c.drawString(x, y, label)
        x1 = x + f.width(label) * st.field + 1.2 * mm
        rule(c, st, x1, y - 0.7 * mm, x1 + geo.field_w * mm)
        if value:
            c.setFillGray(st.ink)
            c.setFont(f.bold, st.field + 1)
            c.drawCentredString(x1 + geo.field_w / 2 * mm, y, f.text(value))
            c.setFont(f.regular, st.field)
        x = x1 + geo.field_step * mm
    c.setFillGray(st.ink)
    if fill is None:
        guide_lines(c, st, left, right, body_top, bottom, geo.guide_step * mm)
    weights_total = (n - 1) + geo.bule_weight
    for i, name in enumerate(seats):
        gx = left + i * group_w
        x = gx
        for kind, other in balkan_columns(n, i):
            w = group_w * (geo.bule_weight if kind == "bule" else 1.0) / weights_total
            if x > gx:
                c.setLineWidth(st.line_ring)
                c.line(x, name_y, x, bottom)
            if kind == "bule":
                heading = pgettext("paper sheet", "bule")
            elif seats[other]:
                heading = pgettext("paper sheet", "on {name}").format(name=seats[other])
            elif other == (i - 1) % n:
                heading = pgettext("paper sheet", "on the left")
            elif other == (i + 1) % n:
                heading = pgettext("paper sheet", "on the right")
            else:
                heading = pgettext("paper sheet", "opposite")
            c.setFont(f.regular, st.label)
            c.setFillGray(st.grey)
            c.drawCentredString(x + w / 2, name_y - geo.head_h * mm + 2 * mm,
                                clip(f, f.text(heading), False, st.label, w - 2 * mm))
            c.setFillGray(st.ink)
            if fill is None and kind == "bule" and start:
                c.setFont(f.regular, 9)
                c.drawCentredString(x + w / 2, body_top - 4.4 * mm, f.text(f"−{start}"))
            x += w
        if name:
            c.setFont(f.bold, st.name)
            c.drawCentredString(gx + group_w / 2, name_y + 2.6 * mm,
                                clip(f, f.text(name), True, st.name, group_w - 14 * mm))
        else:  # a line to write the name on
            half = geo.name_rule / 2 * mm
            rule(c, st, gx + group_w / 2 - half, name_y + 2 * mm, gx + group_w / 2 + half)
        if i == 0:  # the first dealer
            ax = gx + 4 * mm
            c.setLineWidth(st.line_divider)
            c.line(ax, top - 1.2 * mm, ax, name_y + 3.2 * mm)
            arrowhead(c, ax / mm, name_y / mm + 1.2, 0, -1, 2.2)
    c.setLineWidth(st.line_ring)
    c.line(left, body_top, right, body_top)
    c.setLineWidth(st.line_cut)
    c.line(left, name_y, right, name_y)
    c.setLineWidth(st.line_outer)
    for i in range(1, n):
        c.line(left + i * group_w, top, left + i * group_w, bottom)
    c.rect(left, bottom, right - left, top - bottom)
    if fill is not None:
        _write_columns(c, f, geo, _areas(seats, fill))


def balkan_fits(f: Fonts, seats: list[str | None], fill: dict) -> bool:
    """Whether every column of the filled sheet fits, one total a line, at
    :data:`..pdf_window.MIN_SIZE` or more."""
    return _layout(f, BalkanGeometry(), _areas(seats, fill), READABLE, None) is not None


def _areas(seats: list[str | None], fill: dict) -> list[tuple[Area, list[Paragraph]]]:
    """Each column's area on the page and what is written in it."""
    geo = BalkanGeometry()
    n = len(seats)
    frame = geo.frame(n)
    left, body_top, bottom, group_w = frame.left, frame.body_top, frame.bottom, frame.group_w
    weights_total = (n - 1) + geo.bule_weight
    out = []
    for i in range(n):
        x = left + i * group_w
        for kind, other in balkan_columns(n, i):
            w = group_w * (geo.bule_weight if kind == "bule" else 1.0) / weights_total
            out.append((Area(x, body_top, 0, 0.0, w, body_top - bottom),
                        fill.get((i, kind if kind == "bule" else ("supe", other)), [])))
            x += w
    return out


def _layout(f: Fonts, geo: BalkanGeometry, columns: list[tuple[Area, list[Paragraph]]],
            sizes: Sequence[float], fallback: str | None) -> list[tuple[Area, Fitted]] | None:
    """The columns fitted at one size, the one the fullest of them needs (None: one of them
    does not fit whole at any of ``sizes``)."""
    todo = []
    for area, paragraphs in columns:
        paragraphs = [Paragraph(tuple(f.text(t) for t in p.tokens), p.sep) for p in paragraphs if p.tokens]
        if paragraphs:
            todo.append((area, paragraphs))
    if not todo:
        return []
    allowed = list(sizes)
    for _ in range(2):  # fit each, then all again at the smallest size any needed
        fitted = [fit(paras, [area], f.width, pad=geo.pad * mm, fallback_sep=fallback, centre=True,
                      sizes=allowed) for area, paras in todo]
        if any(one.dropped or one.size not in allowed for one in fitted):
            return None
        smallest = min(one.size for one in fitted)
        allowed = [s for s in sizes if s <= smallest]
    return [(area, one) for (area, _), one in zip(todo, fitted, strict=True)]


def _write_columns(c: Canvas, f: Fonts, geo: BalkanGeometry,
                   columns: list[tuple[Area, list[Paragraph]]]) -> None:
    """The Balkan columns, one total under the other, all at the size the fullest one needs
    (side by side, smaller, only where one deal is too many for a sheet)."""
    laid = _layout(f, geo, columns, READABLE, None) or _layout(f, geo, columns, SIZES, "  ")
    if laid is None:  # (never: the smallest size drops the oldest entries)
        laid = [(area, fit(paras, [area], f.width, pad=geo.pad * mm, centre=True, sizes=SIZES))
                for area, paras in columns if paras]
    for area, one in laid:
        text = begin_lines(c)
        text.setFont(f.regular, one.size)
        for x, y, line in one.lines[0]:
            text.setTextOrigin(area.ox + x, area.oy + y)
            text.textOut(line)
        c.drawText(text)
