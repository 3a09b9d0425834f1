"""The score sheet as a PDF: the hand-drawn pulka, blank or filled in, and the deals pages.

Two entry points, both returning the bytes of an A4 PDF:

* :func:`render_blank` draws an empty sheet to print and fill in by hand;
* :func:`render_filled` draws the same sheet with a game written in it the way players
  write it (running totals separated by dots, the closing mark, flags, bombs, refes,
  hats), followed by the deals and the settlement.

Geometry lives in :mod:`.pdf_geometry` (mm constants, text fitting), fonts are found by
:mod:`.fonts`; sizes, colours and line widths are the :class:`Styles` below. Output is
deterministic (``invariant=1``): the same game gives the same bytes.
"""

from __future__ import annotations

import hashlib
import io
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from ..errors import PulkaError
from ..notation import format_deal
from ..numbers import mixed
from . import fonts
from .history import build_history
from .pdf_geometry import (
    ASCENT,
    BOUNDARIES,
    GAME_NAMES,
    GEOMETRY,
    LEADING,
    SIZES,
    WHIST_CORNERS,
    Area,
    BalkanGeometry,
    ListGeometry,
    Paragraph,
    Robber,
    SheetGeometry,
    Summary,
    balkan_columns,
    balkan_fill,
    corner_point,
    fit,
    num,
    russian_fill,
    sectors,
    signed,
)

# --- fonts and styles ------------------------------------------------------------------------


class Styles:
    """Every font size (points), grey level and line width of the PDF, in one place."""

    title = 14.0
    subtitle = 8.0
    name = 10.0
    label = 6.0
    target = 15.0
    field = 7.0
    legend = 6.0
    table = 7.0
    list_text = 7.0
    heading = 11.0
    step_title = 7.5
    footer = 6.5
    ink = 0.0
    grey = 0.42
    light = 0.80
    guide = 0.88
    line_outer = 1.1
    line_divider = 0.75
    line_ring = 0.45
    line_cut = 0.35
    line_guide = 0.25


#: symbols the sheet uses, and what to write instead with a font that lacks them
FALLBACK = {
    "♠": "s", "♣": "c", "♦": "d", "♥": "h", "⚑": "F", "‖": "||", "✓": "+", "−": "-", "—": "-",
    "→": "->", "×": "x", "÷": "/", "…": "...", "№": "N", "·": "-", "–": "-", "≥": ">=",
}


@dataclass(frozen=True)
class Fonts:
    """The registered regular and bold faces, and the symbols they lack."""

    regular: str
    bold: str
    replace: tuple[tuple[str, str], ...] = ()

    def text(self, value: str) -> str:
        """The text with every symbol the font lacks written another way (never a box)."""
        for symbol, plain in self.replace:
            value = value.replace(symbol, plain)
        return value

    def width(self, value: str, bold: bool = False) -> float:
        """Width of the text at size 1, in points."""
        return pdfmetrics.stringWidth(value, self.bold if bold else self.regular, 1.0)


_REGISTERED: dict[tuple[str, int, int], str] = {}


def _register(path: Path) -> str:
    """Register a TTF with reportlab once; the name comes from the file's content."""
    stat = path.stat()
    key = (str(path), stat.st_size, stat.st_mtime_ns)
    if key not in _REGISTERED:
        digest = hashlib.sha1(path.read_bytes()).hexdigest()[:10]
        name = f"Pulka-{digest}"
        if name not in pdfmetrics.getRegisteredFontNames():
            try:
                face = TTFont(name, str(path))
            except Exception as exc:  # reportlab raises its own TTFError and plain errors
                raise PulkaError(f"{path}: cannot use this font: {exc}",
                                 hint="pass --font PATH to a TrueType .ttf file") from None
            if ord("Я") not in face.face.charToGlyph:
                raise PulkaError(fonts.NOT_FOUND)
            pdfmetrics.registerFont(face)
        _REGISTERED[key] = name
    return _REGISTERED[key]


def load_fonts(font: str | None = None) -> Fonts:
    """Find, check and register the fonts (see :mod:`.fonts` for the search order)."""
    files = fonts.find_font(font)
    regular, bold = _register(files.regular), _register(files.bold)
    lacking = fonts.missing(files.regular, "".join(FALLBACK)) | fonts.missing(files.bold, "".join(FALLBACK))
    return Fonts(regular, bold, tuple((s, FALLBACK[s]) for s in FALLBACK if s in lacking))


