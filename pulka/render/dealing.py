"""Who deals the next deal and who sits it out, said the same way by every command that says
it (show, add, play, the paper sheet, pulka serve): nobody at two and three players, the dealer
at four, the dealer and one more at five (conventions.md §1.5), or, where each deal names its
sitters, the dealer and the one the deal will name."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..i18n import _, pgettext

if TYPE_CHECKING:
    from ..families.base import State

#: the table size at which two sit each deal out
FIVE = 5


def next_deal(state: State) -> str:
    """``next deal: Аня deals`` (and who sits out)."""
    dealer, sitters = state.dealer, state.sitters
    if len(sitters) == 2:
        return _("next deal: {dealer} deals; {dealer} and {other} sit out").format(
            dealer=dealer, other=sitters[1])
    if sitters and len(state.players) == FIVE:
        return _("next deal: {dealer} deals and sits out with the one the deal names "
                 "(rest {dealer} NAME)").format(dealer=dealer)
    if sitters:
        return _("next deal: {dealer} deals and sits out").format(dealer=dealer)
    return _("next deal: {dealer} deals").format(dealer=dealer)


def numbered(state: State, number: int) -> str:
    """``deal 7: Аня deals`` (and who sits out): the line before a deal at the table."""
    name, sitters = state.dealer, state.sitters
    if len(sitters) == 2:
        return _("deal {n}: {name} deals; {name} and {other} sit out").format(
            n=number, name=name, other=sitters[1])
    if sitters and len(state.players) == FIVE:
        return _("deal {n}: {name} deals and sits out with the one the deal names "
                 "(rest {name} NAME)").format(n=number, name=name)
    if sitters:
        return _("deal {n}: {name} deals and sits out").format(n=number, name=name)
    return _("deal {n}: {name} deals").format(n=number, name=name)


def on_paper(state: State) -> str:
    """What comes next, under a paper sheet."""
    name, sitters = state.dealer, state.sitters
    if len(sitters) == 2:
        return pgettext("paper", "next deal: {name} deals; {name} and {other} sit out").format(
            name=name, other=sitters[1])
    if sitters and len(state.players) == FIVE:
        return pgettext("paper", "next deal: {name} deals and sits out with the one the deal "
                                 "names").format(name=name)
    if sitters:
        return pgettext("paper", "next deal: {name} deals and sits out").format(name=name)
    return pgettext("paper", "next deal: {name} deals").format(name=name)
