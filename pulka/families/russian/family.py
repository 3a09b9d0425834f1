"""The Russian family assembled: its rules, words and questions as one :class:`Family`
(the package's modules each hold one part; reading a game needs only :mod:`.words`)."""

from __future__ import annotations

from ...convention import Convention
from ...errors import IllegalDealError
from ...game import Deal, DealKind, Table
from ...i18n import N_, _
from ...numbers import Exact
from ..base import Defaults, Distances, Explanation, Presentation
from ..foreign import WITHOUT_THREE
from ..questions import Asking
from ..sheet import Posting, Writer, write_adjustments
from . import bombs, robber, settle
from .conflicts import check_convention
from .contract import score_contract
from .core import CORE
from .keys import BOMBS, DEAL_REPEAT_AFTER_RASPASY, END, KEYS, SEATS
from .legality import check_deal
from .premiums import after_deal
from .pulya import check_end
from .questions import questions
from .raspasy import score_raspasy
from .resting import seat_the_deal
from .state import RussianState
from .status import before_deal, distances, next_deal_notes, status_lines
from .words import WORDS


class RussianFamily(Defaults[RussianState]):
    """Scoring of the Russian family; see :class:`pulka.families.base.Family`."""

    name = "russian"
    title = N_("Russian (Sochi, Leningrad, Rostov, Classic)")
    #: the column keys are their English labels, marked for the catalogs (see Presentation)
    presentation = Presentation(columns=(N_("pulya"), N_("gora")), pair=N_("whists"),
                                terms=settle.TERMS, late=("raspasy_streak",),
                                words=(N_("pulya"), N_("gora"), N_("whists")),
                                values_when=(("settle.rounding", "whole"),
                                             ("settle.rounding", "whole_apart")))
    #: a new game asks for the pulya
    size_question = ("pulya", N_("Pulya? [{value}] "))

    #: the compiled replay's view of the state (pulka.replay.compiled)
    core = CORE
    #: the words its deals are written and said in
    words = WORDS
    #: its convention keys, the table sizes its rules are written for, and the settings it
    #: refuses together
    keys, seats = KEYS, SEATS
    check_convention = staticmethod(check_convention)

    def new_state(self, table: Table) -> RussianState:
        state = RussianState.start(table)
        robber.start(state)  # the robber stage reads the state, so it starts after it
        return state

    def play(self, deal: Deal, state: RussianState) -> tuple[Deal, list[Posting]]:
        try:
            seat_the_deal(deal, state)  # (five players: who else sits out, if the deal says)
            deal = check_deal(deal, state)
        except IllegalDealError:
            state._seat_now()  # a deal refused leaves the seating as it was
            raise
        if state.robber_owed:
            robber.after(deal, state)
        write = Writer(state.sheet)
        if deal.kind is DealKind.CONTRACT:
            assert deal.declarer is not None
            multiplier = bombs.contract_multiplier(deal, state)
            made = score_contract(deal, state, write, multiplier)
            bombs.after_contract(deal, state, write, made)
            state.raspasy_streak = state.dark_streak = 0
            state.next_deal()
        elif deal.kind is DealKind.RASPASY:
            score_raspasy(deal, state, write, bombs.raspasy_multiplier(deal, state))
            bombs.after_raspasy(deal, state, write)
            state.raspasy_streak += 1
            state.dark_streak = state.dark_streak + 1 if deal.dark else 0
            if state.raspasy_streak <= state.table.convention[DEAL_REPEAT_AFTER_RASPASY]:
                state.deal_again()  # the same dealer deals after a raspasy
            else:
                state.next_deal()
        elif deal.kind is DealKind.ADJUST:
            write_adjustments(deal.adjust, write)
            state.may_have_closed = True
        elif deal.kind is DealKind.END:
            state.finished, state.end_reason = True, _("the players ended the game")
        closing = state.may_have_closed
        after_deal(state, write)
        end = state.table.convention[END]
        if not state.finished and end != "manual" and (closing or end != "each"):
            check_end(state)  # every pulya closed: only after a deal that closed one
        return deal, write.postings

    def questions(self, state: RussianState) -> Asking:
        return questions(state)

    def result(self, state: RussianState) -> dict[str, Exact]:
        return settle.result(state)

    def explain(self, state: RussianState) -> Explanation:
        return settle.explain(state)

    def status(self, state: RussianState) -> list[str]:
        return status_lines(state)

    def before_deal(self, state: RussianState) -> list[str]:
        return before_deal(state)

    def distances(self, state: RussianState) -> Distances:
        return distances(state)

    def next_deal_notes(self, state: RussianState) -> list[str]:
        return next_deal_notes(state)

    def made(self, deal: Deal, conv: Convention) -> bool:
        if WITHOUT_THREE in deal.marks:  # given up before play
            return False
        return super().made(deal, conv)

    def summary(self, state: RussianState) -> dict[str, object]:
        out: dict[str, object] = {
            "pulya": dict(state.pulya),
            "gora": dict(state.gora),
            "whists": _nested(state.whists),
        }
        if state.table.convention[BOMBS]:
            out["bombs"] = {p: list(state.bombs[p]) for p in state.players}
            out["bombs_extinguished"] = {p: list(state.bombs_done[p]) for p in state.players}
        out["raspasy_streak"] = state.raspasy_streak
        return out


def _nested(pairs: dict[tuple[str, str], Exact]) -> dict[str, dict[str, Exact]]:
    out: dict[str, dict[str, Exact]] = {}
    for (writer, target), amount in pairs.items():
        if amount:
            out.setdefault(writer, {})[target] = amount
    return out


FAMILY = RussianFamily()
