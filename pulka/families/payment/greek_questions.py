"""The questions of a Greek deal (see :mod:`.questions`): who played, or an all-pass (where it
is played, each player's tricks), a refill of the kasa (a change the table agrees on, at any
deal), the end; after a deal that exhausted the kasa, only a refill or the end. A contract:
the level and the suit (10 no trumps where the table plays it); a concession before play;
else each defender plays or passes, and when one of them alone plays, together (the passer's
cards join his) or alone; the tricks of the players whose cards were played; four aces, where
the table pays for them."""

from __future__ import annotations

from ...game import Contract, Deal, DealKind, Decision, Strain
from ...i18n import _
from ...notation import parse_contract
from ..questions import YES, Asking, yes_no_question
from .greek_keys import ACES, ALLPASS, NT10, STRAINS
from .questions import (
    LINES,
    Others,
    contract_question,
    decision_question,
    declarer_tricks,
    line,
    opening,
    tricks_in_turn,
    whist_or_pass,
)
from .state import PaymentState
from .words import GREEK

LEVELS = range(6, 11)


def questions(state: PaymentState, others: Others) -> Asking:
    """Ask one deal at this table, as it stands before the deal (``others``: the declarer's
    opponents in the order play moves)."""
    conv = state.table.convention
    first = yield from opening(state, GREEK, allpass=True, refill=True, emptied=(
        _("The kasa is exhausted: refill it, or end the game? "),
        _("The kasa is exhausted: refill it, or end the game?")))
    if first is None:
        return None
    if first == "allpass" and conv[ALLPASS] == "played":
        taken: dict[str, int] = {}
        yield from tricks_in_turn(list(state.active), taken)
        return Deal(DealKind.ALLPASS, tricks=taken)
    if first in LINES:
        return line(first)
    declarer = first
    offered = [Contract(level, strain) for level in LEVELS for strain in STRAINS
               if not (level == 10 and strain is Strain.NOTRUMP and conv[NT10] == "no")]
    said = yield contract_question(offered, GREEK, GREEK.contract_hint)
    contract = parse_contract(str(said), GREEK)
    deal = Deal(DealKind.CONTRACT, declarer=declarer, contract=contract)
    aces = ("aces",) if conv[ACES] else ()
    aces_question = yes_no_question("mark", _("Four aces? [y/N] "), ask=_("Four aces?"))
    if (yield yes_no_question("concede", _("Did the declarer concede before play? [y/N] "),
                              ask=_("Did the declarer concede before play?"))) == YES:
        held = aces and (yield aces_question) == YES
        return deal.replace(marks=("concede", *(aces if held else ())))
    first_defender, second = others(state, declarer)
    defence = yield from whist_or_pass((first_defender, second), GREEK)
    playing = [p for p in (first_defender, second) if defence[p] is Decision.WHIST]
    if len(playing) == 1:  # the other passed: together (his cards join) or alone
        lone = playing[0]
        said = yield decision_question(
            lone, (Decision.TOGETHER, Decision.ALONE), GREEK,
            _("{name}: together or alone? ").format(name=lone),
            _("{name}: together or alone?").format(name=lone))
        defence[lone] = Decision(said)
        if defence[lone] is Decision.TOGETHER:
            playing = [first_defender, second]  # the helper's cards are played too
    tricks: dict[str, int] = {}
    if playing:  # (both passed: nobody plays, the declarer takes all ten)
        tricks[declarer] = int(str((yield declarer_tricks(declarer))))
        yield from tricks_in_turn(playing, tricks)
    held = aces and (yield aces_question) == YES
    return deal.replace(defence=defence, tricks=tricks, marks=aces if held else ())
