"""Is this deal possible here? Checks of a Balkan deal against the table and the state."""

from __future__ import annotations

from ...errors import IllegalDealError
from ...game import Deal, DealKind, Decision, Strain
from ...i18n import _
from ..foreign import refuse_payment_words, refuse_rest
from ..seating import clockwise
from ..tricks import TRICKS, fill_in_missing
from .keys import BETTEL_FAIL_SUPE, CONTRA_FACTORS, CONTRA_WRITER, QUOTA, TWO_UNCONTRAD
from .state import BalkanState

BALKAN_STRAINS = (Strain.SPADES, Strain.DIAMONDS, Strain.HEARTS, Strain.CLUBS, Strain.BETTEL,
                  Strain.SANS)


def check_deal(deal: Deal, state: BalkanState) -> Deal:
    """The deal, complete, if it is legal in this state."""
    refuse_payment_words(deal)
    refuse_rest(deal)
    for name in deal.named:
        if name not in state.players:
            raise IllegalDealError(_("{name!r} is not at the table (players: {players})").format(
                name=name, players=", ".join(state.players)))
    if deal.kind is DealKind.ADJUST:
        for column in deal.adjust:
            if column not in ("bule", "whists", "refe", "hats"):
                raise IllegalDealError(_("a Balkan sheet has no {column} column "
                                         "(adjust bule, whists, refe or hats)").format(
                    column=column))
        return deal
    if state.finished:
        raise IllegalDealError(_("the game is over ({reason}); no more deals").format(
            reason=state.end_reason))
    if deal.kind is DealKind.ALLPASS and deal.tricks:  # (the Greek played all-pass)
        raise IllegalDealError(_("an all-pass is not played, so nothing follows {word!r}: no "
                                 "names, no tricks").format(word="allpass"),
                               hint=_("write `allpass` alone"))
    if deal.kind is DealKind.END or deal.kind is DealKind.ALLPASS:
        return deal
    if deal.kind is DealKind.RASPASY:
        raise IllegalDealError(_("raspasy are not played in the Balkan conventions"),
                               hint=_("an all-pass is written `allpass`"))
    return _check_contract(deal, state)


def defenders_of(deal: Deal, state: BalkanState) -> list[str]:
    return clockwise(state.players, deal.declarer, state.active)  # type: ignore[arg-type]


def _check_contract(deal: Deal, state: BalkanState) -> Deal:
    contract = deal.contract
    assert contract is not None and deal.declarer is not None
    if deal.declarer == state.sitting_out:
        raise IllegalDealError(_("{declarer} deals this deal and sits it out").format(
            declarer=deal.declarer))
    if contract.level is not None or contract.strain not in BALKAN_STRAINS:
        raise IllegalDealError(_("{contract} is not a Balkan contract: say s, d, h, c, bettel "
                                 "or sans (igra for a game without the talon)").format(
            contract=contract))
    if deal.dark:
        raise IllegalDealError(_("dark games belong to the Russian conventions"))
    if deal.declarer in deal.defence or deal.declarer in deal.contra:
        raise IllegalDealError(_("{declarer} is the declarer and cannot also defend").format(
            declarer=deal.declarer))
    defenders = defenders_of(deal, state)
    bettel = contract.strain is Strain.BETTEL
    defence = dict(deal.defence)
    for name in defenders:
        if name not in defence:
            if bettel:
                defence[name] = Decision.WHIST  # bettel: the defenders cannot pass
            else:
                raise IllegalDealError(_("what did {name} say: whist or pass?").format(
                    name=name))
        if defence[name] is Decision.HALF:
            raise IllegalDealError(_("there is no half-whist in the Balkan conventions"))
    if bettel and any(d is Decision.PASS for d in defence.values()):
        raise IllegalDealError(_("against a bettel the defenders cannot pass"))
    whisters = [d for d in defenders if defence[d] is Decision.WHIST]
    factors = state.table.convention[CONTRA_FACTORS]
    for name, level in deal.contra.items():
        if name not in whisters:
            raise IllegalDealError(_("{name} did not whist, so he cannot contra").format(
                name=name))
        if level > len(factors):
            raise IllegalDealError(_("this convention allows contra up to level {most}").format(
                most=len(factors)))
    invite = deal.invite or (len(whisters) == 1 and bool(deal.contra))
    if invite and len(whisters) != 1:
        raise IllegalDealError(_("only a lone whister can invite the passer"))
    ordered = {d: defence[d] for d in defenders}
    _check_fell_words(deal, state)
    if is_plain_two(deal, state):
        if deal.tricks:
            raise IllegalDealError(_("a plain two that nobody contra'd is not played: leave "
                                     "the tricks out, or write the contra"))
        _nobody_fell(deal)
        return deal.replace(defence=ordered, invite=False)
    if not whisters:
        if deal.tricks:
            raise IllegalDealError(_("nobody whisted, so the game was not played: leave the "
                                     "tricks out"))
        _nobody_fell(deal)
        return deal.replace(defence=ordered, invite=False)
    per_trick = bettel and state.table.convention[BETTEL_FAIL_SUPE] == "per_trick"
    tricks = _tricks(deal, whisters, defenders, invite, bettel, per_trick)
    checked = deal.replace(defence=ordered, tricks=tricks, invite=invite)
    _check_fell(checked, state, whisters, bettel)
    return checked