def _canvas(buf: io.BytesIO, title: str) -> Canvas:
    c = Canvas(buf, pagesize=A4, invariant=1)
    c.setTitle(title)
    c.setCreator("pulka")
    return c


# --- public interface ------------------------------------------------------------------------


def render_blank(players: int, *, names: tuple[str, ...] | None = None, title: str | None = None,
                 target: str | None = None, price: str | None = None, family: str = "russian",
                 font: str | None = None) -> bytes:
    """An empty sheet to print: the pulka for 2–4 players, or the Balkan sheet.

    Args:
        players: the number of players.
        names: their names in seating order (clockwise, the first deals first), if known.
        title: the heading; a default one when None.
        target: the pulya size written in the circle (Balkan: the bule each player starts with).
        price: the price of a whist, written in the centre.
        family: ``russian`` or ``balkan``.
        font: a TTF to use instead of the packaged DejaVu Sans.

    Raises:
        PulkaError: an impossible table, names that do not match, or no usable font.
    """
    if family not in ("russian", "balkan"):
        raise PulkaError(f"unknown family {family!r}: the sheet is drawn for russian or balkan")
    if not 2 <= players <= 4:
        raise PulkaError(f"the {family} sheet is drawn for 2 to 4 players, not {players}")
    if names is not None and len(names) != players:
        raise PulkaError(f"{players} players but {len(names)} names")
    f = load_fonts(font)
    seats: list[str | None] = list(names) if names else [None] * players
    buf = io.BytesIO()
    if family == "balkan":
        head = Header(title or "Преферанс — балканская запись", _blank_subtitle(names), None,
                      LEGEND_BALKAN)
        c = _canvas(buf, head.title)
        _draw_balkan(c, f, seats, head, start=target, price=price, fill=None)
    else:
        head = Header(title or "Пулька", _blank_subtitle(names), None, LEGEND_RUSSIAN)
        c = _canvas(buf, head.title)
        robber = Robber(("6", "7", "8", "9", "10", "misere"), {}, 2, 0)
        _draw_russian(c, f, seats, head, target=target, price=price, fill=None, robber=robber,
                      summary=None)
    c.showPage()
    c.save()
    return buf.getvalue()


def render_filled(game, steps, report, state, settlement, *, font: str | None = None) -> bytes:
    """The sheet with the game written in it, then the deals and the settlement.

    Args:
        game: the :class:`pulka.game.Game`.
        steps, report, state, settlement: what :func:`pulka.report.build` returns for it.
        font: a TTF to use instead of the packaged DejaVu Sans.

    Raises:
        PulkaError: a table the sheet is not drawn for, or no usable font.
    """
    players = tuple(game.table.players)
    conv = game.table.convention
    if not 2 <= len(players) <= 4:
        raise PulkaError(f"the sheet is drawn for 2 to 4 players, not {len(players)}")
    f = load_fonts(font)
    meta = getattr(game, "meta", {}) or {}
    title = str(meta.get("title") or conv.title)
    created = str(meta.get("created") or "")[:10] or None
    price = conv["price"]
    count = f"сдач: {len(steps)}"
    state_text = "игра окончена" if state.finished else "игра идёт"
    buf = io.BytesIO()
    c = _canvas(buf, title)
    if conv.family == "balkan":
        start = Fraction(conv["start"])
        history = build_history(players, steps, start={"bule": start})
        parts = [" · ".join(players), f"с −{mixed(start)}", count, state_text]
        head = Header(title, " — ".join(p for p in parts if p), created, LEGEND_BALKAN,
                      conv.title if meta.get("title") else None)
        _draw_balkan(c, f, list(players), head, start=mixed(start),
                     price=None if price is None else str(price), fill=balkan_fill(players, history))
    else:
        target = Fraction(conv["pulya"])
        fill, robber, summary = russian_fill(game, steps, report, state, settlement)
        parts = [" · ".join(players), f"пуля {mixed(target)}", count, state_text]
        head = Header(title, " — ".join(parts), created, LEGEND_RUSSIAN,
                      conv.title if meta.get("title") else None)
        _draw_russian(c, f, list(players), head, target=mixed(target),
                      price=None if price is None else str(price), fill=fill, robber=robber,
                      summary=summary)
    c.showPage()
    explanation = game.family.explain(state)
    _draw_lists(c, f, title, players, steps, report, state, settlement, explanation)
    c.save()
    return buf.getvalue()


