"""Hats (šešir, шляпа): a hat when a column crosses below zero, an upside-down hat when it
comes back to zero or above; the hats column counts hats less upside-down hats."""

from __future__ import annotations

from ...i18n import _
from ...numbers import Exact
from .state import BalkanState, DeferredWriter


def draw(state: BalkanState, before: dict[str, Exact], write: DeferredWriter) -> None:
    marks = DeferredWriter(state)
    for player in state.players:
        was, now = before[player], state.bule[player]
        if was >= 0 > now:
            marks("hats", player, 1, _("crossed below 0: a hat"))
        elif was < 0 <= now:
            marks("hats", player, -1, _("back to 0 or above: an upside-down hat"))
    marks.commit()
    write.postings.extend(marks.postings)
