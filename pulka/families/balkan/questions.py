"""The questions of a Balkan deal (see :mod:`pulka.families.questions`): who played, or
все-пас; the game by its suit alone, sans or bettel; from the hand or not; the declarer's
tricks; then each defender, from the declarer's left, whist or pass (no half-whist here; nobody
passes a bettel), his tricks (never past ten in all), his contra (up to the levels the table
plays), and (``quota: table``) whether he fell."""

from __future__ import annotations

from ...game import Contract, Deal, DealKind, Decision, Strain
from ...i18n import _, pgettext
from ...notation import parse_contract
from ..questions import (
    YES,
    Asking,
    Choice,
    Question,
    answer_reader,
    answers,
    choice,
    contra_question,
    declarer_question,
    defender_tricks,
    tricks_question,
    yes_no_question,
)
from .keys import CONTRA_FACTORS, QUOTA
from .state import BalkanState
from .words import WORDS

GAMES = (Strain.SPADES, Strain.DIAMONDS, Strain.HEARTS, Strain.CLUBS, Strain.BETTEL, Strain.SANS)


def contracts() -> tuple[Choice, ...]:
    """The games, as a form lays them out."""
    return tuple(Choice(str(c), c.pretty()) for c in (Contract(None, s) for s in GAMES))


def read_contract(text: str) -> str:
    """A game named by its suit alone (s, d, h, c), sans or bettel, in the journal's words."""
    contract = parse_contract(text, WORDS)
    if contract.level is not None or contract.strain is Strain.MISERE:
        raise ValueError(_("{text!r}: a Balkan game is named by its suit alone (s, d, h, c), "
                           "sans or bettel").format(text=text))
    return str(contract)


def questions(state: BalkanState) -> Asking:
    """Ask one deal at this table, as it stands before the deal."""
    if state.finished:  # nothing more is recorded
        return None
    players, active = state.players, tuple(state.active)
    nobody = choice("allpass", pgettext("answer", "allpass"), "все-пас", "allpass")
    most_contra = len(state.table.convention[CONTRA_FACTORS])
    # (with ``quota: table`` the table says which defender fell: asked of each whister)
    says_who_fell = state.table.convention[QUOTA] == "table"

    declarer = yield declarer_question(players, active, WORDS, nobody, DealKind.ALLPASS)
    if declarer is None:  # nothing said: no deal after all
        return None
    if declarer == "allpass":
        return Deal(DealKind.ALLPASS)
    said = yield Question("contract", _("What? (e.g. {examples}) ").format(
        examples="s, d, sans, bettel"), contracts(), reader=read_contract,
        ask=_("What was played?"))
    contract = parse_contract(str(said), WORDS)
    no_talon = (yield yes_no_question("no_talon", _("A game from the hand (igra)? [y/N] "),
                                      ask=_("A game from the hand (igra)?"))) == YES
    tricks: dict[str, int] = {}
    made = yield tricks_question(
        _("How many tricks did the declarer take? (Enter: not played) "), declarer, True,
        ask=_("How many tricks did the declarer take?"), skip=pgettext("answer", "not played"))
    if made is not None:
        tricks[declarer] = int(made)
    defence: dict[str, Decision] = {}
    contra: dict[str, int] = {}
    fell: list[str] = []
    seat = active.index(declarer)
    preface = _("Whisted?")
    bettel = contract.strain is Strain.BETTEL
    for name in active[seat + 1:] + active[:seat]:
        if bettel:  # against a bettel nobody passes
            answer: str | None = Decision.WHIST.value
        else:
            answer = yield Question(
                "answer", _("{name}: whist or pass? ").format(name=name), answers(False),
                player=name, preface=preface, reader=answer_reader(WORDS, half=False),
                ask=pgettext("form", "{name}: whist or pass?").format(name=name))
        preface = ""
        defence[name] = Decision(answer)
        yield from defender_tricks(name, tricks)
        if defence[name] is not Decision.WHIST:
            continue
        level = (yield contra_question(name, WORDS, most_contra)) if most_contra else None
        if level is not None:
            contra[name] = WORDS.contras[level]
        # a defender falls only when the declarer made his game (bettel: nobody does)
        if (says_who_fell and made is not None and int(made) >= 6 and not bettel
                and (yield yes_no_question("fell", _("{name}: fell? [y/N] ").format(name=name),
                                           name, _("{name}: fell?").format(name=name))) == YES):
            fell.append(name)
    return Deal(DealKind.CONTRACT, declarer=declarer, contract=contract, defence=defence,
                tricks=tricks, no_talon=no_talon, contra=contra, fell=tuple(fell))
