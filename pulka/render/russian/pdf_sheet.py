"""The Russian sheet: the pulka for 2–5 players drawn as rings around the centre field (five:
a pentagon, :mod:`.pdf_pentagon`).

Each player's sector holds the whists, pulya and gora bands (at four players also the bombs,
raspasy and played cells); the text of each band is fitted by :func:`.pdf_geometry.fit`.
At four players the totals table sits under the square.
"""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from ...i18n import pgettext
from ...names import short_forms
from ..pdf.geometry import (
    ASCENT,
    BOUNDARIES,
    LEADING,
    SIZES,
    WHIST_CORNERS,
    Area,
    Paragraph,
    SheetGeometry,
    corner_point,
    fit,
)
from ..pdf.shapes import geometry, sectors
from ..pdf.style import Fonts, Styles, arrowhead, begin_lines, clip, clip_names, rule
from ..pdf.window import READABLE
from .pdf_fill import Robber, Summary, game_name

#: the bands of the rings that carry a label
RINGS = ("pulya", "gora")
#: the longest a name is written in a whists label (``→ А.-К. Петровна``): the band's label
#: leaves the most of it to the numbers
LABEL_NAME = 16


def ring_label(kind: str) -> str:
    """The label of a ring's band (the pulya or the gora)."""
    return pgettext("paper sheet", "pulya") if kind == "pulya" else pgettext("paper sheet", "gora")


def extra_label(cell: str) -> str:
    """The label of a cell of the four-player outer ring."""
    return {"bombs": pgettext("paper sheet", "bombs"), "raspasy": pgettext("paper sheet", "raspasy"),
            "played": pgettext("paper sheet", "played")}[cell]


def whists_label(n: int, seats_on: int, name: str | None) -> str:
    """The label of the whists written on a player: his name, or where he sits (``seats_on``
    seats clockwise from the writer) on a sheet without names."""
    if name:
        # Translators: the whists a player writes on another; a name that needs no case ending
        return pgettext("paper sheet", "on {name}").format(name=name)
    if n == 2:
        return pgettext("paper sheet", "on the opponent")
    if seats_on == 1:
        return pgettext("paper sheet", "on the left")
    if seats_on == n - 1:
        return pgettext("paper sheet", "on the right")
    if n == 5:  # two sit across the table: the second on the left, the second on the right
        return pgettext("paper sheet", "on 2nd left") if seats_on == 2 else \
            pgettext("paper sheet", "on 2nd right")
    return pgettext("paper sheet", "on the one opposite")


def summary_head() -> tuple[str, ...]:
    """The headings of the four-player totals table (the first column has none)."""
    return ("", pgettext("paper sheet", "pulya"), pgettext("paper sheet", "gora"),
            pgettext("paper sheet", "whists ±"), pgettext("paper sheet", "result"),
            pgettext("paper sheet", "money"))


def draw_russian(c: Canvas, f: Fonts, seats: list[str | None], *, target: str | None, price: str | None,
                 fill: dict | None, robber: Robber | None, summary: Summary | None,
                 cells: tuple[str, ...]) -> None:
    """The pulka under the page heading: rings, centre field, names, and the game if ``fill``.

    Args:
        seats: the names in seating order; None where a line is left to write the name on.
        target, price: written in the circle and on the price line (None: left blank).
        fill: (seat, band) -> the paragraphs written in it (see :mod:`.pdf_fill`); None: blank.
        robber: the разбойник checklist of the raspasy cell (of the outer ring).
        summary: the results table under the sheet; None: empty rows.
        cells: the cells of the outer ring (see :func:`.pdf_fill.outer_cells`).
    """
    n = len(seats)
    geo = geometry(n, cells)
    st = Styles
    parts = sectors(n, geo)
    if n == 5:
        from .pdf_pentagon import draw_pentagon

        draw_pentagon(c, st, geo, parts)
    else:
        _draw_rings(c, st, geo, geo.ring_rects(), n, parts)
    _draw_centre(c, f, st, geo, target, price)
    for sector in parts:
        _draw_name(c, f, st, geo, sector.name_at, seats[sector.index])
        for areas, paras, label in _bands(geo, sector, seats, fill, robber):
            if robber is not None and label == extra_label("raspasy"):
                _draw_checklist(c, f, st, geo, sector.extra["raspasy"], robber, sector.index)
            _write(c, f, st, geo, areas, paras, label)
    _draw_summary(c, f, st, geo, seats, summary)


