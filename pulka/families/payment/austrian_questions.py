"""The questions of an Austrian deal (and Illustrated's; see :mod:`.questions`): who played, or
an all-pass, a refill where the rules allow one now, the end; the trump suit or an extra the
table plays; from the hand (without the talon) or not. A suit contract: each defender plays or
drops out, a lone player may invite the other; the tricks of the players whose cards were
played (none when both dropped out); four aces or no aces, where the table pays for them. An
extra: made or down, then each defender's contra as far as ``contra.max`` goes."""

from __future__ import annotations

from collections.abc import Generator

from ...convention import Convention
from ...game import Contract, Deal, DealKind, Decision
from ...i18n import _, pgettext
from ...notation import parse_contract
from ..questions import (
    YES,
    Asking,
    Choice,
    Question,
    choice,
    contra_question,
    yes_no_question,
)
from . import austrian_extras as extras
from .austrian_keys import (
    BONUS_ACES,
    BONUS_NO_ACES,
    BONUS_SCOPE,
    EXTRAS,
    EXTRAS_BONUSES,
    SUITS,
)
from .keys import CONTRA_MAX
from .questions import (
    LINES,
    Others,
    claims_question,
    contract_question,
    declarer_tricks,
    line,
    made_question,
    opening,
    tricks_in_turn,
    whist_or_pass,
)
from .state import PaymentState
from .words import AUSTRIAN


def questions(state: PaymentState, others: Others, refill: bool) -> Asking:
    """Ask one deal at this table, as it stands before the deal (``others``: the declarer's
    opponents in the order play moves; ``refill``: a refill may be written now)."""
    conv = state.table.convention
    first = yield from opening(state, AUSTRIAN, allpass=True, refill=refill, emptied=(
        _("The pot is empty: refill it, or end the game? "),
        _("The pot is empty: refill it, or end the game?")))
    if first is None or first in LINES:
        return None if first is None else line(first)
    declarer = first
    played = [s for s, word in extras.EXTRA_WORDS.items() if word in conv[EXTRAS]]
    said = yield contract_question([Contract(None, s) for s in (*SUITS, *played)], AUSTRIAN)
    contract = parse_contract(str(said), AUSTRIAN)
    no_talon = (yield yes_no_question("no_talon", _("A game from the hand (igra)? [y/N] "),
                                      ask=_("A game from the hand (igra)?"))) == YES
    opponents = others(state, declarer)
    deal = Deal(DealKind.CONTRACT, declarer=declarer, contract=contract, no_talon=no_talon)
    if extras.is_extra(deal, conv):
        made = (yield made_question()) == "made"
        contra: dict[str, int] = {}
        for name in opponents if conv[CONTRA_MAX] else ():
            level = yield contra_question(name, AUSTRIAN, conv[CONTRA_MAX])
            if level is not None:
                contra[name] = AUSTRIAN.contras[level]
        claims = yield from _claims(conv, no_talon, extra=True)
        return deal.replace(made=made, contra=contra, marks=claims)
    defence = yield from whist_or_pass(opponents, AUSTRIAN)
    playing = [p for p in opponents if defence[p] is Decision.WHIST]
    invite = False
    if len(playing) == 1 and len(opponents) == 2:
        other = next(p for p in opponents if p != playing[0])
        invite = (yield yes_no_question(
            "invite", _("{name} plays alone: invite {other}? [y/N] ").format(
                name=playing[0], other=other), playing[0],
            _("{name} plays alone: invite {other}?").format(
                name=playing[0], other=other))) == YES
        if invite:
            playing.append(other)  # the invited defender's cards are played too
    tricks: dict[str, int] = {}
    if playing:  # (both dropped out: nobody plays, the declarer takes all ten)
        tricks[declarer] = int(str((yield declarer_tricks(declarer))))
        yield from tricks_in_turn(playing, tricks)
    claims = yield from _claims(conv, no_talon, extra=False)
    return deal.replace(defence=defence, tricks=tricks, invite=invite, marks=claims)


def _claims(conv: Convention, no_talon: bool, extra: bool
            ) -> Generator[Question, str | None, tuple[str, ...]]:
    """Four aces or no aces, where the table pays for them on this contract."""
    scope = conv[BONUS_SCOPE]
    if (extra and conv[EXTRAS_BONUSES] == "none") or scope == "none" or (
            scope == "games_only" and not no_talon):
        return ()
    offered: list[Choice] = []
    if conv[BONUS_ACES]:
        offered.append(choice("aces", pgettext("answer", "four aces"), "тузы", "aces"))
    if conv[BONUS_NO_ACES]:
        offered.append(choice("noaces", pgettext("answer", "no aces"), "безтузов", "noaces"))
    if not offered:
        return ()
    said = yield claims_question(offered)
    return () if said is None else (str(said),)
