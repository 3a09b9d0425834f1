"""Is this deal possible here? Checks of a Russian deal against the table and the state.

Each check raises :class:`IllegalDealError` with a sentence a player understands. A legal
deal is handed to :mod:`.completion`, which fills in what follows from it (a trick count
left out when the others fix it, the defence in seat order), so scoring sees a complete deal.
"""

from __future__ import annotations

import functools

from ...convention import Convention
from ...errors import IllegalDealError
from ...model import Deal, DealKind, Decision, Strain
from ..seating import clockwise
from ..tricks import TRICKS
from . import robber
from .completion import completed_contract, completed_misere, completed_raspasy
from .state import RussianState


def check_deal(deal: Deal, state: RussianState) -> Deal:
    """The deal, complete, if it is legal in this state."""
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
            raise IllegalDealError("the game is already over")
        return deal
    if state.finished:
        raise _over(state)
    if deal.kind is DealKind.ALLPASS:
        raise IllegalDealError("an all-pass is not played here: Russian conventions play raspasy",
                               hint="write raspasy with everyone's tricks")
    robber.check(deal, state)
    return _check_raspasy(deal, state)


def _over(state: RussianState) -> IllegalDealError:
    return IllegalDealError(f"the game is over ({state.end_reason}); no more deals",
                            hint="a correction is `fix N ...`; `void N` takes a deal back")


def _check_known(deal: Deal, players: tuple[str, ...]) -> None:
    for name in deal.named:
        if name not in players:
            raise IllegalDealError(f"{name!r} is not at the table (players: {', '.join(players)})")


def _check_adjust(deal: Deal) -> Deal:
    for column in deal.adjust:
        if column not in ("pulya", "gora", "whists"):
            raise IllegalDealError(f"a Russian sheet has no {column} column "
                                   "(adjust pulya, gora or whists)")
    for writer, row in deal.adjust.get("whists", {}).items():
        if writer in row:
            raise IllegalDealError(f"{writer} cannot write whists on himself")
    return deal


def _sitting_out_message(name: str) -> str:
    return f"{name} deals this deal and sits it out at four players"  # no pronouns: any name


def _check_raspasy(deal: Deal, state: RussianState) -> Deal:
    conv = state.table.convention
    if deal.dark and not conv["bombs"]:
        raise IllegalDealError("dark raspasy are not played in this convention (bombs: false)")
    if deal.dark and deal.dark != state.dark_streak + 1:
        state.notes.append(f"note: a dark raspasy of rank {deal.dark} after "
                           f"{state.dark_streak} dark raspasy in a row (rank {state.dark_streak + 1}"
                           " expected)")
    return _normalized_raspasy(deal, state.players, state.active, state.sitting_out, conv)


@functools.lru_cache(maxsize=4096)
def _normalized_raspasy(deal: Deal, players: tuple[str, ...], active: tuple[str, ...],
                        out: str | None, conv: Convention) -> Deal:
    """The checks of a raspasy that depend only on the deal, the seats and the convention."""
    playing = list(active)
    if out is not None and conv["raspasy.talon"] == "dealer":
        playing.append(out)
    for name in [*deal.tricks, *deal.looked]:
        if name not in playing:
            raise IllegalDealError(_sitting_out_message(name) + " and takes no tricks")
    return completed_raspasy(deal, players, playing, out)


def _check_contract(deal: Deal, state: RussianState) -> Deal:
    contract = deal.contract
    assert contract is not None
    if contract.level is not None and deal.declarer != state.sitting_out:
        _check_exit(contract.level, state)
    return _normalized_contract(deal, state.players, state.active, state.sitting_out,
                                state.table.convention)


