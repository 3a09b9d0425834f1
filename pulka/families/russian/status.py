"""The state of play in words, for the sheet: raspasy streak, exit, разбойник, bombs, jumps."""

from __future__ import annotations

from ...numbers import mixed
from . import robber
from .raspasy import current_price
from .state import RussianState


def status_lines(state: RussianState) -> list[str]:
    conv = state.table.convention
    lines = [f"pulya to {mixed(state.target)}"]
    streak = state.raspasy_streak
    if streak:
        exits = conv["raspasy.exit"]
        lowest = exits[min(streak, len(exits)) - 1]
        lines.append(f"raspasy in a row: {streak}; the next contract must be {lowest} or "
                     f"higher; another raspasy costs {mixed(current_price(state))} a trick")
    if robber.in_stage(state):
        lines.append(f"разбойник still owed: {robber.owed_text(state)}")
    waiting = {p: q for p, q in state.bombs.items() if q}
    if waiting:
        lines.append("bombs waiting: " + ", ".join(
            f"{p} ×{' ×'.join(mixed(m) for m in q)}" for p, q in waiting.items()))
    done = {p: q for p, q in state.bombs_done.items() if q}
    if done:
        lines.append("bombs extinguished: " + ", ".join(
            f"{p} ×{' ×'.join(mixed(m) for m in q)}" for p, q in done.items()))
    if conv["premiums.jumps"]:
        lines.append(f"jump {state.jumps_done + 1} of {conv['premiums.jumps']}")
    if state.closed:
        lines.append("closed pulya: " + ", ".join(state.closed))
    return lines
