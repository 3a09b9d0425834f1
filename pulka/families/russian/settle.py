"""Settlement of a Russian sheet (расписать пулю), in closed form and the paper way. §1.4."""

from __future__ import annotations

from fractions import Fraction

from ...numbers import Exact, div, mixed
from ..base import Explanation, Term, linear_result
from .state import RussianState

#: P × (pulya − mean pulya) − G × (gora − mean gora), plus net whists
TERMS = (Term("pulya", "settle.pulya_whists", 1), Term("gora", "settle.gora_whists", -1))


def result(state: RussianState) -> dict[str, Exact]:
    """P × (pulya − mean pulya) − G × (gora − mean gora) + net whists, for each player."""
    return linear_result(state, TERMS, {"pulya": state.pulya, "gora": state.gora})


def explain(state: RussianState) -> Explanation:
    """The same settlement, step by step, as players work it out on paper."""
    conv = state.table.convention
    players = state.players
    n = len(players)
    p_rate, g_rate = conv["settle.pulya_whists"], conv["settle.gora_whists"]
    target = state.target
    steps: list[tuple[str, tuple[str, ...]]] = []

    gora = dict(state.gora)
    lines = []
    for p in players:
        short = target - state.pulya[p]
        added = div(short * p_rate, g_rate)
        gora[p] += added
        lines.append(f"{p}: gora {mixed(state.gora[p])} + ({mixed(target)} − pulya "
                     f"{mixed(state.pulya[p])}) × {mixed(p_rate)}/{mixed(g_rate)} = "
                     f"{mixed(gora[p])}")
    steps.append(("1. The unfinished pulya goes into the gora", tuple(lines)))

    least = min(gora.values())
    lines = [f"the smallest gora is {mixed(least)}; it is taken off every gora"]
    for p in players:
        gora[p] -= least
        lines.append(f"{p}: {mixed(gora[p])}")
    steps.append(("2. Amnesty", tuple(lines)))

    whists = dict(state.whists)
    lines = [f"each gora × {mixed(g_rate)} ÷ {n} is written by every other player on its owner"]
    for p in players:
        share = div(gora[p] * g_rate, n)
        lines.append(f"{p}: {mixed(gora[p])} × {mixed(g_rate)} ÷ {n} = {mixed(share)} from "
                     "each of the others")
        for o in players:
            if o != p:
                whists[(o, p)] += share
    steps.append(("3. The gora into whists", tuple(lines)))

    totals = {p: Fraction(0) for p in players}
    lines = []
    for i, a in enumerate(players):
        for b in players[i + 1:]:
            net = whists[(a, b)] - whists[(b, a)]
            totals[a] += net
            totals[b] -= net
            lines.append(f"{a} – {b}: {mixed(whists[(a, b)])} − {mixed(whists[(b, a)])}: "
                         f"{mixed(-net if net < 0 else net)} to {a if net >= 0 else b}"
                         if net else f"{a} – {b}: even")
    steps.append(("4. Whists netted pair by pair", tuple(lines)))

    lines = [f"{p}: {'+' if totals[p] > 0 else ''}{mixed(totals[p])}" for p in players]
    lines.append(f"sum: {mixed(sum(totals.values(), Fraction(0)))}")
    steps.append(("5. The result in whists", tuple(lines)))
    return Explanation(tuple(steps))
