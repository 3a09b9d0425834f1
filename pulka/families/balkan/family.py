"""The Balkan family assembled: its rules, words and questions as one :class:`Family`
(the package's modules each hold one part; reading a game needs only :mod:`.words`)."""

from __future__ import annotations

from ...game import Deal, DealKind, Decision, Table
from ...i18n import N_, _
from ...numbers import Exact, div, mixed
from ..base import Defaults, Distances, Explanation, Presentation
from ..questions import Asking
from ..sheet import Posting, write_adjustments
from . import hats, refe, settle
from .checks import check_deal, is_plain_two
from .contract import score_contract
from .core import CORE
from .keys import KEYS, REFE_MAX, SEATS, START
from .questions import questions
from .state import BalkanState, DeferredWriter
from .words import WORDS


class BalkanFamily(Defaults[BalkanState]):
    """Scoring of the Balkan family; see :class:`pulka.families.base.Family`."""

    name = "balkan"
    title = N_("Balkan (Croatian, Slovenian, Serbian)")
    #: the column keys are their English labels, marked for the catalogs (see Presentation);
    #: the bule is kept as what is left to play, and written on paper from −30 up
    presentation = Presentation(columns=(N_("bule"), N_("refe"), N_("hats")), pair=N_("supe"),
                                terms=settle.TERMS,
                                labels={"refe": N_("refes"), "hats": N_("hats")},
                                words=(N_("bule"), N_("refe"), N_("hats"), N_("supe"),
                                       N_("whists")),
                                negated=("bule",))

    #: the compiled replay's view of the state (pulka.replay.compiled)
    core = CORE
    #: the words its deals are written and said in
    words = WORDS
    #: its convention keys, and the table sizes its rules are written for
    keys, seats = KEYS, SEATS

    def new_state(self, table: Table) -> BalkanState:
        return BalkanState.start(table)

    def play(self, deal: Deal, state: BalkanState) -> tuple[Deal, list[Posting]]:
        deal = check_deal(deal, state)
        write = DeferredWriter(state)
        before = dict(state.bule)
        goes_on = False  # the deal's declarer failed or a whister paid: it cannot end the game
        if deal.kind is DealKind.ALLPASS:
            refe.all_pass(state, write)
            state.next_deal()
        elif deal.kind is DealKind.CONTRACT:
            goes_on = self._contract(deal, state, write)
            state.next_deal()
        elif deal.kind is DealKind.ADJUST:
            write_adjustments(deal.adjust, write)
        elif deal.kind is DealKind.END:
            state.finished, state.end_reason = True, _("the players ended the game")
        write.commit()
        hats.draw(state, before, write)
        total = sum(state.bule.values())
        if (not state.finished and total <= 0 and deal.kind is not DealKind.ADJUST
                and not goes_on):
            state.finished, state.end_reason = True, _("the columns add up to 0")
        return deal, write.postings

    def _contract(self, deal: Deal, state: BalkanState, write: DeferredWriter) -> bool:
        """Score a contract; True when play goes on whatever the columns add up to."""
        if is_plain_two(deal, state):
            refe.uncontrad_two(deal, state, write)
        else:
            score_contract(deal, state, write, refe.take(deal, state, write))
        return _scale_last_game(deal, state, write)

    def questions(self, state: BalkanState) -> Asking:
        return questions(state)

    def result(self, state: BalkanState) -> dict[str, Exact]:
        return settle.result(state)

    def explain(self, state: BalkanState) -> Explanation:
        return settle.explain(state)

    def status(self, state: BalkanState) -> list[str]:
        lines = [_("from {start}; bule left in all: {left}").format(
            start=mixed(state.table.convention[START]), left=mixed(sum(state.bule.values())))]
        held = {p: int(n) for p, n in state.refe.items() if n}
        if held:
            lines.append(_("refes held: {refes}").format(
                refes=", ".join(f"{p} {n}" for p, n in held.items())))
        under = [p for p in state.players if state.under_hat(p)]
        if under:
            lines.append(_("under the hat: {players} (an all-pass gives no refe)").format(
                players=", ".join(under)))
        lines.append(_("refes given: {given} of {most}").format(
            given=state.refe_rounds, most=state.table.convention[REFE_MAX]))
        return lines

    def before_deal(self, state: BalkanState) -> list[str]:
        """Each player's bule left, and their sum: the game ends when it comes to 0."""
        return [_("bule left: {left}; {total} in all, the game ends at 0").format(
            left=" · ".join(f"{p} {mixed(state.bule[p])}" for p in state.players),
            total=mixed(sum(state.bule.values())))]

    def distances(self, state: BalkanState) -> Distances:
        """Each player's bule left to play, for the live page."""
        return Distances(_("bule left"), {p: state.bule[p] for p in state.players})

    def summary(self, state: BalkanState) -> dict[str, object]:
        whists: dict[str, dict[str, Exact]] = {}
        for (writer, target), amount in state.sheet.pairs["whists"].items():
            if amount:
                whists.setdefault(writer, {})[target] = amount
        return {
            "bule": dict(state.bule),
            "whists": whists,
            "refe": dict(state.refe),
            "hats": dict(state.sheet.cells["hats"]),
            "bule_sign": "left_to_play",  # untranslated: a JSON value (the paper writes −bule)
        }


def _scale_last_game(deal: Deal, state: BalkanState, write: DeferredWriter) -> bool:
    """A made game that would take the columns past zero is written only in part; True when
    the deal cannot end the game.

    The declarer's write-off and the supe of the deal are scaled by the same ratio, so that
    the columns sum to exactly zero. conventions.md §4, the last game: if the declarer fails
    or a whister pays a penalty in that deal, nothing is scaled and play goes on. (A made game
    after such a deal, the columns already at 0 or below, is written in full and ends it.)
    """
    declarer = deal.declarer
    gain = -sum(p.amount for p in write.postings if p.column == "bule" and p.player == declarer)
    if gain <= 0:
        return True  # the declarer failed: everything is written in full and the game goes on
    if any(p.column == "bule" and p.player != declarer and p.amount > 0 for p in write.postings):
        return True  # a whister paid a penalty: the same
    room = sum(state.bule.values())
    if gain <= room or room <= 0:
        return False
    ratio = div(room, gain)
    scaled = _("{note}, scaled by {ratio} to end at 0")
    write.postings[:] = [
        Posting(p.column, p.player, p.amount * ratio, p.target,
                scaled.format(note=p.note, ratio=mixed(ratio)))
        if p.column == "whists" or (p.column == "bule" and p.player == declarer) else p
        for p in write.postings
    ]
    return False


FAMILY = BalkanFamily()
__all__ = ["FAMILY", "Decision"]