def _bands(geo: SheetGeometry, sector, seats: list[str | None], fill: dict | None,
           robber: Robber | None):
    """The bands of a player's sector: (its areas, the paragraphs written in it, its label)."""
    n = len(seats)
    i = sector.index
    for kind, areas in sector.rings.items():
        if kind in RINGS:
            yield areas, (fill.get((i, kind), []) if fill else []), ring_label(kind)
    named = [name for name in seats if name]
    # (names told apart on the labels: a long beginning in common is never cut to one form)
    short = short_forms(named, LABEL_NAME) if len(named) == n else {}
    for opponent, areas in sector.whists:
        name = seats[opponent]
        label = whists_label(n, (opponent - i) % n, short.get(name, name) if name else name)
        yield areas, (fill.get((i, ("whists", opponent)), []) if fill else []), label
    for cell, area in sector.extra.items():
        if cell == "raspasy" and robber is not None:
            area = area.shrunk(area.h - geo.checklist_h * mm)
        yield [area], (fill.get((i, cell), []) if fill else []), extra_label(cell)


def sheet_fits(f: Fonts, seats: list[str | None], fill: dict, robber: Robber | None,
               cells: tuple[str, ...], layout: tuple[SheetGeometry, list] | None = None) -> bool:
    """Whether every band of the filled sheet fits at :data:`..pdf_window.MIN_SIZE` or more;
    ``layout``: the sheet's :func:`.sheet_layout`, when the caller tries several fills."""
    geo, parts = layout or sheet_layout(len(seats), cells)
    return all(_fitted(f, Styles, geo, areas, paras, label, READABLE)[2] is not None
               for sector in parts for areas, paras, label in _bands(geo, sector, seats, fill, robber)
               if any(p.tokens for p in paras))


def sheet_layout(n: int, cells: tuple[str, ...]) -> tuple[SheetGeometry, list]:
    """The geometry of the sheet for ``n`` players with these cells, and its sectors."""
    geo = geometry(n, cells)
    return geo, sectors(n, geo)


def _draw_rings(c: Canvas, st: type[Styles], geo: SheetGeometry, rects: list, n: int, parts: list) -> None:
    cx, cy = geo.centre
    c.setStrokeGray(st.ink)
    c.setLineWidth(st.line_ring)
    for x0, y0, x1, y1 in rects[1:-1]:
        c.rect(x0 * mm, y0 * mm, (x1 - x0) * mm, (y1 - y0) * mm)
    inner = rects[-1]
    c.rect(inner[0] * mm, inner[1] * mm, (inner[2] - inner[0]) * mm, (inner[3] - inner[1]) * mm)
    # cuts: whist columns and the cells of the outer ring
    c.setLineWidth(st.line_cut)
    for sector in parts:
        legs = sector.rings.get("whists", [])
        if len(legs) == 1 and len(sector.whists) > 1:
            columns = [areas[0] for _, areas in sector.whists]
            for x1, y1, x2, y2 in legs[0].cut_lines(columns):
                c.line(x1, y1, x2, y2)
        if sector.extra:
            leg = sector.rings["extra"][0]
            cells = [a for a in sector.extra.values() if (a.ox, a.oy, a.angle) == (leg.ox, leg.oy, leg.angle)]
            for x1, y1, x2, y2 in leg.cut_lines(cells):
                c.line(x1, y1, x2, y2)
    # the whists ring (and the outer one) at the corners inside a sector (the columns change there)
    c.setLineWidth(st.line_ring)
    kinds = [kind for kind, _ in geo.rings]
    for ring in ("extra", "whists"):
        if ring not in kinds:
            continue
        k = kinds.index(ring)
        for corner in WHIST_CORNERS[n]:
            (x1, y1), (x2, y2) = corner_point(rects[k], corner), corner_point(rects[k + 1], corner)
            c.line(x1 * mm, y1 * mm, x2 * mm, y2 * mm)
    # sector boundaries: from the sheet's edge to the circle
    c.setLineWidth(st.line_divider)
    r = geo.circle_r
    for boundary in BOUNDARIES[n]:
        if boundary == "top-mid":
            c.line(cx * mm, geo.sheet[3] * mm, cx * mm, (cy + r) * mm)
            continue
        (x1, y1), (x2, y2) = corner_point(rects[0], boundary), corner_point(rects[-1], boundary)
        dx, dy = x2 - cx, y2 - cy
        length = (dx * dx + dy * dy) ** 0.5
        c.line(x1 * mm, y1 * mm, x2 * mm, y2 * mm)
        c.line(x2 * mm, y2 * mm, (cx + dx * r / length) * mm, (cy + dy * r / length) * mm)
    c.setLineWidth(st.line_outer)
    x0, y0, x1, y1 = geo.sheet
    c.rect(x0 * mm, y0 * mm, (x1 - x0) * mm, (y1 - y0) * mm)


