"""A deal asked step by step, for players who don't know the notation: who played, what,
how many tricks the declarer took, and each defender's answer and tricks (for the Balkan
family the game from the hand and the contras too). The answers make one notation line,
shown, then recorded as a typed line would be (so the journal is the same)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import click

from ...errors import PulkaError
from ...game import DealKind, Decision, Strain
from ...i18n import _, language, pgettext
from ..committed import say

#: the families whose deals can be asked (the payment games are typed in the notation)
FAMILIES = ("russian", "balkan")
ANSWERS = (Decision.WHIST, Decision.PASS, Decision.HALF)


class Steps:
    """The questions of one deal, on the game as ``built`` reads it now (the game, the
    report, the state, the settlement, the steps: :meth:`.table.Table.built`)."""

    def __init__(self, built: Callable[[], tuple[Any, ...]], read: Callable[..., str]) -> None:
        self.built = built
        self.read = read
        self.russian = language() == "ru"
        self.fell = False  # whether the table says who fell (asked of each whister)

    def deal(self) -> str | None:
        """The notation line of the deal the answers describe; None when dropped (Ctrl-C,
        Ctrl-D, an empty first answer) or when the game cannot be asked step by step."""
        game, _report, state, _settlement, _steps = self.built()
        family = game.table.convention.family
        if family not in FAMILIES:
            say(_("error: step by step is for the Russian and Balkan games; type the deal in "
                  "the notation (`help`)"))
            return None
        # (with ``quota: table`` the table says which defender fell: asked of each whister)
        self.fell = family == "balkan" and game.table.convention["quota"] == "table"
        try:
            line = self._ask(game.table.players, tuple(state.active), family)
        except (KeyboardInterrupt, EOFError):
            click.echo()
            line = None
        if line is None:
            click.echo(pgettext("play", "not recorded"))
            return None
        click.echo(_("the deal in the notation: {line}").format(line=canonical(line, game)))
        return line

    # --- one answer ---------------------------------------------------------------------

    def ask(self, question: str, words: list[str], check: Callable[[str], object],
            empty: bool = False) -> object:
        """The answer to one question, asked again while ``check`` refuses it (a PulkaError
        or ValueError saying why); an empty answer is None when ``empty`` allows it."""
        while True:
            answer = self.read(question, words).strip()
            if not answer:
                if empty:
                    return None
                continue
            try:
                return check(answer)
            except PulkaError as exc:  # (an answer: no file or deal to name)
                say(_("error: {message}").format(message=exc.unplaced()))
            except ValueError as exc:
                say(_("error: {message}").format(message=exc))

    def word(self, russian: str, english: str) -> list[str]:
        return [russian, english] if self.russian else [english, russian]

    # --- the deal -----------------------------------------------------------------------

    def _ask(self, players: tuple[str, ...], active: tuple[str, ...], family: str) -> str | None:
        from ...notation import KINDS, fold, quote, resolve_player

        nobody = self.word("распасы", "raspasy") if family == "russian" else self.word(
            "все-пас", "allpass")

        def who(text: str) -> str:
            kind = KINDS.get(fold(text))
            if kind in (DealKind.RASPASY, DealKind.ALLPASS):
                if (kind is DealKind.RASPASY) != (family == "russian"):
                    raise ValueError(_("{word!r}: say {nobody} for a deal nobody played")
                                     .format(word=text, nobody=nobody[0]))
                return kind.value
            name = resolve_player(text, players)
            if name not in active:
                raise ValueError(_("{name} sits this deal out").format(name=name))
            return name

        declarer = self.ask(_("Who played? (a name, or {nobody}) ").format(nobody=nobody[0]),
                            [*active, *nobody], who, empty=True)
        if declarer is None:  # Enter at the first question: no deal after all
            return None
        if declarer == DealKind.ALLPASS.value:
            return declarer
        if declarer == DealKind.RASPASY.value:
            parts = [declarer]
            for name in active:
                parts += [quote(name), str(self.ask(
                    _("{name}: how many tricks? ").format(name=name), [], tricks))]
            return " ".join(parts)
        return self._contract(str(declarer), active, family)

    def _contract(self, declarer: str, active: tuple[str, ...], family: str) -> str:
        from ...notation import CONTRA_WORDS, CONTRAS, quote

        contract = self.ask(_("What? (e.g. {examples}) ").format(
            examples=examples(family)), contracts(family), lambda text: parse(text, family))
        parts = [quote(declarer), str(contract)]
        if family == "balkan" and self.yes(_("A game from the hand (igra)? [y/N] ")):
            parts.append("igra")
        made = self.ask(_("How many tricks did the declarer take? (Enter: not played) "), [],
                        tricks, empty=True)
        if made is not None:
            parts.append(str(made))
        if getattr(contract, "strain", None) is Strain.MISERE:
            return " ".join(parts)  # nobody whists a misère
        click.echo(_("Whisted?"))
        seat = active.index(declarer)
        balkan = family == "balkan"  # (no half-whist there)
        words = [*self.word("вист", "whist"), *self.word("пас", "pass")]
        if not balkan:
            words += self.word("полвиста", "half")
        for name in active[seat + 1:] + active[:seat]:
            question = (_("{name}: whist or pass? ") if balkan
                        else _("{name}: whist, pass or half? ")).format(name=name)
            decision = self.ask(question, words, whist_or_pass if balkan else answer)
            parts += [quote(name), str(getattr(decision, "value", decision))]
            taken = self.ask(_("{name}: how many tricks? (Enter: not said) ").format(name=name),
                             [], tricks, empty=True)
            if taken is not None:
                parts.append(str(taken))
            if family == "balkan" and decision is Decision.WHIST:
                words = self.word("контра", "contra")
                level = self.ask(_("{name}: contra? (Enter: no) ").format(name=name),
                                 [*words, *CONTRAS], contra, empty=True)
                if level is not None:
                    parts.append(CONTRA_WORDS[int(str(level))])
                # a defender falls only when the declarer made his game (bettel: nobody does)
                if (self.fell and made is not None and int(str(made)) >= 6
                        and getattr(contract, "strain", None) is not Strain.BETTEL
                        and self.yes(_("{name}: fell? [y/N] ").format(name=name))):
                    parts.append("fell")
        return " ".join(parts)

    def yes(self, question: str) -> bool:
        from .end import YES

        return self.read(question, self.word("да", "yes")).strip().casefold() in YES


def parse(text: str, family: str) -> object:
    """A contract of the family: a Balkan game by its suit alone, sans or bettel; a Russian
    one with its level, or a misère."""
    from ...notation import parse_contract

    contract = parse_contract(text)
    balkan = contract.level is None and contract.strain is not Strain.MISERE
    if family == "balkan" and not balkan:
        raise ValueError(_("{text!r}: a Balkan game is named by its suit alone (s, d, h, c), "
                           "sans or bettel").format(text=text))
    if family == "russian" and balkan:
        raise ValueError(_("{text!r}: a contract has its level, 6 to 10 (6s, 7 пик), or is a "
                           "misère").format(text=text))
    return contract


def canonical(line: str, game: object) -> str:
    """The line as the journal will hold it (as built, when it does not read: the ledger
    then says why)."""
    from ...notation import format_deal, parse_deal

    try:
        return format_deal(parse_deal(line, game.table.players))  # type: ignore[attr-defined]
    except PulkaError:
        return line


def tricks(text: str) -> int:
    """A number of tricks: 0 to 10, in the digits 0-9."""
    if not re.fullmatch(r"[0-9]{1,2}", text) or int(text) > 10:
        raise ValueError(_("{text!r}: tricks are a number from 0 to 10").format(text=text))
    return int(text)


def answer(text: str, half: bool = True) -> Decision:
    """A defender's answer: whist, pass or (unless ``half`` is False: a Balkan table, where
    it is refused at the question) half."""
    from ...notation import DECISIONS, fold

    decision = DECISIONS.get(fold(text))
    if decision is Decision.HALF and not half:
        raise ValueError(_("there is no half-whist in the Balkan conventions"))
    if decision not in ANSWERS:
        russian = bool(re.search(r"[а-яё]", text.casefold()))
        if half:
            said = (_("{text!r}: say вист, пас or полвиста") if russian
                    else _("{text!r}: say whist, pass or half"))
        else:
            said = _("{text!r}: say вист or пас") if russian else _("{text!r}: say whist or pass")
        raise ValueError(said.format(text=text))
    return decision


def whist_or_pass(text: str) -> Decision:
    """A Balkan defender's answer: whist or pass."""
    return answer(text, half=False)


def contra(text: str) -> int:
    from ...notation import CONTRAS, fold

    level = CONTRAS.get(fold(text))
    if level is None:
        raise ValueError(_("{text!r}: say contra, recontra, subcontra or mortcontra").format(
            text=text))
    return level


def examples(family: str) -> str:
    return "s, d, sans, bettel" if family == "balkan" else "6s, 7 пик, 9nt, мизер"


def contracts(family: str) -> list[str]:
    """What the contract question completes."""
    from ...notation import LEVELS

    if family == "balkan":
        return ["s", "c", "d", "h", "sans", "bettel", "пики", "трефы", "бубны", "черви"]
    return [*(f"{level}{suit}" for level in LEVELS for suit in ("s", "c", "d", "h", "nt")),
            "misere", "мизер"]
