"""The Greek settlement said as the κιτάπι says it (payment-families.md §4.6): the kasa, what
each player lifted from it and put into it, what the players paid each other, and what is
left in the kasa, shared, when anything is left. The numbers are the balance of every payment
game (:mod:`.settle`); only the words are the kasa's."""

from __future__ import annotations

from ...i18n import _
from ...numbers import mixed
from ..base import Explanation
from .settle import balance, leftover
from .state import PAID, PaymentState


def explain(state: PaymentState, rule: str) -> Explanation:
    cells = state.sheet.cells
    share = leftover(state, rule)
    result = balance(state, rule)
    pairs = state.sheet.pairs[PAID]
    steps: list[tuple[str, tuple[str, ...]]] = [
        (_("1. The kasa: what each lifted from it and put into it (the deposits included)"),
         tuple(_("{player}: lifted {out}, put in {put}").format(
             player=p, out=mixed(cells["pot_out"][p]), put=mixed(cells["pot_in"][p]))
             for p in state.players)),
        (_("2. What the players paid each other"),
         tuple(_("{player}: received {got}, paid {gave}").format(
             player=p, got=mixed(sum(v for (_a, b), v in pairs.items() if b == p)),
             gave=mixed(sum(v for (a, _b), v in pairs.items() if a == p)))
             for p in state.players))]
    left = state.pot != 0
    if left:  # (an empty kasa has nothing to share: no step, no term)
        steps.append((_("3. What is left in the kasa, shared"), (
            _("left in the kasa: {kasa}").format(kasa=mixed(state.pot)),
            *(_("{player}: {share}").format(player=p, share=mixed(share[p]))
              for p in state.players))))
    lines = []
    for p in state.players:
        got = sum(v for (_a, b), v in pairs.items() if b == p)
        gave = sum(v for (a, _b), v in pairs.items() if a == p)
        terms = [mixed(cells["pot_out"][p]), f"− {mixed(cells['pot_in'][p])}",
                 f"+ {mixed(got)}", f"− {mixed(gave)}"]
        if left:
            terms.append(f"− {mixed(-share[p])}" if share[p] < 0 else f"+ {mixed(share[p])}")
        lines.append(f"{p}: {' '.join(terms)} = {mixed(result[p])}")
    title = (_("{n}. Balance: lifted − put in + received − paid + share") if left else
             _("{n}. Balance: lifted − put in + received − paid"))
    steps.append((title.format(n=len(steps) + 1), tuple(lines)))
    return Explanation(tuple(steps))
