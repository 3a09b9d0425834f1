"""Premiums for closing first and for the smallest gora, and games played in jumps (скачки).

conventions.md §1.3 and seed 000: the first player to close his pulya (the призёр) writes
``premiums.prize`` whists on each other player, and the player with the smallest gora at that
moment (the амнистер; tied players share) writes ``premiums.amnesty`` on each other player.
When one deal closes several pulyas, the declarer's own closed first (conventions.md §4).
In a game of ``premiums.jumps`` jumps ("5 по 20"), the pulya is closed at that moment and a
new jump starts; gora and whists carry over. Each player's unfinished pulya is written into
his gora then, exactly as the settlement would, so no point changes its value.
"""

from __future__ import annotations

from ...i18n import _
from ...numbers import div, mixed
from ..sheet import Writer
from .keys import PREMIUMS_AMNESTY, PREMIUMS_JUMPS, PREMIUMS_PRIZE, SETTLE_GORA_WHISTS, SETTLE_PULYA_WHISTS
from .state import RussianState


def after_deal(state: RussianState, write: Writer) -> None:
    """Note new closings; write premiums and close a jump when someone closes first."""
    if not state.may_have_closed:
        return  # no pulya reached its target in this deal
    state.may_have_closed = False
    target = state.target
    newly = [p for p in state.players if p not in state.closed and state.pulya[p] >= target]
    newly = _closing_order(state, write, newly)
    first = not state.closed and newly
    state.closed.extend(newly)
    if not first:
        return
    _premiums(state, write, newly[0])
    jumps = state.table.convention[PREMIUMS_JUMPS]
    if jumps:
        _close_jump(state, write, jumps)


def _closing_order(state: RussianState, write: Writer, newly: list[str]) -> list[str]:
    """The players who closed in this deal, in the order their pulya reached the target.

    conventions.md §4: the declarer's own pulya closes first, then those his help closed, in
    the order the help went. That is the order of the deal's pulya postings, so they are
    replayed from the pulyas as they stood before the deal.
    """
    if len(newly) < 2:
        return newly
    pulya = dict(state.pulya)
    postings = [p for p in write.postings if p.column == "pulya" and p.target is None]
    for posting in postings:
        pulya[posting.player] -= posting.amount  # back to the sheet before the deal
    order: list[str] = []
    for posting in postings:
        pulya[posting.player] += posting.amount
        if (posting.player in newly and posting.player not in order
                and pulya[posting.player] >= state.target):
            order.append(posting.player)
    return order + [p for p in newly if p not in order]


def _premiums(state: RussianState, write: Writer, closer: str) -> None:
    conv = state.table.convention
    prize, amnesty = conv[PREMIUMS_PRIZE], conv[PREMIUMS_AMNESTY]
    others = [p for p in state.players if p != closer]
    for other in others:
        write("whists", closer, prize, _("prize: closed the pulya first"), target=other)
    if amnesty:
        least = min(state.gora.values())
        amnisters = [p for p in state.players if state.gora[p] == least]
        note = _("amnesty premium: the smallest gora ({least})").format(least=mixed(least))
        for amnister in amnisters:
            for other in state.players:
                if other != amnister:
                    write("whists", amnister, div(amnesty, len(amnisters)), note,
                          target=other)


def _close_jump(state: RussianState, write: Writer, jumps: int) -> None:
    conv = state.table.convention
    ratio = div(conv[SETTLE_PULYA_WHISTS], conv[SETTLE_GORA_WHISTS])
    state.jumps_done += 1
    for player in state.players:
        short = state.target - state.pulya[player]
        write("gora", player, short * ratio,
              _("jump {jump} closed: ({target} − {pulya}) × {ratio} into the gora").format(
                  jump=state.jumps_done, target=mixed(state.target),
                  pulya=mixed(state.pulya[player]), ratio=mixed(ratio)))
        write("pulya", player, -state.pulya[player],
              _("jump {jump} closed").format(jump=state.jumps_done))
    state.closed.clear()
    if state.jumps_done >= jumps:
        state.finished, state.end_reason = True, _("all {jumps} jumps are played").format(
            jumps=jumps)
