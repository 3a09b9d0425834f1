"""The questions of a Balkan deal (see :mod:`pulka.families.questions`): who played, or
все-пас; the game by its suit alone, sans or bettel; from the hand or not; the declarer's
tricks; then each defender, from the declarer's left, whist or pass (no half-whist here), his
tricks, his contra, and (``quota: table``) whether he fell."""

from __future__ import annotations

from ...game import Contract, Deal, DealKind, Decision, Strain
from ...i18n import _
from ...notation import CONTRA_WORDS, parse_contract, resolve_player
from ...notation.vocabulary import fold
from ..questions import (
    YES,
    Asking,
    Choice,
    Question,
    answer_reader,
    answers,
    choice,
    contra_reader,
    tricks_question,
    yes_no_question,
)
from .keys import QUOTA
from .state import BalkanState
from .words import WORDS

GAMES = (Strain.SPADES, Strain.DIAMONDS, Strain.HEARTS, Strain.CLUBS, Strain.BETTEL, Strain.SANS)
#: a defender's contra, by level, in the players' language and the journal's
CONTRAS = (("контра", 1), ("реконтра", 2), ("субконтра", 3), ("мортконтра", 4))


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
    players, active = state.players, tuple(state.active)
    nobody = choice("allpass", "все-пас", "allpass")
    # (with ``quota: table`` the table says which defender fell: asked of each whister)
    says_who_fell = state.table.convention[QUOTA] == "table"

    def who(text: str) -> str:
        kind = WORDS.kinds.get(fold(text))
        if kind is DealKind.ALLPASS:
            return "allpass"
        if kind is DealKind.RASPASY:
            raise ValueError(_("{word!r}: say {nobody} for a deal nobody played")
                             .format(word=text, nobody=nobody.label))
        name = resolve_player(text, players)
        if name not in active:
            raise ValueError(_("{name} sits this deal out").format(name=name))
        return name

    declarer = yield Question(
        "declarer", _("Who played? (a name, or {nobody}) ").format(nobody=nobody.label),
        (*(Choice(name, name) for name in active), nobody), optional=True, reader=who)
    if declarer is None:  # nothing said: no deal after all
        return None
    if declarer == "allpass":
        return Deal(DealKind.ALLPASS)
    said = yield Question("contract", _("What? (e.g. {examples}) ").format(
        examples="s, d, sans, bettel"), contracts(), reader=read_contract)
    contract = parse_contract(str(said), WORDS)
    no_talon = (yield yes_no_question("no_talon", _("A game from the hand (igra)? [y/N] "))) == YES
    tricks: dict[str, int] = {}
    made = yield tricks_question(
        _("How many tricks did the declarer take? (Enter: not played) "), declarer, True)
    if made is not None:
        tricks[declarer] = int(made)
    defence: dict[str, Decision] = {}
    contra: dict[str, int] = {}
    fell: list[str] = []
    seat = active.index(declarer)
    preface = _("Whisted?")
    for name in active[seat + 1:] + active[:seat]:
        answer = yield Question(
            "answer", _("{name}: whist or pass? ").format(name=name), answers(False),
            player=name, preface=preface, reader=answer_reader(WORDS, half=False))
        preface = ""
        defence[name] = Decision(answer)
        count = yield tricks_question(
            _("{name}: how many tricks? (Enter: not said) ").format(name=name), name, True)
        if count is not None:
            tricks[name] = int(count)
        if defence[name] is not Decision.WHIST:
            continue
        level = yield Question(
            "contra", _("{name}: contra? (Enter: no) ").format(name=name),
            tuple(choice(CONTRA_WORDS[n], russian, CONTRA_WORDS[n]) for russian, n in CONTRAS),
            optional=True, player=name, reader=contra_reader(WORDS))
        if level is not None:
            contra[name] = WORDS.contras[level]
        # a defender falls only when the declarer made his game (bettel: nobody does)
        if (says_who_fell and made is not None and int(made) >= 6
                and contract.strain is not Strain.BETTEL
                and (yield yes_no_question("fell", _("{name}: fell? [y/N] ").format(name=name),
                                           name)) == YES):
            fell.append(name)
    return Deal(DealKind.CONTRACT, declarer=declarer, contract=contract, defence=defence,
                tricks=tricks, no_talon=no_talon, contra=contra, fell=tuple(fell))
