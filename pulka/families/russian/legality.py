"""Is this deal possible here? Checks of a Russian deal against the table and the state.

Each check raises :class:`IllegalDealError` with a sentence a player understands. A legal
deal is handed to :mod:`.completion`, which fills in what follows from it (a trick count
left out when the others fix it, the defence in seat order), so scoring sees a complete deal.
"""

from __future__ import annotations

import functools

from ...convention import Convention
from ...errors import IllegalDealError
from ...game import Deal, DealKind, Decision, Strain
from ...i18n import _, ngettext
from ..foreign import WITHOUT_THREE, refuse_payment_words
from ..seating import clockwise
from ..tricks import TRICKS
from . import robber
from .completion import (
    completed_contract,
    completed_given_up,
    completed_misere,
    completed_raspasy,
)
from .keys import (
    BOMBS,
    RASPASY_EXIT,
    RASPASY_TALON,
    WHIST_HALF,
    WHIST_HALF_BY,
    WHIST_STALINGRAD,
    WHIST_TEN,
)
from .keys import WITHOUT_THREE as GIVING_UP
from .state import RussianState


def check_deal(deal: Deal, state: RussianState) -> Deal:
    """The deal, complete, if it is legal in this state."""
    refuse_payment_words(deal, reads=(WITHOUT_THREE,))
    if deal.fell:  # (a word said and then ignored would let a wrong deal pass)
        raise IllegalDealError(_("'fell' is said only at a Balkan table that writes who fell "
                                 "(quota: table)"))
    if deal.looked and not deal.dark:
        raise IllegalDealError(_("'looked' is said only of a dark raspasy"))
    if deal.kind is DealKind.CONTRACT:  # the usual case first; names are checked in the cache
        if state.finished:
            raise _over(state)
        deal = _check_contract(deal, state)
        if state.robber_owed:
            robber.check(deal, state)
        return deal
    _check_known(deal, state.players)
    if deal.kind is DealKind.ADJUST:
        return _check_adjust(deal)
    if deal.kind is DealKind.END:
        if state.finished:
            raise IllegalDealError(_("the game is already over"))
        return deal
    if state.finished:
        raise _over(state)
    if deal.kind is DealKind.ALLPASS:
        raise IllegalDealError(
            _("an all-pass is not played here: Russian conventions play raspasy"),
            hint=_("write raspasy with everyone's tricks"))
    robber.check(deal, state)
    return _check_raspasy(deal, state)


def _over(state: RussianState) -> IllegalDealError:
    return IllegalDealError(
        _("the game is over ({reason}); no more deals").format(reason=state.end_reason),
        hint=_("a correction is `fix N ...`; `void N` takes a deal back"))


def _check_known(deal: Deal, players: tuple[str, ...]) -> None:
    for name in deal.named:
        if name not in players:
            raise IllegalDealError(_("{name!r} is not at the table (players: {players})").format(
                name=name, players=", ".join(players)))


def _check_adjust(deal: Deal) -> Deal:
    for column in deal.adjust:
        if column not in ("pulya", "gora", "whists"):
            raise IllegalDealError(_("a Russian sheet has no {column} column "
                                     "(adjust pulya, gora or whists)").format(column=column))
    for writer, row in deal.adjust.get("whists", {}).items():
        if writer in row:
            raise IllegalDealError(_("{writer} cannot write whists on himself").format(
                writer=writer))
    return deal




def _check_raspasy(deal: Deal, state: RussianState) -> Deal:
    conv = state.table.convention
    if deal.dark and not conv[BOMBS]:
        raise IllegalDealError(
            _("dark raspasy are not played in this convention (bombs: false)"))
    if deal.dark and deal.dark != state.dark_streak + 1:
        state.notes.append(_("note: a dark raspasy of rank {rank} after {streak} dark raspasy "
                             "in a row (rank {expected} expected)").format(
            rank=deal.dark, streak=state.dark_streak, expected=state.dark_streak + 1))
    return _normalized_raspasy(deal, state.players, state.active, state.sitting_out, conv)


