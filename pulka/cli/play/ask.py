"""How `pulka play` reads a line: prompt_toolkit on a terminal (completion, a history of the
deals typed), plain lines from a pipe."""

from __future__ import annotations

import sys
from collections.abc import Iterable
from typing import Any

import click

from ...i18n import _
from ..committed import say


class Ask:
    """Reads one answer: ``ask(prompt)`` for a deal line (its history and completion of
    ``deal_words``), ``ask(prompt, words)`` for a question completing ``words``.

    Raises EOFError at the end of the input (Ctrl-D), KeyboardInterrupt on Ctrl-C."""

    def __init__(self, deal_words: Iterable[str] = ()) -> None:
        self.deal_words = list(deal_words)
        self._terminal = sys.stdin.isatty() and sys.stdout.isatty()
        self._deals: Any = None
        self._questions: Any = None

    def __call__(self, text: str, words: Iterable[str] | None = None) -> str:
        if not self._terminal:
            return _plain_line(text)
        from prompt_toolkit import PromptSession
        from prompt_toolkit.completion import WordCompleter

        if words is None:
            if self._deals is None:
                from prompt_toolkit.history import InMemoryHistory

                self._deals = PromptSession(history=InMemoryHistory(),
                                            complete_while_typing=False)
            session, wanted = self._deals, self.deal_words
        else:
            if self._questions is None:
                self._questions = PromptSession(complete_while_typing=False)
            session, wanted = self._questions, list(words)
        completer = WordCompleter(wanted, ignore_case=True, match_middle=False)
        return str(session.prompt(text, completer=completer))


#: the longest answer read from a pipe: a deal line is far shorter, and an endless line
#: (``pulka play < /dev/zero``) must not be held whole
ANSWER_LIMIT = 64 * 1024


_refused: list[bool] = []  # an over-long line was met: the input ends there


def _plain_line(text: str) -> str:
    click.echo(text, nl=False)
    if _refused:
        raise EOFError
    line = sys.stdin.readline(ANSWER_LIMIT + 1)
    if not line:
        raise EOFError
    if len(line) > ANSWER_LIMIT and not line.endswith("\n"):
        _refused.append(True)
        click.echo()
        say(_("error: a line of more than {limit} characters: this input is not typed "
              "answers; it is read no further").format(limit=ANSWER_LIMIT))
        raise EOFError
    return line
