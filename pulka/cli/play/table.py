"""The table mode: the evening at one terminal, one notation line per deal.

Before each deal it says who deals (and who sits out), what the family says then (the raspasy
streak and the lowest contract, how far the game is from its end in its own terms), and the
last deals (or the whole paper sheet where the terminal is big enough). A line is a deal in
the notation, or a command, in English or Russian whatever the session speaks
(:mod:`.commands`): ``undo``, ``redo``, ``fix N DEAL``, ``show``, ``settle``, ``help``,
``quit``. Every deal goes through :mod:`pulka.recorder`, as `pulka add` does, so the journal
holds exactly what the same deals typed to `pulka add` would, and each is on disk before the
next prompt (Ctrl-C at the prompt drops the line being typed; nothing recorded is lost). A
deal the same as the one before it is recorded only when the player says so. Several lines
pasted at once are read one after another, as if typed; after a refusal the rest are shown,
not read.

The end (``quit``, Ctrl-D, the deal that ends the game) settles and offers the export, where
undo, redo and fix still act; a game with no deal has nothing to settle. A finished game
reopened shows its sheet and takes undo and fix.

On a terminal the line is read with prompt_toolkit (completion of the words the place of the
cursor holds, :mod:`.completion`; a history); from a pipe, line by line.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from ... import recorder
from ...errors import IllegalDealError, PulkaError
from ...i18n import N_, _, ngettext, pgettext
from ...notation.vocabulary import words_for
from .. import EXIT_BAD_INPUT
from ..committed import OUTCOME, say
from .ask import Ask
from .commands import COMMANDS, WITH_ARGUMENTS, YES, command_of, said_in_session

#: the commands that still act at the end's prompt
AT_THE_END = ("undo", "redo", "fix", "show", "settle", "help")
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
        sheet = self._paper(kit, game, report, state, settlement, steps)
        if sheet is not None:
            paper_kit.write(kit, sheet)
        else:
            from ...notation.styles import of_language, written

            words = words_for(game.table.convention.family)
            style, players = of_language(words), game.table.players
            for step in steps[-RECENT:]:
                click.echo(f"  {step.number}. {written(step.deal, style, players, words)}")
        if state.finished:  # reopened, or brought back to the end: it may still be changed
            click.echo(_("the game is over ({reason}): `{undo}` or `{fix} N DEAL` to change it, "
                         "`{quit}` to end").format(
                reason=state.end_reason, **{c: said_in_session(c) for c in ("undo", "fix",
                                                                            "quit")}))
            return
        for line in self.situation(game, state):
            click.echo(line)

    def _paper(self, kit: Any, game: Any, report: dict, state: Any, settlement: Any,
               steps: list) -> list | None:
        """The paper sheet, when the terminal has the room for it (and a few lines more); a
        finished game's whatever the room (there is no next deal to type under it)."""
        if kit.width < 80 and not state.finished:
            return None
        from ...render.registry import get_paper

        try:
            sheet = get_paper(game.table.convention.family).draw(kit, game, report, state,
                                                                 settlement, steps)
        except PulkaError:  # a family without a paper sheet: the last deals instead
            return None
        rows = shutil.get_terminal_size((80, 24)).lines
        return sheet if len(sheet) + 8 <= rows or state.finished else None

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
        from ...i18n import language
        from .completion import Positions

        game = self.built()[0]
        return Ask(Positions(game.table.players, words_for(game.table.convention.family),
                             language(), self.numbers_in_force))

    def numbers_in_force(self) -> list[str]:
        """The numbers of the deals in force, last first (what `fix` is offered)."""
        from ... import journal

        try:
            index = journal.read(self.path).index()
        except (PulkaError, OSError, ValueError):  # (Tab only offers: it never fails)
            return []
        return [str(n) for n in range(index.used, 0, -1) if n not in index.voided]

    def run(self) -> None:
        read = self.reader()
        self.brief()
        said = None  # the last error said
        pasted: list[str] = []  # the lines of a paste still to be read
        while True:
            try:
                number = self.next_number()
            except PulkaError as exc:  # the journal no longer reads (torn by another program)
                if str(exc) == said:  # (just said, when the deal typed met it): said once
                    raise click.exceptions.Exit(EXIT_BAD_INPUT) from None
                raise
            said = None
            prompt = pgettext("prompt", "deal {n}> ").format(n=number)
            if pasted:  # the next line of a paste, shown as if typed
                line = pasted.pop(0)
                click.echo(prompt + line)
            else:
                try:
                    lines = [t.strip() for t in read(prompt).splitlines() if t.strip()]
                except KeyboardInterrupt:  # Ctrl-C drops the line being typed
                    click.echo(_("(the line was dropped; `quit` ends the game)"))
                    continue
                except EOFError:  # Ctrl-D, or the end of the input
                    lines = ["quit"]
                if not lines:
                    continue
                line, pasted = lines[0], lines[1:]
            word, _sep, rest = line.partition(" ")
            command = self.command_in(word, rest)
            try:
                if command == "quit":
                    self.dropped(pasted)
                    pasted = []
                    if self.finish(read):
                        return
                    continue
                self.do(command, rest.strip(), line, read)
            except PulkaError as exc:
                said = str(exc)
                if not _told_failure(exc):
                    self.dropped(pasted)  # (they were typed after a line that is not recorded)
                    pasted = []
            # What was recorded has been told; the next write is new. (Not when the telling
            # failed: the failure is then told with what was recorded, as `add` tells it.)
            OUTCOME.told()
            if self.over:
                self.dropped(pasted)
                pasted = []
                if self.finish(read):
                    return

    @staticmethod
    def command_in(word: str, rest: str) -> str | None:
        """The command a line starting with ``word`` gives (its English word), or None for a
        deal: a command that stands alone is one only when nothing follows it (a player may
        be called Лист)."""
        command = command_of(word)
        if command is not None and command not in WITH_ARGUMENTS and rest.strip():
            return None
        return command

    def dropped(self, lines: list[str]) -> None:
        """Say the lines of a paste that were not read (an earlier one was refused, or ended
        the game), so that they can be pasted again."""
        if not lines:
            return
        say(ngettext("the pasted line after it was not read:",
                     "the {n} pasted lines after it were not read:", len(lines)).format(
                         n=len(lines)))
        for line in lines:
            say(f"  {line}")

    def do(self, command: str | None, rest: str, line: str, read: Callable[..., str]) -> None:
        """One command (its English word), or a deal (``command`` None)."""
        if command == "help":
            for text in help_lines():
                click.echo(text)
        elif command == "show":
            from ...render import paper_kit

            game, report, state, settlement, steps = self.built()
            paper_kit.show_paper(game, report, state, settlement, steps)
        elif command == "settle":
            self.settle()
        elif command == "step":
            from .steps import Steps

            built = Steps(self.built, read).deal()
            if built is not None:
                self.deal(built, read, None)  # (said back in the language's words)
        elif command == "undo":
            recorded = recorder.undo(self.path, committed=OUTCOME.committing(self.path))
            click.echo(_("{line}: deal {n} taken back").format(line=recorded.line, n=recorded.number))
            self.brief()
        elif command == "redo":
            recorded = recorder.redo(self.path, committed=OUTCOME.committing(self.path))
            click.echo(_("{line}: deal {number} brought back").format(line=recorded.line,
                                                                       number=recorded.number))
            self.postings(recorded)
            self.next(recorded.state)
        elif command == "fix":
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
        self.postings(recorded)
        if fixed is not None:  # (as pulka fix says them: right after the deal)
            fixed()
        self.next(recorded.state)

    @staticmethod
    def postings(recorded: recorder.Recorded) -> None:
        """What the deal written wrote on the sheet, and the notes it gave rise to."""
        if recorded.step is not None:
            for text in [p.describe() for p in recorded.step.postings] + list(recorded.step.notes):
                click.echo(f"  {text}")

    def next(self, state: Any) -> None:
        """After a write: the end of the game, or the table for the next deal."""
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

    def finish(self, read: Callable[..., str]) -> bool:
        """The end of the evening (:meth:`end`), again while a command at its prompt ended
        the game again; True when the evening ends, False when play goes on."""
        while True:
            self.over = False
            if self.end(read):
                return True
            if not self.over:
                return False

    def end(self, read: Callable[..., str]) -> bool:
        """The end of the evening: the settlement and payments, then the offer to export,
        where undo, redo and fix still act (and take the game back to the table). A game
        with no deal in force has nothing to settle or export. True when the evening ends."""
        from .end import ask_at_end

        if not self.built()[4]:
            click.echo(_("no deal is recorded: nothing to settle"))
            return True
        self.settle()
        return ask_at_end(self.path, read, lambda line: self.at_end(line, read))

    def at_end(self, line: str, read: Callable[..., str]) -> bool | None:
        """A command typed at the end's prompt: True when it changed the game (play goes
        on), False when it only showed something, None when the line is no such command."""
        word, _sep, rest = line.partition(" ")
        command = self.command_in(word, rest)
        if command not in AT_THE_END:
            return None
        try:
            self.do(command, rest.strip(), line, read)
            changed = OUTCOME.line is not None  # (a line was written: the game changed)
        except PulkaError as exc:
            changed = _told_failure(exc)
        OUTCOME.told()  # (as in the game's loop: not when the telling itself failed)
        return changed