@functools.lru_cache(maxsize=4096)
def _normalized_raspasy(deal: Deal, players: tuple[str, ...], active: tuple[str, ...],
                        out: str | None, conv: Convention) -> Deal:
    """The checks of a raspasy that depend only on the deal, the seats and the convention."""
    playing = list(active)
    if out is not None and conv[RASPASY_TALON] in ("dealer", "dealer_plays"):
        playing.append(out)
    for name in [*deal.tricks, *deal.looked]:
        if name not in playing:
            # no pronouns in these messages: any name
            if len(players) == 4:
                raise IllegalDealError(_("{name} deals this deal and sits it out at four "
                                         "players and takes no tricks").format(name=name))
            raise IllegalDealError(_("{name} sits this deal out and takes no tricks").format(
                name=name))
    return completed_raspasy(deal, players, playing, out)


def _check_contract(deal: Deal, state: RussianState) -> Deal:
    contract = deal.contract
    assert contract is not None
    if contract.level is not None and deal.declarer not in state.sitters:
        _check_exit(contract.level, state)
    return _normalized_contract(deal, state.players, state.active, state.sitters,
                                state.table.convention)


@functools.lru_cache(maxsize=4096)
def _normalized_contract(deal: Deal, players: tuple[str, ...], active: tuple[str, ...],
                         sitters: tuple[str, ...], conv: Convention) -> Deal:
    """The checks of a contract that depend only on the deal, the seats and the convention
    (cached: a long game repeats the same deals)."""
    _check_known(deal, players)
    contract = deal.contract
    assert contract is not None and deal.declarer is not None
    declarer = deal.declarer
    if declarer in sitters:
        if len(players) == 4:
            raise IllegalDealError(_("{name} deals this deal and sits it out at four players, "
                                     "so cannot declare").format(name=declarer))
        raise IllegalDealError(_("{name} sits this deal out, so cannot declare").format(
            name=declarer))
    if contract.level is None and contract.strain is not Strain.MISERE:
        raise IllegalDealError(_("{contract} is a Balkan contract; here a contract is 6..10 "
                                 "and a suit, or misere").format(contract=contract))
    if deal.no_talon or deal.invite or deal.contra:
        raise IllegalDealError(_("igra, invite and contra belong to the Balkan conventions"))
    if deal.dark and not conv[BOMBS]:
        raise IllegalDealError(_("dark games are not played in this convention (bombs: false)"))
    for name in [*deal.defence, *deal.tricks]:
        if name in sitters:
            if len(players) == 4:
                raise IllegalDealError(_("{name} deals this deal and sits it out at four "
                                         "players").format(name=name))
            raise IllegalDealError(_("{name} sits this deal out").format(name=name))
    if declarer in deal.defence:
        raise IllegalDealError(_("{declarer} is the declarer and cannot also defend").format(
            declarer=declarer))
    defenders = clockwise(players, declarer, active)
    if WITHOUT_THREE in deal.marks:
        return _check_without_three(deal, defenders, conv)
    if contract.strain is Strain.MISERE:
        return _check_misere(deal, defenders)
    for name in defenders:
        if name not in deal.defence:
            raise IllegalDealError(_("what did {name} say: whist, pass or half?").format(
                name=name))
    decisions = [deal.defence[d] for d in defenders]
    _check_half(deal, defenders, decisions, conv)
    if (conv[WHIST_STALINGRAD] and contract.level == 6 and contract.strain is Strain.SPADES
            and decisions != [Decision.WHIST, Decision.WHIST]):
        raise IllegalDealError(_("Stalingrad: 6♠ must be whisted by both defenders"))
    whisters = [d for d in defenders if deal.defence[d] is Decision.WHIST]
    checked_ten = contract.level == 10 and conv[WHIST_TEN] == "checked"
    if not whisters and not checked_ten and deal.tricks:  # a checked ten is always played out
        raise IllegalDealError(_("nobody whisted, so the game was not played: leave the "
                                 "tricks out"))
    return completed_contract(deal, defenders, whisters, checked_ten)


