"""The state of play in words: for the sheet (raspasy streak, exit, разбойник, bombs, jumps),
before a deal at the table, and after a deal is written."""

from __future__ import annotations

from ...i18n import _, pgettext
from ...numbers import Exact, mixed
from ..base import Distances
from . import robber
from .keys import END, PREMIUMS_JUMPS, PULYA, RASPASY_EXIT
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
    """The raspasy streak and the lowest contract, and how far the game is from its end in
    its own terms: each player's distance to his pulya (or that he closed it) where the game
    ends when every pulya is closed; the pulyas' sum and what is left of the total where it
    ends on the total; the jump under way in a game of jumps; and a game ended by the players
    says so."""
    conv = state.table.convention
    lines = []
    streak = state.raspasy_streak
    if streak:
        lines.append(_("raspasy in a row: {n}; the lowest contract: {level}").format(
            n=streak, level=_lowest(state)))
    target = conv[PULYA]
    pulya = state.pulya
    jumps, end = conv[PREMIUMS_JUMPS], conv[END]
    if jumps:
        lines.append(_("jump {jump} of {jumps}: it ends when the first pulya closes").format(
            jump=state.jumps_done + 1, jumps=jumps))
    if end == "total" and not jumps:
        total = len(state.players) * target
        written = sum(pulya.values())
        lines.append(_("the pulyas add up to {sum} of {total}: {left} to the end ({pulyas})")
                     .format(sum=mixed(written), total=mixed(total),
                             left=mixed(max(total - written, 0)),
                             pulyas=" · ".join(f"{p} {mixed(pulya[p])}" for p in state.players)))
        return lines
    left = [f"{p} {mixed(target - pulya[p])}" if pulya[p] < target
            else pgettext("play", "{name} closed").format(name=p) for p in state.players]
    lines.append(_("to the pulya of {target}: {left}").format(
        target=mixed(target), left=" · ".join(left)))
    if end == "manual" and not jumps:
        lines.append(_("the game ends when the players say so (`end`)"))
    return lines


def distances(state: RussianState) -> Distances:
    """Each player's pulya points left to close it (None: closed), for the live page."""
    target = state.table.convention[PULYA]
    return Distances(_("left to close the pulya of {target}").format(target=mixed(target)),
                     {p: target - state.pulya[p] if state.pulya[p] < target else None
                      for p in state.players})


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
