"""The deals and settlement pages that follow a filled sheet.

Every deal with what it wrote on the sheet, then the settlement step by step and the final
table. :class:`_Flow` lays blocks of lines down the pages and keeps each block on one page.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from functools import partial

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from ...convention.schema import CURRENCY
from ...families.base import Presentation
from ...game import Deal
from ...i18n import _, translated
from ...notation import format_deal, words_for
from ...numbers import signed, true_minus
from ..words import money as money_text
from ..words import on_paper, payment, sheet_name, title_alone
from .geometry import ListGeometry
from .style import Fonts, Styles, begin_lines, clip, longest


class _Page:
    """One list page as laid out: its texts and its hairlines (a plain class: a dataclass is
    compiled from source at every start)."""

    __slots__ = ("rules", "texts")

    def __init__(self) -> None:
        self.texts: list[tuple[float, float, str, float, float, str, str]] = []
        self.rules: list[tuple[float, float, float, float]] = []


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

    def need(self, height: float) -> None:
        """A new page unless ``height`` is left on this one (and it is not a fresh page)."""
        if self.y - height < self.geo.bottom * mm and self.pages[-1].texts:
            self.new_page()

    def skip(self, dy: float) -> None:
        self.y -= dy

    def draw(self, c: Canvas, st: type[Styles], sheets: int = 1) -> None:
        f = self.f
        total = len(self.pages)
        for number, page in enumerate(self.pages, 1):
            c.setFont(f.bold, st.heading)
            c.drawString(self.geo.left * mm, self.geo.top * mm,
                         clip(f, f.text(self.heading), True, st.heading, _HEADING_W))
            c.setFont(f.regular, st.footer)
            c.setFillGray(st.grey)
            c.drawRightString(self.geo.right * mm, self.geo.footer_y * mm,
                              f"{number + sheets}/{total + sheets}")
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
            text = begin_lines(c)
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


#: the room of the list pages' heading (points): the page number stands right of it
_HEADING_W = (ListGeometry.right - ListGeometry.left - 30) * mm


def _heading(f: Fonts, title: str) -> str:
    """The list pages' heading; a convention named in two languages is named in the players'
    alone where both do not fit."""
    heading = _("Deals and settlement — {title}").format(title=title)
    alone = title_alone(title)
    if alone is not None and f.width(f.text(heading), True) * Styles.heading > _HEADING_W:
        heading = _("Deals and settlement — {title}").format(title=alone)
    return heading


def _fitting(f: Fonts, text: str, size: float, width: float, bold: bool) -> int:
    """How many characters of the text fit in the width."""
    return longest(lambda k: f.width(text[:k], bold) * size <= width, len(text))


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
        while len(word) > 1:  # cut the longest prefix that fits (at least one character)
            cut = _fitting(f, word, size, width, bold)
            if cut == len(word):
                break
            lines.append(word[:max(cut, 1)])
            word = word[max(cut, 1):]
        line = word
    if line:
        lines.append(line)
    return lines


def _described(posting, shown: Presentation) -> str:
    """What a deal wrote in a column, with the sign the sheet writes it in."""
    return posting._replace(amount=on_paper(shown, posting.column, posting.amount)).describe()


def draw_lists(c: Canvas, f: Fonts, title: str, players, steps, report, state, settlement,
                explanation, columns: tuple[str, ...] = (),
                shown: Presentation | None = None, sheets: int = 1,
                notation: Callable[[Deal], str] | None = None) -> None:
    """The deals, then the settlement, on as many pages as they need (after the ``sheets``
    pages of the sheet); ``columns`` are the family's per-player columns for the final table,
    ``shown`` how the family names them and its pair columns, ``notation`` how a deal is
    written (the journal's canonical text unless the caller says otherwise)."""
    if notation is None:
        words = words_for(state.table.convention.family)
        notation = partial(format_deal, words=words)
    st = Styles
    G = ListGeometry
    shown = shown or Presentation(columns, "whists", ())
    flow = _Flow(f, _heading(f, title))
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
            (lead, _("dealer"), x_dealer, True, size, "l", st.grey),
            (lead, _("deal"), x_deal, True, size, "l", st.grey),
            (lead, _("written on the sheet"), x_written, True, size, "l", st.grey)]
    flow.block(head, rule=True, gap=G.row_gap * mm)
    flow.repeat = head
    if not steps:
        flow.block([(lead, _("no deals yet"), x_deal, False, size, "l", st.grey)], gap=G.row_gap * mm)
    for step in steps:
        deal_lines = _wrap(f, notation(step.deal), size, w_deal)
        written = [(line, st.ink) for posting in step.postings
                   for line in _wrap(f, _described(posting, shown), size, w_written)]
        written += [(line, st.grey) for note in step.notes for line in _wrap(f, note, size, w_written)]
        if not written:
            written = [("—", st.grey)]
        dealer = clip(f, f.text(step.dealer or ""), False, size, w_dealer)
        lines = [(lead, str(step.number), x_num, False, size, "r", st.ink),
                 (lead, dealer, x_dealer, False, size, "l", st.ink)]
        lines += [(lead * (k + 1), text, x_deal, False, size, "l", st.ink)
                  for k, text in enumerate(deal_lines)]
        lines += [(lead * (k + 1), text, x_written, False, size, "l", grey)
                  for k, (text, grey) in enumerate(written)]
        flow.block(lines, rule=True, gap=G.row_gap * mm)
    flow.repeat = None
    _settlement(flow, f, players, report, state, settlement, explanation, columns, shown)
    flow.draw(c, st, sheets)


