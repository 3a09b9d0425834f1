"""Where everything on the PDF score sheet goes: page geometry in mm, and fitting text in it.

Every length is a class attribute in millimetres (the pretix way: a layout variant is a
subclass that changes numbers, not code). The sheet is a rectangle (a square at four players)
cut into nested rings: from the outside in, the whists, the pulya and the gora, with the
centre field inside (the circle with the pulya size, the first-dealer arrow, the control time
and the price of a whist). At four players an outer ring holds the bombs, the raspasy with
the разбойник checklist, and the games played. Each player owns one sector of the rings.

Text is fitted into *areas*: the part of a ring inside one sector (or one column of it), a
trapezoid whose slanted ends follow the 45° mitres of the corners. :func:`fit` breaks a
running-total sequence into lines that follow the trapezoid and shrinks the font until it
fits; it never lets text leave its area.

What is written in each band comes from each family's ``pdf_fill``. This module draws nothing and
needs no reportlab: widths come from a measuring function.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ...frozen import NamedTuple

mm = 72.0 / 2.54 * 0.1  #: one millimetre in points, computed as reportlab.lib.units.mm is

CORNER = "corner"


class PageGeometry:
    """An A4 portrait page with the sheet's heading: title (and date), subtitle, legend."""

    page_w = 210.0
    page_h = 297.0
    margin = 12.0
    title_y = 285.0  #: baseline of the title
    subtitle_y = 279.5
    legend_y = 274.5
    date_w = 34.0  #: the date (or the line to write it on) right of the title


class SheetGeometry(PageGeometry):
    """The drawn pulka; subclasses set the sheet and the rings per table size.

    The centre field offsets are from the centre of the sheet, in mm.
    """

    #: the sheet rectangle: x0, y0, x1, y1
    sheet: tuple[float, float, float, float] = (12.0, 22.0, 198.0, 270.0)
    #: rings from the outside in: (kind, width)
    rings: tuple[tuple[str, float], ...] = (("whists", 30.0), ("pulya", 21.0), ("gora", 21.0))
    circle_r = 8.0
    arrow_len = 12.0
    arrow: tuple[float, float] = (0.0, -1.0)  #: direction of the first-dealer arrow
    control_at: tuple[float, float] = (0.0, 24.0)
    price_at: tuple[float, float] = (0.0, 17.0)
    field_w = 24.0  #: width of the line to write the control time / price on
    field_stacked = False  #: the label over the line (where the centre is narrow)
    field_drop = 5.5  #: a stacked field has its line this far under its label
    name_rule = 40.0  #: the line to write an unknown name on
    name_gap = 2.0  #: names are written this far outside the sheet
    pad = 1.3  #: space between a ring's edges and its text
    label_gap = 1.2  #: space after a band's grey label
    label_share = 0.45  #: the most of a band's first line its label takes when text follows
    #: the outer ring at four players: (cell, share of the ring's mid-line)
    extra_cells: tuple[tuple[str, float], ...] = ()
    checklist_h = 4.6  #: the strip of the raspasy cell that holds the разбойник checklist
    #: the results table under the sheet: column widths, row height, top (mm)
    summary_widths = (40.0, 26.0, 26.0, 30.0, 30.0, 34.0)
    summary_row = 6.2
    summary_top = 43.0

    @property
    def centre(self) -> tuple[float, float]:
        x0, y0, x1, y1 = self.sheet
        return ((x0 + x1) / 2, (y0 + y1) / 2)

    def ring_rects(self) -> list[tuple[float, float, float, float]]:
        """The rectangles bounding the rings: the sheet first, the centre field last."""
        rects = [self.sheet]
        x0, y0, x1, y1 = self.sheet
        for _, width in self.rings:
            x0, y0, x1, y1 = x0 + width, y0 + width, x1 - width, y1 - width
            rects.append((x0, y0, x1, y1))
        return rects


class Geometry2(SheetGeometry):
    """Two players (гусарик): the rectangle cut by the diagonal through two corners."""

    sheet = (12.0, 52.0, 198.0, 266.0)
    arrow = (-0.55, -0.83)
    control_at = (5.0, 24.0)
    price_at = (5.0, 17.0)
    field_w = 13.0


class Geometry3(SheetGeometry):
    """Three players: lines from the circle to the two bottom corners and up to the top."""

    sheet = (12.0, 52.0, 198.0, 270.0)
    control_at = (-10.5, 26.0)
    price_at = (10.5, 26.0)
    field_w = 11.0
    field_stacked = True


