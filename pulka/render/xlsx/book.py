"""The settlement workbook: the sheet, every deal with what it wrote, the history, and the
settlement.

Four worksheets:

- **Sheet**: the pulka as it stands (pulya, gora and whists on each opponent, or bule, refes,
  hats and supe), the result in whists and money; beside it, formulas that recompute the
  result from the sheet, so a player can check it in his spreadsheet.
- **Deals** (:mod:`.deals`): every deal of the journal and each entry it wrote, one entry
  a row that names its deal; voided and corrected deals marked.
- **History** (:mod:`.history`): each player's balance after every deal, and a chart.
- **Settlement**: the paper-method steps, the final whists and money, and who pays whom.

Numbers are written as values (fractions shown the way players write them, ``13 1/3``); text
is always written as text, so a name such as ``=cmd`` never becomes a formula. Every formula
is stored with its value (XlsxWriter writes it beside the formula), and every tab prints on
the width of a page (:mod:`.printing`).
"""

from __future__ import annotations

import io
import os
from decimal import Decimal
from fractions import Fraction

from ...convention.schema import PRICE
from ...families.base import Presentation, State, Step
from ...game import Game
from ...i18n import _, decimal, ngettext, pgettext, translated
from ...names import short_forms
from ...numbers import Exact
from ...replay import family_of
from ...settlement.money import Settlement
from ..words import on_paper, paper_sign, party, sheet_name, title_alone
from .cells import (
    BOLD,
    CHECK_FONT,
    FRACTION,
    MONEY,
    PLACES,
    TITLE,
    Book,
    Tab,
    formula,
    get_column_letter,
    header,
    put,
    total,
    widths,
)
from .deals import deals_tab
from .history import Rows, history_tab
from .printing import print_setup


def render_xlsx(game: Game, steps: list[Step], report: dict, state: State,
                settlement: Settlement, history: Rows | None = None) -> bytes:
    """The workbook of a game, as the bytes of an .xlsx file (``history``: the History tab's
    rows, when the replay gathered them)."""
    from xlsxwriter import Workbook

    out = io.BytesIO()
    workbook = Workbook(out, {"in_memory": True})
    book = Book(workbook)
    sheet = book.tab(pgettext("worksheet", "Sheet"))
    _sheet(sheet, game, report, settlement)
    deals = book.tab(pgettext("worksheet", "Deals"))
    deals_tab(deals, game, steps, state.dealer)
    history_sheet = book.tab(pgettext("worksheet", "History"))
    history_tab(history_sheet, game, settlement, history)
    money = book.tab(pgettext("worksheet", "Settlement"))
    _settlement(money, game, state, settlement)
    title = _header_forms(game)
    source = os.path.basename(game.path)
    for ws, landscape, rows in ((sheet, True, "4:4"), (deals, True, "1:1"),
                                (history_sheet, True, "1:2"), (money, False, "1:1")):
        print_setup(ws, title, source, landscape=landscape, title_rows=rows)
    workbook.close()
    return out.getvalue()


def _game_title(game: Game) -> str:
    """What the game is: its convention and its players."""
    return f"{game.table.convention.title} — {', '.join(game.table.players)}"


def _header_forms(game: Game) -> list[str]:
    """What the game is, the fullest first, then shorter: a convention named in two languages
    named in the players' alone, then the players' names shortened (never two alike)."""
    players = game.table.players
    forms = [_game_title(game)]
    title = title_alone(game.table.convention.title) or game.table.convention.title
    forms.append(f"{title} — {', '.join(players)}")
    # (a header holds a hundred characters at most: longer forms are never chosen)
    for chars in range(min(max(len(name) for name in players) - 1, 100), 2, -1):
        short = short_forms(players, chars)
        forms.append(f"{title} — {', '.join(short[name] for name in players)}")
    return forms


# --- the three sheets ---------------------------------------------------------------------------


