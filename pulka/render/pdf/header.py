"""The heading of the sheet's page: title, date (or a line for it), subtitle and the legend of
the marks; every family's sheet draws it the same way."""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from ...frozen import Frozen, NamedTuple
from ...i18n import pgettext
from ...names import short_forms
from ..words import title_alone
from .geometry import PageGeometry
from .style import Fonts, Styles, clip, longest, rule


class Header(NamedTuple):  # (a NamedTuple: a frozen dataclass costs a millisecond at start-up)
    """What the heading of the sheet's page says."""

    title: str
    subtitle: str
    date: str | None  #: None on a blank sheet: a line to write the date on
    legend: str
    convention: str | None = None
    #: the players the subtitle begins with (`` · `` between them), shortened where the
    #: subtitle has no room for them whole
    names: tuple[str, ...] = ()


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
    title, size = _title(f, st, head.title, room)
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
    sub = _subtitle(f, st, head, right - left)
    if sub:
        c.setFillGray(st.grey)
        c.drawString(left, geo.subtitle_y * mm, clip(f, f.text(sub), False, st.subtitle, right - left))
    c.setFillGray(st.grey)
    c.setFont(f.regular, st.legend)
    c.drawString(left, geo.legend_y * mm, clip(f, f.text(head.legend), False, st.legend, right - left))
    c.setFillGray(st.ink)


def _title(f: Fonts, st: type[Styles], title: str, room: float) -> tuple[str, float]:
    """The title as it fits in ``room`` and its size: a long one set smaller first, then a
    convention named in two languages named in the players' alone, cut only as a last resort."""
    size = _smaller(f, st, f.text(title), room)
    if f.width(f.text(title), True) * size > room:
        alone = title_alone(title)
        if alone is not None:
            title, size = alone, _smaller(f, st, f.text(alone), room)
    return clip(f, f.text(title), True, size, room), size


def _smaller(f: Fonts, st: type[Styles], title: str, room: float) -> float:
    size = st.title
    while size > 0.7 * st.title and f.width(title, True) * size > room:
        size -= 0.5
    return size


def _subtitle(f: Fonts, st: type[Styles], head: Header, room: float) -> str:
    """The convention (of a game with a title of its own) and the subtitle, on one line: where
    they do not fit, the convention in the players' language alone, then the players' names
    shortened (each is written by the sheet in full), never the deals and the state."""
    convention, subtitle = head.convention, head.subtitle

    def line() -> str:
        return " — ".join(p for p in (convention, subtitle) if p)

    def fits() -> bool:
        return f.width(f.text(line())) * st.subtitle <= room

    if fits():
        return line()
    if convention and title_alone(convention):
        convention = title_alone(convention)
        if fits():
            return line()
    names = head.names
    joined = " · ".join(names)
    if names and subtitle.startswith(joined):
        rest = subtitle[len(joined):]

        def shortened(chars: int) -> str:
            forms = short_forms(names, chars)
            return " · ".join(forms[name] for name in names) + rest

        def fitting(k: int) -> bool:  # (the names in k + 3 characters at most)
            nonlocal subtitle
            subtitle = shortened(k + 3)
            return fits()

        # the longest forms that fit, found in a few tries however long the names
        subtitle = shortened(longest(fitting, max(len(name) for name in names) - 4) + 3)
    return line()
