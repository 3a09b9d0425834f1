"""Refes (рефет, refa, radlc): handed out by an all-pass, doubling the holder's next game.

conventions.md §2: an all-pass gives every player a refe, unless someone is under the hat or
``refe.max`` all-passes have already given refes. A player's next contract as declarer while
he holds one is multiplied by ``refe.factor``, made or failed, and the refe is used up. A
plain two that nobody contras is settled by ``two_uncontrad`` and ``two_no_refe``.
"""

from __future__ import annotations

from ...game import Deal
from ...i18n import _
from ...numbers import Exact
from .contract import game_value
from .keys import REFE_FACTOR, REFE_MAX, TWO_NO_REFE, TWO_UNCONTRAD
from .state import BalkanState, DeferredWriter


def can_give(state: BalkanState) -> str | None:
    """Why an all-pass gives no refe now, or None when it does."""
    under = [p for p in state.players if state.under_hat(p)]
    if under:
        return _("{players} under the hat").format(players=", ".join(under))
    if state.refe_rounds >= state.table.convention[REFE_MAX]:
        return _("the most refes for this game have been given")
    return None


def all_pass(state: BalkanState, write: DeferredWriter, note: str | None = None) -> None:
    """An all-pass (or what counts as one): a refe each, when refes may still be given."""
    note = _("all passed") if note is None else note
    reason = can_give(state)
    if reason is not None:
        state.notes.append(_("{note}: no refe ({reason})").format(note=note, reason=reason))
        return
    state.refe_rounds += 1
    given = _("{note}: a refe").format(note=note)
    for player in state.players:
        write("refe", player, 1, given)


def take(deal: Deal, state: BalkanState, write: DeferredWriter) -> Exact:
    """The declarer's refe factor for this game, using his refe up."""
    declarer = deal.declarer
    assert declarer is not None
    if not state.refe[declarer]:
        return 1
    write("refe", declarer, -1, _("refe used"))
    return state.table.convention[REFE_FACTOR]


def uncontrad_two(deal: Deal, state: BalkanState, write: DeferredWriter) -> None:
    """A plain two nobody contra'd: it is not played."""
    conv = state.table.convention
    if conv[TWO_UNCONTRAD] == "refe_all":
        if can_give(state) is None:
            all_pass(state, write, _("a two nobody contra'd"))
            return
        if conv[TWO_NO_REFE] == "nothing":
            state.notes.append(_("a two nobody contra'd: not played, no refe ({reason})").format(
                reason=can_give(state)))
            return
    write("bule", deal.declarer, -game_value(deal, state),  # type: ignore[arg-type]
          _("a two nobody contra'd: won without play"))