class Geometry4(SheetGeometry):
    """Four players: a square cut by its diagonals, with the bombs/raspasy/played ring."""

    sheet = (12.0, 80.0, 198.0, 266.0)
    rings = (("extra", 13.5), ("whists", 24.0), ("pulya", 15.0), ("gora", 15.0))
    legend_y = 68.0
    control_at = (0.0, 21.5)
    price_at = (0.0, 15.0)
    field_w = 16.0
    extra_cells = (("bombs", 0.25), ("raspasy", 0.5), ("played", 0.25))
    summary_top = 64.0


class Geometry3Extra(Geometry3):
    """Three players of a game with bombs or the разбойник (Classic): an outer ring holds the
    bombs, the raspasy with the checklist and the games played (seed 004 §7, fields 10а, 11а,
    12а); at the two side seats the games played go on the top half."""

    rings = (("extra", 12.0), ("whists", 25.0), ("pulya", 17.0), ("gora", 17.0))
    extra_cells = (("bombs", 0.25), ("raspasy", 0.5), ("played", 0.25))
    control_at = (-10.0, 22.0)
    price_at = (10.0, 22.0)
    field_w = 9.0


class BalkanGeometry(PageGeometry):
    """The Balkan sheet: per player the supe column(s) and the contract (bule) column."""

    fields_y = 268.0  #: baseline of the start / price / control fields
    field_w = 20.0  #: the line each of them is written on
    field_step = 26.0  #: from one field's line to the next field
    name_rule = 36.0  #: the line to write an unknown name on
    table_top = 263.0
    table_bottom = 14.0
    name_h = 8.0  #: the row with the player's name
    head_h = 6.0  #: the row with the column headings
    bule_weight = 1.3  #: the contract column is this much wider than a supe column
    guide_step = 6.0  #: guide lines of the blank sheet
    pad = 1.2

    def frame(self, players: int) -> BalkanFrame:
        """Where the table of ``players`` groups of columns stands on the page, in points."""
        left, right = self.margin * mm, (self.page_w - self.margin) * mm
        top = self.table_top * mm
        name_y = top - self.name_h * mm
        return BalkanFrame(left, right, top, self.table_bottom * mm, name_y,
                           name_y - self.head_h * mm, (right - left) / players)


class BalkanFrame(NamedTuple):
    """The Balkan table's edges (points): the names' row under ``top`` down to ``name_y``,
    the headings down to ``body_top``, the columns down to ``bottom``; ``group_w`` is the width
    of one player's group of columns."""

    left: float
    right: float
    top: float
    bottom: float
    name_y: float
    body_top: float
    group_w: float


class ListGeometry(PageGeometry):
    """The deals and settlement pages."""

    left = 12.0
    right = 198.0
    top = 283.0  #: baseline of the page heading
    first_row = 274.0  #: top of the first row under the heading
    bottom = 16.0
    footer_y = 8.0
    #: column starts (mm from the left margin): number, dealer, deal, what it wrote
    col_number = 0.0
    col_dealer = 11.0
    col_deal = 33.0
    col_written = 88.0
    row_gap = 1.2  #: under each deal, above its hairline
    block_gap = 1.5  #: under each step of the settlement
    section_gap = 4.0  #: before the settlement
    indent = 4.0  #: the lines of a settlement step
    name_w = 34.0  #: the player column of the final table
    number_w = 24.0  #: its number columns (at most)


