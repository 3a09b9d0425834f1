"""The table mode: the evening at one terminal, one notation line per deal.

Before each deal it says who deals (and who sits out), the raspasy streak and the lowest
contract, how far each player is from the target, and the last deals (or the whole paper
sheet where the terminal is big enough). A line is a deal in the notation, or a command:
``undo``, ``fix N DEAL``, ``show``, ``settle``, ``help``, ``quit``. Every deal goes through
:mod:`pulka.recorder`, as `pulka add` does, so the journal holds exactly what the same deals
typed to `pulka add` would, and each is on disk before the next prompt (Ctrl-C at the prompt
drops the line being typed; nothing recorded is lost). A deal the same as the one before it
is recorded only when the player says so.

On a terminal the line is read with prompt_toolkit (completion of names, contracts and
defence words, a history); from a pipe, line by line.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from ... import recorder
from ...errors import IllegalDealError, PulkaError
from ...i18n import _, pgettext
from ...notation.vocabulary import Vocabulary, words_for
from .. import EXIT_BAD_INPUT
from ..committed import OUTCOME, say
from .ask import Ask

#: the commands typed at the prompt (a deal is anything else)
COMMANDS = ("undo", "fix", "show", "settle", "help", "quit", "step", "шаг")
#: the words that start the deal step by step
STEP = {"?", "step", "шаг"}
#: deals listed before the prompt when the paper sheet does not fit
RECENT = 3


class Table:
    """One evening's session on the journal ``path``."""

    def __init__(self, path: Path, read: Callable[..., str] | None = None) -> None:
        self.path = path
        self._read = read
        self.over = False  #: the deal just recorded ended the game

    # --- the game as it stands ---------------------------------------------------------

    def built(self) -> tuple[Any, dict, Any, Any, list]:
        from ...gamefile import open_game
        from ...settlement.figures import build

        game, _expect = open_game(self.path)
        report, state, settlement, steps = build(game)
        return game, report, state, settlement, steps

    def next_number(self) -> int:
        """The number the next deal gets in the journal."""
        from ... import journal

        return journal.read(self.path).next_number

    def brief(self) -> None:
        """What the table needs to know before the next deal."""
        from ...render import paper_kit

        game, report, state, settlement, steps = self.built()
        kit = paper_kit.detect()
        if state.finished:
            click.echo(_("the game is over: `settle` for the settlement, `quit` to end"))
            return
        sheet = self._paper(kit, game, report, state, settlement, steps)
        if sheet is not None:
            paper_kit.write(kit, sheet)
        else:
            from ...notation.styles import of_language, written

            words = words_for(game.table.convention.family)
            style, players = of_language(words), game.table.players
            for step in steps[-RECENT:]:
                click.echo(f"  {step.number}. {written(step.deal, style, players, words)}")
        for line in self.situation(game, state):
            click.echo(line)

    def _paper(self, kit: Any, game: Any, report: dict, state: Any, settlement: Any,
               steps: list) -> list | None:
        """The paper sheet, when the terminal has the room for it (and a few lines more)."""
        if kit.width < 80:
            return None
        from ...render.registry import get_paper

        try:
            sheet = get_paper(game.table.convention.family).draw(kit, game, report, state,
                                                                 settlement, steps)
        except PulkaError:  # a family without a paper sheet: the last deals instead
            return None
        rows = shutil.get_terminal_size((80, 24)).lines
        return sheet if len(sheet) + 8 <= rows else None

    def situation(self, game: Any, state: Any) -> list[str]:
        """Who deals, and what the family says before a deal (the raspasy streak and the
        lowest contract, the distance to the target)."""
        from ...render.dealing import numbered
        from ...replay import family_of

        return [numbered(state, self.next_number()), *family_of(game.table).before_deal(state)]

    # --- the prompt -------------------------------------------------------------------

    def reader(self) -> Callable[..., str]:
        """How a line is read: prompt_toolkit on a terminal, plain lines from a pipe."""
        if self._read is not None:
            return self._read
        game = self.built()[0]
        return Ask(words(game.table.players, words_for(game.table.convention.family)))

    def run(self) -> None:
        read = self.reader()
        self.brief()
        said = None  # the last error said
        while True:
            try:
                number = self.next_number()
            except PulkaError as exc:  # the journal no longer reads (torn by another program)
                if str(exc) == said:  # (just said, when the deal typed met it): said once
                    raise click.exceptions.Exit(EXIT_BAD_INPUT) from None
                raise
            said = None
            try:
                line = read(pgettext("prompt", "deal {n}> ").format(n=number)).strip()
            except KeyboardInterrupt:  # Ctrl-C drops the line being typed
                click.echo(_("(the line was dropped; `quit` ends the game)"))
                continue
            except EOFError:  # Ctrl-D, or the end of the input
                line = "quit"
            if not line:
                continue
            word, _sep, rest = line.partition(" ")
            if word == "quit":
                self.end(read)
                return
            try:
                if word.casefold() in STEP and not rest:
                    from .steps import Steps

                    built = Steps(self.built, read).deal()
                    if built is None:
                        continue
                    self.deal(built, read, None)  # (said back in the language's words)
                else:
                    self.do(word, rest.strip(), line, read)
            except PulkaError as exc:
                said = str(exc)
                recorded = OUTCOME.recorded()
                if recorded is not None:  # the deal is in the journal: only its report failed
                    say(_("pulka: {recorded}, but its report failed: {error}").format(
                        recorded=recorded, error=exc))
                else:
                    say(_("error: {message}").format(message=exc))
            # What was recorded has been told; the next write is new. (Not when the telling
            # failed: the failure is then told with what was recorded, as `add` tells it.)
            OUTCOME.told()
            if self.over:
                self.end(read)
                return

    def do(self, word: str, rest: str, line: str, read: Callable[..., str]) -> None:
        """One command, or a deal."""
        if word == "help":
            for text in help_lines():
                click.echo(text)
        elif word == "show":
            from ...render import paper_kit

            game, report, state, settlement, steps = self.built()
            paper_kit.show_paper(game, report, state, settlement, steps)
        elif word == "settle":
            self.settle()
        elif word == "undo":
            recorded = recorder.undo(self.path, committed=OUTCOME.committing(self.path))
            click.echo(_("{line}: deal {n} taken back").format(line=recorded.line, n=recorded.number))
            self.brief()
        elif word == "fix":
            number, _sep, deal = rest.partition(" ")
            if not number.isdigit() or not deal.strip():
                say(_("error: write `fix N DEAL`, e.g. `fix 3 Аня 6s 6 Борис pass Вера whist 4`"))
                return
            from ..record import say_changes, totals_before

            before = totals_before(str(self.path))
            recorded = recorder.fix(self.path, int(number), deal.strip(),
                                  committed=OUTCOME.committing(self.path))
            self.told(recorded, deal.strip(), fixed=lambda: say_changes(before, recorded.state))
        else:
            self.deal(line, read, line)

    def deal(self, line: str, read: Callable[..., str], typed: str | None) -> None:
        """Record a deal; ``typed``: the line as typed (None: built from the answers)."""
        try:
            recorded = recorder.add(self.path, line, committed=OUTCOME.committing(self.path))
        except IllegalDealError:
            same = repeats(self.path, line)
            if same is None:
                raise
            question = _("the same as deal {n}: record it again? [y/N] ").format(n=same)
            try:
                answer = read(question, ()).strip().lower()
            except (KeyboardInterrupt, EOFError):
                answer = ""
            if answer not in YES:
                click.echo(pgettext("play", "not recorded"))
                return
            recorded = recorder.add(self.path, line, again=True, committed=OUTCOME.committing(self.path))
        self.told(recorded, typed)

    def told(self, recorded: recorder.Recorded, typed: str | None,
             fixed: Callable[[], None] | None = None) -> None:
        """What the write recorded, in the words the deal was typed in (the language's for a
        line built from answers), and what it wrote (for a fix, then the totals it changed,
        which ``fixed`` says); then the table for the next deal."""
        from ..said_back import said_back

        said = said_back(recorded, typed)
        line = (_("fix {number} {deal}").format(number=recorded.number, deal=said) if fixed
                else f"{recorded.number}. {said}")
        click.echo(pgettext("play", "recorded: {line}").format(line=line))
        if recorded.step is not None:
            for text in [p.describe() for p in recorded.step.postings] + list(recorded.step.notes):
                click.echo(f"  {text}")
        if fixed is not None:  # (as pulka fix says them: right after the deal)
            fixed()
        state = recorded.state
        if state is not None and state.finished:  # the evening ends here
            self.over = True
            click.echo(pgettext("play", "the game is over: {reason}").format(
                reason=state.end_reason))
            return
        self.brief()

    def settle(self) -> None:
        from ...render import text

        game, _report, state, settlement, _steps = self.built()
        text.settlement_text(game, settlement, None, state)

    def end(self, read: Callable[..., str]) -> None:
        """The end of the evening: the settlement and payments, then the offer to export."""
        from .end import offer_export

        self.settle()
        offer_export(self.path, read)


