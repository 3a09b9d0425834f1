"""What the tests of a family's questions share: drive the questions of a journal's next deal
with given answers (each read as a typed answer is read), and the questions asked."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from pulka import i18n
from pulka.families.questions import Question, drive
from pulka.gamefile import open_game
from pulka.notation import format_deal, words_for
from pulka.replay import family_of
from pulka.settlement.figures import build


def state_of(path: Path):
    """A journal's game and its state before the next deal."""
    game, _expect = open_game(path)
    _report, state, _settlement, _steps = build(game)
    return game, state


class _Enough(Exception):
    """The answers ran out before the questions."""


def driven(path: Path, answers: Iterable[str | None], lang: str = "en"
           ) -> tuple[str | None, list[Question]]:
    """The deal line the answers make at the journal's next deal (None: nothing to record,
    or the answers ran out before the questions: then the last question asked is the one
    left unanswered), and every question asked; an answer the question refuses raises its
    error."""
    spoken = i18n.language()
    i18n.use(lang)
    try:
        game, state = state_of(path)
        given = iter(answers)
        asked: list[Question] = []

        def answer(question: Question) -> str | None:
            asked.append(question)
            said = next(given, _Enough)
            if said is _Enough:
                raise _Enough
            return None if said is None else question.read(str(said))

        asking = family_of(game.table).questions(state)
        assert asking is not None
        try:
            deal = drive(asking, answer)
        except _Enough:
            return None, asked
        assert next(given, "no more") == "no more", "answers left over"
        words = words_for(game.table.convention.family)
        return (None if deal is None else format_deal(deal, words)), asked
    finally:
        i18n.use(spoken)


def first_question(path: Path, lang: str = "en") -> Question | None:
    """The first question of the journal's next deal (None: nothing is asked)."""
    spoken = i18n.language()
    i18n.use(lang)
    try:
        game, state = state_of(path)
        asking = family_of(game.table).questions(state)
        assert asking is not None
        return next(asking, None)
    finally:
        i18n.use(spoken)
