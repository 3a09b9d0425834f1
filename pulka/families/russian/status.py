"""The state of play in words, for the sheet: raspasy streak, exit, разбойник, bombs, jumps."""

from __future__ import annotations

from ...i18n import _
from ...numbers import Exact, mixed
from . import robber
from .keys import PREMIUMS_JUMPS, RASPASY_EXIT
from .raspasy import current_price
from .state import RussianState


def status_lines(state: RussianState) -> list[str]:
    conv = state.table.convention
    lines = [_("pulya to {target}").format(target=mixed(state.target))]
    streak = state.raspasy_streak
    if streak:
        exits = conv[RASPASY_EXIT]
        lowest = exits[min(streak, len(exits)) - 1]
        lines.append(_("raspasy in a row: {streak}; the next contract must be {lowest} or "
                       "higher; another raspasy costs {price} a trick").format(
            streak=streak, lowest=lowest, price=mixed(current_price(state))))
    if robber.in_stage(state):
        lines.append(_("разбойник still owed: {owed}").format(owed=robber.owed_text(state)))
    waiting = {p: q for p, q in state.bombs.items() if q}
    if waiting:
        lines.append(_("bombs waiting: {bombs}").format(bombs=_bombs(waiting)))
    done = {p: q for p, q in state.bombs_done.items() if q}
    if done:
        lines.append(_("bombs extinguished: {bombs}").format(bombs=_bombs(done)))
    if conv[PREMIUMS_JUMPS]:
        lines.append(_("jump {jump} of {jumps}").format(jump=state.jumps_done + 1,
                                                        jumps=conv[PREMIUMS_JUMPS]))
    if state.closed:
        lines.append(_("closed pulya: {players}").format(players=", ".join(state.closed)))
    return lines


def _bombs(queues: dict[str, list[Exact]]) -> str:
    return ", ".join(f"{p} ×{' ×'.join(mixed(m) for m in q)}" for p, q in queues.items())