def _draw_centre(c: Canvas, f: Fonts, st: type[Styles], geo: SheetGeometry, target: str | None,
                 price: str | None) -> None:
    cx, cy = geo.centre
    r = geo.circle_r
    c.setLineWidth(st.line_divider)
    c.setFillGray(1)
    c.circle(cx * mm, cy * mm, r * mm, stroke=1, fill=1)
    c.setFillGray(st.ink)
    if target:
        size = st.target
        while size > 6 and f.width(target, True) * size > 1.6 * r * mm:
            size -= 1
        c.setFont(f.bold, size)
        c.drawCentredString(cx * mm, cy * mm - 0.36 * size, f.text(target))
    # the arrow to the first dealer
    dx, dy = geo.arrow
    norm = (dx * dx + dy * dy) ** 0.5
    dx, dy = dx / norm, dy / norm
    sx, sy = cx + dx * (r + 1.2), cy + dy * (r + 1.2)
    ex, ey = sx + dx * geo.arrow_len, sy + dy * geo.arrow_len
    c.setLineWidth(st.line_divider)
    c.line(sx * mm, sy * mm, (ex - dx * 2) * mm, (ey - dy * 2) * mm)
    arrowhead(c, ex, ey, dx, dy, 3.0)
    _field(c, f, st, geo, geo.control_at, pgettext("paper sheet", "control"), None)
    # Translators: the price of a whist, in the centre of the sheet
    _field(c, f, st, geo, geo.price_at, pgettext("paper sheet", "whist"), price)


def _field(c: Canvas, f: Fonts, st: type[Styles], geo: SheetGeometry, at: tuple[float, float], label: str,
           value: str | None) -> None:
    """A centre field: the label and a line to write on (stacked when ``field_w`` is small)."""
    cx, cy = geo.centre
    x, y = (cx + at[0]) * mm, (cy + at[1]) * mm
    width = geo.field_w * mm
    c.setFont(f.regular, st.field)
    c.setFillGray(st.grey)
    label_w = f.width(label) * st.field
    if geo.field_stacked:  # label above, line below
        c.drawCentredString(x, y, label)
        line_y, x1, x2 = y - geo.field_drop * mm, x - width / 2 - 3 * mm, x + width / 2 + 3 * mm
    else:
        total = label_w + 1.2 * mm + width
        c.drawString(x - total / 2, y, label)
        line_y, x1, x2 = y - 0.7 * mm, x - total / 2 + label_w + 1.2 * mm, x + total / 2
    rule(c, st, x1, line_y, x2)
    c.setFillGray(st.ink)
    if value:
        c.setFont(f.bold, st.field + 1)
        c.drawCentredString((x1 + x2) / 2, line_y + 0.8 * mm, f.text(value))


