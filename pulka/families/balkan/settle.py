"""Settlement of a Balkan sheet: the columns brought to a common zero, times ten, plus supe."""

from __future__ import annotations

from ...i18n import N_, _
from ...numbers import Exact, div, mixed, signed
from ..base import Explanation, Term, linear_result
from .keys import SETTLE_BULE_WHISTS
from .state import BalkanState

#: −rate × (bule − mean bule), plus supe written less supe written on him
TERMS = (Term(N_("bule"), SETTLE_BULE_WHISTS, -1),)


def result(state: BalkanState) -> dict[str, Exact]:
    """−rate × (bule − mean bule) + supe written − supe written on him."""
    return linear_result(state, TERMS, {"bule": state.bule})


def explain(state: BalkanState) -> Explanation:
    rate = state.table.convention[SETTLE_BULE_WHISTS]
    players = state.players
    n = len(players)
    left = sum(state.bule.values())
    share = div(left, n)
    steps = []
    lines = [_("the columns are {left} short of 0 in all; each gets {left} ÷ {n} = {share}").format(
        left=mixed(left), n=n, share=mixed(share))]
    adjusted = {}
    for p in players:
        adjusted[p] = share - state.bule[p]
        lines.append(f"{p}: {signed(-state.bule[p])} + {mixed(share)} = {signed(adjusted[p])}")
    steps.append((_("1. The contract columns brought to a common zero"), tuple(lines)))
    lines = []
    totals = {}
    for p in players:
        wrote = sum(state.sheet.pairs["whists"][(p, o)] for o in players if o != p)
        got = sum(state.sheet.pairs["whists"][(o, p)] for o in players if o != p)
        totals[p] = rate * adjusted[p] + wrote - got
        lines.append(f"{p}: {mixed(rate)} × ({signed(adjusted[p])}) + {mixed(wrote)} − {mixed(got)} = "
                     f"{signed(totals[p])}")
    lines.append(_("sum: {sum}").format(sum=mixed(sum(totals.values()))))
    steps.append((_("2. {rate} × the column, plus supe written, less supe written on him").format(
        rate=mixed(rate)), tuple(lines)))
    return Explanation(tuple(steps))
