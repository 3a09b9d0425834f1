"""Scoring a declared game: made or failed, trick whists, consolation, shortfall, misère.

conventions.md §1.1. Every amount is multiplied by the deal's multiplier ``m`` (a dark game,
a bomb); ``v`` is the contract's value.

Everything a game writes except the declarer's pulya depends only on the deal, the
convention, ``m`` and who sits out, so :func:`game_postings` is a pure function and is cached: a
long game repeats the same deals. The pulya goes through :func:`pulya.award`, which depends on
the sheet (a closed pulya helps partners).
"""

from __future__ import annotations

import functools
from fractions import Fraction

from ...convention import Convention
from ...frozen import NamedTuple
from ...game import Deal, Decision, Strain
from ...i18n import _, language, ngettext
from ...numbers import div, mixed
from ..foreign import WITHOUT_THREE
from ..sheet import Collector, Posting, Writer
from ..tricks import defence_tricks_text, tricks_text
from .keys import (
    MISERE_CONSOLATION,
    MISERE_PENALTY,
    MISERE_VALUE,
    REMISE_CONSOLATION,
    REMISE_CONSOLATION_FLAT,
    REMISE_CONSOLATION_TO,
    REMISE_GORA,
    TEN_CONSOLATION,
    VALUES,
    WHIST_HALF_CREDIT,
    WHIST_LONE,
    WHIST_PAIR_LOW_QUOTA,
    WHIST_PASSER_TRICKS,
    WHIST_QUOTA,
    WHIST_RATE,
    WHIST_RESPONSIBILITY,
    WHIST_TEN,
)
from .pulya import award
from .state import RussianState


class GamePostings(NamedTuple):
    """What a declared game writes, apart from the declarer's pulya.

    Attributes:
        postings: whists and gora, in the order they are written.
        made: the declarer made his game.
        award: pulya points the declarer earns (0 when he failed), and why.
        payers: whisters who paid a shortfall penalty (not helped in this deal).
    """

    postings: tuple[Posting, ...]
    made: bool
    award: int | Fraction = 0
    why: str = ""
    payers: frozenset[str] = frozenset()


def score_contract(deal: Deal, state: RussianState, write: Writer, m: int | Fraction) -> bool:
    """Score a checked contract deal. Returns True when the declarer made his game."""
    opponents = tuple(p for p in state.active if p != deal.declarer)
    result = game_postings(deal, deal.order, state.table.convention, m, state.sitters,
                           language(), opponents)
    for posting in result.postings:
        write.post(posting)
    if result.award:
        award(state, write, deal.declarer, result.award, result.why, split=True,  # type: ignore[arg-type]
              barred=result.payers)
    return result.made


@functools.lru_cache(maxsize=8192)
def game_postings(deal: Deal, order: tuple[str, ...], conv: Convention, m: int | Fraction,
                  sitters: tuple[str, ...], lang: str, opponents: tuple[str, ...] = ()
                  ) -> GamePostings:
    """Everything a checked contract deal writes except the declarer's pulya.

    ``order`` is the defenders' order, first defender first: deals compare equal whatever the
    order their defence is written in, but the second defender has duties of his own.
    ``lang`` is the language the notes are written in (a cached note keeps its language).
    """
    write = Collector()
    out = write.postings

    contract = deal.contract
    declarer = deal.declarer
    assert contract is not None and declarer is not None
    if contract.strain is Strain.MISERE:
        return _misere(deal, conv, m, write, out, opponents)
    level = contract.level
    assert level is not None
    v = conv[VALUES][level - 6]
    name = contract.pretty_name
    if WITHOUT_THREE in deal.marks:  # given up before play: three undertricks, no whists
        write("gora", declarer, 3 * v * conv[REMISE_GORA] * m,
              _("{contract} given up without three: 3 × {price}").format(
                  contract=name, price=mixed(v * conv[REMISE_GORA])))
        return GamePostings(tuple(out), False)
    whisters = [d for d in deal.defence if deal.defence[d] is Decision.WHIST]

    if declarer not in deal.tricks:  # not played: both passed, or pass and half-whist
        half = [d for d in deal.defence if deal.defence[d] is Decision.HALF]
        if half:
            quota = (conv[WHIST_QUOTA][level - 6] if conv[WHIST_HALF_CREDIT] == "quota"
                     else 10 - level)  # rest: half of what the declarer leaves
            write("whists", half[0], div(quota * v * conv[WHIST_RATE] * m, 2),
                  _("half-whist on {contract}: {tricks} × {value}").format(
                      contract=name, tricks=tricks_text(Fraction(quota, 2)), value=mixed(v)),
                  target=declarer)
        return GamePostings(tuple(out), True, v * m,
                            _("{contract}, not played").format(contract=name))

    taken = deal.tricks[declarer]
    defence = 10 - taken
    checked = level == 10 and conv[WHIST_TEN] == "checked"
    payers: frozenset[str] = frozenset()
    if not checked:
        _trick_whists(deal, conv, m, v, whisters, defence, write)
        payers = _shortfall(deal, conv, m, v, whisters, defence, write)
    if taken >= level:
        return GamePostings(tuple(out), True, v * m, _("{contract} made").format(contract=name),
                            payers)
    # a checked ten is played out by both defenders, whisted or not: both count as whisters
    # for the consolation (conventions.md §4), unless the table gives none on it
    consoled = not checked or conv[TEN_CONSOLATION] == "yes"
    _remise(deal, conv, m, v, level - taken, list(deal.defence) if checked else whisters,
            sitters, write, consoled)
    return GamePostings(tuple(out), False, payers=payers)


