"""The History tab: each player's balance after every deal, in whists (or units) and in money,
the highest and lowest of each, the settlement as the last row, and a line chart of it.

Each row is the game settled as it stood after that deal (what ``pulka settle`` would have
said then), so the last deal's row is the settlement.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from fractions import Fraction

from ...convention.schema import PRICE
from ...families.base import State, Step
from ...game import Game
from ...i18n import _, translated
from ...notation import words_for
from ...notation.styles import said_in_language, written
from ...numbers import Exact
from ...replay import family_of
from ...replay import steps as replay_steps
from ...settlement.money import Settlement, to_money
from .cells import (
    BOLD,
    FRACTION,
    KEY,
    MONEY,
    Tab,
    formula,
    get_column_letter,
    header,
    line_chart,
    put,
    total,
    widths,
)
from .printing import chart_fits

FIRST = 3  #: the row of the first deal (a row of group titles, then the header row)
WHISTS = 3  #: the first balance column (after the deal's number and text)
#: the most deal numbers the chart's axis shows: more would run together (400 deals: every 25th)
DEAL_LABELS = 20
#: the chart's width and height (cm)
CHART_SIZE = (24, 10)

Balances = Mapping[str, Exact | Decimal]


class Rows(list):
    """The History tab's rows, (deal number, deal text, its balances), gathered as the game is
    replayed: :meth:`add` is told of each deal with the state after it (see report.build)."""

    def __init__(self, game: Game) -> None:
        super().__init__()
        self.family = family_of(game.table)
        self.price = game.table.convention[PRICE]
        self.words = words_for(game.table.convention.family)
        self.style = said_in_language(self.words)  # the deal in the players' words, as the PDF has it
        self.players = game.table.players

    def add(self, step: Step, state: State) -> None:
        # the game settled as it stood, in whists (units) and in money (settle's result and
        # money; who pays whom is not shown)
        result = self.family.result(state)
        money = [to_money(result, self.price, state.players)] if self.price is not None else []
        self.append((step.number, written(step.deal, self.style, self.players, self.words),
                     [result, *money]))


def history_tab(ws: Tab, game: Game, settlement: Settlement, rows: Rows | None = None) -> None:
    """The tab, from ``rows`` when the replay that made the steps gathered them (else the
    game is replayed here)."""
    family = family_of(game.table)
    players = game.table.players
    shown = family.presentation
    unit = translated(shown.result) if shown.result else _("whists")
    money = settlement.money is not None
    if rows is None:
        rows = Rows(game)
        for step, state in replay_steps(game):
            rows.add(step, state)
    groups = [(WHISTS, FRACTION)] + ([(WHISTS + len(players) + 1, MONEY)] if money else [])
    titles = [_("balance after the deal: {unit}").format(unit=unit),
              _("balance after the deal: money")]
    header(ws, 2, [_("deal"), _("as written"), *((*players, _("sum")) * len(groups))])
    width = WHISTS - 1 + len(groups) * (len(players) + 1)
    for row, (number, text, values) in enumerate(rows, start=FIRST):
        put(ws, row, 1, number, font=KEY)
        put(ws, row, 2, text)
        for (col, fmt), group in zip(groups, values, strict=True):
            _balances(ws, row, col, players, group, fmt)
    last = FIRST + len(rows) - 1
    row = last + 1
    if rows:
        ws.ws.autofilter(f"A2:{get_column_letter(width)}{last}")
        for name, pick, function in ((_("highest"), max, "MAX"), (_("lowest"), min, "MIN")):
            put(ws, row, 1, name, font=BOLD)
            for g, (col, fmt) in enumerate(groups):
                for k, p in enumerate(players):
                    letter = get_column_letter(col + k)
                    formula(ws, row, col + k, f"={function}({letter}{FIRST}:{letter}{last})",
                            pick(r[2][g][p] for r in rows), fmt)
            row += 1
        row += 1
    put(ws, row, 1, _("settlement"), font=BOLD)
    final: list[Balances] = [settlement.result]
    if settlement.money is not None:
        final.append(settlement.money)
    for (col, fmt), group in zip(groups, final, strict=True):
        _balances(ws, row, col, players, group, fmt)
    ws.ws.freeze_panes(FIRST - 1, 2)
    widths(ws, maximum=40)
    for col in range(WHISTS, width + 1):
        ws.set_width(col, max(ws.width.get(col, 0), 9))
    for (col, _fmt), title in zip(groups, titles[:len(groups)], strict=True):  # (after widths)
        put(ws, 1, col, title, font=BOLD)
    if rows:  # below the table: on the table's last page where it fits, else on a page of its own
        if not chart_fits(ws, row, CHART_SIZE[1]):
            ws.ws.set_h_pagebreaks([row + 1])
        _chart(ws, last, len(players), unit, row + 3,  # (its frame off the break)
               (rows[0][0], rows[-1][0]))


def _balances(ws: Tab, row: int, col: int, players: tuple[str, ...], values: Balances,
              fmt: str) -> None:
    """One value a player, and their sum (a formula: zero, the check that nothing is lost)."""
    for k, p in enumerate(players):
        value = values[p]
        put(ws, row, col + k, value if isinstance(value, Decimal) else Fraction(value), fmt)
    first, end = get_column_letter(col), get_column_letter(col + len(players) - 1)
    row_values = list(values.values())
    formula(ws, row, col + len(players), total(f"{first}{row}:{end}{row}", row_values, fmt),
            sum((Fraction(v) for v in row_values), Fraction(0)), fmt)


def _chart(ws: Tab, last: int, n: int, unit: str, where: int, deals: tuple[int, int]) -> None:
    """Each player's balance in whists (or units) after every deal, one line a player, with its
    top left corner in column A of the row ``where``."""
    line_chart(ws, (where, 1), CHART_SIZE, (_("Balance after every deal"), _("deal"), unit),
               heads=2, rows=(FIRST, last), columns=range(WHISTS, WHISTS + n), y_format="0",
               labels=DEAL_LABELS, scale=deals)