def _sheet(ws: Tab, game: Game, report: dict, settlement: Settlement) -> None:
    table = game.table
    conv = table.convention
    players = table.players
    put(ws, 1, 1, _game_title(game), font=TITLE)
    deals = report["deals"]
    parts = [ngettext("{n} deal", "{n} deals", deals).format(n=deals),
             _("the game is over") if report["finished"] else _("the game is not over")]
    price = conv[PRICE]
    shown = family_of(game.table).presentation
    if price is not None and shown.result:  # the result is not in whists: a unit's price
        parts.append(_("one unit: {price}").format(price=decimal(str(price))))
    elif price is not None:
        parts.append(_("whist price {price}").format(price=decimal(str(price))))
    put(ws, 2, 1, "; ".join(parts))
    columns = list(shown.columns)
    pair = translated(shown.pair)
    head = [_("player"), *(sheet_name(shown, c) for c in columns),
            *(_pair_heading(shown, pair, o) for o in players),
            translated(shown.result) if shown.result else _("result (whists)")]
    if settlement.money is not None:
        head.append(_("money"))
    head.append(_("result, recomputed"))
    top = 4
    header(ws, top, head)
    whists = report.get(shown.pair_key, {})
    as_values = _not_linear(shown, conv)
    first, last = top + 1, top + len(players)
    pair_col = 2 + len(columns)
    result_col = pair_col + len(players)
    money_col = result_col + 1 if settlement.money is not None else None
    check_col = result_col + (2 if settlement.money is not None else 1)
    summed: dict[int, list[Exact | Decimal]] = {}  # column -> the values of its rows
    for i, p in enumerate(players):
        row = first + i
        put(ws, row, 1, p, font=BOLD)
        values: dict[int, Exact | Decimal] = {
            **{2 + c: on_paper(shown, column, Fraction(report[column][p]))
               for c, column in enumerate(columns)},
            result_col: settlement.result[p], check_col: settlement.result[p]}
        if settlement.money is not None:
            values[result_col + 1] = settlement.money[p]
        for col, value in values.items():
            summed.setdefault(col, []).append(value)
            if col != check_col:
                put(ws, row, col, value)
        for j, o in enumerate(players):
            if o != p:
                put(ws, row, pair_col + j, Fraction(whists.get(p, {}).get(o, 0)))
        if as_values is not None:  # the settlement is not the columns' sum: its values again
            put(ws, row, check_col, settlement.result[p], font=CHECK_FONT)
        else:
            formula(ws, row, check_col, _result_formula(shown, conv, row, i, first, last,
                                                        pair_col, len(players)),
                    settlement.result[p])
    put(ws, last + 1, 1, _("sum"))
    for col, column_values in summed.items():
        letter = get_column_letter(col)
        fmt = MONEY if col == money_col else FRACTION
        formula(ws, last + 1, col, total(f"{letter}{first}:{letter}{last}", column_values, fmt),
                sum(Fraction(v) for v in column_values), fmt)
    if as_values is not None:
        key, word = as_values
        put(ws, last + 3, 1, _("The last column repeats the result as values: with {key}: "
                                "{value} the sheet's columns do not add up to it.").format(
                                    key=key, value=word), font=CHECK_FONT)
    else:
        put(ws, last + 3, 1, _("The last column recomputes the result from the sheet with "
                                "formulas: {formula}").format(formula=_explain_formula(shown, conv)),
             font=CHECK_FONT)
    ws.ws.freeze_panes(first - 1, 1)
    widths(ws, maximum=22)
    ws.set_width(1, max(12, max(len(p) for p in players) + 4))


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
    out = ""
    for k, term in enumerate(shown.terms):
        sign = "-" if term.sign * paper_sign(shown, term.column) < 0 else ("+" if k else "")
        col = get_column_letter(2 + shown.columns.index(term.column))
        rate = "" if term.rate is None else f"{_num(conv[term.rate])}*"
        out += f"{sign}{rate}({col}{row}-AVERAGE({col}${first}:{col}${last}))"
    if shown.pair_sign < 0:  # he paid his row and was paid his column
        out += f"-SUM({own})+SUM({on_me})"
    else:
        out += f"+SUM({own})-SUM({on_me})"
    return f"=ROUND({out},{PLACES})"  # (a result of 0 would show as -0 by 1e-14)


def _explain_formula(shown: Presentation, conv) -> str:
    """The same terms in words, for the note under the sheet."""
    out = ""
    for k, term in enumerate(shown.terms):
        negative = term.sign * paper_sign(shown, term.column) < 0
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


def _settlement(ws: Tab, game: Game, state: State, settlement: Settlement) -> None:
    players = game.table.players
    row = 1
    put(ws, row, 1, _("Settlement, the paper way"), font=TITLE)
    row += 2
    for title, lines in family_of(game.table).explain(state).steps:
        put(ws, row, 1, title, font=BOLD)
        row += 1
        for line in lines:
            put(ws, row, 1, line)
            row += 1
        row += 1
    shown = family_of(game.table).presentation
    result = translated(shown.result) if shown.result else _("whists")
    head = [_("player"), result] + ([_("money")] if settlement.money is not None else [])
    header(ws, row, head)
    first = row + 1
    for p in players:
        row += 1
        put(ws, row, 1, p, font=BOLD)
        put(ws, row, 2, settlement.result[p])
        if settlement.money is not None:
            put(ws, row, 3, settlement.money[p])
    row += 1
    put(ws, row, 1, _("sum"))
    results = list(settlement.result.values())
    formula(ws, row, 2, total(f"B{first}:B{row - 1}", [*results]), sum(results))
    if settlement.money is not None:
        money = list(settlement.money.values())
        formula(ws, row, 3, total(f"C{first}:C{row - 1}", [*money], MONEY), sum(money), MONEY)
    row += 2
    header(ws, row, [_("pays"), _("to"), _("amount")])
    for payer, payee, amount in settlement.transfers:
        row += 1
        put(ws, row, 1, party(payer, shown.parties))
        put(ws, row, 2, party(payee, shown.parties))
        put(ws, row, 3, amount if isinstance(amount, Decimal) else Fraction(amount))
    if not state.finished:
        put(ws, row + 2, 1, _("The game is not over: this is the settlement as it stands now."))
    widths(ws, maximum=90)