# --- the page heading ------------------------------------------------------------------------

LEGEND_RUSSIAN = ("‖ пуля закрыта    ⚑ гора списана до нуля    ^ бомба, ^^ двойная, ^^^ ёлка    "
                  "✓ погашена (сыграна)")
LEGEND_BALKAN = "— рефе    / рефе сыгран    ^ шешир    v шешир снят"


@dataclass(frozen=True)
class Header:
    title: str
    subtitle: str
    date: str | None  #: None on a blank sheet: a line to write the date on
    legend: str
    convention: str | None = None


def _blank_subtitle(names: tuple[str, ...] | None) -> str:
    return " · ".join(names) if names else ""


def _draw_header(c: Canvas, f: Fonts, st: type[Styles], head: Header, geo) -> None:
    left, right = geo.margin * mm, (geo.page_w - geo.margin) * mm
    c.setFillGray(st.ink)
    date_w = geo.date_w * mm
    title = _clip(f, f.text(head.title), True, st.title, right - left - date_w - 4 * mm)
    c.setFont(f.bold, st.title)
    c.drawString(left, geo.title_y * mm, title)
    c.setFont(f.regular, st.subtitle)
    if head.date:
        c.drawRightString(right, geo.title_y * mm, f.text(head.date))
    else:
        label = "дата "
        c.drawString(right - date_w, geo.title_y * mm, label)
        x = right - date_w + f.width(label) * st.subtitle
        _rule(c, st, x, geo.title_y * mm - 0.6 * mm, right)
    sub = " — ".join(p for p in (head.convention, head.subtitle) if p)
    if sub:
        c.setFillGray(st.grey)
        c.drawString(left, geo.subtitle_y * mm, _clip(f, f.text(sub), False, st.subtitle, right - left))
    c.setFillGray(st.grey)
    c.setFont(f.regular, st.legend)
    c.drawString(left, geo.legend_y * mm, _clip(f, f.text(head.legend), False, st.legend, right - left))
    c.setFillGray(st.ink)


def _rule(c: Canvas, st: type[Styles], x1: float, y: float, x2: float) -> None:
    c.setLineWidth(st.line_cut)
    c.setStrokeGray(st.grey)
    c.line(x1, y, x2, y)
    c.setStrokeGray(st.ink)


def _clip(f: Fonts, text: str, bold: bool, size: float, width: float) -> str:
    """The text, cut short with an ellipsis if it is wider than ``width``."""
    if f.width(text, bold) * size <= width:
        return text
    ellipsis = f.text("…")
    while text and f.width(text + ellipsis, bold) * size > width:
        text = text[:-1]
    return text + ellipsis


# --- the Russian sheet -----------------------------------------------------------------------

RING_LABELS = {"pulya": "пуля", "gora": "гора"}
EXTRA_LABELS = {"bombs": "бомбы", "raspasy": "распасы", "played": "сыграно"}
UNNAMED = {2: {1: "на соперника"}, 3: {1: "на левого", 2: "на правого"},
           4: {1: "на левого", 2: "на сидящего напротив", 3: "на правого"}}


SUMMARY_HEAD = ("", "пуля", "гора", "висты ±", "итог", "деньги")


def _draw_russian(c: Canvas, f: Fonts, seats: list[str | None], head: Header, *, target: str | None,
                  price: str | None, fill: dict | None, robber: Robber | None,
                  summary: Summary | None) -> None:
    n = len(seats)
    geo = GEOMETRY[n]()
    st = Styles
    _draw_header(c, f, st, head, geo)
    parts = sectors(n, geo)
    rects = geo.ring_rects()
    _draw_rings(c, st, geo, rects, n, parts)
    _draw_centre(c, f, st, geo, target, price)
    for sector in parts:
        i = sector.index
        _draw_name(c, f, st, geo, sector.name_at, seats[i])
        for kind, areas in sector.rings.items():
            if kind in RING_LABELS:
                paras = fill.get((i, kind), []) if fill else []
                _write(c, f, st, geo, areas, paras, RING_LABELS[kind])
        for opponent, areas in sector.whists:
            name = seats[opponent]
            label = f"на {name}" if name else UNNAMED[n][(opponent - i) % n]
            paras = fill.get((i, ("whists", opponent)), []) if fill else []
            _write(c, f, st, geo, areas, paras, label)
        for cell, area in sector.extra.items():
            paras = fill.get((i, cell), []) if fill else []
            if cell == "raspasy" and robber is not None:
                _draw_checklist(c, f, st, geo, area, robber, i)
                area = area.shrunk(area.h - geo.checklist_h * mm)
            _write(c, f, st, geo, [area], paras, EXTRA_LABELS[cell])
    if n == 4:
        _draw_summary(c, f, st, geo, seats, summary)


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
            cells = list(sector.extra.values())
            for x1, y1, x2, y2 in sector.rings["extra"][0].cut_lines(cells):
                c.line(x1, y1, x2, y2)
    # the whists ring at the corners inside a sector (the columns change there)
    c.setLineWidth(st.line_ring)
    k = [kind for kind, _ in geo.rings].index("whists")
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
    _arrowhead(c, ex, ey, dx, dy, 3.0)
    _field(c, f, st, geo, geo.control_at, "контроль", None)
    _field(c, f, st, geo, geo.price_at, "вист", price)


