"""How every tab of the workbook prints: A4, the tab's orientation, all its columns on the
width of the page (as many pages down as it takes), its header rows on every page, the game
at the top and the page number at the bottom, in the players' language."""

from __future__ import annotations

from openpyxl.worksheet.worksheet import Worksheet

from ..i18n import _

#: what a header or footer section may hold of a name (the whole is limited to 255 characters)
_LONGEST = 100


def print_setup(ws: Worksheet, game: str, source: str, *, landscape: bool,
                title_rows: str) -> None:
    """Page setup of one tab.

    Args:
        game: what the game is (convention and players), printed at the top of each page.
        source: the game's file name, printed at the bottom left ("" for none).
        title_rows: the rows printed at the top of every page (``"1:2"``).
    """
    setup = ws.page_setup
    setup.paperSize = ws.PAPERSIZE_A4
    setup.orientation = ws.ORIENTATION_LANDSCAPE if landscape else ws.ORIENTATION_PORTRAIT
    setup.fitToWidth = 1
    setup.fitToHeight = 0  # as many pages down as it takes
    properties = ws.sheet_properties.pageSetUpPr
    assert properties is not None  # (a new worksheet has them)
    properties.fitToPage = True
    ws.print_options.horizontalCentered = True
    ws.print_title_rows = title_rows
    ws.page_margins.top = ws.page_margins.bottom = 0.75
    ws.page_margins.header = ws.page_margins.footer = 0.3
    top, bottom = ws.oddHeader, ws.oddFooter
    assert top is not None and bottom is not None  # (a new worksheet has them)
    top.left.text = _escape(game)
    top.right.text = "&A"  # the tab's name
    bottom.left.text = _escape(source)
    bottom.right.text = _("page {page} / {pages}").format(page="&P", pages="&N")


def _escape(text: str) -> str:
    """A name as header text: ``&`` starts a code there (``&P``), ``&&`` is an ampersand."""
    if len(text) > _LONGEST:
        text = text[:_LONGEST - 1] + "…"
    return text.replace("&", "&&")
