"""The settlement of a payment game by balance (payment-families.md §0.8).

balanceᵢ = out of the pot − into the pot + direct payments received − paid + his part of what
is left in the pot. The parts are exact and the balances sum to zero.
"""

from __future__ import annotations

from ...i18n import _
from ...numbers import Exact, div, mixed
from ..base import Explanation
from .state import PAID, PaymentState


def leftover(state: PaymentState, rule: str) -> dict[str, Exact]:
    """Each player's part of what is left in the pot: equal shares (``share``),
    (``contributors``) in proportion to what each put in, or (``carry``) none: it stays in the
    pot for the next session."""
    players = state.players
    if rule == "carry":
        return {p: 0 for p in players}
    put_in = state.sheet.cells["pot_in"]
    total_in = sum(put_in.values())
    if rule == "contributors" and total_in:
        return {p: div(state.pot * put_in[p], total_in) for p in players}
    return {p: div(state.pot, len(players)) for p in players}


def kept(state: PaymentState, rule: str) -> Exact:
    """What stays in the pot for the next session (``end.leftover: carry``), else 0."""
    return state.pot if rule == "carry" else 0


def direct(state: PaymentState, player: str) -> Exact:
    """What the others paid this player directly, less what he paid them."""
    return -state.sheet.net_whists(player, PAID)


def balance(state: PaymentState, rule: str) -> dict[str, Exact]:
    cells = state.sheet.cells
    share = leftover(state, rule)
    return {p: cells["pot_out"][p] - cells["pot_in"][p] + direct(state, p) + share[p]
            for p in state.players}


def paid_matrix(state: PaymentState) -> dict[str, dict[str, Exact]]:
    """``paid[payer][payee]``: the gross totals paid directly (zeros left out)."""
    out: dict[str, dict[str, Exact]] = {}
    for (payer, payee), amount in state.sheet.pairs[PAID].items():
        if amount:
            out.setdefault(payer, {})[payee] = amount
    return out


def summary(state: PaymentState, rule: str) -> dict[str, object]:
    cells = state.sheet.cells
    return {
        "pot": state.pot,
        "pot_in": dict(cells["pot_in"]),
        "pot_out": dict(cells["pot_out"]),
        "paid": paid_matrix(state),
        "refills": state.refills,
        "balance": balance(state, rule),
    }


def explain(state: PaymentState, rule: str) -> Explanation:
    cells = state.sheet.cells
    share = leftover(state, rule)
    result = balance(state, rule)
    lines_pot = tuple(
        _("{player}: took out {out}, put in {put}").format(
            player=p, out=mixed(cells["pot_out"][p]), put=mixed(cells["pot_in"][p]))
        for p in state.players)
    lines_direct = tuple(
        _("{player}: received {got}, paid {gave}").format(
            player=p, got=mixed(sum(v for (a, b), v in state.sheet.pairs[PAID].items()
                                    if b == p)),
            gave=mixed(sum(v for (a, b), v in state.sheet.pairs[PAID].items() if a == p)))
        for p in state.players)
    if rule == "carry":
        lines_left: tuple[str, ...] = (
            _("left in the pot: {pot}, kept for the next session").format(pot=mixed(state.pot)),)
    else:
        lines_left = (_("left in the pot: {pot}").format(pot=mixed(state.pot)),
                      *(_("{player}: {share}").format(player=p, share=mixed(share[p]))
                        for p in state.players))
    lines_balance = tuple(
        _("{player}: {out} − {put} {net} + {share} = {total}").format(
            player=p, out=mixed(cells["pot_out"][p]), put=mixed(cells["pot_in"][p]),
            net=_spaced(direct(state, p)), share=mixed(share[p]), total=mixed(result[p]))
        for p in state.players)
    return Explanation((
        (_("1. The pot: what each took out and put in"), lines_pot),
        (_("2. Direct payments"), lines_direct),
        (_("3. What is left in the pot, kept") if rule == "carry" else
         _("3. What is left in the pot, shared"), lines_left),
        (_("4. Balance: out − in + direct + share"), lines_balance),
    ))


def _spaced(value: Exact) -> str:
    """``+ 3`` or ``− 77``: a term added or taken away, as a sum is written."""
    return f"− {mixed(-value)}" if value < 0 else f"+ {mixed(value)}"


def status(state: PaymentState) -> list[str]:
    lines = [_("pot: {pot}").format(pot=mixed(state.pot))]
    if state.played_for is not None:
        lines.append(_("the last deal was played for {amount}").format(
            amount=mixed(state.played_for)))
    if state.empty and not state.finished:
        lines.append(_("the pot is empty: write refill to go on, or end"))
    return lines
