"""The sheet and the settlement for the terminal (rich tables, drawn without rich where it
would print plain text: see :mod:`.plain`; NO_COLOR is honoured)."""

from __future__ import annotations

from ..families.base import Explanation, State, Step
from ..model import Game
from ..numbers import mixed, signed
from ..replay import family_of
from ..settlement import Settlement
from .plain import Console
from .plain import Table as RichTable
from .registry import get_renderer


def console() -> Console:
    return Console()


def show(game: Game, report: dict, state: State, settlement: Settlement,
         steps: list[Step] | None = None) -> None:
    """Print the sheet as it stands, the state of play, and the settlement so far."""
    out = console()
    table = game.table
    conv = table.convention
    players = table.players
    overrides = ", ".join(f"{k}={v}" for k, v in table.overrides.items())
    out.print(f"{conv.title} "
              + f"[{table.convention_ref}, rules {conv.digest()}]"
              + (f"  (overrides: {overrides})" if overrides else "")
              + (f", whist {conv['price']}" if conv["price"] is not None else ""),
              style="bold")
    sheet = RichTable(title="whists are written on the player named in"
                      " the column", title_justify="left")
    sheet.add_column("player")
    shown = family_of(game.table).presentation
    columns = [c for c in shown.columns if c in report]
    for column in columns:
        sheet.add_column(shown.labels.get(column, column), justify="right")
    for other in players:
        sheet.add_column(f"on {other}", justify="right")
    sheet.add_column("result", justify="right")
    whists = report.get("whists", {})
    for p in players:
        row = [p] + [mixed(report[c][p]) for c in columns]
        row += ["" if o == p else mixed(whists.get(p, {}).get(o, 0)) for o in players]
        row.append(signed(settlement.result[p], minus="-"))
        sheet.add_row(*row)
    out.print(sheet)
    more = get_renderer(conv.family).text_sheet(game, steps)
    if more is not None:
        out.print(more)
    for line in status_lines(game, report, state):
        out.print(line)
    if settlement.money is not None:
        out.print("money now: " + ", ".join(f"{p} {settlement.money[p]:+}" for p in players))


def status_lines(game: Game, report: dict, state: State) -> list[str]:
    """Deals played, whose deal is next, the raspasy streak and its exit, and the end."""
    lines = [f"deals: {report['deals']}"]
    if state.finished:
        lines.append(f"the game is over: {state.end_reason}")
        return lines
    nxt = f"next deal: {state.dealer} deals"
    if state.sitting_out:
        nxt += " and sits out"
    lines.append(nxt)
    lines += family_of(game.table).status(state)
    return lines


def deals(steps: list[Step]) -> None:
    """Every deal and what it wrote."""
    from ..notation import format_deal

    out = console()
    for step in steps:
        out.print(f"{step.number}. {format_deal(step.deal)}")
        for line in [p.describe() for p in step.postings] + list(step.notes):
            out.print(f"     {line}")


def settlement_text(game: Game, settlement: Settlement, explanation: Explanation | None,
                    state: State) -> None:
    """The settlement in whists and money, and optionally the paper-method steps."""
    out = console()
    players = game.table.players
    if explanation is not None:
        for title, lines in explanation.steps:
            out.print(title, style="bold")
            for line in lines:
                out.print(f"  {line}")
        out.print()
    table = RichTable()
    table.add_column("player")
    table.add_column("whists", justify="right")
    if settlement.money is not None:
        table.add_column("money", justify="right")
    for p in players:
        row = [p, signed(settlement.result[p], minus="-")]
        if settlement.money is not None:
            row.append(f"{settlement.money[p]:+}")
        table.add_row(*row)
    out.print(table)
    for payer, payee, amount in settlement.transfers:
        shown = f"{amount}" if settlement.money is not None else f"{mixed(amount)} whists"  # type: ignore[arg-type]
        out.print(f"{payer} pays {payee} {shown}")
    if not state.finished:
        out.print("(the game is not over: this is the settlement as it stands now)")
