"""What the three payment families share: the settlement, the status, the checks of a deal's
facts, and the table lines (end, refill) every one of them reads alike."""

from __future__ import annotations

from ...errors import IllegalDealError
from ...game import Deal, DealKind, Table
from ...i18n import N_, _
from ...numbers import Exact
from ..base import Defaults, Distances, Explanation, Presentation, Step, Term
from ..foreign import refuse_rest, refuse_unread
from ..sheet import Posting
from . import settle
from .moves import POT, Moves, as_moves
from .state import PaymentState

#: the balance as the workbook recomputes it: (out − mean) − (in − mean) is out − in + pot / n,
#: an equal share of what is left; then what the others paid him less what he paid them
NAMES = {"pot_in": N_("into the pot"), "pot_out": N_("out of the pot")}
#: the same, short enough for a terminal's column heading
HEADINGS = {"pot_in": N_("put in"), "pot_out": N_("took out")}
PRESENTATION = Presentation(
    columns=("pot_in", "pot_out"), pair=N_("paid"),
    terms=(Term("pot_out", None, 1), Term("pot_in", None, -1)), late=("balance",),
    labels=HEADINGS, pair_key="paid", pair_sign=-1, names=NAMES,
    result=N_("balance"), values_when=(("end.leftover", "contributors"),
                                                   ("end.leftover", "carry")),
    # Translators: who is paid what stays in the pot for the next session ("Аня → банк: 3,00")
    parties={POT: N_("the pot")})


class PotFamily(Defaults[PaymentState]):
    """Scoring shared by the payment families; each one plays its own contracts."""

    name = ""
    presentation = PRESENTATION
    core = None  # every deal through the rules: a pot's payments depend on what it holds
    #: the words a contract deal may say here besides its contract, answers and tricks
    #: (see foreign.words_said)
    reads: frozenset[str] = frozenset()

    def new_state(self, table: Table) -> PaymentState:
        return PaymentState.start(table, self.buy_in(table))

    def buy_in(self, table: Table) -> Exact:
        """What every player puts into the pot at the start."""
        return 0

    def play(self, deal: Deal, state: PaymentState) -> tuple[Deal, list[Posting]]:
        if deal.kind is DealKind.END:
            if state.finished and not state.empty:
                raise IllegalDealError(_("the game is over already"))
            state.finished, state.empty = True, False
            state.end_reason = _("the players ended the game")
            return deal, []
        if state.finished and not (state.empty and deal.kind is DealKind.REFILL):
            raise IllegalDealError(
                _("the game is over: {why}").format(why=state.end_reason),
                hint=_("`refill` puts the buy-in into the pot again") if state.empty else None)
        refuse_rest(deal)
        if deal.kind is DealKind.CONTRACT:
            refuse_unread(deal, self.reads)
        for name in deal.tricks:  # (at four, the dealer sits out: no tricks, not even 0)
            if name not in state.active:
                raise IllegalDealError(_("{player!r} holds no cards in this deal").format(
                    player=name))
        moves = Moves(state)
        deal = self.play_deal(deal, state, moves)
        return deal, moves.postings

    @staticmethod
    def refill(state: PaymentState, moves: Moves, each: Exact) -> None:
        """Every player puts ``each`` into the pot again, and a game its emptied pot had
        stopped goes on."""
        for player in state.players:
            moves.into_pot(player, each, _("refill"))
        state.refills += 1
        state.finished = state.empty = False
        state.end_reason = ""

    def play_deal(self, deal: Deal, state: PaymentState, moves: Moves) -> Deal:
        """Check and score one deal (not an end line); the family's own rules."""
        raise NotImplementedError

    def others(self, state: PaymentState, declarer: str) -> list[str]:
        """The declarer's opponents in this deal, in the order play moves after him."""
        if declarer not in state.active:
            if declarer == state.sitting_out:
                raise IllegalDealError(_("{player} deals this deal and sits it out").format(
                    player=declarer))
            raise IllegalDealError(_("{player!r} is not at the table").format(player=declarer))
        players = state.players
        i = players.index(declarer)
        n = len(players)
        return [players[(i + k) % n] for k in range(1, n) if players[(i + k) % n] in state.active]

    def leftover_rule(self, state: PaymentState) -> str:
        """How what is left in the pot at the end is divided (``end.leftover``)."""
        return "share"

    def result(self, state: PaymentState) -> dict[str, Exact]:
        return settle.balance(state, self.leftover_rule(state))

    def kept(self, state: PaymentState) -> tuple[str, Exact]:
        """Who keeps what stays in the game after the settlement: the pot, for the next
        session (``end.leftover: carry``); the balances sum to minus it."""
        return POT, settle.kept(state, self.leftover_rule(state))

    def explain(self, state: PaymentState) -> Explanation:
        return settle.explain(state, self.leftover_rule(state))

    def status(self, state: PaymentState) -> list[str]:
        return settle.status(state)

    def summary(self, state: PaymentState) -> dict[str, object]:
        return settle.summary(state, self.leftover_rule(state))

    def before_deal(self, state: PaymentState) -> list[str]:
        """How far the game is from its end, in its own terms (:meth:`to_the_end`); a pot a
        deal emptied waits for its refill."""
        if state.empty:
            return [_("the pot is empty: write refill to go on, or end")]
        return [self.to_the_end(state)]

    def to_the_end(self, state: PaymentState) -> str:
        """The game's distance to its end, said before a deal: here the players end it."""
        return _("the game ends when the players say so (`end`)")

    def distances(self, state: PaymentState) -> Distances:
        """The game's distance to its end is the pot's, the same for every player."""
        return Distances(self.to_the_end(state), {})

    def facts(self, step: Step, state: PaymentState) -> dict[str, object]:
        """What a vector's ``after`` block checks, right after the deal of ``step``."""
        return {"played_for": state.played_for, "pot": state.pot,
                "moves": as_moves(step.postings)}