def _arrowhead(c: Canvas, x: float, y: float, dx: float, dy: float, size: float) -> None:
    px, py = -dy, dx
    path = c.beginPath()
    path.moveTo(x * mm, y * mm)
    path.lineTo((x - dx * size + px * size * 0.45) * mm, (y - dy * size + py * size * 0.45) * mm)
    path.lineTo((x - dx * size - px * size * 0.45) * mm, (y - dy * size - py * size * 0.45) * mm)
    path.close()
    c.drawPath(path, stroke=0, fill=1)


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
    _rule(c, st, x1, line_y, x2)
    c.setFillGray(st.ink)
    if value:
        c.setFont(f.bold, st.field + 1)
        c.drawCentredString((x1 + x2) / 2, line_y + 0.8 * mm, f.text(value))


def _draw_name(c: Canvas, f: Fonts, st: type[Styles], geo: SheetGeometry, at: tuple[float, float, int],
               name: str | None) -> None:
    x, y, angle = at
    c.saveState()
    c.translate(x, y)
    c.rotate(angle)
    if name:
        c.setFont(f.bold, st.name)
        c.drawCentredString(0, 0, _clip(f, f.text(name), True, st.name, 90 * mm))
    else:
        _rule(c, st, -geo.name_rule / 2 * mm, -0.6 * mm, geo.name_rule / 2 * mm)
    c.restoreState()


def _write(c: Canvas, f: Fonts, st: type[Styles], geo, areas: Sequence[Area], paragraphs: Sequence[Paragraph],
           label: str | None, *, fallback_sep: str | None = None) -> None:
    """A band's grey label and its text, fitted into its areas; one text object per area."""
    paragraphs = [Paragraph(tuple(f.text(t) for t in p.tokens), p.sep) for p in paragraphs if p.tokens]
    pad = geo.pad * mm
    label_size = st.label
    if label:  # a long name leaves room for the text, and never leaves its band
        start, end = areas[0].span(pad)
        room = (end - start - 2 * pad) * (0.45 if paragraphs else 1.0)
        label = _clip(f, f.text(label), False, label_size, room)
    fitted = None
    if paragraphs:
        indent = f.width(label) * st.label + geo.label_gap * mm if label else 0.0
        fitted = fit(paragraphs, areas, f.width, indent=indent, pad=pad, fallback_sep=fallback_sep)
        if label and fitted.size < label_size:  # a small text gets a small label
            label_size = fitted.size
            indent = f.width(label) * label_size + geo.label_gap * mm
            fitted = fit(paragraphs, areas, f.width, indent=indent, pad=pad, fallback_sep=fallback_sep)
    for index, area in enumerate(areas):
        lines = fitted.lines[index] if fitted else ()
        if not lines and not (label and index == 0):
            continue
        # the lines sit in the middle of the band (deeper is never narrower, so they still fit)
        shift = 0.0
        if lines:
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
            text = c.beginText()
            text.setFont(f.regular, fitted.size)
            text.setFillGray(st.ink)
            for x, y, line in lines:
                text.setTextOrigin(x, y - shift)
                text.textOut(line)
            c.drawText(text)
        c.restoreState()