def _draw_name(c: Canvas, f: Fonts, st: type[Styles], geo: SheetGeometry, at: tuple[float, float, float],
               name: str | None) -> None:
    x, y, angle = at
    c.saveState()
    c.translate(x, y)
    c.rotate(angle)
    if name:
        c.setFont(f.bold, st.name)
        c.drawCentredString(0, 0, clip(f, f.text(name), True, st.name, 90 * mm))
    else:
        rule(c, st, -geo.name_rule / 2 * mm, -0.6 * mm, geo.name_rule / 2 * mm)
    c.restoreState()


def _fitted(f: Fonts, st: type[Styles], geo, areas: Sequence[Area], paragraphs: Sequence[Paragraph],
            label: str | None, sizes: Sequence[float] | None = None):
    """The band's paragraphs (in the font's symbols), its label as shown and its size, and the
    text fitted (None when ``sizes`` are given and none of them fits it whole)."""
    paragraphs = [Paragraph(tuple(f.text(t) for t in p.tokens), p.sep) for p in paragraphs if p.tokens]
    pad = geo.pad * mm
    label_size = st.label
    if label:  # a long name leaves room for the text, and never leaves its band
        start, end = areas[0].span(pad)
        room = (end - start - 2 * pad) * (geo.label_share if paragraphs else 1.0)
        label = clip(f, f.text(label), False, label_size, room)
    fitted = None
    if paragraphs:
        indent = f.width(label) * st.label + geo.label_gap * mm if label else 0.0
        fitted = fit(paragraphs, areas, f.width, indent=indent, pad=pad, sizes=sizes or SIZES)
        if label and fitted.size < label_size:  # a small text gets a small label
            label_size = fitted.size
            indent = f.width(label) * label_size + geo.label_gap * mm
            fitted = fit(paragraphs, areas, f.width, indent=indent, pad=pad, sizes=sizes or SIZES)
        if sizes is not None and (fitted.dropped or fitted.size not in sizes):
            fitted = None
    return label, label_size, fitted


def _write(c: Canvas, f: Fonts, st: type[Styles], geo, areas: Sequence[Area], paragraphs: Sequence[Paragraph],
           label: str | None) -> None:
    """A band's grey label and its text, fitted into its areas; one text object per area."""
    pad = geo.pad * mm
    label, label_size, fitted = _fitted(f, st, geo, areas, paragraphs, label, READABLE)
    if fitted is None and any(p.tokens for p in paragraphs):  # (one deal too many for a sheet)
        label, label_size, fitted = _fitted(f, st, geo, areas, paragraphs, label)
    for index, area in enumerate(areas):
        lines = fitted.lines[index] if fitted else ()
        if not lines and not (label and index == 0):
            continue
        # the lines sit in the middle of the band (deeper is never narrower, so they still fit);
        # a band's part turned to read on from its first (the top at three players) starts at
        # its beginning
        shift = 0.0
        if lines and not (index and area.angle == areas[0].angle):
            assert fitted is not None
            shift = max(0.0, (area.h - 2 * pad - len(lines) * fitted.size * LEADING) / 2)
        c.saveState()
        c.translate(area.ox, area.oy)
        c.rotate(area.angle)
        if label and index == 0:
            size = fitted.size if fitted else label_size
            start = area.span(pad)[0] + pad
            c.setFont(f.regular, label_size)
            c.setFillGray(st.grey)
            c.drawString(start, -(pad + ASCENT * max(size, label_size)) - shift, label)
        if lines:
            assert fitted is not None
            text = begin_lines(c)
            text.setFont(f.regular, fitted.size)
            text.setFillGray(st.ink)
            for x, y, line in lines:
                text.setTextOrigin(x, y - shift)
                text.textOut(line)
            c.drawText(text)
        c.restoreState()


