"""A deal asked question by question: what a family asks, in order, with the answers allowed.

Each family gives its deal's questions as a generator (``family.questions(state)``): it yields
a :class:`Question`, is sent the answer's value (a :class:`Choice`'s ``value``, a number of
tricks as digits, ``"yes"``/``"no"``, or None for an optional question left empty) and
returns the :class:`~pulka.game.Deal` the answers describe (None: nothing to record, the
first question left empty). Every front end drives the same description: guided ``pulka
play`` asks each question at its prompt and reads what is typed with :meth:`Question.read`;
a form shows the choices as buttons and sends the one tapped.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Generator

from ..errors import PulkaError
from ..frozen import NamedTuple
from ..game import Deal, Decision
from ..i18n import _, language, pgettext
from ..notation.reading import nearest
from ..notation.vocabulary import CONTRA_WORDS, Vocabulary, fold

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
        text: the question, in the players' language.
        choices: the answers allowed (empty: a number of tricks, or yes or no).
        optional: an empty answer is allowed (it is sent as None).
        player: whose answer it is (the defender asked), or None.
        preface: a line said once before the question (``Whisted?``).
        reader: reads what was typed into a value (raising ValueError or PulkaError with
            the reason); None: the choices' own words.
    """

    key: str
    text: str
    choices: tuple[Choice, ...] = ()
    optional: bool = False
    player: str | None = None
    preface: str = ""
    reader: Callable[[str], str] | None = None

    def read(self, typed: str) -> str:
        """The value of a typed answer (not empty).

        Raises:
            ValueError, PulkaError: it is not an answer to this question, with the reason.
        """
        if self.reader is not None:
            return self.reader(typed)
        said = fold(typed)
        for choice in self.choices:
            if said in (fold(choice.value), fold(choice.label), *map(fold, choice.said)):
                return choice.value
        raise ValueError(_("{text!r}: say {choices}").format(
            text=typed, choices=_(" or ").join(choice.label for choice in self.choices)))

    def words(self) -> list[str]:
        """What a prompt completes for this question."""
        return [word for choice in self.choices for word in (choice.label, *choice.said)]


#: a family's questions: yields a question, is sent its answer, returns the deal
Asking = Generator[Question, "str | None", "Deal | None"]


def tricks(text: str) -> str:
    """A number of tricks: 0 to 10, in the digits 0-9."""
    if not re.fullmatch(r"[0-9]{1,2}", text) or int(text) > 10:
        raise ValueError(_("{text!r}: tricks are a number from 0 to 10").format(text=text))
    return str(int(text))


def yes_or_no(text: str) -> str:
    """``yes`` for the words of yes (in any case), ``no`` for anything else."""
    return YES if text.strip().casefold() in YES_WORDS else NO


def yes_no_question(key: str, text: str, player: str | None = None) -> Question:
    """A question answered yes or no (Enter: no)."""
    return Question(key, text, (Choice(YES, pgettext("answer", "yes"), ("y", "да", "д")),
                                Choice(NO, pgettext("answer", "no"), ("n", "нет", "н"))),
                    optional=True, player=player, reader=yes_or_no)


def tricks_question(text: str, player: str | None, optional: bool) -> Question:
    """How many tricks a player took."""
    return Question("tricks", text, optional=optional, player=player, reader=tricks)


def spoken(russian: str, english: str) -> tuple[str, tuple[str, ...]]:
    """A word's label in the players' language and the other language's word (both may be
    typed)."""
    return (russian, (english,)) if language() == "ru" else (english, (russian,))


def choice(value: str, russian: str, english: str) -> Choice:
    """A choice labelled in the players' language, either word typed."""
    label, said = spoken(russian, english)
    return Choice(value, label, said)


def answers(half: bool) -> tuple[Choice, ...]:
    """Whist, pass and (where the family plays it) half-whist."""
    found = [choice("whist", "вист", "whist"), choice("pass", "пас", "pass")]
    if half:
        found.append(choice("half", "полвиста", "half"))
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


def contra_reader(words: Vocabulary) -> Callable[[str], str]:
    """Reads contra, recontra, subcontra or mortcontra (as the level's journal word)."""

    def read(text: str) -> str:
        level = words.contras.get(fold(text))
        if level is None:
            raise ValueError(_("{text!r}: say contra, recontra, subcontra or mortcontra").format(
                text=text))
        return CONTRA_WORDS[level]

    return read


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