def _trick_whists(deal: Deal, conv: Convention, m: int | Fraction, v: int | Fraction,
                  whisters: list[str], defence: int, write) -> None:
    rate = conv[WHIST_RATE]
    declarer = deal.declarer
    name = deal.contract.pretty_name  # type: ignore[union-attr]
    if len(whisters) == 2:
        for w in whisters:
            own = deal.tricks[w]
            write("whists", w, own * v * rate * m,
                  _("{tricks} on {contract}").format(tricks=tricks_text(own), contract=name),
                  target=declarer)
        return
    whister = whisters[0]
    passer = next((d for d in deal.defence if d != whister), None)
    shares = _shares(deal, conv)
    counted = defence  # the passer's tricks too, unless the table gives them nothing, or
    # (gentleman_on_remise) the game was made: the whister then writes his own tricks only
    if passer is not None and (conv[WHIST_PASSER_TRICKS] == "none" or (
            not shares and conv[WHIST_LONE] == "gentleman_on_remise")):
        counted = deal.tricks.get(whister, defence)
    amount = counted * v * rate * m
    if not shares or passer is None:  # at two players: no passer to share
        write("whists", whister, amount, _("{tricks} on {contract}, alone").format(
            tricks=defence_tricks_text(counted), contract=name), target=declarer)
    else:
        half = ngettext("half of {n} defence tricks on {contract}",
                        "half of {n} defence tricks on {contract}", counted)
        for p in (whister, passer):
            write("whists", p, div(amount, 2), half.format(n=counted, contract=name),
                  target=declarer)


def _shares(deal: Deal, conv: Convention) -> bool:
    """Does a lone whister share with the passer (the gentleman's whist)? Always, or
    (``gentleman_on_remise``, ``greedy_unless_remise``) only when the declarer failed."""
    lone = conv[WHIST_LONE]
    if lone in ("gentleman_on_remise", "greedy_unless_remise"):
        assert deal.contract is not None and deal.contract.level is not None
        return deal.tricks[deal.declarer] < deal.contract.level  # type: ignore[index]
    return lone == "gentleman"


def _shortfall(deal: Deal, conv: Convention, m: int | Fraction, v: int | Fraction,
               whisters: list[str], defence: int, write) -> frozenset[str]:
    """Gora for whisters who took less than their share; returns who paid."""
    assert deal.contract is not None and deal.contract.level is not None  # a contract game
    level = deal.contract.level
    quota = conv[WHIST_QUOTA][level - 6]
    if defence >= quota:
        return frozenset()
    unit = v * conv[REMISE_GORA] * m
    if conv[WHIST_RESPONSIBILITY] == "half":
        unit = div(unit, 2)
    name = deal.contract.pretty_name
    payers: dict[str, int | Fraction] = {}
    if len(whisters) == 2:
        if quota >= 2:
            for w in whisters:
                own = deal.tricks[w]
                if 2 * own < quota:  # fewer than his half of the quota
                    payers[w] = div((quota - 2 * own) * unit, 2)
        elif conv[WHIST_PAIR_LOW_QUOTA] == "second":
            payers[whisters[1]] = (quota - defence) * unit
        else:  # both_half, or both_full: each pays the whole shortfall
            halves = 1 if conv[WHIST_PAIR_LOW_QUOTA] == "both_half" else 2
            for w in whisters:
                payers[w] = div((quota - defence) * unit * halves, 2)
    else:
        whister = whisters[0]
        amount = (quota - defence) * unit
        passer = next((d for d in deal.defence if d != whister), None)
        if not _shares(deal, conv) or passer is None:
            payers[whister] = amount
        else:
            payers[whister] = payers[passer] = div(amount, 2)
    for player, amount in payers.items():
        write("gora", player, amount,
              _("whist shortfall on {contract}: defence took {defence} of {quota}").format(
                  contract=name, defence=defence, quota=quota))
    return frozenset(payers)


def _remise(deal: Deal, conv: Convention, m: int | Fraction, v: int | Fraction, under: int,
            whisters: list[str], sitters: tuple[str, ...], write, consoled: bool = True) -> None:
    declarer = deal.declarer
    assert declarer is not None
    name = deal.contract.pretty_name  # type: ignore[union-attr]
    write("gora", declarer, under * v * conv[REMISE_GORA] * m,
          _("{contract} down {under}: {under} × {price}").format(
              contract=name, under=under, price=mixed(v * conv[REMISE_GORA])))
    to = conv[REMISE_CONSOLATION_TO]
    if to == "none" or not consoled:
        return
    eligible = list(deal.defence) if to in ("defenders", "all") else list(whisters)
    if to == "all":  # the dealer sitting out at four, both sitters at five
        eligible += sitters
    flat = conv[REMISE_CONSOLATION_FLAT]  # whatever the contract, when a table sets it
    amount = under * (flat if flat else v * conv[REMISE_CONSOLATION]) * m
    note = _("consolation: {contract} down {under}").format(contract=name, under=under)
    for p in eligible:
        write("whists", p, amount, note, target=declarer)


def _misere(deal: Deal, conv: Convention, m: int | Fraction, write, out: list[Posting],
            opponents: tuple[str, ...]) -> GamePostings:
    declarer = deal.declarer
    taken = deal.tricks[declarer]  # type: ignore[index]
    if taken == 0:
        return GamePostings((), True, conv[MISERE_VALUE] * m, _("misère made"))
    write("gora", declarer, taken * conv[MISERE_PENALTY] * m,
          _("misère failed: {tricks} × {penalty}").format(
              tricks=tricks_text(taken), penalty=mixed(conv[MISERE_PENALTY])))
    if conv[MISERE_CONSOLATION]:
        note = _("consolation: misère failed, {tricks}").format(tricks=tricks_text(taken))
        for opponent in opponents:
            write("whists", opponent, taken * conv[MISERE_CONSOLATION] * m, note,
                  target=declarer)
    return GamePostings(tuple(out), False)
