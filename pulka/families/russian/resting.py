"""Who sits a deal out at five players (conventions.md §1.5): besides the dealer, his right-
or left-hand neighbour, as ``five.rest`` says, or the one the deal names (``manual``: ``rest A
E``). A deal that names its sitters where the table's seating says who is checked against it.
"""

from __future__ import annotations

from ...errors import IllegalDealError
from ...game import Deal, DealKind
from ...i18n import _
from ..seating import named_rest
from ..tricks import names_text
from .keys import FIVE_REST
from .state import RussianState

#: the table size at which two sit each deal out
FIVE = 5


def seat_the_deal(deal: Deal, state: RussianState) -> None:
    """Seat the deal about to be played: at five under ``five.rest: manual`` its named
    sitters; elsewhere check what it names, if anything.

    Raises:
        IllegalDealError: the deal names sitters at another table size, names none where it
            must, or names others than the seating's.
    """
    if deal.kind not in (DealKind.CONTRACT, DealKind.RASPASY):
        return
    if len(state.players) != FIVE:
        if deal.rest:
            raise IllegalDealError(_("only at five players does a deal say who sits it out "
                                     "(rest)"))
        return
    rule = state.table.convention[FIVE_REST]
    dealer = state.dealer
    if rule != "manual":
        if deal.rest and set(deal.rest) != set(state.sitters):
            raise IllegalDealError(
                _("{sitters} sit this deal out (five.rest: {rule}), not {named}").format(
                    sitters=names_text(list(state.sitters)), rule=rule,
                    named=names_text(list(deal.rest))))
        return
    if not deal.rest:
        raise IllegalDealError(_("who sits this deal out besides {dealer}, who deals it? At "
                                 "this table each deal names its two sitters").format(
                                     dealer=dealer),
                               hint=_("rest {dealer} NAME, then the deal").format(dealer=dealer))
    if dealer not in deal.rest:
        raise IllegalDealError(_("{dealer} deals this deal and sits it out: rest names him "
                                 "and one more").format(dealer=dealer),
                               hint=_("rest {dealer} NAME, then the deal").format(dealer=dealer))
    state.seat(named_rest(state.players, dealer, deal.rest))
