"""What the payment games' questions share (see :mod:`pulka.families.questions`; each family's
own are in :mod:`.austrian_questions`, :mod:`.swabian_questions`, :mod:`.greek_questions`):
the first question (who played, or the table's line that the rules allow now: an all-pass, a
refill, the end; after a deal that emptied the pot only a refill or the end), the contract
among those the table plays, a defender's answer among the words allowed him, each player's
tricks in turn (never past ten; the last count is the rest), made or down, the claims."""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterable

from ...game import Contract, Deal, DealKind, Decision
from ...i18n import _, pgettext
from ...notation import parse_contract, resolve_player
from ...notation.vocabulary import Vocabulary, fold
from ..questions import Choice, Question, choice, either, tricks_question
from ..tricks import TRICKS
from .state import PaymentState

#: a part of a deal's questions: yields questions, is sent their answers, returns its result
Part = Generator[Question, "str | None", "str | None"]
#: the declarer's opponents in the order play moves (the family's ``others``)
Others = Callable[[PaymentState, str], list[str]]
#: the lines a table writes instead of a deal, by the value their choice sends
LINES = {"allpass": DealKind.ALLPASS, "refill": DealKind.REFILL, "end": DealKind.END}


def line_choices() -> dict[str, Choice]:
    """The choices of the table's lines, labelled in the players' language."""
    return {"allpass": choice("allpass", pgettext("answer", "allpass"), "все-пас", "allpass"),
            "refill": choice("refill", pgettext("answer", "refill"), "пополнение", "refill"),
            "end": choice("end", pgettext("answer", "end"), "конец", "end")}


def opening(state: PaymentState, words: Vocabulary, *, allpass: bool, refill: bool,
            emptied: tuple[str, str]) -> Part:
    """Who played, or the line the table writes instead (an all-pass where the family has
    one, a refill where the rules allow it now, the end); after a deal that emptied the pot,
    only a refill or the end (``emptied``: that question's prompt and its page's words). Its
    value: a player's name or a line's (``allpass``, ``refill``, ``end``); None when nothing is
    to be recorded (the first answer left empty, a game that is over)."""
    if state.finished and not state.empty:  # over: nothing more is recorded
        return None
    lines = line_choices()
    if state.empty:
        offered = ([lines["refill"]] if refill else []) + [lines["end"]]
        return (yield Question("line", emptied[0], tuple(offered), optional=True,
                               reader=_line_reader(words, state), ask=emptied[1]))
    kept = [lines[name] for name, allowed in (("allpass", allpass), ("refill", refill),
                                               ("end", True)) if allowed]
    others = [c.label for c in kept]
    return (yield Question(
        "declarer", _("Who played? (a name, {others}) ").format(others=either(others))
        if len(others) > 1 else _("Who played? (a name, or {nobody}) ").format(
            nobody=others[0]),
        # (the players in their seats: a page's buttons stay where they were)
        (*(Choice(name, name) for name in state.players if name in state.active), *kept),
        optional=True,
        reader=_line_reader(words, state), ask=_("Who played?")))


def _line_reader(words: Vocabulary, state: PaymentState) -> Callable[[str], str]:
    """Reads a player's name (holding cards in this deal) or a table's line."""

    def read(text: str) -> str:
        kind = words.kinds.get(fold(text))
        if kind is DealKind.RASPASY:  # (the Russian word for an all-pass that is played)
            kind = DealKind.ALLPASS
        if kind is not None:
            return kind.value
        name = resolve_player(text, state.players)
        if name not in state.active:
            raise ValueError(_("{name} sits this deal out").format(name=name))
        return name

    return read


def line(value: str) -> Deal:
    """The deal of a table's line."""
    return Deal(LINES[value])