def _draw_checklist(c: Canvas, f: Fonts, st: type[Styles], geo: SheetGeometry, area: Area, robber: Robber,
                    seat: int) -> None:
    """The разбойник games (struck out once played) and the raspasy laps (filled once done),
    set smaller where the cell is too short for them (the five-player sheet's)."""
    size = st.label
    room = area.b - area.a - 2 * geo.pad * mm
    needed = _checklist_width(f, robber, size)
    if needed > room:
        size *= room / needed
    c.saveState()
    c.translate(area.ox, area.oy)
    c.rotate(area.angle)
    c.setLineWidth(st.line_cut)
    y_line = -(area.h - geo.checklist_h * mm)
    rule(c, st, area.a, y_line, area.b)
    x = area.a + geo.pad * mm
    y = -(area.h - 1.5 * mm)
    c.setFont(f.regular, size)
    c.setFillGray(st.grey)
    label = pgettext("paper sheet", "robber:")
    c.drawString(x, y, label)
    x += f.width(label) * size + 1.5 * mm
    played = list(robber.played.get(seat, []))
    c.setFillGray(st.ink)
    for game in robber.games:
        text = f.text(game_name(game))
        w = f.width(text) * size
        c.drawString(x, y, text)
        if game in played:
            played.remove(game)
            c.line(x - 0.4 * mm, y + size * 0.3, x + w + 0.4 * mm, y + size * 0.3)
        x += w + 1.6 * mm
    if robber.laps:
        x += 1.0 * mm
        c.setFillGray(st.grey)
        label = pgettext("paper sheet", "raspasy laps:")
        c.drawString(x, y, label)
        x += f.width(label) * size + 1.6 * mm
        c.setFillGray(st.ink)
        for lap in range(robber.laps):
            done = 1 if lap < robber.laps_done else 0
            c.circle(x + 1.0 * mm, y + size * 0.35, 1.0 * mm, stroke=1, fill=done)
            x += 2.8 * mm
    c.restoreState()


def _checklist_width(f: Fonts, robber: Robber, size: float) -> float:
    """How long the checklist's line is at ``size`` (the circles of the laps keep theirs)."""
    width = f.width(pgettext("paper sheet", "robber:")) * size + 1.5 * mm
    width += sum(f.width(f.text(game_name(game))) * size + 1.6 * mm for game in robber.games)
    if robber.laps:
        width += 1.0 * mm + f.width(pgettext("paper sheet", "raspasy laps:")) * size + 1.6 * mm
        width += robber.laps * 2.8 * mm
    return width


def _draw_summary(c: Canvas, f: Fonts, st: type[Styles], geo: SheetGeometry, seats: list[str | None],
                  summary: Summary | None) -> None:
    """The results table under the sheet (to fill in on a blank sheet)."""
    left = geo.margin * mm
    widths = geo.summary_widths
    row_h = geo.summary_row * mm
    top = geo.summary_top * mm
    rows = summary.rows if summary else [[name or ""] + [""] * 5 for name in seats]
    c.setLineWidth(st.line_cut)
    c.setStrokeGray(st.light)
    xs = [left]
    for w in widths:
        xs.append(xs[-1] + w * mm)
    for r in range(len(rows) + 2):
        c.line(xs[0], top - r * row_h, xs[-1], top - r * row_h)
    for x in xs:
        c.line(x, top, x, top - (len(rows) + 1) * row_h)
    c.setStrokeGray(st.ink)
    c.setFont(f.regular, st.table)
    c.setFillGray(st.grey)
    first = pgettext("paper sheet", "settlement")
    if summary is not None and summary.after is not None:
        # Translators: the heading of the totals under a sheet that is not the game's last
        first = pgettext("paper sheet", "after deal {number}").format(number=summary.after)
    c.drawString(xs[0] + 1.5 * mm, top - row_h + 2 * mm, first)
    for j, head in enumerate(summary_head()[1:], 1):
        c.drawRightString(xs[j + 1] - 1.5 * mm, top - row_h + 2 * mm, head)
    c.setFillGray(st.ink)
    names = clip_names(f, [f.text(row[0]) for row in rows if row and row[0]], True, st.table,
                       widths[0] * mm - 3 * mm)
    for r, row in enumerate(rows, 2):
        y = top - r * row_h + 2 * mm
        for j, cell in enumerate(row):
            if not cell:
                continue
            if j == 0:
                c.setFont(f.bold, st.table)
                shown = names[f.text(cell)]
                c.drawString(xs[0] + 1.5 * mm, y, shown)
            else:
                c.setFont(f.regular, st.table)
                c.drawRightString(xs[j + 1] - 1.5 * mm, y, f.text(cell))