def _settlement(flow: _Flow, f: Fonts, players, report, state, settlement, explanation,
                columns: tuple[str, ...], shown: Presentation) -> None:
    st = Styles
    G = ListGeometry
    size = st.list_text
    lead = size * 1.25
    left = G.left * mm
    width = (G.right - G.left) * mm
    currency = state.table.convention[CURRENCY]  # after each payment, when the table set one
    flow.skip(G.section_gap * mm)
    heading = _("Settlement") if state.finished else \
        _("Settlement (the game is not over: as it stands now)")
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
    columns = tuple(c for c in columns if c in report)
    if shown.pair_sign < 0:  # what each paid the others directly, and received from them
        pairs = [_("paid"), _("received")]
    else:
        pairs = [_("whists written"), _("written on him")]
    heads = [_("player"), *(sheet_name(shown, c) for c in columns), *pairs,
             translated(shown.result) if shown.result else _("result"), _("money")]
    money = settlement.money
    if money is None:
        heads.pop()
    step = min(G.number_w * mm, (width - G.name_w * mm) / (len(heads) - 1))
    xs = [left + G.name_w * mm + (k + 1) * step for k in range(len(heads) - 1)]
    flow.skip(2 * mm)
    row = [(lead, heads[0], left, True, size, "l", st.grey)]
    row += [(lead, h, xs[k], True, size, "r", st.grey) for k, h in enumerate(heads[1:])]
    flow.need((lead + G.row_gap * mm) * (len(players) + 1))  # the table on one page if it can
    flow.block(row, rule=True, gap=G.row_gap * mm)
    flow.repeat = row  # and its heading again on the next page if not
    whists = report.get(shown.pair_key, {})
    for p in players:
        written = sum((Fraction(v) for v in whists.get(p, {}).values()), Fraction(0))
        on_him = sum((Fraction(whists.get(o, {}).get(p, 0)) for o in players if o != p), Fraction(0))
        cells = [(signed if col in shown.negated else true_minus)(
                     on_paper(shown, col, Fraction(report[col][p])))
                 for col in columns]  # (the bule with its sign, as the sheet writes it)
        cells += [true_minus(written), true_minus(on_him), signed(settlement.result[p])]
        if money is not None:
            cells.append(money_text(money[p]).replace("-", "−"))
        row = [(lead, clip(f, f.text(p), True, size, (G.name_w - 2) * mm), left, True, size, "l", st.ink)]
        row += [(lead, cell, xs[k], False, size, "r", st.ink) for k, cell in enumerate(cells)]
        flow.block(row, rule=True, gap=G.row_gap * mm)
    flow.repeat = None
    flow.skip(2 * mm)
    lines = []
    dy = 0.0
    for payer, payee, amount in settlement.transfers:
        said = payment(payer, payee, amount, money is not None, bool(shown.result), currency,
                       shown.parties)
        for part in _wrap(f, said, st.step_title, width):
            dy += st.step_title * 1.35
            lines.append((dy, part, left, True, st.step_title, "l", st.ink))
    if not lines:
        lines = [(lead, _("nobody pays anybody"), left, False, size, "l", st.ink)]
    flow.block(lines, gap=G.block_gap * mm)

