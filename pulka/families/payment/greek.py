"""Greek Prefa: the kasa, trick values, the defenders' quotas by seat, together and alone,
σόλο doubling, four aces, the concession and the last contract (payment-families.md §4).

Players are listed in the order play moves; the first defender is the next after the declarer.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...convention import Convention
from ...errors import IllegalDealError
from ...game import Deal, DealKind, Decision, Strain, Table
from ...i18n import N_, _
from ...numbers import Exact, mixed
from ..base import Explanation
from ..tricks import TRICKS, tricks_text
from . import greek_settle
from .family import PRESENTATION, PotFamily
from .greek_keys import (
    ACES,
    ACES_ON_FAIL,
    ALLPASS,
    CONCEDE,
    END,
    KASA,
    KEYS,
    LAST,
    NT10,
    QUOTA_ALONE,
    QUOTAS,
    SEATS,
    SOLO,
    SOLO_PARTNER,
    STRAINS,
    VALUES,
)
from .keys import END_LEFTOVER
from .moves import Moves
from .state import PaymentState
from .words import GREEK

if TYPE_CHECKING:
    from ..questions import Asking

PLAYS = (Decision.WHIST, Decision.TOGETHER, Decision.ALONE)
#: a concession's tricks for the first and second defender, by level (the program's split)
CONCEDED = {6: (3, 3), 7: (3, 2), 8: (2, 2), 9: (2, 1), 10: (1, 1)}
EMPTY = 10  #: less than this left in the kasa ends the game
#: how short a concession is paid as
CONCESSION = {"down_two": 2}


class GreekFamily(PotFamily):
    name = "greek"
    title = N_("Greek Prefa")
    words = GREEK  #: the words its deals are written and said in
    #: play moves to the right (payment-families.md §6): the players are listed that way
    seating = N_("counter-clockwise")
    #: its convention keys, and the table sizes its rules are written for
    keys, seats = KEYS, SEATS
    reads = frozenset({"aces", "concede"})

    #: the settlement's words are the kasa's (the κιτάπι), and its unit the kapiki
    presentation = PRESENTATION._replace(
        money=N_("{number}. The money at {price} a kapiki, to the cent"))

    def explain(self, state: PaymentState) -> Explanation:
        return greek_settle.explain(state, self.leftover_rule(state))

    def made(self, deal: Deal, conv: Convention) -> bool:
        if deal.made is None and "concede" in deal.marks:
            return False  # a conceded game is lost, whatever tricks it kept
        return super().made(deal, conv)

    def to_the_end(self, state: PaymentState) -> str:
        if state.table.convention[END] == "kasa_empty":
            return _("kasa: {kasa}; the game ends when less than {least} remain").format(
                kasa=mixed(state.pot), least=EMPTY)
        return _("kasa: {kasa}; the game ends when the players say so (`end`)").format(
            kasa=mixed(state.pot))

    def buy_in(self, table: Table) -> Exact:
        return table.convention[KASA]

    def leftover_rule(self, state: PaymentState) -> str:
        return state.table.convention[END_LEFTOVER]

    def questions(self, state: PaymentState) -> Asking:
        from .greek_questions import questions  # (loaded only when a deal is asked)

        return questions(state, self.others)

    def play_deal(self, deal: Deal, state: PaymentState, moves: Moves) -> Deal:
        conv = state.table.convention
        if deal.kind is DealKind.RASPASY and conv[ALLPASS] == "played":
            if deal.dark or deal.looked:  # распасы: the Russian word for a played all-pass
                raise IllegalDealError(_("a Greek all-pass is not passed in the dark"))
            deal = Deal(DealKind.ALLPASS, tricks=deal.tricks)
        if deal.kind is DealKind.ALLPASS:
            if deal.tricks:
                if conv[ALLPASS] != "played":
                    raise IllegalDealError(_("an all-pass is dealt again here: write allpass "
                                             "alone"))
                deal = Deal(DealKind.ALLPASS, tricks=self._allpass(deal, state, moves))
            elif conv[ALLPASS] == "played":
                raise IllegalDealError(_("an all-pass is played here: give each player's "
                                         "tricks"), hint=_("allpass Άννα 3 Βασίλης 4 Γιώργος 3"))
            state.played_for = None
            state.next_deal()
        elif deal.kind is DealKind.CONTRACT:
            deal = self._contract(deal, state, moves)
            state.next_deal()
        elif deal.kind is DealKind.REFILL:
            # a kasa change agreed at the table (§4.1): every player deposits the kasa again,
            # and a game whose kasa was exhausted goes on
            self.refill(state, moves, conv[KASA])
            return deal
        else:
            raise IllegalDealError(_("a Greek game records contracts, all-passes, refill "
                                     "and end"))
        if conv[END] == "kasa_empty" and state.pot < EMPTY:
            state.finished = state.empty = True  # (until the players refill it)
            state.end_reason = _("the kasa is exhausted")
        return deal

    def _allpass(self, deal: Deal, state: PaymentState, moves: Moves) -> dict[str, int]:
        """The played all-pass: each pays 10 × (his tricks − the fewest) into the kasa; the
        tricks, one count left out filled in, in seating order."""
        tricks = dict(deal.tricks)  # (only the players holding cards: PotFamily.play)
        missing = [p for p in state.active if p not in tricks]
        if len(missing) > 1:
            raise IllegalDealError(_("the tricks of {players} are missing").format(
                players=", ".join(missing)))
        if missing:
            tricks[missing[0]] = TRICKS - sum(tricks.values())
        if sum(tricks.values()) != TRICKS or min(tricks.values()) < 0:
            raise IllegalDealError(_("the tricks add up to {total}, not 10").format(
                total=sum(tricks.values())))
        fewest = min(tricks.values())
        for player in state.active:
            moves.into_pot(player, 10 * (tricks[player] - fewest), _("all-pass played"))
        return {p: tricks[p] for p in state.players if p in tricks}

    def _contract(self, deal: Deal, state: PaymentState, moves: Moves) -> Deal:
        conv = state.table.convention
        declarer, contract = deal.declarer, deal.contract
        assert declarer is not None and contract is not None
        level = contract.level
        if level is None or contract.strain not in STRAINS or not 6 <= level <= 10:
            raise IllegalDealError(_("{contract!r} is not a Greek contract (6 to 10 in a suit "
                                     "or nt)").format(contract=str(contract)))
        if level == 10 and contract.strain is Strain.NOTRUMP and conv[NT10] == "no":
            raise IllegalDealError(_("10 no trumps is not played at this table"))
        if deal.contra or deal.invite:
            raise IllegalDealError(_("there is no contra or invitation in Prefa"))
        first, second = self.others(state, declarer)
        value = conv[VALUES][(level - 6) * 5 + STRAINS.index(contract.strain)]
        quotas = conv[QUOTAS]
        seat_quota = {first: quotas[2 * (level - 6)], second: quotas[2 * (level - 6) + 1]}
        concede = "concede" in deal.marks
        said, carrier, helper = _participation(deal, first, second, concede)
        playing = [p for p in (first, second) if said[p] in PLAYS or p == helper]
        tricks = _tricks(deal, declarer, playing, level, concede, first, second)
        taken = tricks[declarer]
        reduced = _reduced(value, state.pot)  # the last contract: what the kasa can pay
        lone = len(playing) == 1
        if lone:  # a lone defender has the first defender's quota, whichever seat he is in
            quota = {playing[0]: seat_quota[first if conv[QUOTA_ALONE] == "first"
                                            else playing[0]]}
        else:
            quota = seat_quota
        short = CONCESSION[conv[CONCEDE]] if concede else level - taken
        someone_in = short >= 1 or (
            playing and not (level == 10 or (lone and tricks[playing[0]] >= quota[playing[0]])
                             or (not lone and taken == level)))
        rule = conv[LAST]
        if reduced is None or rule == "fair" or (rule == "unbalanced" and someone_in):
            v: Exact = value
        else:
            v = reduced
        state.played_for = v
        ledger: list[tuple[str, str, Exact, str]] = []  # (from, to, amount, why), before together
        solo = conv[SOLO]
        if short >= 1:  # the declarer goes in
            m = 2 if short >= solo else 1
            ledger.append((declarer, "pot", 10 * v * m, _("short by {n}").format(n=short)))
            for d in playing:
                ledger.append((declarer, d, tricks[d] * v * m, tricks_text(tricks[d])))
        elif not playing or not someone_in:  # made, and the defence made its quota
            ledger.append(("pot", declarer, 10 * v, _("made")))
            for d in playing:
                ledger.append((declarer, d, tricks[d] * v, tricks_text(tricks[d])))
        else:  # made, and a defender goes in: the kasa does not move
            below = {d: max(quota[d] - tricks[d], 0) for d in playing}
            above = {d: max(tricks[d] - quota[d], 0) for d in playing}
            for d in playing:
                if not below[d]:
                    continue
                partner = next((p for p in playing if p != d), None)
                surplus = above[partner] if partner else 0
                m = 2 if below[d] - surplus >= solo else 1
                ledger.append((d, declarer, taken * v * m, _("short of the quota by {n}").format(
                    n=below[d])))
                if partner is not None and not below[partner]:
                    mp = m if conv[SOLO_PARTNER] == "double" else 1
                    ledger.append((d, partner, tricks[partner] * v * mp,
                                   _("the partner's tricks: {tricks}").format(
                                       tricks=tricks_text(tricks[partner]))))
        # the carrier answers for the pair in the payments of the play (steps 2-4); the four
        # aces come after (step 6) and are paid by each opponent, the helper too
        ledger = _together(ledger, carrier, helper)
        if "aces" in deal.marks and conv[ACES]:
            bonus = conv[ACES][0 if level == 6 else -1]
            if short < 1:
                for other in (first, second):
                    ledger.append((other, declarer, bonus, _("four aces")))
            elif conv[ACES_ON_FAIL] != "none":
                factor = 2 if conv[ACES_ON_FAIL] == "double" else 1
                for other in (first, second):
                    ledger.append((declarer, other, bonus * factor, _("four aces")))
        for payer, payee, amount, why in ledger:
            if payer == "pot":
                moves.out_of_pot(payee, amount, why)
            elif payee == "pot":
                moves.into_pot(payer, amount, why)
            else:
                moves.pay(payer, payee, amount, why)
        # a concession keeps no tricks: the journal writes it as it was said
        return Deal(DealKind.CONTRACT, declarer=declarer, contract=contract,
                    defence=deal.defence, tricks=deal.tricks if concede else tricks,
                    marks=deal.marks)


def _reduced(value: Exact, kasa: Exact) -> Exact | None:
    """The trick value the kasa can still pay, when it cannot pay ``value`` (else None)."""
    can = kasa // 10 if kasa > 0 else 0
    return can if can < value else None


def _participation(deal: Deal, first: str, second: str, concede: bool
                   ) -> tuple[dict[str, Decision], str | None, str | None]:
    """Each defender's word, the carrier who said together and his helper."""
    for name in deal.defence:
        if name not in (first, second):
            raise IllegalDealError(_("{player!r} is not a defender in this deal").format(
                player=name))
    if concede:
        if deal.defence or deal.tricks:
            raise IllegalDealError(_("a concession is not played: no defence words, no tricks"))
        return {first: Decision.WHIST, second: Decision.WHIST}, None, None
    said: dict[str, Decision] = {}
    for player in (first, second):
        word = deal.defence.get(player)
        if word is None:
            raise IllegalDealError(_("{player} must say whist, pass, together or alone").format(
                player=player))
        if word is Decision.HALF:
            raise IllegalDealError(_("there is no half-whist in Prefa"))
        said[player] = word
    carriers = [p for p in (first, second) if said[p] is Decision.TOGETHER]
    if len(carriers) > 1 or (carriers and said[other(carriers[0], first, second)]
                             is not Decision.PASS):
        raise IllegalDealError(_("together is said by one defender when the other passed"))
    if any(said[p] is Decision.ALONE for p in (first, second)) and \
            sorted(w.value for w in said.values()) != ["alone", "pass"]:
        raise IllegalDealError(_("alone is said by one defender when the other passed"))
    if carriers:
        return said, carriers[0], other(carriers[0], first, second)
    return said, None, None


