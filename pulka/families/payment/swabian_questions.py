"""The questions of a Swabian deal (see :mod:`.questions`): who played (there is no all-pass
and no pot to refill), or the end; the game (leaves, bells, hearts, acorns, bettel,
durchmarsch); from the hand or not; the declarer's tricks (for bettel and durchmarsch: made or
down); each opponent's contra as far as ``contra.max`` goes; a paired talon (Kunstwerk), where
it is paid."""

from __future__ import annotations

from ...game import Contract, Deal, DealKind
from ...i18n import _
from ...notation import parse_contract
from ..questions import YES, Asking, contra_question, yes_no_question
from .keys import CONTRA_MAX
from .questions import (
    LINES,
    Others,
    contract_question,
    declarer_tricks,
    line,
    made_question,
    opening,
)
from .state import PaymentState
from .swabian_keys import GAMES, KUNSTWERK, KUNSTWERK_DEALER_DECLARES, KUNSTWERK_HAND, SUIT_GAMES
from .words import SWABIAN


def questions(state: PaymentState, others: Others) -> Asking:
    """Ask one deal at this table, as it stands before the deal (``others``: the declarer's
    opponents in the order play moves)."""
    conv = state.table.convention
    first = yield from opening(state, SWABIAN, allpass=False, refill=False, emptied=("", ""))
    if first is None or first in LINES:
        return None if first is None else line(first)
    declarer = first
    said = yield contract_question([Contract(None, game) for game in GAMES], SWABIAN)
    contract = parse_contract(str(said), SWABIAN)
    hand = (yield yes_no_question("no_talon", _("A game from the hand (igra)? [y/N] "),
                                  ask=_("A game from the hand (igra)?"))) == YES
    deal = Deal(DealKind.CONTRACT, declarer=declarer, contract=contract, no_talon=hand)
    if GAMES.index(contract.strain) >= SUIT_GAMES:  # bettel, durchmarsch: made or lost
        deal = deal.replace(made=(yield made_question()) == "made")
    else:
        deal = deal.replace(tricks={declarer: int(str((yield declarer_tricks(declarer))))})
    contra: dict[str, int] = {}
    for name in others(state, declarer) if conv[CONTRA_MAX] else ():
        level = yield contra_question(name, SWABIAN, conv[CONTRA_MAX])
        if level is not None:
            contra[name] = SWABIAN.contras[level]
    # a paired talon is paid to the dealer, unless he won the bidding himself or the talon
    # was never taken (the game from the hand)
    paid = conv[KUNSTWERK] and not (hand and conv[KUNSTWERK_HAND] == "none") and (
        declarer != state.dealer or conv[KUNSTWERK_DEALER_DECLARES] != "none")
    kunstwerk = paid and (yield yes_no_question(
        "mark", _("A paired talon (Kunstwerk)? [y/N] "),
        ask=_("A paired talon (Kunstwerk)?"))) == YES
    return deal.replace(contra=contra, marks=("kunstwerk",) if kunstwerk else ())
