"""The questions of a Russian deal (see :mod:`pulka.families.questions`): (at five players
where each deal names its sitters, who sits out with the dealer;) who played, or распасы; the
contract with its level, or a misère (and, where games are given up, whether it was, without
three); the declarer's tricks; then each defender, from the declarer's left, whist, pass or
half and his tricks (nobody whists a misère)."""

from __future__ import annotations

from ...game import Contract, Deal, DealKind, Decision, Strain
from ...i18n import _
from ...notation import parse_contract, resolve_player
from ...notation.vocabulary import fold
from ..questions import (
    YES,
    Asking,
    Choice,
    Question,
    answer_reader,
    answers,
    choice,
    tricks_question,
    yes_no_question,
)
from ..seating import named_rest
from .keys import WITHOUT_THREE
from .resting import FIVE
from .state import RussianState
from .words import WORDS

LEVELS = range(6, 11)
TRUMPS = (Strain.SPADES, Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.NOTRUMP)


def contracts() -> tuple[Choice, ...]:
    """Every contract, as a form lays them out: each level in each suit, then the misère."""
    found = [Choice(str(c), c.pretty()) for c in (Contract(level, strain) for level in LEVELS
                                                  for strain in TRUMPS)]
    misere = Contract(None, Strain.MISERE)
    return (*found, Choice(str(misere), misere.pretty(), ("misere", "мизер")))


def read_contract(text: str) -> str:
    """A contract with its level (6s, 7 пик, 9nt) or a misère, in the journal's words."""
    contract = parse_contract(text, WORDS)
    if contract.level is None and contract.strain is not Strain.MISERE:
        raise ValueError(_("{text!r}: a contract has its level, 6 to 10 (6s, 7 пик), or is a "
                           "misère").format(text=text))
    return str(contract)


def questions(state: RussianState) -> Asking:
    """Ask one deal at this table, as it stands before the deal."""
    players, active = state.players, tuple(state.active)
    nobody = choice("raspasy", "распасы", "raspasy")
    rest: tuple[str, ...] = ()
    if len(players) == FIVE and len(state.sitters) == 1:  # five.rest: manual
        dealer = state.dealer
        other = yield Question(
            "rest", _("Who sits out with {dealer}? ").format(dealer=dealer),
            tuple(Choice(name, name) for name in active), reader=_one_of(players, active))
        rest = (dealer, str(other))
        active = named_rest(players, dealer, rest).active

    def who(text: str) -> str:
        kind = WORDS.kinds.get(fold(text))
        if kind is DealKind.RASPASY:
            return "raspasy"
        if kind is DealKind.ALLPASS:
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
    if declarer == "raspasy":
        taken: dict[str, int] = {}
        for name in active:
            count = yield tricks_question(_("{name}: how many tricks? ").format(name=name),
                                          name, optional=False)
            taken[name] = int(str(count))
        return Deal(DealKind.RASPASY, tricks=taken, rest=rest)
    said = yield Question("contract", _("What? (e.g. {examples}) ").format(
        examples="6s, 7 пик, 9nt, мизер"), contracts(), reader=read_contract)
    contract = parse_contract(str(said), WORDS)
    tricks: dict[str, int] = {}
    if (state.table.convention[WITHOUT_THREE] and contract.level is not None
            and (yield yes_no_question("without3", _("Given up without three? [y/N] "),
                                       declarer)) == YES):
        return Deal(DealKind.CONTRACT, declarer=declarer, contract=contract,
                    marks=("without3",), rest=rest)
    made = yield tricks_question(
        _("How many tricks did the declarer take? (Enter: not played) "), declarer, True)
    if made is not None:
        tricks[declarer] = int(made)
    defence: dict[str, Decision] = {}
    if contract.strain is not Strain.MISERE:  # nobody whists a misère
        seat = active.index(declarer)
        preface = _("Whisted?")
        for name in active[seat + 1:] + active[:seat]:
            answer = yield Question(
                "answer", _("{name}: whist, pass or half? ").format(name=name), answers(True),
                player=name, preface=preface, reader=answer_reader(WORDS, half=True))
            preface = ""
            defence[name] = Decision(answer)
            count = yield tricks_question(
                _("{name}: how many tricks? (Enter: not said) ").format(name=name), name, True)
            if count is not None:
                tricks[name] = int(count)
    return Deal(DealKind.CONTRACT, declarer=declarer, contract=contract, defence=defence,
                tricks=tricks, rest=rest)


def _one_of(players: tuple[str, ...], among: tuple[str, ...]):
    """Reads a player's name who is one of ``among``."""
    def read(text: str) -> str:
        name = resolve_player(text, players)
        if name not in among:
            raise ValueError(_("{name} deals this deal: name the other who sits out").format(
                name=name))
        return name

    return read