@functools.lru_cache(maxsize=4096)
def _normalized_contract(deal: Deal, players: tuple[str, ...], active: tuple[str, ...],
                         sitting_out: str | None, conv: Convention) -> Deal:
    """The checks of a contract that depend only on the deal, the seats and the convention
    (cached: a long game repeats the same deals)."""
    _check_known(deal, players)
    contract = deal.contract
    assert contract is not None and deal.declarer is not None
    declarer = deal.declarer
    if declarer == sitting_out:
        raise IllegalDealError(_sitting_out_message(declarer) + ", so cannot declare")
    if contract.level is None and contract.strain is not Strain.MISERE:
        raise IllegalDealError(f"{contract} is a Balkan contract; here a contract is 6..10 and a"
                               " suit, or misere")
    if deal.no_talon or deal.invite or deal.contra:
        raise IllegalDealError("igra, invite and contra belong to the Balkan conventions")
    if deal.dark and not conv["bombs"]:
        raise IllegalDealError("dark games are not played in this convention (bombs: false)")
    for name in [*deal.defence, *deal.tricks]:
        if name == sitting_out:
            raise IllegalDealError(_sitting_out_message(name))
    if declarer in deal.defence:
        raise IllegalDealError(f"{declarer} is the declarer and cannot also defend")
    defenders = clockwise(players, declarer, active)
    if contract.strain is Strain.MISERE:
        return _check_misere(deal, defenders)
    for name in defenders:
        if name not in deal.defence:
            raise IllegalDealError(f"what did {name} say: whist, pass or half?")
    decisions = [deal.defence[d] for d in defenders]
    _check_half(deal, defenders, decisions, conv)
    if (conv["whist.stalingrad"] and contract.level == 6 and contract.strain is Strain.SPADES
            and decisions != [Decision.WHIST, Decision.WHIST]):
        raise IllegalDealError("Stalingrad: 6♠ must be whisted by both defenders")
    whisters = [d for d in defenders if deal.defence[d] is Decision.WHIST]
    checked_ten = contract.level == 10 and conv["whist.ten"] == "checked"
    if not whisters and not checked_ten and deal.tricks:  # a checked ten is always played out
        raise IllegalDealError("nobody whisted, so the game was not played: leave the tricks"
                               " out")
    return completed_contract(deal, defenders, whisters, checked_ten)


def _check_exit(level: int, state: RussianState) -> None:
    streak = state.raspasy_streak
    if not streak:
        return
    exits = state.table.convention["raspasy.exit"]
    lowest = exits[min(streak, len(exits)) - 1]
    if level < lowest:
        times = "raspasy" if streak == 1 else f"{streak} raspasy in a row"
        raise IllegalDealError(f"after {times} the lowest contract is {lowest}, not {level}")


def _check_half(deal: Deal, defenders: list[str], decisions: list[Decision],
                conv: Convention) -> None:
    if Decision.HALF not in decisions:
        return
    if len(defenders) < 2:
        raise IllegalDealError("half-whist needs two defenders (at two players there is one)")
    first, second = defenders
    if decisions[0] is Decision.HALF:
        raise IllegalDealError(f"only the second defender can half-whist; {first} speaks first",
                               hint=f"{first} pass {second} half")
    if decisions[0] is not Decision.PASS:
        raise IllegalDealError(f"half-whist needs {first} to pass; {first} whisted")
    assert deal.contract is not None
    if deal.contract.level not in conv["whist.half"]:
        allowed = ", ".join(map(str, conv["whist.half"])) or "no level"
        raise IllegalDealError(f"half-whist is not allowed on a {deal.contract.level} in this "
                               f"convention (allowed: {allowed})")
    if deal.tricks:
        raise IllegalDealError("a half-whisted game is not played: leave the tricks out")


def _check_misere(deal: Deal, defenders: list[str]) -> Deal:
    if any(d is not Decision.PASS for d in deal.defence.values()):
        raise IllegalDealError("misère is not whisted: leave the defence out")
    declarer = deal.declarer
    if declarer not in deal.tricks:
        raise IllegalDealError(f"how many tricks did {declarer} take on misère?")
    others = {p: t for p, t in deal.tricks.items() if p != declarer}
    total = deal.tricks[declarer] + sum(others.values())
    all_given = len(others) == len(defenders) and len(defenders) > 1  # at two, a dummy plays too
    if total > TRICKS or (all_given and total != TRICKS):
        raise IllegalDealError(f"the tricks add up to {total}, not {TRICKS}")
    return completed_misere(deal)