def _check_without_three(deal: Deal, defenders: list[str], conv: Convention) -> Deal:
    """A game given up before play (без трёх): a game with a level, not played (no tricks),
    and not one the declarer already had without play (everybody passed, a half-whist).
    The defence may be said or left out."""
    contract = deal.contract
    assert contract is not None
    if not conv[GIVING_UP]:
        raise IllegalDealError(_("this table does not give games up without three "
                                 "(without_three: no)"),
                               hint=_("a table that plays it sets without_three: yes"))
    if contract.level is None:
        raise IllegalDealError(_("a misère is not given up without three"))
    if deal.tricks:
        raise IllegalDealError(_("a game given up without three is not played: leave the "
                                 "tricks out"))
    said = [deal.defence[d] for d in defenders if d in deal.defence]
    checked_ten = contract.level == 10 and conv[WHIST_TEN] == "checked"
    if Decision.HALF in said or (len(said) == len(defenders) and Decision.WHIST not in said
                                 and not checked_ten):
        raise IllegalDealError(_("nobody whisted, so the game was {declarer}'s without play: "
                                 "there is nothing to give up").format(declarer=deal.declarer))
    return completed_given_up(deal, defenders)


def _check_exit(level: int, state: RussianState) -> None:
    streak = state.raspasy_streak
    if not streak:
        return
    exits = state.table.convention[RASPASY_EXIT]
    lowest = exits[min(streak, len(exits)) - 1]
    if level < lowest:
        message = _("after raspasy the lowest contract is {lowest}, not {level}") \
            if streak == 1 else ngettext(
                "after {n} raspasy in a row the lowest contract is {lowest}, not {level}",
                "after {n} raspasy in a row the lowest contract is {lowest}, not {level}", streak)
        raise IllegalDealError(message.format(n=streak, lowest=lowest, level=level))


def _check_half(deal: Deal, defenders: list[str], decisions: list[Decision],
                conv: Convention) -> None:
    if Decision.HALF not in decisions:
        return
    if len(defenders) < 2:
        raise IllegalDealError(_("half-whist needs two defenders (at two players there is "
                                 "one)"))
    first, second = defenders
    if decisions[0] is Decision.HALF and conv[WHIST_HALF_BY] == "either":
        # whist – pass – half: the first defender retreats to a half-whist once the second passed
        if decisions[1] is not Decision.PASS:
            raise IllegalDealError(_("{first} can retreat to a half-whist only after {second} "
                                     "passed").format(first=first, second=second))
    elif decisions[0] is Decision.HALF:
        raise IllegalDealError(
            _("only the second defender can half-whist; {first} speaks first").format(
                first=first),
            hint=_("{first} pass {second} half").format(first=first, second=second))
    elif decisions[0] is not Decision.PASS:
        raise IllegalDealError(_("half-whist needs {first} to pass; {first} whisted").format(
            first=first))
    assert deal.contract is not None
    if deal.contract.level not in conv[WHIST_HALF]:
        allowed = ", ".join(map(str, conv[WHIST_HALF]))
        message = _("half-whist is not allowed on a {level} in this convention "
                    "(allowed: {allowed})") if allowed else \
            _("half-whist is not allowed on a {level} in this convention (allowed: no level)")
        raise IllegalDealError(message.format(level=deal.contract.level, allowed=allowed))
    if deal.tricks:
        raise IllegalDealError(_("a half-whisted game is not played: leave the tricks out"))


def _check_misere(deal: Deal, defenders: list[str]) -> Deal:
    if any(d is not Decision.PASS for d in deal.defence.values()):
        raise IllegalDealError(_("misère is not whisted: leave the defence out"))
    declarer = deal.declarer
    if declarer not in deal.tricks:
        raise IllegalDealError(_("how many tricks did {declarer} take on misère?").format(
            declarer=declarer))
    others = {p: t for p, t in deal.tricks.items() if p != declarer}
    total = deal.tricks[declarer] + sum(others.values())
    all_given = len(others) == len(defenders) and len(defenders) > 1  # at two, a dummy plays too
    if total > TRICKS or (all_given and total != TRICKS):
        raise IllegalDealError(_("the tricks add up to {total}, not {ten}").format(
            total=total, ten=TRICKS))
    return completed_misere(deal)
