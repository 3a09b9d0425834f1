"""The Balkan family's part of the compiled replay (see :class:`pulka.families.base.Core`).

What a deal writes depends on the seat of the deal, the refes held, how many all-passes have
given refes (up to ``refe.max``) and who is under the hat: that is the signature. The sheet's
bule are read when a column crosses zero (a hat), when the columns add up to zero (the last
game, the end) and, under ``double_fall``, by every failed game; the budget is how far the bule
can move before the first of these.
"""

from __future__ import annotations

from ...game import Deal, Table
from ...numbers import Exact
from .keys import DOUBLE_FALL, REFE_MAX
from .state import BalkanState

#: the probe's bule: far above zero, or far below it for a player under the hat (the first
#: so much larger that the columns never add up to zero while anyone is above it)
ABOVE, BELOW = 10 ** 30, -10 ** 20


class BalkanCore:
    counters = ("deals_played", "refe_rounds")
    carried = ("refe",)

    def signature(self, state: BalkanState) -> tuple | None:
        if state.finished:
            return None
        refe = state.refe
        return (state.deals_played % len(state.players), tuple(refe[p] for p in state.players),
                min(state.refe_rounds, state.table.convention[REFE_MAX]),
                tuple(state.bule[p] < 0 for p in state.players))

    def probe(self, table: Table, signature: tuple) -> BalkanState:
        seat, refes, rounds, under = signature
        probe = BalkanState.start(table)
        for player, held, below in zip(table.players, refes, under, strict=True):
            probe.bule[player] = BELOW if below else ABOVE
            probe.refe[player] = held
        probe.refe_rounds = rounds
        probe.deals_played = seat
        probe._seat_now()
        return probe

    def enter(self, state: BalkanState, signature: tuple) -> None:
        for player, held in zip(state.players, signature[1], strict=True):
            state.refe[player] = held
        state._seat_now()

    def budget(self, state: BalkanState) -> Exact:
        if state.table.convention[DOUBLE_FALL]:
            return 0  # a failed game reads the bule the declarer has left
        bule = state.bule
        rooms = [bule[p] if bule[p] >= 0 else -bule[p] for p in state.players]
        rooms.append(sum(bule.values()))  # the columns must not reach zero in all
        return max(min(rooms), 0)

    def cost(self, deltas: list[tuple[str, str, str | None, Exact]]) -> Exact:
        return sum(a if a >= 0 else -a for column, _p, _t, a in deltas if column == "bule")

    def compilable(self, deal: Deal, probe: BalkanState) -> bool:
        return True


CORE = BalkanCore()