def _draw_checklist(c: Canvas, f: Fonts, st: type[Styles], geo: SheetGeometry, area: Area, robber: Robber,
                    seat: int) -> None:
    """The разбойник games (struck out once played) and the raspasy laps (filled once done)."""
    size = st.label
    c.saveState()
    c.translate(area.ox, area.oy)
    c.rotate(area.angle)
    c.setLineWidth(st.line_cut)
    y_line = -(area.h - geo.checklist_h * mm)
    _rule(c, st, area.a, y_line, area.b)
    x = area.a + geo.pad * mm
    y = -(area.h - 1.5 * mm)
    c.setFont(f.regular, size)
    c.setFillGray(st.grey)
    label = "разбойник:"
    c.drawString(x, y, label)
    x += f.width(label) * size + 1.5 * mm
    played = list(robber.played.get(seat, []))
    c.setFillGray(st.ink)
    for game in robber.games:
        text = f.text(GAME_NAMES.get(game, game))
        w = f.width(text) * size
        c.drawString(x, y, text)
        if game in played:
            played.remove(game)
            c.line(x - 0.4 * mm, y + size * 0.3, x + w + 0.4 * mm, y + size * 0.3)
        x += w + 1.6 * mm
    if robber.laps:
        x += 1.0 * mm
        c.setFillGray(st.grey)
        label = "круги распасов:"
        c.drawString(x, y, label)
        x += f.width(label) * size + 1.6 * mm
        c.setFillGray(st.ink)
        for lap in range(robber.laps):
            done = 1 if lap < robber.laps_done else 0
            c.circle(x + 1.0 * mm, y + size * 0.35, 1.0 * mm, stroke=1, fill=done)
            x += 2.8 * mm
    c.restoreState()


def _draw_summary(c: Canvas, f: Fonts, st: type[Styles], geo: SheetGeometry, seats: list[str | None],
                  summary: Summary | None) -> None:
    """The settlement table under the four-player square (to fill in on a blank sheet)."""
    left = geo.margin * mm
    widths = geo.summary_widths
    row_h = geo.summary_row * mm
    top = (geo.legend_y - 4) * mm
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
    c.drawString(xs[0] + 1.5 * mm, top - row_h + 2 * mm, "расчёт")
    for j, head in enumerate(SUMMARY_HEAD[1:], 1):
        c.drawRightString(xs[j + 1] - 1.5 * mm, top - row_h + 2 * mm, head)
    c.setFillGray(st.ink)
    for r, row in enumerate(rows, 2):
        y = top - r * row_h + 2 * mm
        for j, cell in enumerate(row):
            if not cell:
                continue
            if j == 0:
                c.setFont(f.bold, st.table)
                shown = _clip(f, f.text(cell), True, st.table, widths[0] * mm - 3 * mm)
                c.drawString(xs[0] + 1.5 * mm, y, shown)
            else:
                c.setFont(f.regular, st.table)
                c.drawRightString(xs[j + 1] - 1.5 * mm, y, f.text(cell))


# --- the Balkan sheet ------------------------------------------------------------------------


