"""The `pulka` command: a thin click layer over the library.

Exit status: 0 all well; 1 ``verify`` found differences; 2 bad input (an impossible deal, a
damaged journal, a bad convention) or a usage error. Messages go to stderr.
"""

from __future__ import annotations

import click

from .. import __version__
from ..errors import PulkaError

CONTEXT_SETTINGS = {"help_option_names": ["-h", "--help"]}
EXIT_BAD_INPUT = 2


class PulkaGroup(click.Group):
    """Turns every PulkaError into one clear message on stderr and exit status 2."""

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


from . import conventions, export, game, report  # noqa: E402,F401  (registers the commands)
