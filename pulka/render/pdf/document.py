"""The score sheet as a PDF: the hand-drawn pulka, blank or filled in, and the deals pages.

Two entry points, both returning the bytes of an A4 PDF:

* :func:`render_blank` draws an empty sheet to print and fill in by hand;
* :func:`render_filled` draws the same sheet with a game written in it the way players
  write it (running totals separated by dots, the closing mark, flags, bombs, refes,
  hats), on continuation sheets when a long game does not fit one at 6 pt
  (:mod:`.window`), followed by the deals and the settlement.

This module puts the parts together: each family's sheet is drawn by its package under
``render/<family>/`` (found through :mod:`..registry`), under the heading of
:mod:`.header`; the deals and settlement pages are :mod:`.pages`. What each band
shows comes from the family's ``pdf_fill``, where it goes from
:mod:`.geometry` (mm constants, text fitting); fonts are found by :mod:`.fonts`, and
sizes, colours and line widths are in :class:`.pdf_style.Styles`. Output is deterministic
(``invariant=1``): the same game gives the same bytes.

Every page speaks the players' language, where it is drawn: the sheet's own words (page 1:
bands, centre, heading, legend; the context ``paper sheet``) as a table of that language
writes them (English: pulya, gora, on the left; Russian: пуля, гора, на левого, names after
an arrow, ``→ Аня``, for a name is never declined), the deals in that table's notation
(``notation``: the command line's :func:`pulka.cli.export.notation`). A player's name the
font cannot draw (CJK in DejaVu Sans) is written with ``?`` for what it lacks, and
:func:`undrawable` names it for a warning.
"""

from __future__ import annotations

import io
from collections.abc import Callable

from ...errors import PulkaError
from ...game import Deal
from ...i18n import _, pgettext
from ...registry import DEFAULT
from ...replay import family_of
from ..registry import get_renderer
from . import lazy  # noqa: F401  (before reportlab is imported: see the module)
from .header import Page
from .pages import draw_lists
from .style import Fonts, Styles, aliases, load_fonts, save

__all__ = ["Fonts", "Styles", "load_fonts", "render_blank", "render_filled", "undrawable"]

# --- public interface ------------------------------------------------------------------------


def undrawable(names, font: str | None = None) -> list[tuple[str, str, str]]:
    """The names with letters the font cannot draw, those letters, and how the PDF writes the
    name instead (:func:`.pdf_style.aliases`): what a warning says.

    Raises:
        PulkaError: no usable font (as the PDF itself would).
    """
    from . import fonts as found

    files = found.find_font(font)

    def draws(ch: str) -> bool:
        return not (found.missing(files.regular, ch) or found.missing(files.bold, ch))

    names = tuple(names)
    written = aliases(names, draws)
    return [(name, "".join(ch for ch in dict.fromkeys(name) if not ch.isascii() and not draws(ch)),
             written[name]) for name in names if name in written]


def _fonts(font: str | None, names) -> Fonts:
    f = load_fonts(font)
    written = aliases(tuple(n for n in names if n), f.draws)
    return f.aliased(tuple(written.items())) if written else f


def render_blank(players: int, *, names: tuple[str, ...] | None = None, title: str | None = None,
                 target: str | None = None, price: str | None = None, family: str = DEFAULT,
                 font: str | None = None, convention=None) -> bytes:
    """An empty sheet to print: the pulka for 2–4 players, or the Balkan sheet.

    Args:
        players: the number of players.
        names: their names in seating order (clockwise, the first deals first), if known.
        title: the heading; a default one when None.
        target: the pulya size written in the circle (Balkan: the bule each player starts with).
        price: the price of a whist, written in the centre.
        family: the scoring family whose sheet is drawn (see :mod:`pulka.registry`).
        font: a TTF to use instead of the packaged DejaVu Sans.
        convention: the convention the sheet is for, when one was named: the fields and
            marks its game needs (the bombs, the разбойник), for a family that reads it.

    Raises:
        PulkaError: an impossible table, names that do not match, or no usable font.
    """
    renderer = get_renderer(family)
    if not 2 <= players <= 5:
        raise PulkaError(_("the {family} sheet is drawn for 2 to 5 players, not {players}").format(
            family=family, players=players))
    if names is not None and len(names) != players:
        raise PulkaError(_("{players} players but {names} names").format(players=players,
                                                                          names=len(names)))
    f = _fonts(font, names or ())
    seats: list[str | None] = list(names) if names else [None] * players
    buf = io.BytesIO()
    c = renderer.pdf_blank(buf, f, seats, names, title=title, target=target, price=price,
                           convention=convention)
    c.showPage()
    save(c)
    return buf.getvalue()


def render_filled(game, steps, report, state, settlement, *, font: str | None = None,
                  notation: Callable[[Deal], str] | None = None) -> bytes:
    """The sheet with the game written in it, then the deals and the settlement.

    Args:
        game: the :class:`pulka.game.Game`.
        steps, report, state, settlement: what :func:`pulka.settlement.figures.build` returns for it.
        font: a TTF to use instead of the packaged DejaVu Sans.
        notation: how the deals page writes a deal (the command line gives the notation of
            the players' language; the journal's canonical text by default).

    Raises:
        PulkaError: a table the sheet is not drawn for, or no usable font.
    """
    players = tuple(game.table.players)
    conv = game.table.convention
    if not 2 <= len(players) <= 5:
        raise PulkaError(_("the sheet is drawn for 2 to 5 players, not {players}").format(
            players=len(players)))
    renderer = get_renderer(conv.family)
    f = _fonts(font, players)
    meta = getattr(game, "meta", {}) or {}
    title = str(meta.get("title") or conv.title)
    created = str(meta.get("created") or "")[:10] or None
    page = Page(title, players, created,
                pgettext("paper sheet", "deals: {n}").format(n=len(steps)),
                pgettext("paper sheet", "the game is over") if state.finished
                else pgettext("paper sheet", "the game goes on"),
                conv.title if meta.get("title") else None)
    buf = io.BytesIO()
    c = renderer.pdf_sheet(buf, f, page, game, steps, report, state, settlement)
    sheets = c.getPageNumber()  # a long game takes continuation sheets
    c.showPage()
    family = family_of(game.table)
    explanation = family.explain(state)
    draw_lists(c, f, title, players, steps, report, state, settlement, explanation,
               columns=family.presentation.columns, shown=family.presentation, sheets=sheets,
               notation=notation)
    save(c)
    return buf.getvalue()
