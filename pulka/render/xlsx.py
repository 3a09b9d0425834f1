"""The settlement workbook: the sheet, every deal with what it wrote, and the settlement.

Three worksheets:

- **Sheet**: the pulka as it stands (pulya, gora and whists on each opponent, or bule, refes,
  hats and supe), the result in whists and money; beside it, formulas that recompute the
  result from the sheet, so a player can check it in his spreadsheet.
- **Deals**: every deal in order and each entry it wrote (column, on whom, amount, why).
- **Settlement**: the paper-method steps, the final whists and money, and who pays whom.

Numbers are written as values (fractions shown the way players write them, ``13 1/3``); text
is always written as text, so a name such as ``=cmd`` never becomes a formula.
"""

from __future__ import annotations

import io
from decimal import Decimal
from fractions import Fraction

from openpyxl import Workbook
from openpyxl.styles import Alignment, Font, PatternFill
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.worksheet import Worksheet

from ..families.base import Presentation, State, Step
from ..i18n import _, decimal, ngettext, pgettext, translated
from ..model import Game
from ..notation import format_deal
from ..numbers import Exact
from ..replay import family_of
from ..settlement import Settlement
from .words import PAPER_SIGN, on_paper, sheet_name

FRACTION = "# ?/?;-# ?/?;0"
MONEY = "#,##0.00;-#,##0.00;0.00"
BOLD = Font(bold=True)
TITLE = Font(bold=True, size=13)
HEADER_FILL = PatternFill("solid", fgColor="E8E8E8")
CHECK_FONT = Font(italic=True, color="666666")


def render_xlsx(game: Game, steps: list[Step], report: dict, state: State,
                settlement: Settlement) -> bytes:
    """The workbook of a game, as the bytes of an .xlsx file."""
    book = Workbook()
    sheet = book.active
    assert isinstance(sheet, Worksheet)  # a new workbook's one sheet
    sheet.title = pgettext("worksheet", "Sheet")
    _sheet(sheet, game, report, settlement)
    _deals(book.create_sheet(pgettext("worksheet", "Deals")), game, steps)
    _settlement(book.create_sheet(pgettext("worksheet", "Settlement")), game, state, settlement)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


# --- cells ----------------------------------------------------------------------------------


def _put(ws: Worksheet, row: int, col: int, value: object, fmt: str | None = None,
         font: Font | None = None) -> None:
    """Write one cell: numbers as numbers, everything else as plain text."""
    cell = ws.cell(row=row, column=col)
    if isinstance(value, bool):
        cell.value = _("yes") if value else _("no")
        cell.data_type = "s"
    elif isinstance(value, Fraction):
        cell.value = int(value) if value.denominator == 1 else float(value)
        cell.number_format = fmt or FRACTION
    elif isinstance(value, Decimal):
        cell.value = float(value)
        cell.number_format = fmt or MONEY
    elif isinstance(value, int):
        cell.value = value
    elif value is None:
        return
    else:
        cell.value = str(value)
        cell.data_type = "s"  # never a formula, whatever the text starts with
    if font is not None:
        cell.font = font


def _formula(ws: Worksheet, row: int, col: int, formula: str, fmt: str = FRACTION) -> None:
    cell = ws.cell(row=row, column=col)
    cell.value = formula
    cell.number_format = fmt
    cell.font = CHECK_FONT


def _header(ws: Worksheet, row: int, titles: list[str], col: int = 1) -> None:
    for offset, title in enumerate(titles):
        _put(ws, row, col + offset, title, font=BOLD)
        ws.cell(row=row, column=col + offset).fill = HEADER_FILL
        ws.cell(row=row, column=col + offset).alignment = Alignment(horizontal="center",
                                                                    wrap_text=True)


def _widths(ws: Worksheet, minimum: int = 6, maximum: int = 60) -> None:
    widths: dict[int, int] = {}
    for row in ws.iter_rows():
        for cell in row:
            if cell.value is None:
                continue
            text = str(cell.value)
            if isinstance(cell.value, float):
                text = f"{cell.value:.2f}"
            widths[cell.column] = max(widths.get(cell.column, 0), len(text) + 2)
    for col, width in widths.items():
        ws.column_dimensions[get_column_letter(col)].width = max(minimum, min(width, maximum))


# --- the three sheets ---------------------------------------------------------------------------