#: answers that mean yes, in either language
YES = {"y", "yes", "д", "да"}


def repeats(path: Path, text: str) -> int | None:
    """The number of the deal in force before the next one when ``text`` is the same deal
    (as the ledger compares them: once read and checked); None otherwise."""
    from ... import journal
    from ...errors import Source
    from ...game import Entry
    from ...notation import parse_deal
    from ...replay import steps

    j = journal.read(path)
    game = j.game()
    number = j.next_number
    where = Source(str(path))
    try:
        deal = parse_deal(text, j.players, j.words(), where)
        game.entries = [*game.entries, Entry(number, deal, where)]
        previous = this = None
        for step, _state in steps(game):
            if step.number == number:
                this = step
            elif this is None:
                previous = step
    except PulkaError:
        return None
    if this is not None and previous is not None and previous.deal == this.deal:
        return previous.number
    return None


def words(players: tuple[str, ...], vocabulary: Vocabulary) -> list[str]:
    """What the prompt completes: the commands, the names, and the words of the table's
    family (a Balkan or pot table is never offered 6s, nor a Russian one bettel)."""
    return [*COMMANDS, *players, *vocabulary.offered, "end", "конец"]


def help_lines() -> list[str]:
    return [
        _("Type a deal in the notation, e.g. `Аня 6s 6 Борис whist 2 Вера pass`; Tab completes."),
        _("  ?, step     the deal asked step by step (for those new to the notation)"),
        _("  undo        take back the last deal"),
        _("  fix N DEAL  correct deal N"),
        _("  show        the paper sheet now"),
        _("  settle      the settlement as it stands"),
        _("  help        this list"),
        _("  quit        the settlement, and the end (Ctrl-D too)"),
    ]