def _draw_balkan(c: Canvas, f: Fonts, seats: list[str | None], head: Header, *, start: str | None,
                 price: str | None, fill: dict | None) -> None:
    geo = BalkanGeometry()
    st = Styles
    n = len(seats)
    _draw_header(c, f, st, head, geo)
    left, right = geo.margin * mm, (geo.page_w - geo.margin) * mm
    top, bottom = geo.table_top * mm, geo.table_bottom * mm
    name_y = top - geo.name_h * mm
    body_top = name_y - geo.head_h * mm
    group_w = (right - left) / n
    # the fields over the table: start, price, control time
    c.setFont(f.regular, st.field)
    fields = [("начало", f"−{start}" if start else None), ("цена", price), ("контроль", None)]
    x = left
    y = geo.fields_y * mm
    for label, value in fields:
        c.setFillGray(st.grey)
        c.drawString(x, y, label)
        x1 = x + f.width(label) * st.field + 1.2 * mm
        _rule(c, st, x1, y - 0.7 * mm, x1 + geo.field_w * mm)
        if value:
            c.setFillGray(st.ink)
            c.setFont(f.bold, st.field + 1)
            c.drawCentredString(x1 + geo.field_w / 2 * mm, y, f.text(value))
            c.setFont(f.regular, st.field)
        x = x1 + geo.field_step * mm
    c.setFillGray(st.ink)
    if fill is None:  # guide lines to write on
        c.setLineWidth(st.line_guide)
        c.setStrokeGray(st.guide)
        y = body_top - geo.guide_step * mm
        while y > bottom + 1 * mm:
            c.line(left, y, right, y)
            y -= geo.guide_step * mm
        c.setStrokeGray(st.ink)
    weights_total = (n - 1) + geo.bule_weight
    columns: list[tuple[Area, list[Paragraph]]] = []
    for i, name in enumerate(seats):
        gx = left + i * group_w
        x = gx
        for kind, other in balkan_columns(n, i):
            w = group_w * (geo.bule_weight if kind == "bule" else 1.0) / weights_total
            if x > gx:
                c.setLineWidth(st.line_ring)
                c.line(x, name_y, x, bottom)
            if kind == "bule":
                heading = "буле"
            else:
                heading = f"на {seats[other]}" if seats[other] else ("на левого" if other == (i - 1) % n
                                                                     else "на правого" if other == (i + 1) % n
                                                                     else "напротив")
            c.setFont(f.regular, st.label)
            c.setFillGray(st.grey)
            c.drawCentredString(x + w / 2, name_y - geo.head_h * mm + 2 * mm,
                                _clip(f, f.text(heading), False, st.label, w - 2 * mm))
            c.setFillGray(st.ink)
            area = Area(x, body_top, 0, 0.0, w, body_top - bottom)
            if fill is not None:
                paras = fill.get((i, kind if kind == "bule" else ("supe", other)), [])
                columns.append((area, paras))
            elif kind == "bule" and start:
                c.setFont(f.regular, 9)
                c.drawCentredString(x + w / 2, body_top - 4.4 * mm, f.text(f"−{start}"))
            x += w
        if name:
            c.setFont(f.bold, st.name)
            c.drawCentredString(gx + group_w / 2, name_y + 2.6 * mm,
                                _clip(f, f.text(name), True, st.name, group_w - 14 * mm))
        else:  # a line to write the name on
            half = geo.name_rule / 2 * mm
            _rule(c, st, gx + group_w / 2 - half, name_y + 2 * mm, gx + group_w / 2 + half)
        if i == 0:  # the first dealer
            ax = gx + 4 * mm
            c.setLineWidth(st.line_divider)
            c.line(ax, top - 1.2 * mm, ax, name_y + 3.2 * mm)
            _arrowhead(c, ax / mm, name_y / mm + 1.2, 0, -1, 2.2)
    c.setLineWidth(st.line_ring)
    c.line(left, body_top, right, body_top)
    c.setLineWidth(st.line_cut)
    c.line(left, name_y, right, name_y)
    c.setLineWidth(st.line_outer)
    for i in range(1, n):
        c.line(left + i * group_w, top, left + i * group_w, bottom)
    c.rect(left, bottom, right - left, top - bottom)
    _write_columns(c, f, geo, columns)


def _write_columns(c: Canvas, f: Fonts, geo: BalkanGeometry,
                   columns: list[tuple[Area, list[Paragraph]]]) -> None:
    """The Balkan columns, one total under the other, all at the size the fullest one needs."""
    todo = []
    for area, paragraphs in columns:
        paragraphs = [Paragraph(tuple(f.text(t) for t in p.tokens), p.sep) for p in paragraphs if p.tokens]
        if paragraphs:
            todo.append((area, paragraphs))
    sizes = list(SIZES)
    for _ in range(2):  # fit each, then all again at the smallest size any needed
        fitted = [fit(paras, [area], f.width, pad=geo.pad * mm, fallback_sep="  ", centre=True, sizes=sizes)
                  for area, paras in todo]
        if not fitted:
            return
        smallest = min(one.size for one in fitted)
        sizes = [s for s in SIZES if s <= smallest]
    for (area, _), one in zip(todo, fitted, strict=True):
        text = c.beginText()
        text.setFont(f.regular, one.size)
        for x, y, line in one.lines[0]:
            text.setTextOrigin(area.ox + x, area.oy + y)
            text.textOut(line)
        c.drawText(text)


# --- the deals and the settlement ------------------------------------------------------------


@dataclass
class _Page:
    texts: list[tuple[float, float, str, float, float, str, str]] = field(default_factory=list)
    rules: list[tuple[float, float, float, float]] = field(default_factory=list)


