"""The lines of the five-player sheet: the pentagon's rings, the cuts between the whist columns
and the cells of the outer ring, and the boundaries between the seats, from each corner to the
circle (the areas are :mod:`..pdf.pentagon`'s; the text is written as on every sheet)."""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from ..pdf.pentagon import Geometry5
from ..pdf.style import Styles


def draw_pentagon(c: Canvas, st: type[Styles], geo, parts: list) -> None:
    """Rings, cuts and seat boundaries of the pentagon (``geo`` a :class:`Geometry5`)."""
    assert isinstance(geo, Geometry5)
    apothems = geo.apothems()
    c.setStrokeGray(st.ink)
    c.setLineWidth(st.line_ring)
    for apothem in apothems[1:]:
        _polygon(c, geo.polygon(apothem))
    c.setLineWidth(st.line_cut)
    for sector in parts:
        leg = sector.rings["whists"][0]
        for x1, y1, x2, y2 in leg.cut_lines([areas[0] for _seat, areas in sector.whists]):
            c.line(x1, y1, x2, y2)
        if sector.extra:
            leg = sector.rings["extra"][0]
            for x1, y1, x2, y2 in leg.cut_lines(list(sector.extra.values())):
                c.line(x1, y1, x2, y2)
    # the seats' boundaries: from each corner of the sheet to the centre field, then the circle
    c.setLineWidth(st.line_divider)
    cx, cy = geo.centre
    r = geo.circle_r
    for (x1, y1), (x2, y2) in zip(geo.polygon(apothems[0]), geo.polygon(apothems[-1]),
                                  strict=True):
        dx, dy = x2 - cx, y2 - cy
        length = (dx * dx + dy * dy) ** 0.5
        c.line(x1 * mm, y1 * mm, x2 * mm, y2 * mm)
        c.line(x2 * mm, y2 * mm, (cx + dx * r / length) * mm, (cy + dy * r / length) * mm)
    c.setLineWidth(st.line_outer)
    _polygon(c, geo.polygon(apothems[0]))


def _polygon(c: Canvas, corners: list[tuple[float, float]]) -> None:
    path = c.beginPath()
    path.moveTo(corners[0][0] * mm, corners[0][1] * mm)
    for x, y in corners[1:]:
        path.lineTo(x * mm, y * mm)
    path.close()
    c.drawPath(path, stroke=1, fill=0)
