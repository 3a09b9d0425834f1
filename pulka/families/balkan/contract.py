"""Scoring a Balkan contract: the declarer's column, the defenders' supe, quotas, contra,
refe, bettel, and the last game scaled to end the game at exactly zero (conventions.md §2).

Who pays a penalty (falls): a whister short of ``quota`` (the pair short of twice as many),
an inviter short of the pair's quota, a kontra caller whose defence took 4 or fewer under
``contra.caller_penalty``, or, under ``contra.writer: caller``, the caller short of
``contra.quota``; under ``quota: table`` only those the table names on the deal (``fell``).
"""

from __future__ import annotations

from ...game import Deal, Decision, Strain
from ...i18n import _
from ...numbers import Exact, div, mixed
from ..tricks import tricks_text
from .checks import answering, defenders_of, sole_writer
from .keys import (
    BETTEL_FAIL_BULE,
    BETTEL_FAIL_SUPE,
    CONTRA_CALLER_PENALTY,
    CONTRA_FACTORS,
    CONTRA_QUOTA,
    CONTRA_WRITER,
    DEFENCE_CAP,
    DOUBLE_FALL,
    NO_TALON,
    QUOTA,
    VALUES,
)
from .state import BalkanState, DeferredWriter

STRAIN_INDEX = {Strain.SPADES: 0, Strain.DIAMONDS: 1, Strain.HEARTS: 2, Strain.CLUBS: 3,
                Strain.BETTEL: 4, Strain.SANS: 5}


def game_value(deal: Deal, state: BalkanState) -> Exact:
    """The bule a game is worth: 2 × its number, plus ``no_talon`` without the talon."""
    conv = state.table.convention
    value: Exact = conv[VALUES][STRAIN_INDEX[deal.contract.strain]]  # type: ignore[union-attr]
    return value + conv[NO_TALON] if deal.no_talon else value


def score_contract(deal: Deal, state: BalkanState, write: DeferredWriter, refe: Exact) -> bool:
    """Score a checked, played (or conceded) contract; returns True when it was made.

    ``refe`` is the declarer's refe factor (1 when he holds none). Postings go to ``write``
    and are committed by the caller, after the end-of-game scaling.
    """
    conv = state.table.convention
    declarer = deal.declarer
    assert declarer is not None and deal.contract is not None
    value = game_value(deal, state)
    name = deal.contract.pretty_name
    if deal.no_talon:
        name = _("{contract} igra").format(contract=name)
    factors = conv[CONTRA_FACTORS]
    own: dict[str, Exact] = {d: factors[deal.contra[d] - 1] if d in deal.contra else 1
                             for d in deal.defence}
    top = max(own.values(), default=1)
    whisters = [d for d in deal.defence if deal.defence[d] is Decision.WHIST]
    if not whisters:
        write("bule", declarer, -value * refe,
              _("{contract}: both passed, won without play").format(contract=name))
        return True
    taken = deal.tricks[declarer]
    bettel = deal.contract.strain is Strain.BETTEL
    made = taken == 0 if bettel else taken >= 6
    if bettel and not made:
        base = conv[VALUES][STRAIN_INDEX[Strain.BETTEL]]
        scale = div(value, base)
        fall, note = _fall(conv[BETTEL_FAIL_BULE] * scale * refe * top, value, state,
                           declarer, _("{contract} failed").format(contract=name))
        write("bule", declarer, fall, note)
        failed = _("{contract} failed").format(contract=name)
        supe = conv[BETTEL_FAIL_SUPE]
        for d in whisters:
            # per_trick: the bettel's value for every trick this defender himself took
            each = value * deal.tricks[d] if isinstance(supe, str) else supe * scale
            write("whists", d, each * refe * own[d], failed, target=declarer)
        return False
    if made:
        write("bule", declarer, -value * refe * top, _("{contract} made").format(contract=name))
    else:
        fall, note = _fall(value * refe * top, value, state, declarer,
                           _("{contract} down").format(contract=name))
        write("bule", declarer, fall, note)
    if bettel:
        return True
    _supe(deal, state, write, value * refe, own, whisters, made, name)
    return made


def _fall(amount: Exact, value: Exact, state: BalkanState, declarer: str,
          note: str) -> tuple[Exact, str]:
    """What a failed declarer takes: double (Serbian duplo padanje) when the game was worth
    more than the bule he still had left."""
    left = state.bule[declarer]
    if state.table.convention[DOUBLE_FALL] and 0 < left < value:
        return amount * 2, _("{note}, worth more than the {left} bule left: falls double").format(
            note=note, left=mixed(left))
    return amount, note


def _supe(deal: Deal, state: BalkanState, write: DeferredWriter, value: Exact,
          own: dict[str, Exact], whisters: list[str], made: bool, name: str) -> None:
    """Each whister's supe on the declarer, and the penalties of the defenders who fell."""
    conv = state.table.convention
    declarer = deal.declarer
    defence = 10 - deal.tricks[declarer]  # type: ignore[index]
    cap = conv[DEFENCE_CAP]
    counted: dict[str, Exact] = {d: deal.tricks.get(d, 0) for d in deal.defence}
    writer = sole_writer(deal, state, whisters)
    if writer is not None:  # the inviter, or the caller: he writes all the defence's tricks
        counted = {writer: defence}
    if not made and sum(counted.values()) > cap:  # play stops at the defence's cap-th trick
        ratio = div(cap, sum(counted.values()))
        counted = {d: c * ratio for d, c in counted.items()}
    for d, count in counted.items():
        if d in whisters:
            write("whists", d, value * count * own[d],
                  _("{tricks} on {contract}").format(tricks=tricks_text(count), contract=name),
                  target=declarer)
    for d, note in _fallen(deal, state, whisters, defence, name).items():
        write("bule", d, value * own[d], note)


def _fallen(deal: Deal, state: BalkanState, whisters: list[str], defence: int,
            name: str) -> dict[str, str]:
    """The defenders who pay the game's value into their bule, each with the reason."""
    conv = state.table.convention
    quota = conv[QUOTA]
    if quota == "table":  # who fell is what the table says
        return {d: _("fell against {contract}, as the table says").format(contract=name)
                for d in deal.fell}
    assert isinstance(quota, int)
    fallen: dict[str, str] = {}
    answer = answering(deal, state, whisters)
    if conv[CONTRA_WRITER] == "caller" and deal.contra:
        need = conv[CONTRA_QUOTA]
        for d in answer:
            if defence < need:
                fallen[d] = _("called contra and the defence took {taken} of {quota} against "
                              "{contract}").format(taken=defence, quota=need, contract=name)
        return fallen
    if deal.invite:
        if defence < 2 * quota:
            fallen[answer[0]] = _("invited and took {taken} of {quota} against {contract}").format(
                taken=defence, quota=2 * quota, contract=name)
    elif len(whisters) == 1 or defence < 2 * quota:
        for d in defenders_of(deal, state):
            if d in whisters and deal.tricks.get(d, 0) < quota:
                fallen[d] = _("whisted and took {taken} of {quota} against {contract}").format(
                    taken=deal.tricks.get(d, 0), quota=quota, contract=name)
    if conv[CONTRA_CALLER_PENALTY] and defence <= 4:  # seed 002: the caller's claim failed
        for d in deal.contra:
            fallen.setdefault(d, _("called contra and the defence took only {taken} against "
                                   "{contract}").format(taken=defence, contract=name))
    return fallen