def other(player: str, first: str, second: str) -> str:
    return second if player == first else first


def _tricks(deal: Deal, declarer: str, playing: list[str], level: int, concede: bool,
            first: str, second: str) -> dict[str, int]:
    if concede:
        a, b = CONCEDED[level]
        return {declarer: level - 2, first: a, second: b}
    if not playing:
        if any(v for p, v in deal.tricks.items() if p != declarer) or \
                deal.tricks.get(declarer, TRICKS) != TRICKS:
            raise IllegalDealError(_("both defenders passed: the declarer takes all ten tricks "
                                     "and nobody plays"))
        return {declarer: TRICKS}
    for name, taken in deal.tricks.items():  # (a 0 written for him says as much)
        if name != declarer and name not in playing and taken:
            raise IllegalDealError(_("{player} passed and took no tricks").format(player=name))
    tricks = {p: t for p, t in deal.tricks.items() if p == declarer or p in playing}
    missing = [p for p in (declarer, *playing) if p not in tricks]
    if len(missing) > 1:
        raise IllegalDealError(_("the tricks of {players} are missing").format(
            players=", ".join(missing)))
    if missing:
        tricks[missing[0]] = TRICKS - sum(tricks.values())
    total = sum(tricks.values())
    if total != TRICKS or min(tricks.values()) < 0:
        raise IllegalDealError(_("the tricks add up to {total}, not 10").format(total=total))
    return tricks


def _together(ledger: list[tuple[str, str, Exact, str]], carrier: str | None,
              helper: str | None) -> list[tuple[str, str, Exact, str]]:
    """With together, the carrier answers for the pair: the helper's moves become his, and
    moves between the two vanish."""
    if carrier is None or helper is None:
        return ledger
    out = []
    for payer, payee, amount, why in ledger:
        payer = carrier if payer == helper else payer
        payee = carrier if payee == helper else payee
        if payer != payee:
            out.append((payer, payee, amount, why))
    return out


FAMILY = GreekFamily()