def _told_failure(exc: PulkaError) -> bool:
    """Say a command's failure: after its line was recorded, that only its report failed
    (as `add` says it); True then (the game changed)."""
    recorded = OUTCOME.recorded()
    if recorded is not None:  # the deal is in the journal: only its report failed
        say(_("pulka: {recorded}, but its report failed: {error}").format(
            recorded=recorded, error=exc))
        return True
    say(_("error: {message}").format(message=exc))
    return False


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


#: the commands the help lists, with what each does
HELP = (("step", N_("the deal asked step by step (for those new to the notation)")),
        ("undo", N_("take back the last deal")),
        ("redo", N_("bring back the deal the last undo took back")),
        ("fix", N_("correct deal N")),
        ("show", N_("the paper sheet now")),
        ("settle", N_("the settlement as it stands")),
        ("help", N_("this list")),
        ("quit", N_("the settlement, and the end (Ctrl-D too)")))


def help_lines() -> list[str]:
    """The help: each command in the session's words (and in English), and what it does."""
    from ...i18n import language, translated

    lang = language()
    left = []
    for command, _what in HELP:
        spellings = COMMANDS[command]
        own, english = spellings.get(lang, spellings["en"])[0], spellings["en"][0]
        words = [own] if own == english else [own, english]
        said = ", ".join(["?", *words] if command == "step" else words)
        if command == "fix":
            said += " " + _("N DEAL")
        left.append(said)
    width = max(len(text) for text in left) + 2
    return [_("Type a deal in the notation, e.g. `Аня 6s 6 Борис whist 2 Вера pass`; Tab "
              "completes."),
            *(f"  {text:<{width}}{translated(what)}" for text, (_c, what) in zip(left, HELP,
                                                                               strict=True))]