def contract_question(offered: Iterable[Contract], words: Vocabulary, examples: str = ""
                      ) -> Question:
    """What was played, among the contracts ``offered`` (in the order a page lays them out);
    ``examples``: what the prompt shows (else each of them)."""
    choices = tuple(Choice(str(c), c.pretty()) for c in offered)

    def read(text: str) -> str:
        said = str(parse_contract(text, words))
        if said not in {c.value for c in choices}:
            raise ValueError(_("{text!r}: this table plays {contracts}").format(
                text=text, contracts=either(c.value for c in choices)))
        return said

    return Question("contract", _("What? (e.g. {examples}) ").format(
        examples=examples or ", ".join(c.value for c in choices)), choices, reader=read,
        ask=_("What was played?"))


#: each defender's answer: its choice's words in either language
_DECISIONS = {
    Decision.WHIST: ("вист", "whist"),
    Decision.PASS: ("пас", "pass"),
    Decision.TOGETHER: ("вместе", "together"),
    Decision.ALONE: ("один", "alone"),
}


def decision_question(name: str, allowed: tuple[Decision, ...], words: Vocabulary,
                      text: str, ask: str, preface: str = "") -> Question:
    """A defender's answer, one of ``allowed``, in any word the family reads for it."""
    labels = {Decision.WHIST: pgettext("answer", "whist"), Decision.PASS: pgettext("answer", "pass"),
              Decision.TOGETHER: pgettext("answer", "together"),
              Decision.ALONE: pgettext("answer", "alone")}
    choices = tuple(choice(d.value, labels[d], *_DECISIONS[d]) for d in allowed)

    def read(text: str) -> str:
        decision = words.decisions.get(fold(text))
        if decision not in allowed:
            raise ValueError(_("{text!r}: say {choices}").format(
                text=text, choices=either(c.label for c in choices)))
        return decision.value

    return Question("answer", text, choices, player=name, preface=preface, reader=read, ask=ask)


def whist_or_pass(names: Iterable[str], words: Vocabulary
                  ) -> Generator[Question, str | None, dict[str, Decision]]:
    """Each of ``names`` in turn, whist or pass (the first asked under "Whisted?")."""
    defence: dict[str, Decision] = {}
    preface = _("Whisted?")
    for name in names:
        answer = yield decision_question(
            name, (Decision.WHIST, Decision.PASS), words,
            _("{name}: whist or pass? ").format(name=name),
            pgettext("form", "{name}: whist or pass?").format(name=name), preface)
        preface = ""
        defence[name] = Decision(str(answer))
    return defence


def declarer_tricks(declarer: str) -> Question:
    """How many tricks the declarer took (his game was played)."""
    return tricks_question(_("How many tricks did the declarer take? "), declarer, False)


def tricks_in_turn(names: list[str], taken: dict[str, int]) -> Generator[Question, str | None,
                                                                         None]:
    """Each of ``names`` but the last is asked his tricks (no more than what is left of ten),
    into ``taken``; the last one's are the rest."""
    for name in names[:-1]:
        count = yield tricks_question(_("{name}: how many tricks? ").format(name=name), name,
                                      False, most=TRICKS - sum(taken.values()),
                                      ask=pgettext("form", "{name}: tricks").format(name=name))
        taken[name] = int(str(count))
    if names:
        taken[names[-1]] = TRICKS - sum(taken.values())


def made_question() -> Question:
    """Whether the declarer made a game reported made or down (an extra, the Swabian bettel
    and durchmarsch)."""
    return Question("made", _("Did the declarer make it? (made or down) "), (
        choice("made", pgettext("answer", "made"), "сыграл", "made"),
        choice("down", pgettext("answer", "down"), "без", "down")),
        ask=_("Did the declarer make it?"))


def claims_question(offered: list[Choice]) -> Question:
    """The claim of the deal, among those the table plays (Enter: none)."""
    labels = either(c.label for c in offered)
    return Question("mark", _("Claimed: {claims}? (Enter: nothing) ").format(claims=labels),
                    tuple(offered), optional=True,
                    ask=_("Claimed: {claims}?").format(claims=labels),
                    skip=pgettext("answer", "nothing"))