class Area(NamedTuple):  # (a NamedTuple: a frozen dataclass costs a millisecond at start-up)
    """A trapezoid to write in, in its own frame (points).

    The frame's origin is on the ring's inner edge (the side towards the centre); x runs along
    the ring in the owner's reading direction, y points to the centre, so the area spans
    y from -h to 0. The inner edge runs from x=a to x=b; a mitred end widens by ``slope`` for
    every 1 further from the centre (1: the 45° corner of a rectangle; tan 36°: a pentagon's),
    a cut end is square; a negative slope narrows it instead (the corner of a band written
    across, as a side player's half of the top at three players).

    Attributes:
        ox, oy: the origin on the page (points).
        angle: rotation of the frame in degrees (0, 90, 180, -90 on a rectangle; any on a
            pentagon).
    """

    ox: float
    oy: float
    angle: float
    a: float
    b: float
    h: float
    mitre_a: bool = False
    mitre_b: bool = False
    slope: float = 1.0

    def to_page(self, x: float, y: float) -> tuple[float, float]:
        cos, sin = _ROT.get(self.angle) or _turned(self.angle)
        return (self.ox + x * cos - y * sin, self.oy + x * sin + y * cos)

    def span(self, depth: float) -> tuple[float, float]:
        """The x range of the area at ``depth`` below the inner edge."""
        return (self.a - depth * self.slope if self.mitre_a else self.a,
                self.b + depth * self.slope if self.mitre_b else self.b)

    def split(self, shares: Sequence[float]) -> list[Area]:
        """Cut the area square across into parts whose mid-lines have these shares."""
        start = self.a - (self.h / 2 * self.slope if self.mitre_a else 0)
        end = self.b + (self.h / 2 * self.slope if self.mitre_b else 0)
        total = sum(shares)
        cuts = [self.a]
        run = 0.0
        for share in shares[:-1]:
            run += share
            cuts.append(start + (end - start) * run / total)
        cuts.append(self.b)
        last = len(shares) - 1
        return [Area(self.ox, self.oy, self.angle, cuts[i], cuts[i + 1], self.h,
                     self.mitre_a and i == 0, self.mitre_b and i == last, self.slope)
                for i in range(len(shares))]

    def cut_lines(self, parts: Sequence[Area]) -> list[tuple[float, float, float, float]]:
        """The square cuts between consecutive parts, as page segments."""
        lines = []
        for part in parts[1:]:
            x1, y1 = self.to_page(part.a, 0)
            x2, y2 = self.to_page(part.a, -self.h)
            lines.append((x1, y1, x2, y2))
        return lines

    def shrunk(self, h: float) -> Area:
        return Area(self.ox, self.oy, self.angle, self.a, self.b, h, self.mitre_a, self.mitre_b,
                    self.slope)


_ROT: dict[float, tuple[float, float]] = {0: (1, 0), 90: (0, 1), 180: (-1, 0), -90: (0, -1)}


def _turned(angle: float) -> tuple[float, float]:
    """The cosine and sine of an angle in degrees that is not a right one."""
    import math

    turn = math.radians(angle)
    return (math.cos(turn), math.sin(turn))


class Sector:
    """One player's part of the sheet, filled in by :func:`sectors` (written by hand: a
    dataclass is compiled from source at every start).

    Attributes:
        index: the player's seat (0 deals first).
        rings: ring kind -> the areas of the ring in this sector, in writing order.
        whists: (seat of the opponent, areas) per whist column.
        extra: cell -> area, for the outer ring at four players.
        name_at: where the player's name is written: x, y (points), angle.
    """

    __slots__ = ("extra", "index", "name_at", "rings", "whists")

    index: int
    rings: dict[str, list[Area]]
    whists: list[tuple[int, list[Area]]]
    extra: dict[str, Area]
    name_at: tuple[float, float, float]

    def __init__(self, index: int, rings: dict[str, list[Area]] | None = None,
                 whists: list[tuple[int, list[Area]]] | None = None,
                 extra: dict[str, Area] | None = None,
                 name_at: tuple[float, float, float] = (0.0, 0.0, 0)) -> None:
        self.index = index
        self.rings = {} if rings is None else rings
        self.whists = [] if whists is None else whists
        self.extra = {} if extra is None else extra
        self.name_at = name_at


#: side -> reading angle, and the name of the rectangle corner each end of it meets
_SIDES = {"bottom": 0, "left": -90, "top": 180, "right": 90}

#: per table size, each sector: its legs (side, start, end: a corner or "cx" for the middle
#: of the side), the legs of each whist column (opponent offset -> legs), and the side its
#: owner's name is written on
LAYOUT: dict[int, list[dict]] = {
    2: [
        {"legs": (("left", CORNER, CORNER), ("bottom", CORNER, CORNER)),
         "whists": ((1, (0, 1)),), "name": "bottom"},
        {"legs": (("right", CORNER, CORNER), ("top", CORNER, CORNER)),
         "whists": ((1, (0, 1)),), "name": "top"},
    ],
    3: [
        {"legs": (("bottom", CORNER, CORNER),), "whists": ((1, (0,)), (2, (0,))), "name": "bottom"},
        {"legs": (("left", CORNER, CORNER), ("top", "cx", CORNER)),
         "whists": ((1, (1,)), (2, (0,))), "name": "left"},
        {"legs": (("right", CORNER, CORNER), ("top", CORNER, "cx")),
         "whists": ((2, (1,)), (1, (0,))), "name": "right"},
    ],
    4: [
        {"legs": ((side, CORNER, CORNER),), "whists": ((1, (0,)), (2, (0,)), (3, (0,))), "name": side}
        for side in ("bottom", "left", "top", "right")
    ],
}

