"""The questions of a Russian deal (see :mod:`pulka.families.questions`): (at five players
where each deal names its sitters, who sits out with the dealer;) who played, or распасы; the
contract with its level (from the lowest a raspasy streak allows), or a misère (and, where
games are given up, whether it was, without three); the declarer's tricks; then each defender,
from the declarer's left, whist or pass (half for the second after the first passed, on the
levels the convention allows, when the game was not played out; where either may, the first
who whisted may retreat to half once the second passed) and his tricks (nobody whists a
misère). The tricks never add up past ten."""

from __future__ import annotations

from collections.abc import Callable

from ...game import Contract, Deal, DealKind, Decision, Strain
from ...i18n import _, ngettext, pgettext
from ...notation import parse_contract, resolve_player
from ..questions import (
    YES,
    Asking,
    Choice,
    Question,
    answer_reader,
    answers,
    choice,
    declarer_question,
    defender_tricks,
    tricks_question,
    yes_no_question,
)
from ..seating import named_rest
from ..tricks import TRICKS
from .keys import RASPASY_EXIT, WHIST_HALF, WHIST_HALF_BY, WITHOUT_THREE
from .resting import FIVE
from .state import RussianState
from .words import WORDS

LEVELS = range(6, 11)
TRUMPS = (Strain.SPADES, Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.NOTRUMP)


def contracts(lowest: int = LEVELS[0]) -> tuple[Choice, ...]:
    """The contracts allowed, as a form lays them out: each level from ``lowest`` in each
    suit, then the misère."""
    found = [Choice(str(c), c.pretty()) for c in (Contract(level, strain) for level in LEVELS
                                                  if level >= lowest for strain in TRUMPS)]
    misere = Contract(None, Strain.MISERE)
    return (*found, Choice(str(misere), misere.pretty(), ("misere", "мизер")))


def lowest_level(state: RussianState) -> int:
    """The lowest level a contract may have now (after a raspasy streak, its exit)."""
    streak = state.raspasy_streak
    if not streak:
        return LEVELS[0]
    exits = state.table.convention[RASPASY_EXIT]
    return int(exits[min(streak, len(exits)) - 1])


def contract_reader(lowest: int, streak: int) -> Callable[[str], str]:
    """Reads a contract with its level (6s, 7 пик, 9nt) or a misère, in the journal's words;
    a level under ``lowest`` is refused as the rules refuse it."""

    def read(text: str) -> str:
        contract = parse_contract(text, WORDS)
        if contract.level is None and contract.strain is not Strain.MISERE:
            raise ValueError(_("{text!r}: a contract has its level, 6 to 10 (6s, 7 пик), or is "
                               "a misère").format(text=text))
        if contract.level is not None and contract.level < lowest:
            message = _("after raspasy the lowest contract is {lowest}, not {level}") \
                if streak == 1 else ngettext(
                    "after {n} raspasy in a row the lowest contract is {lowest}, not {level}",
                    "after {n} raspasy in a row the lowest contract is {lowest}, not {level}",
                    streak)
            raise ValueError(message.format(n=streak, lowest=lowest, level=contract.level))
        return str(contract)

    return read


