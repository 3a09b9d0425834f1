"""A deal asked question by question: what a family asks, in order, with the answers allowed.

Each family gives its deal's questions as a generator (``family.questions(state)``): it yields
a :class:`Question`, is sent the answer's value (a :class:`Choice`'s ``value``, a number of
tricks as digits, ``"yes"``/``"no"``, or None for an optional question left empty) and
returns the :class:`~pulka.game.Deal` the answers describe (None: nothing to record, the
first question left empty, or nothing is left to record in this game). It offers only what
the rules allow at that point, from the convention and the state as it stands before the
deal. Every front end drives the same description: guided ``pulka play`` asks each question at
its prompt and reads what is typed with :meth:`Question.read`; the page of ``pulka serve``
shows the choices as buttons (the server drives the generator with the answers tapped so far,
:mod:`pulka.web.form`) and sends the one tapped, read the same way.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Generator, Iterable

from ..errors import PulkaError
from ..frozen import NamedTuple
from ..game import Deal, DealKind, Decision
from ..i18n import _, pgettext
from ..notation import resolve_player
from ..notation.reading import nearest
from ..notation.vocabulary import CONTRA_WORDS, Vocabulary, fold
from .tricks import TRICKS

#: what each answer reads as: the value of a yes-or-no question
YES, NO = "yes", "no"
#: what may be typed for yes (anything else is no)
YES_WORDS = frozenset({"y", "yes", "д", "да"})


class Choice(NamedTuple):
    """One answer a question allows.

    Attributes:
        value: what the answer means, in the journal's words (``whist``, ``6s``, ``raspasy``,
            a player's name): what a front end sends back.
        label: how it is shown, in the players' language.
        said: other words that may be typed for it (the prompt completes them too).
    """

    value: str
    label: str
    said: tuple[str, ...] = ()


class Question(NamedTuple):
    """One question of a deal.

    Attributes:
        key: what it asks, for a front end to lay it out: ``declarer``, ``contract``,
            ``no_talon``, ``tricks``, ``answer``, ``contra``, ``fell``, ``mark``...
        text: the question as a prompt asks it, in the players' language (with its hints
            for typing: ``(Enter: not said)``).
        choices: the answers allowed (empty: a number of tricks, see ``counts``).
        optional: an empty answer is allowed (it is sent as None).
        player: whose answer it is (the defender asked), or None.
        preface: a line said once before the question (``Whisted?``).
        reader: reads what was typed into a value (raising ValueError or PulkaError with
            the reason); None: the choices' own words.
        ask: the question as a page shows it, without the hints for typing (empty: the
            text).
        counts: the numbers of tricks allowed, from..to (a page shows each as a button).
        skip: what a page's button for leaving an optional question unanswered says (empty:
            no such button: a yes-or-no question's no, or the first question, which a page
            clears instead).
    """

    key: str
    text: str
    choices: tuple[Choice, ...] = ()
    optional: bool = False
    player: str | None = None
    preface: str = ""
    reader: Callable[[str], str] | None = None
    ask: str = ""
    counts: tuple[int, int] | None = None
    skip: str = ""

    @property
    def id(self) -> str:
        """The question's name among a deal's questions (its key, and whose answer it is)."""
        return self.key if self.player is None else f"{self.key} {self.player}"

    @property
    def heading(self) -> str:
        """What a page asks."""
        return self.ask or self.text.strip()

    def read(self, typed: str) -> str:
        """The value of a typed answer (not empty).

        Raises:
            ValueError, PulkaError: it is not an answer to this question, with the reason.
        """
        if self.reader is not None:
            value = self.reader(typed)
        else:
            said = fold(typed)
            for choice in self.choices:
                if said in (fold(choice.value), fold(choice.label), *map(fold, choice.said)):
                    return choice.value
            raise ValueError(_("{text!r}: say {choices}").format(text=typed, choices=either(
                [choice.label for choice in self.choices])))
        if self.counts is not None and value.isdigit():
            low, high = self.counts
            if not low <= int(value) <= high:
                raise ValueError(_("{text!r}: say a number from {low} to {high}").format(
                    text=typed, low=low, high=high) if low < high else _(
                    "{text!r}: the others' tricks leave {count}").format(text=typed, count=low))
        elif self.choices and value not in {choice.value for choice in self.choices}:
            raise ValueError(_("{text!r} is not allowed here: say {choices}").format(
                text=typed, choices=either([choice.label for choice in self.choices])))
        return value

    def words(self) -> list[str]:
        """What a prompt completes for this question."""
        return [word for choice in self.choices for word in (choice.label, *choice.said)]


#: a family's questions: yields a question, is sent its answer, returns the deal
Asking = Generator[Question, "str | None", "Deal | None"]


def either(labels: Iterable[str]) -> str:
    """``a, b or c``: alternatives, as a question lists them."""
    said = list(labels)
    if len(said) < 2:
        return "".join(said)
    return ", ".join(said[:-1]) + _(" or ") + said[-1]


def tricks(text: str) -> str:
    """A number of tricks: 0 to 10, in the digits 0-9."""
    if not re.fullmatch(r"[0-9]{1,2}", text) or int(text) > 10:
        raise ValueError(_("{text!r}: tricks are a number from 0 to 10").format(text=text))
    return str(int(text))


def yes_or_no(text: str) -> str:
    """``yes`` for the words of yes (in any case), ``no`` for anything else."""
    return YES if text.strip().casefold() in YES_WORDS else NO


def yes_no_question(key: str, text: str, player: str | None = None, ask: str = "") -> Question:
    """A question answered yes or no (Enter: no)."""
    return Question(key, text, (Choice(YES, pgettext("answer", "yes"), ("y", "да", "д")),
                                Choice(NO, pgettext("answer", "no"), ("n", "нет", "н"))),
                    optional=True, player=player, reader=yes_or_no, ask=ask)


def tricks_question(text: str, player: str | None, optional: bool, most: int = TRICKS,
                    ask: str = "", skip: str = "", least: int = 0) -> Question:
    """How many tricks a player took: ``least`` to ``most`` (what the others' tricks leave)."""
    return Question("tricks", text, optional=optional, player=player, reader=tricks, ask=ask,
                    counts=(min(least, most), most), skip=skip if optional else "")


def declarer_question(players: tuple[str, ...], active: tuple[str, ...], words: Vocabulary,
                      nobody: Choice, kind: DealKind) -> Question:
    """Who played: a player holding cards, or ``nobody`` (the family's deal of ``kind`` that
    nobody played; the other family's such word is refused with what to say here)."""
    def who(text: str) -> str:
        said = words.kinds.get(fold(text))
        if said is kind:
            return nobody.value
        if said in (DealKind.RASPASY, DealKind.ALLPASS):
            raise ValueError(_("{word!r}: say {nobody} for a deal nobody played")
                             .format(word=text, nobody=nobody.label))
        name = resolve_player(text, players)
        if name not in active:
            raise ValueError(_("{name} sits this deal out").format(name=name))
        return name

    return Question(
        "declarer", _("Who played? (a name, or {nobody}) ").format(nobody=nobody.label),
        # (the players in their seats: a page's buttons stay where they were)
        (*(Choice(name, name) for name in players if name in active), nobody), optional=True,
        reader=who, ask=_("Who played?"))


def defender_tricks(name: str, tricks: dict[str, int]) -> Generator[Question, str | None, None]:
    """A defender's tricks, which he may leave unsaid, into ``tricks`` (no more than what the
    tricks said so far leave of ten)."""
    count = yield tricks_question(
        _("{name}: how many tricks? (Enter: not said) ").format(name=name), name, True,
        most=TRICKS - sum(tricks.values()),
        ask=pgettext("form", "{name}: tricks").format(name=name), skip=not_said())
    if count is not None:
        tricks[name] = int(count)


def not_said() -> str:
    """The page's button for a count left unsaid."""
    return pgettext("answer", "not said")


def choice(value: str, label: str, *typed: str) -> Choice:
    """A choice labelled from the catalogs (``label``, in the players' language); ``typed``:
    the notation's words for it in either language, which may be typed too."""
    return Choice(value, label, tuple(word for word in typed if word != label))


def answers(half: bool) -> tuple[Choice, ...]:
    """Whist, pass and (where it is allowed) half-whist."""
    found = [choice("whist", pgettext("answer", "whist"), "вист", "whist"),
             choice("pass", pgettext("answer", "pass"), "пас", "pass")]
    if half:
        found.append(choice("half", pgettext("answer", "half"), "полвиста", "half"))
    return tuple(found)


def answer_reader(words: Vocabulary, half: bool) -> Callable[[str], str]:
    """Reads a defender's answer: whist, pass or (unless ``half`` is False: where it is
    refused at the question) half, in any word the family reads for them."""

    def read(text: str) -> str:
        typed = fold(text).split()  # (one word, or two: пол виста)
        decision = (words.decisions.get(typed[0]) if len(typed) == 1 else
                    words.phrases.get((typed[0], typed[1])) if len(typed) == 2 else None)
        if decision is Decision.HALF and not half:
            raise ValueError(_("there is no half-whist in the Balkan conventions"))
        if not isinstance(decision, Decision) or decision not in (
                Decision.WHIST, Decision.PASS, Decision.HALF):
            near = nearest(fold(text), words.decisions)
            if near is not None:
                raise ValueError(_("{word!r}: no such answer; did you mean {near}?").format(
                    word=text, near=words.shown.get(near, near)))
            russian = bool(re.search(r"[а-яё]", text.casefold()))
            if half:
                said = (_("{text!r}: say вист, пас or полвиста") if russian
                        else _("{text!r}: say whist, pass or half"))
            else:
                said = (_("{text!r}: say вист or пас") if russian
                        else _("{text!r}: say whist or pass"))
            raise ValueError(said.format(text=text))
        return decision.value

    return read


def contras(most: int) -> tuple[Choice, ...]:
    """Contra and what may follow it, up to the level ``most`` (2: recontra...)."""
    labels = (pgettext("answer", "contra"), pgettext("answer", "recontra"),
              pgettext("answer", "subcontra"), pgettext("answer", "mortcontra"))
    russian = ("контра", "реконтра", "субконтра", "мортконтра")
    return tuple(choice(CONTRA_WORDS[level], labels[level - 1], russian[level - 1],
                        CONTRA_WORDS[level]) for level in range(1, most + 1))


def contra_reader(words: Vocabulary) -> Callable[[str], str]:
    """Reads contra, recontra, subcontra or mortcontra (as the level's journal word)."""

    def read(text: str) -> str:
        level = words.contras.get(fold(text))
        if level is None:
            raise ValueError(_("{text!r}: say contra, recontra, subcontra or mortcontra").format(
                text=text))
        return CONTRA_WORDS[level]

    return read


def contra_question(name: str, words: Vocabulary, most: int) -> Question:
    """Whether ``name`` said contra (and how far it went with the declarer); Enter: no."""
    return Question("contra", _("{name}: contra? (Enter: no) ").format(name=name),
                    contras(most), optional=True, player=name, reader=contra_reader(words),
                    ask=_("{name}: contra?").format(name=name), skip=pgettext("answer", "no"))


def refused(exc: PulkaError | ValueError) -> str:
    """What was wrong with an answer, without a place (an answer names no file or deal)."""
    return exc.unplaced() if isinstance(exc, PulkaError) else str(exc)


def drive(asking: Asking, answer: Callable[[Question], str | None]) -> Deal | None:
    """Run a family's questions with ``answer`` giving each question's value."""
    try:
        question = next(asking)
        while True:
            question = asking.send(answer(question))
    except StopIteration as stop:
        return stop.value
