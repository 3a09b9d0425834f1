"""The Russian family's part of the compiled replay (see :class:`pulka.families.base.Core`).

What a deal writes depends on the seat of the deal, the raspasy and dark streaks, the pulyas
already closed and the bombs waiting: that is the signature. The sheet itself is read only
when a pulya reaches its target (a closing, its premiums, help, the end of the game), when a
closed pulya's points overflow into help or the gora, and, under ``gora_first``, by every made
game; the budget is the pulya points that can still be written before the first of these.
"""

from __future__ import annotations

from ...game import Deal, Table
from ...numbers import Exact
from ..base import NEVER
from ..sheet import Sheet
from . import robber
from .keys import END, GORA_FIRST
from .state import COLUMNS, RussianState


class RussianCore:
    counters = ("deals_played", "dealt_again")
    carried = ()

    def signature(self, state: RussianState) -> tuple | None:
        if state.finished or state.may_have_closed or robber.in_stage(state):
            return None
        return ((state.deals_played - state.dealt_again) % len(state.players), state.raspasy_streak,
                state.dark_streak, tuple(state.closed), state.jumps_done,
                tuple(tuple(state.bombs[p]) for p in state.players))

    def probe(self, table: Table, signature: tuple) -> RussianState:
        seat, streak, dark, closed, jumps, bombs = signature
        probe = RussianState(table=table, sheet=Sheet(table.players, COLUMNS),
                             deals_played=seat, raspasy_streak=streak, dark_streak=dark,
                             closed=list(closed), jumps_done=jumps,
                             bombs={p: list(b) for p, b in zip(table.players, bombs, strict=True)},
                             bombs_done={p: [] for p in table.players})
        return probe

    def enter(self, state: RussianState, signature: tuple) -> None:
        _seat, state.raspasy_streak, state.dark_streak, closed, state.jumps_done, bombs = \
            signature
        state.closed = list(closed)
        state.bombs = {p: list(b) for p, b in zip(state.players, bombs, strict=True)}
        state._seat_now()

    def budget(self, state: RussianState) -> Exact | float:
        pulya, target, closed = state.pulya, state.target, state.closed
        open_ = [p for p in state.players if p not in closed]
        if any(pulya[p] >= target for p in open_):
            return 0  # a closing not yet looked at
        if closed and state.overflow != "keep":
            return 0  # a closed pulya's points go to help or the gora: the rules read the sheet
        rooms = [target - pulya[p] for p in open_]
        if state.table.convention[END] == "total":
            rooms.append(len(state.players) * target - sum(pulya.values()))
        return max(min(rooms), 0) if rooms else NEVER

    def cost(self, deltas: list[tuple[str, str, str | None, Exact]]) -> Exact:
        return sum(a for column, _p, _t, a in deltas if column == "pulya" and a > 0)

    def compilable(self, deal: Deal, probe: RussianState) -> bool:
        if any(probe.bombs_done.values()):
            return False  # a bomb extinguished is kept in a list, not a count
        if probe.table.convention[GORA_FIRST] and any(probe.pulya.values()):
            return False  # a made game writes off the gora first: it reads the gora
        return True


CORE = RussianCore()
