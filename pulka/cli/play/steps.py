"""A deal asked step by step, for players who don't know the notation: the table's family
asks its questions (:mod:`pulka.families.questions`), each at the prompt, asked again while
the answer is refused. The answers make one deal, shown in the notation, then recorded as a
typed line would be (so the journal is the same)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import click

from ...errors import PulkaError
from ...families.questions import Question, drive, refused
from ...i18n import _, pgettext
from ...notation import format_deal, words_for
from ...replay import family_of
from ..committed import say


class Steps:
    """The questions of one deal, on the game as ``built`` reads it now (the game, the
    report, the state, the settlement, the steps: :meth:`.table.Table.built`)."""

    def __init__(self, built: Callable[[], tuple[Any, ...]], read: Callable[..., str]) -> None:
        self.built = built
        self.read = read

    def deal(self) -> str | None:
        """The notation line of the deal the answers describe; None when dropped (Ctrl-C,
        Ctrl-D, an empty first answer), when nothing is left to record, or when the game's
        family asks no questions (one registered from outside pulka may not)."""
        game, _report, state, _settlement, _steps = self.built()
        asking = family_of(game.table).questions(state)
        if asking is None:
            say(_("error: this game's deals are not asked step by step; type the deal in the "
                  "notation (`help`)"))
            return None
        try:
            deal = drive(asking, self.answer)
        except (KeyboardInterrupt, EOFError):
            click.echo()
            deal = None
        if deal is None:
            click.echo(pgettext("play", "not recorded"))
            return None
        line = format_deal(deal, words_for(game.table.convention.family))
        from ..said_back import in_players_words
        click.echo(_("the deal in the notation: {line}").format(line=in_players_words(deal, game.table)))
        return line

    def answer(self, question: Question) -> str | None:
        """The answer to one question, asked again while it is refused; an empty answer is
        None where the question allows it."""
        if question.preface:
            click.echo(question.preface)
        while True:
            typed = self.read(question.text, question.words()).strip()
            if not typed:
                if question.optional:
                    return None
                continue
            try:
                return question.read(typed)
            except (PulkaError, ValueError) as exc:  # (an answer: no file or deal to name)
                say(_("error: {message}").format(message=refused(exc)))
