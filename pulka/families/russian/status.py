"""The state of play in words: for the sheet (raspasy streak, exit, разбойник, bombs, jumps),
before a deal at the table, and after a deal is written."""

from __future__ import annotations

from ...i18n import _, pgettext
from ...numbers import Exact, mixed
from . import robber
from .keys import PREMIUMS_JUMPS, PULYA, RASPASY_EXIT
from .raspasy import current_price
from .state import RussianState


def status_lines(state: RussianState) -> list[str]:
    conv = state.table.convention
    lines = [_("pulya to {target}").format(target=mixed(state.target))]
    streak = state.raspasy_streak
    if streak:
        lines.append(_("raspasy in a row: {streak}; the next contract must be {lowest} or "
                       "higher; another raspasy costs {price} a trick").format(
            streak=streak, lowest=_lowest(state), price=mixed(current_price(state))))
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


def before_deal(state: RussianState) -> list[str]:
    """The raspasy streak and the lowest contract, and how far each player is from closing
    his pulya (or that he closed it)."""
    conv = state.table.convention
    lines = []
    streak = state.raspasy_streak
    if streak:
        lines.append(_("raspasy in a row: {n}; the lowest contract: {level}").format(
            n=streak, level=_lowest(state)))
    target = conv[PULYA]
    pulya = state.pulya
    left = [f"{p} {mixed(target - pulya[p])}" if pulya[p] < target
            else pgettext("play", "{name} closed").format(name=p) for p in state.players]
    lines.append(_("to the pulya of {target}: {left}").format(
        target=mixed(target), left=" · ".join(left)))
    return lines


def next_deal_notes(state: RussianState) -> list[str]:
    """The raspasy streak and the contract it calls for, when there is one."""
    streak = state.raspasy_streak
    if not streak:
        return []
    return [_("raspasy in a row: {count}, the next contract {lowest} or higher").format(
        count=streak, lowest=_lowest(state))]


def _lowest(state: RussianState) -> object:
    """The lowest contract after the raspasy streak (the convention's exit)."""
    exits = state.table.convention[RASPASY_EXIT]
    return exits[min(state.raspasy_streak, len(exits)) - 1]


def _bombs(queues: dict[str, list[Exact]]) -> str:
    return ", ".join(f"{p} ×{' ×'.join(mixed(m) for m in q)}" for p, q in queues.items())
