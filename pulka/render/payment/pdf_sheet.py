"""The payment sheet on paper: a ruled list with the pot column (its running totals one chain
down the column, each crossing out the one above it: ``150``, ``.140``, ``.150``) and one column
per player with his running net; each deal's moves on its line, every deal on one (an all-pass
or the end that moved nothing said in words). Blank, it is the same ruled list with the names
and the stake in the heading."""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from ...i18n import _, pgettext
from ...numbers import mixed, signed
from ..pdf.geometry import ListGeometry
from ..pdf.style import Fonts, Styles, clip
from .rows import POT, Row

ROW_H = 6.0  #: mm per line
LINE_H = 4.0  #: mm between the lines of one deal's moves, when they take more than one
SEP = " · "  #: between two moves
TOP = 268.0  #: the top of the ruled list, under the heading (mm)
BOTTOM = 16.0
NUMBER_W = 10.0
POT_W = 26.0
MOVES_MIN = 62.0  #: the moves column keeps at least this much


def columns(players: tuple[str, ...] | list[str | None], pot: bool = True
            ) -> tuple[list[float], float]:
    """Where each column starts (mm): deal number, pot (none in a game without one), the
    players; and the moves column."""
    left = ListGeometry.left
    width = ListGeometry.right - left
    pot_w = POT_W if pot else 0.0
    player_w = min(20.0, (width - NUMBER_W - pot_w - MOVES_MIN) / max(len(players), 1))
    xs = [left, left + NUMBER_W]
    x = left + NUMBER_W + pot_w
    for _seat in players:
        xs.append(x)
        x += player_w
    return xs, x


def draw_list(c: Canvas, f: Fonts, seats: list[str | None], lines: list[Row] | None,
              redraw_heading=None, pot: bool = True) -> None:
    """The ruled list; ``lines`` None draws it empty (the blank sheet). Turns the page when
    the lines do not fit, drawing the heading again through ``redraw_heading``. Without a
    ``pot`` (Swabian) the list has no pot column and no opening line."""
    xs, moves_x = columns(seats, pot)
    right = ListGeometry.right
    st = Styles
    y = TOP

    def heading() -> float:
        c.setFont(f.bold, st.field)
        c.drawString(xs[0] * mm, y * mm, f.text(_("deal")))
        if pot:
            c.drawString(xs[1] * mm, y * mm, f.text(pgettext("payment sheet", "pot")))
        for x, end, name in zip(xs[2:], [*xs[3:], moves_x], seats, strict=True):
            if name is None:  # a blank sheet for any players: a field to write the name in
                c.setLineWidth(0.3)
                c.line(x * mm, (y - 0.3) * mm, (end - 2) * mm, (y - 0.3) * mm)
                continue
            c.drawString(x * mm, y * mm, clip(f, f.text(name), True, st.field,
                                             (moves_x - x - 1) * mm))
        c.drawString(moves_x * mm, y * mm, f.text(_("moves")))
        c.setLineWidth(0.6)
        c.line(xs[0] * mm, (y - 1.5) * mm, right * mm, (y - 1.5) * mm)
        return y - ROW_H

    y = heading()
    c.setFont(f.regular, st.field)
    pots: list = []
    for row in lines if lines is not None else [None] * int((y - BOTTOM) / ROW_H):
        if row is not None and row.number is None and not pot:
            continue  # the opening line only says what is in the pot
        moves = [] if row is None else wrap_moves(f, row.moves, st.field, (right - moves_x) * mm)
        more = LINE_H * max(len(moves) - 1, 0)  # the deal's lines of moves after its first
        if y - more < BOTTOM:
            c.showPage()
            if redraw_heading is not None:
                redraw_heading()
            y = TOP
            y = heading()
            c.setFont(f.regular, st.field)
        if row is not None:
            if row.number is not None:
                c.drawRightString((xs[1] - 2) * mm, y * mm, str(row.number))
            if pot and (POT in row.changed or row.number is None):
                # one chain down the column: each total written once, after a dot where it
                # crosses out the one above it (150, .140, .150)
                chained = f".{mixed(row.pot)}" if pots else mixed(row.pot)
                pots.append(row.pot)
                c.drawString(xs[1] * mm, y * mm, clip(f, chained, False, st.field,
                                                      (POT_W - 1) * mm))
            for x, name in zip(xs[2:], seats, strict=True):
                if name in row.changed:
                    c.drawString(x * mm, y * mm, signed(row.nets[name]))
            for k, text in enumerate(moves):
                c.drawString(moves_x * mm, (y - k * LINE_H) * mm, text)
        c.setLineWidth(0.2)
        c.line(xs[0] * mm, (y - more - 1.8) * mm, right * mm, (y - more - 1.8) * mm)
        y -= ROW_H + more


def wrap_moves(f: Fonts, moves: str, size: float, width: float) -> list[str]:
    """A deal's moves on as many lines as they need, broken between two moves (a move wider
    than the line, which a name of 32 letters can make, is clipped)."""
    lines: list[str] = []
    for move in f.text(moves).split(SEP) if moves else []:
        trial = f"{lines[-1]}{SEP}{move}" if lines else move
        if lines and f.width(trial) * size <= width:
            lines[-1] = trial
        else:
            lines.append(clip(f, move, False, size, width))
    return lines
