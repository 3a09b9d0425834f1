"""The score sheet as a PDF: the hand-drawn pulka, blank or filled in, and the deals pages.

Two entry points, both returning the bytes of an A4 PDF:

* :func:`render_blank` draws an empty sheet to print and fill in by hand;
* :func:`render_filled` draws the same sheet with a game written in it the way players
  write it (running totals separated by dots, the closing mark, flags, bombs, refes,
  hats), followed by the deals and the settlement.

This module draws the page heading and puts the parts together: the Russian sheet is
:mod:`.pdf_russian`, the Balkan one :mod:`.pdf_balkan`, the deals and settlement pages
:mod:`.pdf_pages`. What each band shows comes from :mod:`.pdf_fill`, where it goes from
:mod:`.pdf_geometry` (mm constants, text fitting); fonts are found by :mod:`.fonts`, and
sizes, colours and line widths are in :class:`.pdf_style.Styles`. Output is deterministic
(``invariant=1``): the same game gives the same bytes.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from fractions import Fraction

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from ..errors import PulkaError
from ..numbers import mixed
from ..replay import family_of
from .history import build_history
from .pdf_balkan import draw_balkan
from .pdf_fill import Robber, balkan_fill, russian_fill
from .pdf_geometry import GEOMETRY, BalkanGeometry, PageGeometry
from .pdf_pages import draw_lists
from .pdf_russian import draw_russian
from .pdf_style import Fonts, Styles, clip, load_fonts, new_canvas, rule

__all__ = ["Fonts", "Styles", "load_fonts", "render_blank", "render_filled"]

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
        c = new_canvas(buf, head.title)
        _draw_header(c, f, Styles, head, BalkanGeometry())
        draw_balkan(c, f, seats, start=target, price=price, fill=None)
    else:
        head = Header(title or "Пулька", _blank_subtitle(names), None, LEGEND_RUSSIAN)
        c = new_canvas(buf, head.title)
        _draw_header(c, f, Styles, head, GEOMETRY[players]())
        robber = Robber(("6", "7", "8", "9", "10", "misere"), {}, 2, 0)
        draw_russian(c, f, seats, target=target, price=price, fill=None, robber=robber, summary=None)
    c.showPage()
    c.save()
    return buf.getvalue()


def render_filled(game, steps, report, state, settlement, *, font: str | None = None) -> bytes:
    """The sheet with the game written in it, then the deals and the settlement.

    Args:
        game: the :class:`pulka.model.Game`.
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
    c = new_canvas(buf, title)
    if conv.family == "balkan":
        start = Fraction(conv["start"])
        history = build_history(players, steps, start={"bule": start})
        parts = [" · ".join(players), f"с −{mixed(start)}", count, state_text]
        head = Header(title, " — ".join(p for p in parts if p), created, LEGEND_BALKAN,
                      conv.title if meta.get("title") else None)
        _draw_header(c, f, Styles, head, BalkanGeometry())
        draw_balkan(c, f, list(players), start=mixed(start),
                    price=None if price is None else str(price), fill=balkan_fill(players, history))
    else:
        target = Fraction(conv["pulya"])
        fill, robber, summary = russian_fill(game, steps, report, state, settlement)
        parts = [" · ".join(players), f"пуля {mixed(target)}", count, state_text]
        head = Header(title, " — ".join(parts), created, LEGEND_RUSSIAN,
                      conv.title if meta.get("title") else None)
        _draw_header(c, f, Styles, head, GEOMETRY[len(players)]())
        draw_russian(c, f, list(players), target=mixed(target),
                     price=None if price is None else str(price), fill=fill, robber=robber,
                     summary=summary)
    c.showPage()
    explanation = family_of(game.table).explain(state)
    draw_lists(c, f, title, players, steps, report, state, settlement, explanation)
    c.save()
    return buf.getvalue()


# --- the page heading ------------------------------------------------------------------------

LEGEND_RUSSIAN = ("‖ пуля закрыта    ⚑ гора списана до нуля    ^ бомба, ^^ двойная, ^^^ ёлка    "
                  "✓ погашена (сыграна)")
LEGEND_BALKAN = "— рефе    / рефе сыгран    ^ шешир    v шешир снят"


@dataclass(frozen=True)
class Header:
    """What the heading of the sheet's page says."""

    title: str
    subtitle: str
    date: str | None  #: None on a blank sheet: a line to write the date on
    legend: str
    convention: str | None = None


def _blank_subtitle(names: tuple[str, ...] | None) -> str:
    return " · ".join(names) if names else ""


def _draw_header(c: Canvas, f: Fonts, st: type[Styles], head: Header, geo: PageGeometry) -> None:
    """Title and date (or a line for it), the subtitle, and the legend of the marks."""
    left, right = geo.margin * mm, (geo.page_w - geo.margin) * mm
    c.setFillGray(st.ink)
    date_w = geo.date_w * mm
    title = clip(f, f.text(head.title), True, st.title, right - left - date_w - 4 * mm)
    c.setFont(f.bold, st.title)
    c.drawString(left, geo.title_y * mm, title)
    c.setFont(f.regular, st.subtitle)
    if head.date:
        c.drawRightString(right, geo.title_y * mm, f.text(head.date))
    else:
        label = "дата "
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