def _sheet(ws: Worksheet, game: Game, report: dict, settlement: Settlement) -> None:
    table = game.table
    conv = table.convention
    players = table.players
    _put(ws, 1, 1, f"{conv.title} — {', '.join(players)}", font=TITLE)
    deals = report["deals"]
    parts = [ngettext("{n} deal", "{n} deals", deals).format(n=deals),
             _("the game is over") if report["finished"] else _("the game is not over")]
    price = conv["price"]
    shown = family_of(game.table).presentation
    if price is not None and shown.result:  # the result is not in whists: a unit's price
        parts.append(_("one unit: {price}").format(price=decimal(str(price))))
    elif price is not None:
        parts.append(_("whist price {price}").format(price=decimal(str(price))))
    _put(ws, 2, 1, "; ".join(parts))
    columns = list(shown.columns)
    pair = translated(shown.pair)
    head = [_("player"), *(sheet_name(shown, c) for c in columns),
            *(_pair_heading(shown, pair, o) for o in players),
            translated(shown.result) if shown.result else _("result (whists)")]
    if settlement.money is not None:
        head.append(_("money"))
    head.append(_("result, recomputed"))
    top = 4
    _header(ws, top, head)
    whists = report.get(shown.pair_key, {})
    as_values = _not_linear(shown, conv)
    first, last = top + 1, top + len(players)
    pair_col = 2 + len(columns)
    result_col = pair_col + len(players)
    money_col = result_col + 1 if settlement.money is not None else None
    for i, p in enumerate(players):
        row = first + i
        _put(ws, row, 1, p, font=BOLD)
        for c, column in enumerate(columns):
            _put(ws, row, 2 + c, on_paper(column, Fraction(report[column][p])))
        for j, o in enumerate(players):
            if o != p:
                _put(ws, row, pair_col + j, Fraction(whists.get(p, {}).get(o, 0)))
        _put(ws, row, result_col, settlement.result[p])
        if settlement.money is not None:
            _put(ws, row, result_col + 1, settlement.money[p])
        check_col = result_col + (2 if settlement.money is not None else 1)
        if as_values is not None:  # the settlement is not the columns' sum: its values again
            _put(ws, row, check_col, settlement.result[p], font=CHECK_FONT)
        else:
            _formula(ws, row, check_col, _result_formula(shown, conv, row, i, first, last,
                                                          pair_col, len(players)))
    _put(ws, last + 1, 1, _("sum"))
    for col in range(2, len(head) + 1):
        letter = get_column_letter(col)
        if col >= pair_col and col < pair_col + len(players):
            continue
        _formula(ws, last + 1, col, f"=SUM({letter}{first}:{letter}{last})",
                 MONEY if col == money_col else FRACTION)
    if as_values is not None:
        key, value = as_values
        _put(ws, last + 3, 1, _("The last column repeats the result as values: with {key}: "
                                "{value} the sheet's columns do not add up to it.").format(
                                    key=key, value=value), font=CHECK_FONT)
    else:
        _put(ws, last + 3, 1, _("The last column recomputes the result from the sheet with "
                                "formulas: {formula}").format(formula=_explain_formula(shown, conv)),
             font=CHECK_FONT)
    ws.freeze_panes = ws.cell(row=first, column=2).coordinate  # (the setter takes a cell's)
    _widths(ws, maximum=22)
    ws.column_dimensions["A"].width = max(12, max(len(p) for p in players) + 4)


def _pair_heading(shown: Presentation, pair: str, name: str) -> str:
    if shown.pair_sign < 0:  # what this player paid the other
        return _("{pair} to {name}").format(pair=pair, name=name)
    return _("{pair} on {name}").format(pair=pair, name=name)


def _not_linear(shown: Presentation, conv) -> tuple[str, str] | None:
    """The convention (key, value) that makes the settlement other than the sheet's sum."""
    for key, value in shown.values_when:
        if conv.values.get(key) == value:
            return key, value
    return None


