"""Swabian (Donauschwaben) Preference: no pot; each deal is paid directly between the declarer
and each of the two others (payment-families.md §3).

The game number (leaves 2, bells 3, hearts 4, acorns 5, Bettel 6, Durchmarsch 7) is paid by each
opponent to a declarer who made his game, and by the declarer to each when he failed; in games
2-5 one more unit per trick over or short of the requirement. Contra doubles the stake with the
opponent who said it, recontra doubles it again; a paired talon (Kunstwerk) costs the bid winner
2 units to the dealer.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...convention import Convention
from ...errors import IllegalDealError
from ...game import Deal, DealKind
from ...i18n import N_, _
from ...numbers import Exact
from ..outcome import ALL_TRICKS
from ..tricks import TRICKS, tricks_text
from .family import PRESENTATION, PotFamily
from .keys import CONTRA_MAX
from .moves import Moves
from .state import PaymentState
from .swabian_keys import (
    END,
    GAMES,
    HAND_COUNTS_FROM,
    HAND_EXTRA,
    HAND_VALUE,
    KEYS,
    KUNSTWERK,
    KUNSTWERK_DEALER_DECLARES,
    KUNSTWERK_HAND,
    OVER,
    REQUIRED,
    SEATS,
    SUIT_GAMES,
    UNDER,
    VALUES,
)
from .words import SWABIAN

if TYPE_CHECKING:
    from ..questions import Asking



class SwabianFamily(PotFamily):
    name = "swabian"
    title = N_("Swabian")
    words = SWABIAN  #: the words its deals are written and said in
    #: its convention keys, and the table sizes its rules are written for
    keys, seats = KEYS, SEATS
    reads = frozenset({"igra", "contra", "kunstwerk", "made", "down"})
    #: no pot: the sheet shows only what each paid each other, and the balance is its net
    presentation = PRESENTATION._replace(columns=(), terms=())

    def needed(self, deal: Deal, conv: Convention) -> int:
        contract = deal.contract
        assert contract is not None
        if contract.strain in ALL_TRICKS or contract.level is not None:
            return super().needed(deal, conv)
        # each game's requirement, and the extra trick a game from the hand needs
        return conv[REQUIRED][GAMES.index(contract.strain)] + (
            conv[HAND_EXTRA] if deal.no_talon else 0)

    def questions(self, state: PaymentState) -> Asking:
        from .swabian_questions import questions  # (loaded only when a deal is asked)

        return questions(state, self.others)

    def play_deal(self, deal: Deal, state: PaymentState, moves: Moves) -> Deal:
        conv = state.table.convention
        if deal.kind is DealKind.ALLPASS:
            raise IllegalDealError(_("there is no all-pass in Swabian: the first hand must "
                                     "open the bidding"))
        if deal.kind is not DealKind.CONTRACT or conv[END] != "manual":
            raise IllegalDealError(_("a Swabian game records its games and end"))
        declarer, contract = deal.declarer, deal.contract
        assert declarer is not None and contract is not None
        if contract.level is not None:
            raise IllegalDealError(_("a Swabian game is named by its suit (s, d, h, c), bettel "
                                     "or durchmarsch, not by a number: {contract!r}").format(
                                         contract=str(contract)))
        if contract.strain not in GAMES:
            raise IllegalDealError(_("{contract!r} is not a Swabian game").format(
                contract=str(contract)))
        if deal.defence or deal.invite:
            raise IllegalDealError(_("in Swabian both others defend: leave out the defence "
                                     "words"))
        opponents = self.others(state, declarer)
        for name, level in deal.contra.items():
            if name == declarer:
                raise IllegalDealError(_("the declarer cannot say contra; his answer is "
                                         "recontra, written after the opponent's name"))
            if name not in opponents:
                raise IllegalDealError(_("{player!r} is not an opponent in this deal").format(
                    player=name))
            if level > conv[CONTRA_MAX]:
                raise IllegalDealError(_("contra goes up to {most} here, not {level}").format(
                    most=conv[CONTRA_MAX], level=level))
        for name in deal.tricks:
            if name != declarer:
                raise IllegalDealError(_("give the declarer's tricks only"))
        game = GAMES.index(contract.strain)
        hand = deal.no_talon
        stake, made = self._stake(deal, game, hand, declarer, conv)
        state.played_for = stake
        for other in opponents:
            factor = 2 ** deal.contra.get(other, 0)
            note = _("game {number} ×{factor}").format(number=conv[VALUES][game],
                                                       factor=factor)
            if made:
                moves.pay(other, declarer, stake * factor, note)
            else:
                moves.pay(declarer, other, stake * factor, note)
        # a paired talon pays the dealer, but nothing when the dealer won the bidding himself,
        # nor when the game was from the hand (the talon never taken: kunstwerk.hand none)
        if "kunstwerk" in deal.marks and not (hand and conv[KUNSTWERK_HAND] == "none") and (
                declarer != state.dealer or conv[KUNSTWERK_DEALER_DECLARES] != "none"):
            moves.pay(declarer, state.dealer, conv[KUNSTWERK], _("Kunstwerk"))
        state.next_deal()
        return Deal(DealKind.CONTRACT, declarer=declarer, contract=contract,
                    tricks=deal.tricks, no_talon=hand, contra=deal.contra,
                    made=None if declarer in deal.tricks else made,  # the tricks say it
                    marks=deal.marks)

    def _stake(self, deal: Deal, game: int, hand: bool, declarer: str,
               conv: Convention) -> tuple[Exact, bool]:
        """What each opponent pays or is paid (before contra), and whether the game was made."""
        value: Exact = conv[VALUES][game]
        normal = conv[REQUIRED][game]
        taken = deal.tricks.get(declarer)
        if game >= SUIT_GAMES:  # Bettel and Durchmarsch: made or lost, nothing over or under
            if taken is None:
                if deal.made is None:
                    raise IllegalDealError(_("say whether the game was made (made or down), or "
                                             "give the declarer's tricks"))
                return value, deal.made
            made = taken == normal
            if deal.made is not None and deal.made != made:
                raise IllegalDealError(_("{tricks} and made/down disagree").format(tricks=tricks_text(taken)))
            return value, made
        if taken is None:
            raise IllegalDealError(_("give the declarer's tricks"))
        if taken > TRICKS:
            raise IllegalDealError(_("the tricks add up to more than 10"))
        required = normal + (conv[HAND_EXTRA] if hand else 0)
        if hand:
            value += conv[HAND_VALUE]
        base = required if conv[HAND_COUNTS_FROM] == "raised" else normal
        made = taken >= required
        if deal.made is not None and deal.made != made:
            raise IllegalDealError(_("{tricks} and made/down disagree").format(tricks=tricks_text(taken)))
        if made:
            return value + max(taken - base, 0) * conv[OVER], True
        return value + max(base - taken, 0) * conv[UNDER], False


FAMILY = SwabianFamily()
