"""How `pulka play` reads a line: prompt_toolkit on a terminal (completion, a history of the
deals typed), plain lines from a pipe."""

from __future__ import annotations

import sys
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import click

from ...i18n import _
from ..committed import say

if TYPE_CHECKING:
    from .completion import Positions


class Ask:
    """Reads one answer: ``ask(prompt)`` for a deal line (its history, and completion of the
    words the place of the cursor holds: ``positions``), ``ask(prompt, words)`` for a question
    completing ``words``.

    A paste of several lines at the deal prompt (a terminal's bracketed paste) comes back as
    one answer of several lines; a paste that ends with a new line is taken at once, as if
    Enter had been pressed.

    Raises EOFError at the end of the input (Ctrl-D), KeyboardInterrupt on Ctrl-C."""

    def __init__(self, positions: Positions | None = None) -> None:
        self.positions = positions
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
                                            complete_while_typing=False,
                                            key_bindings=_pasting())
            return str(self._deals.prompt(text, completer=_completer(self.positions)))
        if self._questions is None:
            self._questions = PromptSession(complete_while_typing=False)
        completer = WordCompleter(list(words), ignore_case=True, match_middle=False)
        return str(self._questions.prompt(text, completer=completer))


def _completer(positions: Positions | None) -> Any:
    """prompt_toolkit's completer over :meth:`Positions.candidates`."""
    from prompt_toolkit.completion import Completer, Completion

    class Deal(Completer):
        def get_completions(self, document: Any, complete_event: Any) -> Any:
            if positions is None:
                return
            typed, found = positions.candidates(document.text_before_cursor)
            for word in found:
                yield Completion(word, start_position=-len(typed))

    return Deal()


def _pasting() -> Any:
    """The deal prompt's keys: a bracketed paste goes in as it is, new lines and all, and one
    that ends with a new line is taken at once."""
    from prompt_toolkit.key_binding import KeyBindings
    from prompt_toolkit.keys import Keys

    keys = KeyBindings()

    @keys.add(Keys.BracketedPaste)
    def _paste(event: Any) -> None:
        data = event.data.replace("\r\n", "\n").replace("\r", "\n")
        buffer = event.current_buffer
        buffer.insert_text(data)
        if data.endswith("\n") and buffer.text.strip():
            buffer.validate_and_handle()

    return keys


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
