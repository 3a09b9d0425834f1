"""The `pulka` command: a thin click layer over the library.

Exit status (messages go to stderr):

- 0 all well;
- 1 ``verify`` found differences;
- 2 bad input (an impossible deal, a damaged journal, a bad convention, a bad
  ``PULKA_LOCK_WAIT``), a usage error, or a journal that cannot be written (disk full, a
  read-only file, a file system without locks); nothing was recorded, the file is as it was;
- 3 the deal (or fix, void, undo) *was recorded*, but what followed failed: its report could
  not be shown (stdout full or closed, a closed pipe), or Ctrl-C came after the write; stderr
  says "deal N was recorded in FILE";
- 4 a command that records nothing could not write its output (stdout full, closed, EIO);
- 5 pulka cannot tell whether its line is in the journal (another program changed the file
  at the moment of the write, or it could not be read back or taken back): stderr says what
  is known and how to look;
- 130 interrupted (Ctrl-C) before anything was recorded; one line, no traceback;
- 141 the reader of the output went away (``pulka show g.pulka | head -1``): quietly, as a
  Unix tool killed by SIGPIPE.
"""

from __future__ import annotations

import importlib
import os
import sys
from typing import Any

import click

from .. import __version__
from ..errors import PulkaError, Uncertain
from ..i18n import N_, _
from .committed import OUTCOME, OutputError, after_failure, guard_standard_files, say
from .console import install as install_plain
from .language import TranslatedCommand, TranslatedGroup, language_from_args

CONTEXT_SETTINGS = {"help_option_names": ["-h", "--help"]}
EXIT_BAD_INPUT = 2
#: whether the line is in the journal is not known (see :class:`pulka.errors.Uncertain`)
EXIT_UNCERTAIN = 5


#: command -> the module that defines it; a module is imported only when its command runs,
#: so `pulka add` at the table does not pay for the report and export code
COMMANDS = {
    "new": "record", "add": "record", "undo": "record", "redo": "record", "void": "record", "fix": "record",
    "repair": "record", "show": "report", "settle": "report", "verify": "report",
    "check": "report", "export": "export", "blank": "export", "conventions": "conventions",
    "play": "play", "stats": "stats", "serve": "serve", "help": "help",
}


class PulkaGroup(TranslatedGroup):
    """Loads each command's module on first use, and turns every PulkaError into one clear
    message on stderr and exit status 2."""

    command_class = TranslatedCommand
    group_class = TranslatedGroup

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name not in self.commands and name in COMMANDS:
            importlib.import_module(f"{__name__}.{COMMANDS[name]}")  # registers the command
        return super().get_command(ctx, name)

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(set(COMMANDS) | set(self.commands))

    def make_context(self, info_name: str | None, args: list[str],
                     parent: click.Context | None = None, **extra: Any) -> click.Context:
        if parent is None:
            language_from_args(args)
        try:
            return super().make_context(info_name, args, parent, **extra)
        except OutputError as exc:  # `pulka --help` or `--version` with stdout full or closed
            raise click.exceptions.Exit(after_failure(exc) or EXIT_BAD_INPUT) from None

    def invoke(self, ctx: click.Context) -> object:
        OUTCOME.reset()  # afresh for each command (tests run many in one process)
        try:
            return super().invoke(ctx)
        except click.UsageError as exc:  # one message, as for any other bad input
            if OUTCOME.line is not None:
                raise
            where = exc.ctx.command_path if exc.ctx is not None else ctx.command_path
            say(_("error: {message}\n  hint: `{command} --help` says what it takes").format(
                message=exc.format_message(), command=where))
            ctx.exit(EXIT_BAD_INPUT)
        except (click.exceptions.Exit, click.ClickException, click.Abort):
            raise
        except (Exception, KeyboardInterrupt) as exc:
            if isinstance(exc, PulkaError) and OUTCOME.line is None:
                say(_("error: {message}").format(message=exc))
                ctx.exit(EXIT_UNCERTAIN if isinstance(exc, Uncertain) else EXIT_BAD_INPUT)
            status = after_failure(exc)  # recorded, interrupted, or stdout failed
            if status is None:
                raise
            ctx.exit(status)


def _version(ctx: click.Context, param: click.Parameter, value: bool) -> None:
    """``--version``: said in the players' language (click's own says it in English)."""
    if value and not ctx.resilient_parsing:
        click.echo(_("pulka, version {version}").format(version=__version__))
        ctx.exit()


@click.group(cls=PulkaGroup, context_settings=CONTEXT_SETTINGS)
@click.option("--version", is_flag=True, expose_value=False, is_eager=True, callback=_version,
              help=N_("Show the version and exit."))
def cli() -> None:
    """pulka keeps a preferans score sheet (пулька) as a journal of deals and settles it.

    \b
    pulka new friday.pulka --players Аня Борис Вера --convention sochi --price 0.10
    pulka add friday.pulka Аня 6s 6 Борис whist 2 Вера whist 2
    pulka show friday.pulka
    pulka settle friday.pulka --explain
    """


def main() -> None:
    install_plain()  # a console that lacks a character gets a stand-in, never a crash
    guard_standard_files()
    # A C/POSIX locale without UTF-8 mode decodes the arguments as ASCII (Аня arrives as
    # surrogates); the journal is UTF-8, so the bytes typed are read back as UTF-8.
    args = [os.fsencode(arg).decode("utf-8", "surrogateescape") for arg in sys.argv[1:]]
    cli(args, prog_name="pulka")