def _result_formula(shown: Presentation, conv, row: int, i: int, first: int, last: int,
                    pair_col: int, n: int) -> str:
    """The family's settlement terms as a formula on this row, plus the net pair columns."""
    own = f"{get_column_letter(pair_col)}{row}:{get_column_letter(pair_col + n - 1)}{row}"
    mine = get_column_letter(pair_col + i)
    on_me = f"{mine}{first}:{mine}{last}"
    out = "="
    for k, term in enumerate(shown.terms):
        sign = "-" if term.sign * PAPER_SIGN.get(term.column, 1) < 0 else ("+" if k else "")
        col = get_column_letter(2 + shown.columns.index(term.column))
        rate = "" if term.rate is None else f"{_num(conv[term.rate])}*"
        out += f"{sign}{rate}({col}{row}-AVERAGE({col}${first}:{col}${last}))"
    if shown.pair_sign < 0:  # he paid his row and was paid his column
        return out + f"-SUM({own})+SUM({on_me})"
    return out + f"+SUM({own})-SUM({on_me})"


def _explain_formula(shown: Presentation, conv) -> str:
    """The same terms in words, for the note under the sheet."""
    out = ""
    for k, term in enumerate(shown.terms):
        negative = term.sign * PAPER_SIGN.get(term.column, 1) < 0
        sign = "−" if negative else ""
        if k:
            sign = " − " if negative else " + "
        if term.rate is None:
            out += sign + _("({column} − mean)").format(column=sheet_name(shown, term.column))
        else:
            out += sign + _("{rate} × ({column} − mean)").format(
                rate=_num(conv[term.rate]), column=sheet_name(shown, term.column))
    pair = translated(shown.pair)
    if shown.pair_sign < 0:
        net = _("{pair} to him − {pair} by him").format(pair=pair)
    else:
        net = _("{pair} written − {pair} written on him").format(pair=pair)
    return f"{out} + {net}" if out else net


def _num(number: Exact) -> str:
    value = Fraction(number)
    return str(value.numerator) if value.denominator == 1 else f"({value.numerator}/{value.denominator})"


def _deals(ws: Worksheet, game: Game, steps: list[Step]) -> None:
    shown = family_of(game.table).presentation
    _header(ws, 1, [_("deal"), _("dealer"), _("as written"), _("player"), _("column"),
                    # Translators: the column of the player an entry is written on
                    pgettext("workbook", "on"), _("amount"), _("why")])
    row = 2
    for step in steps:
        _put(ws, row, 1, step.number, font=BOLD)
        _put(ws, row, 2, step.dealer)
        _put(ws, row, 3, format_deal(step.deal))
        if not step.postings and not step.notes:
            row += 1
        for posting in step.postings:
            _put(ws, row, 4, posting.player)
            _put(ws, row, 5, sheet_name(shown, posting.column))
            _put(ws, row, 6, posting.target)
            _put(ws, row, 7, on_paper(posting.column, posting.amount))
            _put(ws, row, 8, posting.note)
            row += 1
        for note in step.notes:
            _put(ws, row, 8, note)
            row += 1
    ws.freeze_panes = "A2"
    ws.auto_filter.ref = f"A1:H{max(row - 1, 1)}"
    _widths(ws)


def _settlement(ws: Worksheet, game: Game, state: State, settlement: Settlement) -> None:
    players = game.table.players
    row = 1
    _put(ws, row, 1, _("Settlement, the paper way"), font=TITLE)
    row += 2
    for title, lines in family_of(game.table).explain(state).steps:
        _put(ws, row, 1, title, font=BOLD)
        row += 1
        for line in lines:
            _put(ws, row, 1, line)
            row += 1
        row += 1
    shown = family_of(game.table).presentation
    result = translated(shown.result) if shown.result else _("whists")
    head = [_("player"), result] + ([_("money")] if settlement.money is not None else [])
    _header(ws, row, head)
    first = row + 1
    for p in players:
        row += 1
        _put(ws, row, 1, p, font=BOLD)
        _put(ws, row, 2, settlement.result[p])
        if settlement.money is not None:
            _put(ws, row, 3, settlement.money[p])
    row += 1
    _put(ws, row, 1, _("sum"))
    _formula(ws, row, 2, f"=SUM(B{first}:B{row - 1})")
    if settlement.money is not None:
        _formula(ws, row, 3, f"=SUM(C{first}:C{row - 1})", MONEY)
    row += 2
    _header(ws, row, [_("pays"), _("to"), _("amount")])
    for payer, payee, amount in settlement.transfers:
        row += 1
        _put(ws, row, 1, payer)
        _put(ws, row, 2, payee)
        _put(ws, row, 3, amount if isinstance(amount, Decimal) else Fraction(amount))
    if not state.finished:
        _put(ws, row + 2, 1, _("The game is not over: this is the settlement as it stands now."))
    _widths(ws, maximum=90)