class _Flow:
    """Lays blocks of lines down the list pages, starting a new page when one is full."""

    def __init__(self, f: Fonts, heading: str) -> None:
        self.geo = ListGeometry
        self.f = f
        self.heading = heading
        self.pages: list[_Page] = []
        self.y = 0.0
        self.repeat: list | None = None  # a table heading repeated at the top of each page
        self.new_page()

    def new_page(self) -> None:
        self.pages.append(_Page())
        self.y = self.geo.first_row * mm
        if self.repeat:
            self.block(self.repeat, rule=True, keep=False, gap=self.geo.row_gap * mm)

    def block(self, lines: list[tuple[float, str, float, bool, float, str, float]], *, rule: bool = False,
              keep: bool = True, gap: float = 0.0) -> None:
        """Lines as (baseline below the block top, text, x, bold, size, align "l"/"r", grey); a
        block is never split across pages; ``rule`` draws a hairline under it."""
        height = max((dy for dy, *_ in lines), default=0.0) + gap
        if keep and self.y - height < self.geo.bottom * mm:
            self.new_page()
        page = self.pages[-1]
        for dy, text, x, bold, size, align, grey in lines:
            page.texts.append((x, self.y - dy, text, size, grey, "b" if bold else "r", align))
        self.y -= height
        if rule:
            y = self.y + gap * 0.35
            page.rules.append((self.geo.left * mm, y, self.geo.right * mm, y))

    def skip(self, dy: float) -> None:
        self.y -= dy

    def draw(self, c: Canvas, st: type[Styles]) -> None:
        f = self.f
        total = len(self.pages)
        for number, page in enumerate(self.pages, 1):
            c.setFont(f.bold, st.heading)
            width = (self.geo.right - self.geo.left - 30) * mm
            c.drawString(self.geo.left * mm, self.geo.top * mm,
                         _clip(f, f.text(self.heading), True, st.heading, width))
            c.setFont(f.regular, st.footer)
            c.setFillGray(st.grey)
            c.drawRightString(self.geo.right * mm, self.geo.footer_y * mm, f"{number + 1}/{total + 1}")
            c.setFillGray(st.ink)
            if page.rules:
                c.setLineWidth(st.line_guide)
                c.setStrokeGray(st.light)
                path = c.beginPath()
                for x1, y1, x2, y2 in page.rules:
                    path.moveTo(x1, y1)
                    path.lineTo(x2, y2)
                c.drawPath(path, stroke=1, fill=0)
                c.setStrokeGray(st.ink)
            text = c.beginText()
            current = None
            for x, y, line, size, grey, face, align in page.texts:
                line = f.text(line)
                font = f.bold if face == "b" else f.regular
                if current != (font, size, grey):
                    text.setFont(font, size)
                    text.setFillGray(grey)
                    current = (font, size, grey)
                if align == "r":
                    x -= f.width(line, face == "b") * size
                text.setTextOrigin(x, y)
                text.textOut(line)
            c.drawText(text)
            c.showPage()


def _wrap(f: Fonts, text: str, size: float, width: float, bold: bool = False) -> list[str]:
    """Greedy word wrap; a word longer than the line is cut."""
    text = f.text(text)
    if f.width(text, bold) * size <= width:
        return [text]
    lines: list[str] = []
    line = ""
    for word in text.split(" "):
        trial = f"{line} {word}" if line else word
        if f.width(trial, bold) * size <= width:
            line = trial
            continue
        if line:
            lines.append(line)
        while f.width(word, bold) * size > width and len(word) > 1:
            cut = len(word) - 1
            while cut > 1 and f.width(word[:cut], bold) * size > width:
                cut -= 1
            lines.append(word[:cut])
            word = word[cut:]
        line = word
    if line:
        lines.append(line)
    return lines