#: sector boundaries drawn from the sheet's edge to the circle: a corner, or the top middle
BOUNDARIES = {2: ("tl", "br"), 3: ("bl", "br", "top-mid"), 4: ("bl", "tl", "tr", "br")}
#: corners inside a sector where only the whists ring is cut (the columns change there)
WHIST_CORNERS = {2: (), 3: ("tl", "tr"), 4: ()}

GEOMETRY: dict[int, type[SheetGeometry]] = {2: Geometry2, 3: Geometry3, 4: Geometry4}


def square_geometry(players: int, cells: tuple[str, ...] = ()) -> SheetGeometry:
    """The square sheet for 2, 3 or 4 players with these cells of the outer ring (bombs,
    raspasy, played; none: no outer ring at two or three players)."""
    geo = Geometry3Extra() if players == 3 and cells else GEOMETRY[players]()
    return with_cells(geo, cells)


def with_cells(geo: SheetGeometry, cells: tuple[str, ...]) -> SheetGeometry:
    """The sheet's outer ring kept to the cells its game writes."""
    if geo.extra_cells:
        geo.extra_cells = tuple((c, share) for c, share in type(geo).extra_cells if c in cells)
    return geo


def _leg_area(side: str, start: str, end: str, rect: tuple[float, float, float, float],
              h: float, cx: float) -> Area:
    x0, y0, x1, y1 = rect
    angle = _SIDES[side]
    if side == "bottom":
        ox, oy, length, local = x0, y0, x1 - x0, (lambda c: c - x0)
    elif side == "left":
        ox, oy, length, local = x0, y1, y1 - y0, (lambda c: y1 - c)
    elif side == "top":
        ox, oy, length, local = x1, y1, x1 - x0, (lambda c: x1 - c)
    else:
        ox, oy, length, local = x1, y0, y1 - y0, (lambda c: c - y0)
    a = 0.0 if start == CORNER else local(cx)
    b = length if end == CORNER else local(cx)
    return Area(ox * mm, oy * mm, angle, a * mm, b * mm, h * mm, start == CORNER, end == CORNER)


def square_sectors(players: int, geo: SheetGeometry) -> list[Sector]:
    """The sectors of a square sheet for 2, 3 or 4 players, seat 0 first."""
    rects = geo.ring_rects()
    cx = geo.centre[0]
    out = []
    for index, spec in enumerate(LAYOUT[players]):
        sector = Sector(index)
        for k, (kind, width) in enumerate(geo.rings):
            inner = rects[k + 1]
            legs = [_leg_area(side, start, end, inner, width, cx) for side, start, end in spec["legs"]]
            if kind == "whists":
                columns = _whist_columns(spec["whists"], legs, players)
                sector.whists = [((index + offset) % players, areas) for offset, areas in columns]
            elif kind == "extra":
                names = [name for name, _ in geo.extra_cells]
                shares = [share for _, share in geo.extra_cells]
                if len(legs) > 1:  # the last cell takes the second leg (the top half)
                    cells = legs[0].split(shares[:-1]) + legs[1:2]
                else:
                    cells = legs[0].split(shares)
                sector.extra = dict(zip(names, cells, strict=True))
            if kind not in ("whists", "extra") and len(legs) > 1 and spec["name"] in _TURNED:
                legs = legs[:1] + _turned_on(spec["name"], inner, width, cx)
            sector.rings[kind] = legs
        sector.name_at = _name_at(spec["name"], geo)
        out.append(sector)
    return out


#: the seats whose ring runs on from their own side into half of the top (three players)
_TURNED = ("left", "right")


def _turned_on(side: str, inner: tuple[float, float, float, float], h: float, cx: float) -> list[Area]:
    """The half of the top band a side player's pulya or gora runs on into, turned to read
    from his own seat as his side does: lines across the band, from the middle of the top to
    the corner (a square part, then the corner's triangle, narrower the deeper)."""
    x0, _, x1, y1 = inner
    if side == "left":  # (read at -90: x runs down the page, depth towards the left)
        return [Area(cx * mm, (y1 + h) * mm, -90, 0.0, h * mm, (cx - x0) * mm),
                Area(x0 * mm, (y1 + h) * mm, -90, 0.0, h * mm, h * mm, mitre_b=True, slope=-1.0)]
    return [Area(cx * mm, y1 * mm, 90, 0.0, h * mm, (x1 - cx) * mm),  # (read at 90: x runs up)
            Area(x1 * mm, y1 * mm, 90, 0.0, h * mm, h * mm, mitre_a=True, slope=-1.0)]