def questions(state: RussianState) -> Asking:
    """Ask one deal at this table, as it stands before the deal."""
    if state.finished:  # nothing more is recorded
        return None
    players, active = state.players, tuple(state.active)
    conv = state.table.convention
    nobody = choice("raspasy", pgettext("answer", "raspasy"), "распасы", "raspasy")
    rest: tuple[str, ...] = ()
    if len(players) == FIVE and len(state.sitters) == 1:  # five.rest: manual
        dealer = state.dealer
        other = yield Question(
            "rest", _("Who sits out with {dealer}? ").format(dealer=dealer),
            tuple(Choice(name, name) for name in active), reader=_one_of(players, active))
        rest = (dealer, str(other))
        active = named_rest(players, dealer, rest).active

    declarer = yield declarer_question(players, active, WORDS, nobody, DealKind.RASPASY)
    if declarer is None:  # nothing said: no deal after all
        return None
    if declarer == "raspasy":
        taken: dict[str, int] = {}
        for name in active:
            count = yield tricks_question(_("{name}: how many tricks? ").format(name=name),
                                          name, optional=False,
                                          most=TRICKS - sum(taken.values()),
                                          ask=pgettext("form", "{name}: tricks").format(
                                              name=name))
            taken[name] = int(str(count))
        return Deal(DealKind.RASPASY, tricks=taken, rest=rest)
    lowest = lowest_level(state)
    said = yield Question("contract", _("What? (e.g. {examples}) ").format(
        examples="6s, 7 пик, 9nt, мизер"), contracts(lowest),
        reader=contract_reader(lowest, state.raspasy_streak), ask=_("What was played?"))
    contract = parse_contract(str(said), WORDS)
    misere = contract.strain is Strain.MISERE
    if (conv[WITHOUT_THREE] and contract.level is not None
            and (yield yes_no_question("without3", _("Given up without three? [y/N] "),
                                       declarer)) == YES):
        return Deal(DealKind.CONTRACT, declarer=declarer, contract=contract,
                    marks=("without3",), rest=rest)
    tricks: dict[str, int] = {}
    if misere:  # a misère is always played out
        made = yield tricks_question(_("How many tricks did the declarer take? "), declarer,
                                     False)
    else:
        made = yield tricks_question(
            _("How many tricks did the declarer take? (Enter: not played) "), declarer, True,
            ask=_("How many tricks did the declarer take?"),
            skip=pgettext("answer", "not played"))
    if made is not None:
        tricks[declarer] = int(made)
    defence: dict[str, Decision] = {}
    if not misere:  # nobody whists a misère
        seat = active.index(declarer)
        speaking = active[seat + 1:] + active[:seat]
        half_levels = conv[WHIST_HALF] if len(speaking) == 2 else ()
        halving = contract.level in half_levels and declarer not in tricks
        # whist – pass – half (whist.half_by: either): the first defender who whisted may
        # retreat once the second passed, so his tricks wait for the second's answer
        retreat = halving and conv[WHIST_HALF_BY] == "either"
        waiting: str | None = None
        preface = _("Whisted?")
        for k, name in enumerate(speaking):
            # half-whist: the second defender, after the first passed, on a level the
            # convention allows, in a game not played out
            half = k == 1 and defence[speaking[0]] is Decision.PASS and halving
            answer = yield Question(
                "answer", _("{name}: whist, pass or half? ").format(name=name), answers(half),
                player=name, preface=preface, reader=_defender_reader(half, k, speaking),
                ask=(_("{name}: whist, pass or half?") if half
                     else pgettext("form", "{name}: whist or pass?")).format(name=name))
            preface = ""
            defence[name] = Decision(answer)
            if defence[name] is Decision.HALF:  # a half-whisted game is not played
                continue
            if k == 0 and retreat and defence[name] is Decision.WHIST:
                waiting = name
                continue
            if waiting is not None:
                if defence[name] is Decision.PASS:
                    kept = yield Question(
                        "answer", _("{name}: whist or half, now that {other} passed? ").format(
                            name=waiting, other=name),
                        tuple(c for c in answers(True) if c.value != Decision.PASS.value),
                        player=waiting,
                        reader=_retreat_reader(), ask=_("{name}: whist or half?").format(
                            name=waiting))
                    defence[waiting] = Decision(kept)
                    if defence[waiting] is Decision.HALF:  # not played: nobody's tricks
                        break
                yield from defender_tricks(waiting, tricks)
            yield from defender_tricks(name, tricks)
    return Deal(DealKind.CONTRACT, declarer=declarer, contract=contract, defence=defence,
                tricks=tricks, rest=rest)


def _retreat_reader() -> Callable[[str], str]:
    """Reads whether the first defender keeps his whist or retreats to a half-whist."""
    read_any = answer_reader(WORDS, half=True)

    def read(text: str) -> str:
        value = read_any(text)
        if value == Decision.PASS.value:
            raise ValueError(_("{text!r}: say whist or half").format(text=text))
        return value

    return read


def _one_of(players: tuple[str, ...], among: tuple[str, ...]) -> Callable[[str], str]:
    """Reads a player's name who is one of ``among``."""
    def read(text: str) -> str:
        name = resolve_player(text, players)
        if name not in among:
            raise ValueError(_("{name} deals this deal: name the other who sits out").format(
                name=name))
        return name

    return read


def _defender_reader(half: bool, seat: int, speaking: tuple[str, ...]
                     ) -> Callable[[str], str]:
    """Reads a defender's answer; a half-whist where it is not allowed is refused with the
    reason."""
    read_any = answer_reader(WORDS, half=True)

    def read(text: str) -> str:
        value = read_any(text)
        if value == Decision.HALF.value and not half:
            if seat == 0 and len(speaking) == 2:
                raise ValueError(_("only the second defender can half-whist; {first} speaks "
                                   "first").format(first=speaking[0]))
            raise ValueError(_("half-whist is not allowed here: the first defender passes, "
                               "on a level the convention allows, and the game is not played "
                               "out"))
        return value

    return read
