"""Writing pulya points: the split, a closed pulya's overflow (help), and the end of the game."""

from __future__ import annotations

from fractions import Fraction

from ...i18n import _, ngettext, pgettext
from ...numbers import Exact, div, mixed
from ..seating import clockwise
from ..sheet import Writer
from .keys import END, GORA_FIRST, HELP_SITTING_OUT, HELP_WHISTS, OVERFLOW_FLOOR, PREMIUMS_JUMPS
from .state import RussianState


def award(state: RussianState, write: Writer, player: str, amount: Exact, note: str,
          *, split: bool, barred: frozenset[str] = frozenset()) -> None:
    """Give a player pulya points, the way the convention says.

    Args:
        split: the points come from a made game (``split: half`` applies to them).
        barred: partners who may not be helped in this deal besides the sitting-out dealer
            (a whister who paid a shortfall penalty).
    """
    extra = _own_points(state, write, player, amount, note, split)
    if extra:
        _overflow(state, write, player, extra, note, barred)


def award_together(state: RussianState, write: Writer, awards: list[tuple[str, Exact, str]]
                   ) -> None:
    """Pulya points several players earn in one deal (the zero-trick bonuses of a raspasy):
    each writes his own first, then what runs past a closed pulya helps the partners still
    short of the target, in the order given. A player whose own points close his pulya in
    this deal needs no help, so none is spent on him."""
    overflows = [(player, _own_points(state, write, player, amount, note, False), note)
                 for player, amount, note in awards]
    for player, extra, note in overflows:
        if extra:
            _overflow(state, write, player, extra, note, frozenset())


def _own_points(state: RussianState, write: Writer, player: str, amount: Exact, note: str,
                split: bool) -> Exact:
    """Write a player's points into his own pulya (and gora, as the convention says), up to
    its target; returns what runs past a closed pulya."""
    conv = state.table.convention
    if split and conv[GORA_FIRST] and state.gora[player] > 0:  # the gora is written off first
        off = min(amount, state.gora[player])
        write("gora", player, -off, _("{note}: {points} off the gora first").format(
            note=note, points=mixed(off)))
        amount -= off
        if not amount:
            return 0
    elif split and state.split_half:
        half = div(amount, 2)
        write("gora", player, -half, _("{note}: half of {amount} writes off the gora").format(
            note=note, amount=mixed(amount)))
        amount -= half
    room = max(state.target - state.pulya[player], 0)
    if amount >= room:
        state.may_have_closed = True  # premiums and jumps look at the closings after the deal
    if amount <= room or state.overflow == "keep":
        write("pulya", player, amount, note)
        return 0
    write("pulya", player, room, _("{note}: closes the pulya").format(note=note))
    return amount - room


def _overflow(state: RussianState, write: Writer, player: str, extra: Exact, note: str,
              barred: frozenset[str]) -> None:
    """What runs past a closed pulya: help for the partners, then off the player's gora."""
    if state.overflow == "help":
        extra = _help_partners(state, write, player, extra, barred)
    if extra and state.table.convention[OVERFLOW_FLOOR] == "zero":  # the gora down to 0
        extra = min(extra, max(state.gora[player], 0))  # (the rest is lost)
    if extra:
        write("gora", player, -extra, _("{note}: {extra} past a closed pulya off the gora").format(
            note=note, extra=mixed(extra)))


def _help_partners(state: RussianState, write: Writer, helper: str, extra: Exact,
                   barred: frozenset[str]) -> Exact:
    """Close partners' pulyas with the overflow; returns what is left."""
    rate = state.table.convention[HELP_WHISTS]
    order = clockwise(state.players, helper, state.players)
    # the dealer sitting out at four, both sitters at five
    helps_out = state.table.convention[HELP_SITTING_OUT]
    partners = [p for p in order
                if p not in barred and (helps_out or p not in state.sitters)
                and state.pulya[p] < state.target]
    partners.sort(key=lambda p: (-state.pulya[p], state.gora[p], order.index(p)))
    for partner in partners:
        if not extra:
            break
        give = min(extra, state.target - state.pulya[partner])
        write("pulya", partner, give, _("help from {helper}").format(helper=helper))
        write("whists", helper, give * rate, _("{points} of help × {rate}").format(
            points=points_text(give), rate=mixed(rate)), target=partner)
        extra -= give
    return extra


def check_end(state: RussianState) -> None:
    """Mark the game over when the convention's end condition is met."""
    conv = state.table.convention
    if conv[PREMIUMS_JUMPS]:
        return  # a game in jumps ends after its last jump (see premiums.py)
    end = conv[END]
    n = len(state.players)
    if end == "each" and all(state.pulya[p] >= state.target for p in state.players):
        state.finished, state.end_reason = True, _("every pulya is closed")
    elif end == "total" and sum(state.pulya.values()) >= n * state.target:
        state.finished, state.end_reason = True, _("the pulyas add up to {total}").format(
            total=mixed(n * state.target))


def points_text(count: Exact) -> str:
    """``1 point``, ``2 points``, ``1/2 points`` of pulya, in the language in use."""
    if isinstance(count, Fraction) and count.denominator != 1:
        return pgettext("a fraction of a point", "{n} points").format(n=mixed(count))
    n = int(count)
    return ngettext("{n} point", "{n} points", n).format(n=n)