def _whist_columns(spec: tuple, legs: list[Area], players: int) -> list[tuple[int, list[Area]]]:
    by_leg: dict[int, list[int]] = {}
    for offset, leg_ids in spec:
        if len(leg_ids) == 1:
            by_leg.setdefault(leg_ids[0], []).append(offset)
    split = {leg: legs[leg].split([1.0] * len(offsets)) for leg, offsets in by_leg.items()}
    columns = []
    for offset, leg_ids in spec:
        if len(leg_ids) == 1:
            leg = leg_ids[0]
            columns.append((offset, [split[leg][by_leg[leg].index(offset)]]))
        else:
            columns.append((offset, [legs[i] for i in leg_ids]))
    return columns


def _name_at(side: str, geo: SheetGeometry) -> tuple[float, float, int]:
    x0, y0, x1, y1 = geo.sheet
    cx, cy = geo.centre
    gap = geo.name_gap
    if side == "bottom":
        return (cx * mm, (y0 - gap - 2.6) * mm, 0)
    if side == "top":
        return (cx * mm, (y1 + gap + 2.6) * mm, 180)
    if side == "left":
        return ((x0 - gap - 2.6) * mm, cy * mm, -90)
    return ((x1 + gap + 2.6) * mm, cy * mm, 90)


def corner_point(rect: tuple[float, float, float, float], corner: str) -> tuple[float, float]:
    x0, y0, x1, y1 = rect
    return {"bl": (x0, y0), "tl": (x0, y1), "tr": (x1, y1), "br": (x1, y0)}[corner]


# --- numbers as the sheet writes them -------------------------------------------------------

#: the fractions a font draws as one glyph (½), by (numerator, denominator)
# --- fitting text ----------------------------------------------------------------------------

Measure = Callable[[str], float]  #: width of a text at size 1 (points)


class Paragraph(NamedTuple):
    """Tokens written one after another; a paragraph starts on a new line.

    Attributes:
        tokens: the entries, in the order written.
        sep: what separates them on a line ("." for running totals); ``"\\n"`` stacks them one
            per line.
    """

    tokens: tuple[str, ...]
    sep: str = "."


class Fitted(NamedTuple):
    """Text placed in areas: font size and, per area, lines as (x, baseline y, text)."""

    size: float
    lines: tuple[tuple[tuple[float, float, str], ...], ...]
    dropped: int = 0  #: leading tokens left out because even the smallest size was too big


#: font sizes tried, largest first (points)
SIZES = (9.0, 8.0, 7.5, 7.0, 6.5, 6.0, 5.5, 5.0, 4.5, 4.0)
LEADING = 1.2
ASCENT = 0.78  #: baseline below the top of a line, as a share of the size
ELLIPSIS = "…"
STACK_MIN = 5.0  #: below this size a stacked column is written on lines instead


