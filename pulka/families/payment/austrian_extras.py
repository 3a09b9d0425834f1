"""Illustrated Preference's extra contracts: Bettel, Durchmarsch, Plauderer, Offener
Durchmarsch and Sans Atout, settled directly between the declarer and each defender
(payment-families.md §2). The pot does not move; contra doubles the payment with the defender
who said it, the declarer's recontra doubles it again, and without the talon it doubles too.
"""

from __future__ import annotations

from ...convention import Convention
from ...errors import IllegalDealError
from ...game import Deal, DealKind, Strain
from ...i18n import _
from ..tricks import TRICKS, tricks_text
from .austrian_keys import (
    EXTRAS,
    EXTRAS_BONUSES,
    EXTRAS_DEFENCE,
    EXTRAS_NO_TALON,
    EXTRAS_VALUES,
    SANS_SCORING,
    SANS_TARGET,
)
from .keys import CONTRA_MAX
from .moves import Moves
from .state import PaymentState

#: each extra's convention word, in the order of ``extras.values``
EXTRA_WORDS = {Strain.BETTEL: "bettel", Strain.DURCHMARSCH: "durchmarsch",
               Strain.PLAUDERER: "plauderer", Strain.OFFENER: "offener", Strain.SANS: "sans"}
#: the extras whose aim is no trick at all (the others: all ten)
NO_TRICK = (Strain.BETTEL, Strain.PLAUDERER)


def is_extra(deal: Deal, conv: Convention) -> bool:
    """The deal is an extra contract paid directly (Sans Atout may be scored through the pot)."""
    assert deal.contract is not None
    strain = deal.contract.strain
    if strain not in EXTRA_WORDS or deal.contract.level is not None:
        return False
    if EXTRA_WORDS[strain] not in conv[EXTRAS]:
        raise IllegalDealError(_("{contract} is not played at this table").format(
            contract=EXTRA_WORDS[strain]))
    return not (strain is Strain.SANS and conv[SANS_SCORING] == "pot")


def factor(deal: Deal, conv: Convention, defender: str) -> int | None:
    """The factor of the payment between the declarer and ``defender`` on an extra contract
    paid directly (contra ×2, recontra ×4, each ×2 again without the talon): the amount is the
    extra's value times it. None: the deal is not such an extra."""
    contract = deal.contract
    if deal.kind is not DealKind.CONTRACT or contract is None or contract.level is not None \
            or contract.strain not in EXTRA_WORDS \
            or EXTRA_WORDS[contract.strain] not in conv[EXTRAS] \
            or (contract.strain is Strain.SANS and conv[SANS_SCORING] == "pot"):
        return None
    talon = conv[EXTRAS_NO_TALON] if deal.no_talon else 1
    return 2 ** deal.contra.get(defender, 0) * talon


def play(deal: Deal, state: PaymentState, moves: Moves, defenders: list[str]) -> Deal:
    conv = state.table.convention
    declarer, contract = deal.declarer, deal.contract
    assert declarer is not None and contract is not None
    if deal.defence and conv[EXTRAS_DEFENCE] == "forced":
        raise IllegalDealError(_("nobody drops out of an extra contract: leave out the "
                                 "defence words"))
    if deal.invite:
        raise IllegalDealError(_("an extra contract has no invitation"))
    if {"aces", "noaces"} & set(deal.marks) and conv[EXTRAS_BONUSES] == "none":
        raise IllegalDealError(_("an extra contract carries no aces bonus"))
    _check_tricks(deal, [declarer, *defenders])
    made = _made(deal, declarer, contract.strain, conv)
    for name, level in deal.contra.items():
        if name not in defenders:
            raise IllegalDealError(_("{player} cannot say contra: only a defender can").format(
                player=name))
        if level > conv[CONTRA_MAX]:
            raise IllegalDealError(_("contra goes up to {most} here, not {level}").format(
                most=conv[CONTRA_MAX], level=level))
    value = conv[EXTRAS_VALUES][list(EXTRA_WORDS).index(contract.strain)]
    state.played_for = value * conv[EXTRAS_NO_TALON] if deal.no_talon else value
    for defender in defenders:
        times = factor(deal, conv, defender)
        assert times is not None
        amount = value * times
        note = _("{contract} ×{factor}").format(contract=contract.pretty(), factor=times)
        if made:
            moves.pay(defender, declarer, amount, note)
        else:
            moves.pay(declarer, defender, amount, note)
    # made or down is kept only where no tricks say it (the journal writes one or the other)
    return Deal(DealKind.CONTRACT, declarer=declarer, contract=contract, tricks=deal.tricks,
                no_talon=deal.no_talon, contra=deal.contra,
                made=None if declarer in deal.tricks else made, marks=deal.marks)


def _check_tricks(deal: Deal, playing: list[str]) -> None:
    """The tricks written (only of players holding cards: PotFamily.play) are ten in all when
    each of them has his (fewer may be written: the declarer's alone say whether the game
    was made)."""
    total = sum(deal.tricks.values())
    if total > TRICKS or (len(deal.tricks) == len(playing) and total != TRICKS):
        raise IllegalDealError(_("the tricks add up to {total}, not 10").format(total=total))


def _made(deal: Deal, declarer: str, strain: Strain, conv: Convention) -> bool:
    """Made or lost: as written, or from the declarer's tricks."""
    taken = deal.tricks.get(declarer)
    if taken is None:
        if deal.made is None:
            raise IllegalDealError(_("say whether the extra contract was made (made or down), or "
                                     "give the declarer's tricks"))
        return deal.made
    if strain in NO_TRICK:
        made = taken == 0
    elif strain is Strain.SANS:
        made = taken >= conv[SANS_TARGET]
    else:
        made = taken == TRICKS
    if deal.made is not None and deal.made != made:
        raise IllegalDealError(_("{tricks} and made/down disagree").format(tricks=tricks_text(taken)))
    return made
