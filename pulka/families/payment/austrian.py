"""Austrian Preference and its pots (basic, unlimited, limited, Styrian), and Illustrated
Preference's suit contracts (payment-families.md §1; the extras are in :mod:`.austrian_extras`).

A suit contract is played for V, taken from the pot by the declarer, who pays each defender who
played his tricks at ``trick_rate`` × V; a declarer short of six and a defender short of his
quota pay into the pot; bonuses go directly between the declarer and each opponent.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from ...convention import Convention
from ...errors import IllegalDealError
from ...game import Deal, DealKind, Decision, Strain, Table
from ...i18n import N_, _
from ...numbers import Exact, mixed, whole
from ..tricks import TRICKS, tricks_text
from . import austrian_extras as extras
from .austrian_keys import (
    BONUS_ACES,
    BONUS_ACES_ON_FAIL,
    BONUS_HEARTS,
    BONUS_NO_ACES,
    BONUS_PAYERS,
    BONUS_SCOPE,
    CONTRA_ON,
    END,
    EXTRAS_VALUES,
    KEYS,
    PENALTY_DECLARER,
    PENALTY_DEFENDER,
    POT_ANTE,
    POT_BUY_IN,
    POT_FIXED,
    POT_LIMIT,
    POT_PLAYED_FOR,
    POT_SHORT,
    POT_SUIT_VALUES,
    QUOTA_DEFENDER,
    QUOTA_HOST,
    REFILL,
    SANS_TARGET,
    SEATS,
    SUITS,
    TRICK_RATE,
)
from .family import PotFamily
from .keys import END_LEFTOVER
from .moves import Moves
from .state import PaymentState
from .words import AUSTRIAN

if TYPE_CHECKING:
    from ..questions import Asking

MADE = 6  #: tricks a suit contract needs


class AustrianFamily(PotFamily):
    name = "austrian"
    title = N_("Austrian and Illustrated")
    words = AUSTRIAN  #: the words its deals are written and said in
    #: its convention keys, and the table sizes its rules are written for
    keys, seats = KEYS, SEATS
    reads = frozenset({"igra", "invite", "aces", "noaces", "contra", "made", "down"})

    def buy_in(self, table: Table) -> Exact:
        return table.convention[POT_BUY_IN]

    def needed(self, deal: Deal, conv: Convention) -> int:
        contract = deal.contract
        assert contract is not None
        if contract.strain is Strain.SANS and contract.level is None:
            return conv[SANS_TARGET]  # Illustrated's Sans Atout
        return super().needed(deal, conv)

    def leftover_rule(self, state: PaymentState) -> str:
        return state.table.convention[END_LEFTOVER]

    def questions(self, state: PaymentState) -> Asking:
        from .austrian_questions import questions  # (loaded only when a deal is asked)

        return questions(state, self.others, self.refill_allowed(state))

    def refill_allowed(self, state: PaymentState) -> bool:
        """A refill may be written now: the pot was emptied, or (``pot.short: refill``) it
        holds less than a contract may be played for."""
        conv = state.table.convention
        return conv[REFILL] == "ask" and (state.empty or (
            conv[POT_SHORT] == "refill" and state.pot < self.most(state)))

    def play_deal(self, deal: Deal, state: PaymentState, moves: Moves) -> Deal:
        conv = state.table.convention
        if deal.kind is DealKind.REFILL:
            if conv[REFILL] != "ask":
                raise IllegalDealError(_("this pot is never refilled"))
            if not state.empty and not (conv[POT_SHORT] == "refill"
                                        and state.pot < self.most(state)):
                raise IllegalDealError(
                    _("the pot still holds {pot}: it is refilled only when a deal has emptied "
                      "it").format(pot=mixed(state.pot)),
                    hint=_("with pot.short: refill, also when it holds less than a contract is "
                           "played for") if conv[POT_SHORT] == "cap" else None)
            self.refill(state, moves, conv[POT_BUY_IN])
            return deal
        if deal.kind not in (DealKind.ALLPASS, DealKind.CONTRACT):
            raise IllegalDealError(_("an Austrian game records contracts, all-passes, refill "
                                     "and end"))
        if deal.kind is DealKind.ALLPASS and deal.tricks:
            raise IllegalDealError(_("an all-pass is not played here: write allpass alone"))
        ante = conv[POT_ANTE]
        if ante:
            moves.into_pot(state.dealer, ante, _("the dealer's ante"))
        if deal.kind is DealKind.CONTRACT:
            assert deal.contract is not None and deal.declarer is not None
            if extras.is_extra(deal, conv):
                deal = extras.play(deal, state, moves, self.others(state, deal.declarer))
            else:
                deal = self._suit(deal, state, moves)
        else:
            state.played_for = None
        state.next_deal()
        if state.pot <= 0 and conv[END] == "pot_empty":
            state.finished = state.empty = True
            state.end_reason = _("the pot is empty")
        return deal

    def to_the_end(self, state: PaymentState) -> str:
        if state.table.convention[END] == "pot_empty":
            return _("pot: {pot}; the game ends when a deal empties it").format(
                pot=mixed(state.pot))
        return _("pot: {pot}; the game ends when the players say so (`end`)").format(
            pot=mixed(state.pot))

    def most(self, state: PaymentState) -> Exact:
        """The most a suit contract could be played for now, whatever its trump."""
        return max(self.played_for(strain, state, capped=False) for strain in SUITS)

    def played_for(self, strain: Strain, state: PaymentState, capped: bool = True) -> Exact:
        """V: what a suit contract is played for now (``capped`` False: before ``pot.short``
        takes what the pot holds)."""
        conv = state.table.convention
        how = conv[POT_PLAYED_FOR]
        if how == "fixed":
            value: Exact = conv[POT_FIXED]
        elif how == "whole":
            value = state.pot
        elif strain in SUITS:
            value = conv[POT_SUIT_VALUES][SUITS.index(strain)]
        else:  # Sans Atout through the pot (sans.scoring: pot): its value as an extra
            value = conv[EXTRAS_VALUES][list(extras.EXTRA_WORDS).index(strain)]
        if conv[POT_LIMIT]:
            value = min(value, conv[POT_LIMIT])
        if capped:  # a pot holding less: played for what is there (pot.short: refill has
            value = min(value, state.pot)  # refused the deal before: see _suit)
        return max(value, 0)

    def _suit(self, deal: Deal, state: PaymentState, moves: Moves) -> Deal:
        conv = state.table.convention
        declarer, contract = deal.declarer, deal.contract
        assert declarer is not None and contract is not None
        sans = contract.strain is Strain.SANS  # only here when it is scored through the pot
        if (contract.strain not in SUITS and not sans) or contract.level is not None:
            raise IllegalDealError(_("{contract!r} is not an Austrian contract: name the trump "
                                     "suit alone (c, s, d, h) or an extra contract").format(
                                         contract=str(contract)))
        if deal.contra and conv[CONTRA_ON] == "no_trump_extras":
            raise IllegalDealError(_("contra is said only on the extra contracts"))
        if deal.made is not None and not sans:  # (the tricks say it: the pot pays by them)
            raise IllegalDealError(_("give the tricks, not made or down"))
        opponents = self.others(state, declarer)
        playing, host, invited = _defence(deal, opponents)
        tricks = _tricks(deal, declarer, playing)
        taken = tricks[declarer]
        needed = conv[SANS_TARGET] if sans else MADE
        full = self.played_for(contract.strain, state, capped=False)
        if conv[POT_SHORT] == "refill" and state.pot < full:
            raise IllegalDealError(
                _("the pot holds {pot}, less than the {value} this contract is played for").format(
                    pot=mixed(state.pot), value=mixed(full)),
                hint=_("write `refill` before this deal"))
        value = self.played_for(contract.strain, state)
        state.played_for = value
        rate = value * Fraction(conv[TRICK_RATE])
        moves.out_of_pot(declarer, value, _("the payout"))
        for defender in playing:
            if defender == invited:
                continue  # the host is paid for the invited defender's tricks
            own = tricks[defender] + (tricks[invited] if invited and defender == host else 0)
            moves.pay(declarer, defender, whole(own * rate),
                      tricks_text(own))
        if taken < needed:
            why = _("{tricks}: short of {needed}").format(tricks=tricks_text(taken),
                                                          needed=needed) if sans else \
                _("{tricks}: short of six").format(tricks=tricks_text(taken))
            moves.into_pot(declarer, whole(conv[PENALTY_DECLARER] * value), why)
        quota = conv[QUOTA_DEFENDER]
        if host is not None:
            pair = tricks[host] + tricks.get(invited or "", 0)
            if pair < conv[QUOTA_HOST]:
                moves.into_pot(host, whole(conv[PENALTY_DEFENDER] * value),
                               _("the host's side took {n}").format(n=pair))
        else:
            for defender in playing:
                if tricks[defender] < quota:
                    moves.into_pot(defender, whole(conv[PENALTY_DEFENDER] * value),
                                   _("{tricks}: short of the quota").format(
                                       tricks=tricks_text(tricks[defender])))
        _bonuses(deal, state, moves, opponents, made=taken >= needed)
        return Deal(DealKind.CONTRACT, declarer=declarer, contract=contract, defence=deal.defence,
                    tricks=tricks, no_talon=deal.no_talon, invite=deal.invite, marks=deal.marks)


def _defence(deal: Deal, opponents: list[str]) -> tuple[list[str], str | None, str | None]:
    """Who plays (the invited defender too), the host and the invited defender."""
    for name in deal.defence:
        if name not in opponents:
            raise IllegalDealError(_("{player!r} is not a defender in this deal").format(
                player=name))
    said = {p: deal.defence.get(p) for p in opponents}
    for player, word in said.items():
        if word is None:
            raise IllegalDealError(_("{player} must say whist or pass").format(player=player))
        if word not in (Decision.WHIST, Decision.PASS):
            raise IllegalDealError(_("{player}: a defender says whist or pass here").format(
                player=player))
    playing = [p for p in opponents if said[p] is Decision.WHIST]
    if not deal.invite:
        return playing, None, None
    if len(playing) != 1:
        raise IllegalDealError(_("only a lone defender invites the other"))
    host = playing[0]
    invited = next(p for p in opponents if p != host)
    return [host, invited], host, invited


def _tricks(deal: Deal, declarer: str, playing: list[str]) -> dict[str, int]:
    """The tricks of the players whose cards were played; ten in all."""
    if not playing:
        if any(deal.tricks.get(p) for p in deal.tricks if p != declarer) or \
                deal.tricks.get(declarer, TRICKS) != TRICKS:
            raise IllegalDealError(_("both defenders dropped out: the declarer takes all ten "
                                     "tricks and nobody else plays"))
        return {declarer: TRICKS}
    for name, taken in deal.tricks.items():  # (a 0 written for him says as much)
        if name != declarer and name not in playing and taken:
            raise IllegalDealError(_("{player} dropped out and took no tricks").format(
                player=name))
    counted = [declarer, *playing]
    tricks = {p: t for p, t in deal.tricks.items() if p in counted}
    missing = [p for p in counted if p not in tricks]
    if len(missing) > 1:
        raise IllegalDealError(_("the tricks of {players} are missing").format(
            players=", ".join(missing)))
    if missing:  # one count left out: the rest of the ten (the invited defender's: often 0)
        tricks[missing[0]] = TRICKS - sum(tricks.values())
    total = sum(tricks.values())
    if total != TRICKS or min(tricks.values()) < 0:
        raise IllegalDealError(_("the tricks add up to {total}, not 10").format(total=total))
    return tricks


def _bonuses(deal: Deal, state: PaymentState, moves: Moves, opponents: list[str],
             made: bool) -> None:
    """Hearts without the talon, four aces, no aces: from each opponent, or to each."""
    conv = state.table.convention
    scope = conv[BONUS_SCOPE]
    if scope == "none" or (scope == "games_only" and not deal.no_talon):
        return
    payers = list(opponents)
    if conv[BONUS_PAYERS] == "all" and state.sitting_out:
        payers.append(state.sitting_out)
    declarer = deal.declarer
    assert declarer is not None and deal.contract is not None
    claims: list[tuple[Exact, str, bool]] = []  # amount, why, paid back when he fails
    if deal.no_talon and deal.contract.strain is Strain.HEARTS:
        claims.append((conv[BONUS_HEARTS], _("hearts without the talon"), True))
    if "aces" in deal.marks:
        claims.append((conv[BONUS_ACES], _("four aces"),
                       conv[BONUS_ACES_ON_FAIL] == "pay"))
    if "noaces" in deal.marks:
        claims.append((conv[BONUS_NO_ACES], _("no aces"), True))
    for amount, why, back in claims:
        for other in payers:
            if made:
                moves.pay(other, declarer, amount, why)
            elif back:
                moves.pay(declarer, other, amount, why)


FAMILY = AustrianFamily()
