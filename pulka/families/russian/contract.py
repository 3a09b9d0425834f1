"""Scoring a declared game: made or failed, trick whists, consolation, shortfall, misère.

conventions.md §1.1. Every amount is multiplied by the deal's multiplier ``m`` (a dark game,
a bomb); ``v`` is the contract's value.
"""

from __future__ import annotations

from fractions import Fraction

from ...model import Deal, Decision, Strain
from ...numbers import div, mixed, plural
from .pulya import award
from .state import RussianState, Writer


def score_contract(deal: Deal, state: RussianState, write: Writer, m: Fraction) -> bool:
    """Score a checked contract deal. Returns True when the declarer made his game."""
    contract = deal.contract
    assert contract is not None and deal.declarer is not None
    if contract.strain is Strain.MISERE:
        return _score_misere(deal, state, write, m)
    conv = state.table.convention
    declarer = deal.declarer
    level = contract.level
    assert level is not None
    v = conv["values"][level - 6]
    name = contract.pretty_name
    defenders = list(deal.defence)
    whisters = [d for d in defenders if deal.defence[d] is Decision.WHIST]
    barred = frozenset(p for p in [state.sitting_out] if p)

    if declarer not in deal.tricks:  # not played: both passed, or pass and half-whist
        half = [d for d in defenders if deal.defence[d] is Decision.HALF]
        if half:
            quota = conv["whist.quota"][level - 6]
            amount = div(quota * v * conv["whist.rate"] * m, 2)
            write("whists", half[0], amount,
                  f"half-whist on {name}: {plural(Fraction(quota, 2), 'trick')} × {mixed(v)}",
                  target=declarer)
        award(state, write, declarer, v * m, f"{name}, not played", split=True, barred=barred)
        return True

    taken = deal.tricks[declarer]
    defence = 10 - taken
    checked = level == 10 and conv["whist.ten"] == "checked"
    if not checked:
        _trick_whists(deal, state, write, v, m, whisters, defence)
    payers = set() if checked else _shortfall(deal, state, write, v, m, whisters, defence)
    made = taken >= level
    if made:
        award(state, write, declarer, v * m, f"{name} made", split=True,
              barred=barred | payers)
    else:
        _remise(deal, state, write, v, m, level - taken, whisters)
    return made


def _trick_whists(deal: Deal, state: RussianState, write: Writer, v: Fraction, m: Fraction,
                  whisters: list[str], defence: int) -> None:
    conv = state.table.convention
    rate = conv["whist.rate"]
    declarer = deal.declarer
    name = deal.contract.pretty_name  # type: ignore[union-attr]
    if len(whisters) == 2:
        for w in whisters:
            own = deal.tricks[w]
            write("whists", w, own * v * rate * m, f"{plural(own, 'trick')} on {name}", target=declarer)
        return
    whister = whisters[0]
    passer = next((d for d in deal.defence if d != whister), None)
    amount = defence * v * rate * m
    if conv["whist.lone"] == "greedy" or passer is None:  # at two players: no passer to share
        write("whists", whister, amount, f"{plural(defence, 'defence trick')} on {name}, alone",
              target=declarer)
    else:
        for p in (whister, passer):
            write("whists", p, div(amount, 2), f"half of {defence} defence tricks on {name}",
                  target=declarer)


def _shortfall(deal: Deal, state: RussianState, write: Writer, v: Fraction, m: Fraction,
               whisters: list[str], defence: int) -> set[str]:
    """Gora for whisters who took less than their share; returns who paid."""
    conv = state.table.convention
    level = deal.contract.level  # type: ignore[union-attr]
    quota = conv["whist.quota"][level - 6]
    if defence >= quota:
        return set()
    unit = v * conv["remise.gora"] * m
    if conv["whist.responsibility"] == "half":
        unit = div(unit, 2)
    name = deal.contract.pretty_name  # type: ignore[union-attr]
    payers: dict[str, Fraction] = {}
    if len(whisters) == 2:
        if quota >= 2:
            for w in whisters:
                own = deal.tricks[w]
                if 2 * own < quota:  # fewer than his half of the quota
                    payers[w] = div((quota - 2 * own) * unit, 2)
        elif conv["whist.pair_low_quota"] == "second":
            payers[whisters[1]] = (quota - defence) * unit
        else:
            for w in whisters:
                payers[w] = div((quota - defence) * unit, 2)
    else:
        whister = whisters[0]
        amount = (quota - defence) * unit
        passer = next((d for d in deal.defence if d != whister), None)
        if conv["whist.lone"] == "greedy" or passer is None:
            payers[whister] = amount
        else:
            payers[whister] = payers[passer] = div(amount, 2)
    for player, amount in payers.items():
        write("gora", player, amount, f"whist shortfall on {name}: defence took {defence} of "
              f"{quota}")
    return set(payers)


def _remise(deal: Deal, state: RussianState, write: Writer, v: Fraction, m: Fraction,
            under: int, whisters: list[str]) -> None:
    conv = state.table.convention
    declarer = deal.declarer
    assert declarer is not None
    name = deal.contract.pretty_name  # type: ignore[union-attr]
    write("gora", declarer, under * v * conv["remise.gora"] * m,
          f"{name} down {under}: {under} × {mixed(v * conv['remise.gora'])}")
    to = conv["remise.consolation_to"]
    if to == "none":
        return
    eligible = list(deal.defence) if to in ("defenders", "all") else list(whisters)
    if to == "all" and state.sitting_out:
        eligible.append(state.sitting_out)
    amount = under * v * conv["remise.consolation"] * m
    for p in eligible:
        write("whists", p, amount, f"consolation: {name} down {under}", target=declarer)


def _score_misere(deal: Deal, state: RussianState, write: Writer, m: Fraction) -> bool:
    conv = state.table.convention
    declarer = deal.declarer
    assert declarer is not None
    taken = deal.tricks[declarer]
    if taken == 0:
        barred = frozenset(p for p in [state.sitting_out] if p)
        award(state, write, declarer, conv["misere.value"] * m, "misère made", split=True,
              barred=barred)
        return True
    write("gora", declarer, taken * conv["misere.penalty"] * m,
          f"misère failed: {plural(taken, 'trick')} × {mixed(conv['misere.penalty'])}")
    return False