def sole_writer(deal: Deal, state: BalkanState, whisters: list[str]) -> str | None:
    """The defender who writes all the defence's supe: the one caller of a contra under
    ``contra.writer: caller``, or the lone whister who invited the passer; None when each
    whister writes his own tricks."""
    if state.table.convention[CONTRA_WRITER] == "caller" and len(deal.contra) == 1:
        return next(iter(deal.contra))
    return whisters[0] if deal.invite else None


def answering(deal: Deal, state: BalkanState, whisters: list[str]) -> list[str]:
    """The defenders who answer for tricks (and pay when the defence falls short): under
    ``contra.writer: caller`` the callers of a contra; else the inviter, or each whister."""
    if state.table.convention[CONTRA_WRITER] == "caller" and deal.contra:
        return [d for d in whisters if d in deal.contra]
    writer = sole_writer(deal, state, whisters)
    return whisters if writer is None else [writer]


def _check_fell_words(deal: Deal, state: BalkanState) -> None:
    """``fell`` is the table's word, written only where the table says who fell, and never of
    the declarer (his tricks say whether he made the game)."""
    if not deal.fell:
        return
    if state.table.convention[QUOTA] != "table":
        raise IllegalDealError(_("'fell' is written only where the table says who fell "
                                 "(quota: table); this convention counts the tricks"),
                               hint=_("leave the word out, or set quota: table"))
    if deal.declarer in deal.fell:
        raise IllegalDealError(_("{name} is the declarer: only a defender falls").format(
            name=deal.declarer))


def _nobody_fell(deal: Deal) -> None:
    if deal.fell:
        raise IllegalDealError(_("the game was not played, so {name} cannot have fallen").format(
            name=deal.fell[0]))


def _check_fell(deal: Deal, state: BalkanState, whisters: list[str], bettel: bool) -> None:
    """Each defender the table says fell answered for tricks in this deal."""
    if not deal.fell:
        return
    if bettel:
        raise IllegalDealError(_("against a bettel no defender falls"))
    if deal.tricks[deal.declarer] < 6:  # type: ignore[index]
        raise IllegalDealError(_("{declarer} failed, so no defender fell").format(
            declarer=deal.declarer))
    answer = answering(deal, state, whisters)
    for name in deal.fell:
        if name not in whisters:
            raise IllegalDealError(_("{name} passed, so he cannot have fallen").format(name=name))
        if name not in answer:
            raise IllegalDealError(_("{name} answered for no tricks in this deal ({who} did), "
                                     "so he cannot have fallen").format(
                name=name, who=", ".join(answer)))


def _tricks(deal: Deal, whisters: list[str], defenders: list[str], invite: bool,
            bettel: bool, per_trick: bool = False) -> dict[str, int]:
    declarer = deal.declarer
    assert declarer is not None  # _check_contract made sure
    tricks = dict(deal.tricks)
    if bettel:
        if declarer not in tricks:
            raise IllegalDealError(_("how many tricks did {declarer} take on the bettel?").format(
                declarer=declarer))
        if not per_trick or tricks[declarer] == 0:
            return {declarer: tricks[declarer]}
        # a failed bettel paid per trick: each defender writes for the tricks he took
        tricks = fill_in_missing(tricks, [d for d in defenders if d not in tricks],
                                 hint=_("on a failed bettel each defender writes the bettel's "
                                        "value for every trick he took: give their tricks"))
        total = sum(tricks[p] for p in [declarer, *defenders])
        if total != TRICKS:
            raise IllegalDealError(_("the tricks add up to {total}, not {ten}").format(
                total=total, ten=TRICKS))
        return {p: tricks[p] for p in [declarer, *defenders]}
    passers = [d for d in defenders if d not in whisters]
    playing = [declarer, *whisters, *(p for p in passers if invite and p in tricks)]
    for name in passers:
        if name in tricks and not invite:
            raise IllegalDealError(_("{name} passed and was not invited: his cards are out of "
                                     "play, so he takes no tricks").format(name=name))
    tricks = fill_in_missing(tricks, [p for p in playing if p not in tricks])
    total = sum(tricks[p] for p in playing)
    if total != TRICKS:
        raise IllegalDealError(_("the tricks add up to {total}, not {ten}").format(
            total=total, ten=TRICKS))
    return {p: tricks[p] for p in [declarer, *defenders] if p in tricks}


def is_plain_two(deal: Deal, state: BalkanState) -> bool:
    """A two (spades) with the talon, no refe held and no contra: it must be contra'd (unless
    the table plays it like any game: ``two_uncontrad: played``)."""
    if state.table.convention[TWO_UNCONTRAD] == "played":
        return False
    return (deal.contract.strain is Strain.SPADES and not deal.no_talon  # type: ignore[union-attr]
            and not deal.contra and not state.refe[deal.declarer])  # type: ignore[index]
