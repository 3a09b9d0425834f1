"""The heading of the sheet's page: title, date (or a line for it), subtitle and the legend of
the marks; every family's sheet draws it the same way."""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from ...frozen import Frozen, NamedTuple
from ...i18n import pgettext
from .geometry import PageGeometry
from .style import Fonts, Styles, clip, rule


class Header(NamedTuple):  # (a NamedTuple: a frozen dataclass costs a millisecond at start-up)
    """What the heading of the sheet's page says."""

    title: str
    subtitle: str
    date: str | None  #: None on a blank sheet: a line to write the date on
    legend: str
    convention: str | None = None


class Page(Frozen):
    """What the heading of a filled sheet says whatever the family: the family adds its target
    and its legend. (Written by hand, frozen: a NamedTuple's ``count`` is the tuple's.)

    Attributes:
        title: the game's title.
        players: the players in seating order.
        created: the day the game was started, if known.
        count: the deals, as written on the sheet.
        state: whether the game is over, as written on the sheet.
        convention: the convention's title, when the game has a title of its own.
    """

    title: str
    players: tuple[str, ...]
    created: str | None
    count: str
    state: str
    convention: str | None

    def __init__(self, title: str, players: tuple[str, ...], created: str | None, count: str,
                 state: str, convention: str | None) -> None:
        self.__dict__.update(title=title, players=players, created=created, count=count,
                             state=state, convention=convention)


def blank_subtitle(names: tuple[str, ...] | None) -> str:
    return " · ".join(names) if names else ""


def draw_header(c: Canvas, f: Fonts, st: type[Styles], head: Header, geo: PageGeometry) -> None:
    """Title and date (or a line for it), the subtitle, and the legend of the marks."""
    left, right = geo.margin * mm, (geo.page_w - geo.margin) * mm
    c.setFillGray(st.ink)
    date_w = geo.date_w * mm
    room = right - left - date_w - 4 * mm
    size = st.title  # a long title (a convention named in two languages) is set smaller first
    while size > 0.7 * st.title and f.width(f.text(head.title), True) * size > room:
        size -= 0.5
    title = clip(f, f.text(head.title), True, size, room)
    c.setFont(f.bold, size)
    c.drawString(left, geo.title_y * mm, title)
    c.setFont(f.regular, st.subtitle)
    if head.date:
        c.drawRightString(right, geo.title_y * mm, f.text(head.date))
    else:
        label = pgettext("paper sheet", "date") + " "
        c.drawString(right - date_w, geo.title_y * mm, label)
        x = right - date_w + f.width(label) * st.subtitle
        rule(c, st, x, geo.title_y * mm - 0.6 * mm, right)
    sub = " — ".join(p for p in (head.convention, head.subtitle) if p)
    if sub:
        c.setFillGray(st.grey)
        c.drawString(left, geo.subtitle_y * mm, clip(f, f.text(sub), False, st.subtitle, right - left))
    c.setFillGray(st.grey)
    c.setFont(f.regular, st.legend)
    c.drawString(left, geo.legend_y * mm, clip(f, f.text(head.legend), False, st.legend, right - left))
    c.setFillGray(st.ink)
