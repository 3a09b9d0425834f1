"""The `pulka` command: a thin click layer over the library.

Exit status: 0 all well; 1 ``verify`` found differences; 2 bad input (an impossible deal, a
damaged journal, a bad convention) or a usage error. Messages go to stderr.
"""

from __future__ import annotations

import importlib

import click

from .. import __version__
from ..errors import PulkaError

CONTEXT_SETTINGS = {"help_option_names": ["-h", "--help"]}
EXIT_BAD_INPUT = 2


#: command -> the module that defines it; a module is imported only when its command runs,
#: so `pulka add` at the table does not pay for the report and export code
COMMANDS = {
    "new": "game", "add": "game", "undo": "game", "void": "game", "fix": "game",
    "repair": "game", "show": "report", "settle": "report", "verify": "report",
    "check": "report", "export": "export", "blank": "export", "conventions": "conventions",
}


class PulkaGroup(click.Group):
    """Loads each command's module on first use, and turns every PulkaError into one clear
    message on stderr and exit status 2."""

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name not in self.commands and name in COMMANDS:
            importlib.import_module(f"{__name__}.{COMMANDS[name]}")  # registers the command
        return super().get_command(ctx, name)

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(set(COMMANDS) | set(self.commands))

    def invoke(self, ctx: click.Context) -> object:
        try:
            return super().invoke(ctx)
        except PulkaError as exc:
            click.echo(f"error: {exc}", err=True)
            ctx.exit(EXIT_BAD_INPUT)


@click.group(cls=PulkaGroup, context_settings=CONTEXT_SETTINGS)
@click.version_option(__version__, prog_name="pulka")
def cli() -> None:
    """pulka keeps a preferans score sheet (пулька) as a journal of deals and settles it.

    \b
    pulka new friday.pulka --players Аня Борис Вера --convention sochi --price 0.10
    pulka add friday.pulka Аня 6s 6 Борис whist 2 Вера whist 2
    pulka show friday.pulka
    pulka settle friday.pulka --explain
    """


def main() -> None:
    cli(prog_name="pulka")