def _draw_lists(c: Canvas, f: Fonts, title: str, players, steps, report, state, settlement,
                explanation) -> None:
    st = Styles
    G = ListGeometry
    flow = _Flow(f, f"Deals and settlement — {title}")
    size = st.list_text
    lead = size * 1.22
    x_num = (G.left + G.col_dealer - 2) * mm
    x_dealer = (G.left + G.col_dealer) * mm
    x_deal = (G.left + G.col_deal) * mm
    x_written = (G.left + G.col_written) * mm
    w_dealer = (G.col_deal - G.col_dealer - 2) * mm
    w_deal = (G.col_written - G.col_deal - 3) * mm
    w_written = (G.right - G.left - G.col_written) * mm
    head = [(lead, "#", x_num, True, size, "r", st.grey),
            (lead, "dealer", x_dealer, True, size, "l", st.grey),
            (lead, "deal", x_deal, True, size, "l", st.grey),
            (lead, "written on the sheet", x_written, True, size, "l", st.grey)]
    flow.block(head, rule=True, gap=G.row_gap * mm)
    flow.repeat = head
    if not steps:
        flow.block([(lead, "no deals yet", x_deal, False, size, "l", st.grey)], gap=G.row_gap * mm)
    for step in steps:
        deal_lines = _wrap(f, format_deal(step.deal), size, w_deal)
        written = [(line, st.ink) for posting in step.postings
                   for line in _wrap(f, posting.describe(), size, w_written)]
        written += [(line, st.grey) for note in step.notes for line in _wrap(f, note, size, w_written)]
        if not written:
            written = [("—", st.grey)]
        dealer = _clip(f, f.text(step.dealer or ""), False, size, w_dealer)
        lines = [(lead, str(step.number), x_num, False, size, "r", st.ink),
                 (lead, dealer, x_dealer, False, size, "l", st.ink)]
        lines += [(lead * (k + 1), text, x_deal, False, size, "l", st.ink)
                  for k, text in enumerate(deal_lines)]
        lines += [(lead * (k + 1), text, x_written, False, size, "l", grey)
                  for k, (text, grey) in enumerate(written)]
        flow.block(lines, rule=True, gap=G.row_gap * mm)
    flow.repeat = None
    _settlement(flow, f, players, report, state, settlement, explanation)
    flow.draw(c, st)


def _settlement(flow: _Flow, f: Fonts, players, report, state, settlement, explanation) -> None:
    st = Styles
    G = ListGeometry
    size = st.list_text
    lead = size * 1.25
    left = G.left * mm
    width = (G.right - G.left) * mm
    flow.skip(G.section_gap * mm)
    heading = "Settlement" + ("" if state.finished else " (the game is not over: as it stands now)")
    flow.block([(st.heading * 1.2, heading, left, True, st.heading, "l", st.ink)], gap=G.block_gap * mm)
    for step_title, step_lines in explanation.steps:
        lines = [(st.step_title * 1.3, f.text(step_title), left, True, st.step_title, "l", st.ink)]
        dy = st.step_title * 1.3
        for line in step_lines:
            for part in _wrap(f, line, size, width - (G.indent + 2) * mm):
                dy += lead
                lines.append((dy, part, left + G.indent * mm, False, size, "l", st.ink))
        flow.block(lines, gap=G.block_gap * mm)
    # the final table
    columns = [c for c in ("pulya", "gora", "bule", "refe", "hats") if c in report]
    heads = ["player", *columns, "whists written", "written on him", "result", "money"]
    money = settlement.money
    if money is None:
        heads.pop()
    step = min(G.number_w * mm, (width - G.name_w * mm) / (len(heads) - 1))
    xs = [left + G.name_w * mm + (k + 1) * step for k in range(len(heads) - 1)]
    flow.skip(2 * mm)
    row = [(lead, heads[0], left, True, size, "l", st.grey)]
    row += [(lead, h, xs[k], True, size, "r", st.grey) for k, h in enumerate(heads[1:])]
    flow.block(row, rule=True, gap=G.row_gap * mm)
    whists = report.get("whists", {})
    for p in players:
        written = sum((Fraction(v) for v in whists.get(p, {}).values()), Fraction(0))
        on_him = sum((Fraction(whists.get(o, {}).get(p, 0)) for o in players if o != p), Fraction(0))
        cells = [num(Fraction(report[col][p])) for col in columns]
        cells += [num(written), num(on_him), signed(settlement.result[p])]
        if money is not None:
            cells.append(f"{money[p]:+}".replace("-", "−"))
        row = [(lead, _clip(f, f.text(p), True, size, (G.name_w - 2) * mm), left, True, size, "l", st.ink)]
        row += [(lead, cell, xs[k], False, size, "r", st.ink) for k, cell in enumerate(cells)]
        flow.block(row, rule=True, gap=G.row_gap * mm)
    flow.skip(2 * mm)
    lines = []
    dy = 0.0
    for payer, payee, amount in settlement.transfers:
        shown = f"{amount}" if money is not None else f"{mixed(amount)} whists"
        for part in _wrap(f, f"{payer} pays {payee} {shown}", st.step_title, width):
            dy += st.step_title * 1.35
            lines.append((dy, part, left, True, st.step_title, "l", st.ink))
    if not lines:
        lines = [(lead, "nobody pays anybody", left, False, size, "l", st.ink)]
    flow.block(lines, gap=G.block_gap * mm)
