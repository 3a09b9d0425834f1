"""``pulka help notation``: the words a deal line may say at each family's table, in the
players' language, from the families' own vocabularies (what the README's table shows)."""

from __future__ import annotations

import click

from ..families import get_family
from ..i18n import N_, _, translated
from ..notation.glossary import plain
from ..notation.vocabulary import words_for
from ..registry import FAMILIES
from . import EXIT_BAD_INPUT, cli

#: what `pulka help` explains
TOPICS = ("notation",)


@cli.command("help")
@click.argument("topic", required=False, type=click.Choice(TOPICS))
@click.option("--convention", "-c", metavar="NAME",
              help=N_("Only the words of the family this convention belongs to."))
@click.pass_context
def help_(ctx: click.Context, topic: str | None, convention: str | None) -> None:
    """Explain a topic: `pulka help notation` lists the words of a deal line at each family's
    table."""
    if topic is None:
        click.echo(ctx.parent.get_help() if ctx.parent is not None else ctx.get_help())
        return
    families = list(FAMILIES)
    if convention is not None:
        from ..convention.loader import find, load_file
        from ..errors import PulkaError

        try:
            families = [load_file(find(convention)).family]
        except PulkaError as exc:
            click.echo(_("error: {message}").format(message=exc), err=True)
            raise SystemExit(EXIT_BAD_INPUT) from None
    for family in families:
        title = get_family(family).title or family
        click.echo(_("The words of a deal at a table of {family} (the journal's word, then the "
                     "words read for it):").format(family=translated(title)))
        for line in plain(words_for(family)):
            click.echo(line)
        click.echo()