def fit(paragraphs: Sequence[Paragraph], areas: Sequence[Area], measure: Measure, *,
        indent: float = 0.0, pad: float = 1.3 * mm, sizes: Sequence[float] = SIZES,
        fallback_sep: str | None = None, centre: bool = False) -> Fitted:
    """Lay the paragraphs into the areas at the largest size that fits.

    Lines follow the trapezoid: each starts after the slanted end at its depth. When nothing
    fits at the smallest size, a stacked paragraph is tried again on lines (``fallback_sep``),
    then the oldest tokens of the longest paragraph are left out (behind an ellipsis): the
    latest totals are the ones that matter, and every deal is listed on the deals page.

    Args:
        indent: room kept at the start of the first line (for the band's label).
        centre: centre each line across its area (the Balkan columns).
    """
    paragraphs = [p for p in paragraphs if p.tokens]
    if not paragraphs or not areas:
        return Fitted(sizes[0], tuple(() for _ in areas))
    widths: dict[str, float] = {}

    def width(text: str) -> float:
        if text not in widths:
            widths[text] = measure(text)
        return widths[text]

    attempts = [paragraphs]
    if fallback_sep is not None and any(p.sep == "\n" for p in paragraphs):
        attempts.append([Paragraph(p.tokens, fallback_sep) if p.sep == "\n" else p for p in paragraphs])
    for attempt in attempts:
        stacked = any(p.sep == "\n" for p in attempt) and len(attempts) > 1
        measured = _measured(attempt, width)  # (once for every size tried)
        for size in sizes:
            if stacked and size < STACK_MIN:
                break  # tiny stacked lines read worse than bigger ones side by side
            placed = _place(attempt, areas, measured, size, indent, pad, centre)
            if placed is not None:
                return Fitted(size, placed)
    # drop the oldest tokens of the longest paragraph until the rest fits at the smallest size
    chosen = attempts[-1]
    longest = max(range(len(chosen)), key=lambda i: len(chosen[i].tokens))
    tokens = chosen[longest].tokens
    low, high = 1, len(tokens)
    best: tuple[int, tuple] | None = None
    while low <= high:
        drop = (low + high) // 2
        trial = list(chosen)
        trial[longest] = Paragraph((ELLIPSIS, *tokens[drop:]), chosen[longest].sep)
        placed = _place(trial, areas, _measured(trial, width), sizes[-1], indent, pad, centre)
        if placed is not None:
            best = (drop, placed)
            high = drop - 1
        else:
            low = drop + 1
    if best is None:
        return Fitted(sizes[-1], tuple(() for _ in areas), len(tokens))
    return Fitted(sizes[-1], best[1], best[0])


def _measured(paragraphs: Sequence[Paragraph], width: Callable[[str], float]
              ) -> list[tuple[float, list[float]]]:
    """Each paragraph's separator width and token widths, at size 1."""
    return [(width(p.sep) if p.sep != "\n" else 0.0, [width(t) for t in p.tokens]) for p in paragraphs]


def _place(paragraphs: Sequence[Paragraph], areas: Sequence[Area],
           measured: Sequence[tuple[float, Sequence[float]]], size: float, indent: float, pad: float,
           centre: bool = False) -> tuple | None:
    leading = size * LEADING
    slots = _Slots(areas, size, leading, pad, indent)
    out: list[list[tuple[float, float, str]]] = [[] for _ in areas]
    for paragraph, (sep_at_1, widths) in zip(paragraphs, measured, strict=True):
        sep_w = sep_at_1 * size
        tokens = paragraph.tokens
        count = len(tokens)
        i = 0
        while i < count:
            slot = slots.next()
            if slot is None:
                return None
            area_index, x, y, avail = slot
            if paragraph.sep == "\n":
                used = widths[i] * size
                if used > avail:
                    return None
                out[area_index].append((x + ((avail - used) / 2 if centre else 0.0), y, tokens[i]))
                i += 1
                continue
            start = i
            used = widths[i] * size
            if used + (sep_w if i + 1 < count else 0) > avail:
                return None
            i += 1
            while i < count:
                extra = sep_w + widths[i] * size
                trailing = sep_w if i + 1 < count else 0.0
                if used + extra + trailing > avail:
                    break
                used += extra
                i += 1
            text = paragraph.sep.join(tokens[start:i]) + (paragraph.sep if i < count else "")
            out[area_index].append((x + ((avail - used) / 2 if centre else 0.0), y, text))
    return tuple(tuple(lines) for lines in out)


class _Slots:
    """The lines available in the areas, in order: (area, x, baseline y, width)."""

    def __init__(self, areas: Sequence[Area], size: float, leading: float, pad: float,
                 indent: float) -> None:
        self.areas = areas
        self.size = size
        self.leading = leading
        self.pad = pad
        self.indent = indent
        self.area = 0
        self.line = 0

    def next(self) -> tuple[int, float, float, float] | None:
        while self.area < len(self.areas):
            area = self.areas[self.area]
            depth = self.pad + self.line * self.leading
            if depth + self.leading > area.h - self.pad * 0.5 + 0.01:
                self.area += 1
                self.line = 0
                continue
            # (an end that narrows deeper is measured at the line's bottom)
            start, end = area.span(depth + self.leading if area.slope < 0 else depth)
            start += self.pad
            end -= self.pad
            if self.area == 0 and self.line == 0:
                start += self.indent
            self.line += 1
            if end - start <= 0:
                continue
            return (self.area, start, -(depth + self.size * ASCENT), end - start)
        return None
