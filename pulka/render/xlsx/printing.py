"""How every tab of the workbook prints: A4, the tab's orientation, all its columns on the
width of the page (as many pages down as it takes), unless that would print a tab that is
to be readable under :data:`SMALLEST` pt (then at that size, the first columns again on each
page across), its
header rows on every page, the game at the top and the page number at the bottom, in the
players' language."""

from __future__ import annotations

from collections.abc import Sequence

from ...i18n import _
from .cells import Tab

#: what a header or footer section may hold of a name (the whole is limited to 255 characters)
_LONGEST = 100
_A4 = 9
_MARGIN, _HEADER_MARGIN = 0.75, 0.3  # (inches)
#: the smallest size a tab's text may print at, and the size it is written in (Calibri 11)
SMALLEST, WRITTEN = 8, 11
_ROOM = 1.1  # (printed at 8.8 pt at the least, where the estimate is a little short)
_WIDEST = 9
#: the width of an A4 page within the margins, in pixels at 96 a inch: (portrait, landscape)
_PAGE = ((8.27 - 2 * _MARGIN) * 96, (11.69 - 2 * _MARGIN) * 96)
#: a character of the page's header, in pixels (a little over what LibreOffice prints: the
#: header is never scaled with the tab), and the room kept between its left and right parts
_HEADER_CHARACTER, _HEADER_GAP = 7.5, 4


def print_setup(tab: Tab, game: str | Sequence[str], source: str, *, landscape: bool,
                title_rows: str, readable: bool = False, extra: float = 0,
                repeat: int = 1) -> None:
    """Page setup of one tab.

    Args:
        game: what the game is (convention and players), printed at the top of each page;
            or its forms, the fullest first, the first that leaves room for the tab's name
            printed (a long convention's title on a portrait page would run over it).
        source: the game's file name, printed at the bottom left ("" for none).
        title_rows: the rows printed at the top of every page (``"1:2"``).
        readable: never fitted under :data:`SMALLEST` pt (else always on the page's width).
        extra: pixels wider than the tab's columns (a chart that reaches past them).
        repeat: the columns printed again at the left of every page across, when the tab is
            too wide for one page at :data:`SMALLEST` pt.
    """
    ws = tab.ws
    ws.set_paper(_A4)
    if landscape:
        ws.set_landscape()
    else:
        ws.set_portrait()
    # (a column of w characters is w × 7 + 5 pixels in Calibri, but a reader without it lays
    # it out in the font it has instead, DejaVu Sans here: up to 9 pixels a character)
    wide = max(sum(w * _WIDEST + 5 for w in tab.width.values()), extra)
    scale = _PAGE[landscape] / wide if wide else 1
    if not readable or scale * WRITTEN >= SMALLEST * _ROOM:
        ws.fit_to_pages(1, 0)  # all the columns on the width, as many pages down as it takes
    else:  # readable, over several pages across, each beginning with the first columns
        ws.set_print_scale(int(100 * SMALLEST * _ROOM / WRITTEN))
        ws.repeat_columns(0, repeat - 1)
    ws.center_horizontally()
    first, last = (int(row) - 1 for row in title_rows.split(":"))
    ws.repeat_rows(first, last)
    ws.set_margins(left=_MARGIN, right=_MARGIN, top=_MARGIN, bottom=_MARGIN)
    top = f"&L{_escape(header_text(game, landscape, tab.name))}&R&A"  # the tab's name on the right
    bottom = _("page {page} / {pages}").format(page="&P", pages="&N")
    bottom = f"&L{_escape(source)}&R{bottom}" if source else f"&R{bottom}"
    ws.set_header("", {"margin": _HEADER_MARGIN})
    ws.set_footer("", {"margin": _HEADER_MARGIN})
    # (set_header would read ``&G`` in a player's name as the place of an image, and drop
    # the header: the texts are escaped here, so they are set as they are)
    ws.header, ws.footer = top, bottom


def narrowed(tab: Tab, landscape: bool, floors: dict[int, int], smallest: float = SMALLEST
             ) -> dict[int, int]:
    """Narrower widths for some of the tab's columns (column -> the narrowest it may be), the
    widest first, so that the tab prints at ``smallest`` pt or more on the page's width:
    their texts are then wrapped. Empty when the tab prints so already; where the floors
    stop them, the tab prints as large as they allow."""
    limit = _PAGE[landscape] * WRITTEN / (smallest * _ROOM)  # pixels at the smallest size
    excess = -(-(sum(w * _WIDEST + 5 for w in tab.width.values()) - limit) // _WIDEST)
    new = {col: tab.width[col] for col in floors if col in tab.width}
    while excess > 0:
        wider = [col for col in new if new[col] > floors[col]]
        if not wider:
            break
        widest = max(wider, key=lambda col: new[col])
        new[widest] -= 1
        excess -= 1
    return {col: width for col, width in new.items() if width != tab.width[col]}


#: the height of a row that sets none (points), and of an A4 page within the margins, in
#: points: (portrait, landscape)
_ROW = 15
_PAGE_HIGH = ((11.69 - 2 * _MARGIN) * 72, (8.27 - 2 * _MARGIN) * 72)


def chart_fits(tab: Tab, rows: int, height: float, *, landscape: bool = True, repeated: int = 2,
               width: float = 24) -> bool:
    """Whether a chart ``height`` cm high, ``width`` wide, put two rows under the tab's
    ``rows`` rows, prints on the last page of the table (fitted to the page's width, the
    first ``repeated`` rows again on every page): a row's height counted generously, a row
    spare."""
    wide = max(sum(w * _WIDEST + 5 for w in tab.width.values()), width * 96 / 2.54)
    scale = min(1.0, _PAGE[landscape] / wide)
    page = int(_PAGE_HIGH[landscape] / scale // _ROW)  # rows a page holds
    used = rows if rows <= page else repeated + (rows - page) % (page - repeated or 1)
    return (used + 3) * _ROW + height * 72 / 2.54 <= page * _ROW


def header_text(game: str | Sequence[str], landscape: bool, name: str) -> str:
    """The first form of the game that fits left of the tab's name in the page's header (the
    last one cut short if none does)."""
    forms = [game] if isinstance(game, str) else list(game)
    room = min(_LONGEST, int(_PAGE[landscape] / _HEADER_CHARACTER) - len(name) - _HEADER_GAP)
    for form in forms:
        if len(form) <= room:
            return form
    return forms[-1][:room - 1] + "…"


def _escape(text: str) -> str:
    """A name as header text: ``&`` starts a code there (``&P``), ``&&`` is an ampersand."""
    if len(text) > _LONGEST:
        text = text[:_LONGEST - 1] + "…"
    return text.replace("&", "&&")
