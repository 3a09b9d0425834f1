"""Commands that write a journal: new, add, undo, void, fix, repair.

The work is done by :mod:`pulka.ledger` (each one appends a single checked line, or
nothing); these commands read the options and print what was recorded.
"""

from __future__ import annotations

import re
from pathlib import Path

import click

from .. import ledger
from ..model import check_players
from . import cli
from .language import TranslatedCommand
from .outcome import OUTCOME

FILE = click.argument("file", type=click.Path(path_type=Path))  # a folder: pulka's own message
TARGET = click.argument("file", type=click.Path(path_type=Path))  # a folder: pulka's own message


class DealNumber(click.ParamType):
    """A deal number in the digits 0-9 only: click's int would also take "٧", "１", " 1", "1_0"."""

    name = "number"

    def convert(self, value: object, param: click.Parameter | None,
                ctx: click.Context | None) -> int:
        if isinstance(value, int):
            return value
        if re.fullmatch(r"[0-9]{41,}", str(value)):
            self.fail(f"a deal number of {len(str(value))} digits: there is no such deal",
                      param, ctx)
        if not re.fullmatch(r"[0-9]{1,40}", str(value)):
            self.fail(f"{str(value)[:40]!r} is not a deal number: write it with the digits 0-9",
                      param, ctx)
        return int(str(value))


NUMBER = click.argument("number", type=DealNumber())


class DealCommand(TranslatedCommand):
    """A command whose arguments are deal words: only its own options' exact words are options,
    so a negative amount typed unquoted (adjust gora Борис -3) or "-1" is a word, not an option."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        own = {word for p in self.get_params(ctx) if isinstance(p, click.Option)
               for word in (*p.opts, *p.secondary_opts)}
        if "--" in args:  # the player's own end of options is kept as it is
            return super().parse_args(ctx, args)
        options = [a for a in args if a in own]
        return super().parse_args(ctx, [*options, "--", *(a for a in args if a not in own)])


@cli.command()
@TARGET
@click.argument("more_players", nargs=-1, metavar="[NAMES]...")
@click.option("--players", "-p", multiple=True, metavar="NAME",
              help="Players in seating order, clockwise; the first deals first. The names may "
                   "simply follow: --players Аня Борис Вера.")
@click.option("--convention", "-c", default="sochi", show_default=True,
              help="A convention name or alias (sochi, питер, ...) or a YAML path.")
@click.option("--pulya", help="The pulya target (overrides the convention).")
@click.option("--price", help="Money per whist, e.g. 0.10.")
@click.option("--set", "settings", multiple=True, metavar="KEY=VALUE",
              help="Any other convention key, e.g. --set whist.lone=gentleman.")
def new(file: Path, more_players: tuple[str, ...], players: tuple[str, ...], convention: str,
        pulya: str | None, price: str | None, settings: tuple[str, ...]) -> None:
    """Start a new game journal FILE."""
    names = check_players(tuple(players) + tuple(more_players))  # named before the options
    overrides: dict[str, str] = {}
    if pulya is not None:
        overrides["pulya"] = pulya
    if price is not None:
        overrides["price"] = price
    for setting in settings:
        key, sep, value = setting.partition("=")
        if not sep:
            raise click.BadParameter(f"{setting!r}: write KEY=VALUE", param_hint="--set")
        if key.strip() in overrides:  # the last one would win silently, and change the money
            raise click.BadParameter(f"{key.strip()!r} is given twice: say it once",
                                     param_hint="--set")
        overrides[key.strip()] = value.strip()
    game = ledger.new_game(file, names, convention, overrides)
    click.echo(f"{file}: a new {game.title} game for {', '.join(game.players)}; "
               f"{game.players[0]} deals first")


def _report(recorded: ledger.Recorded) -> None:
    """The postings and notes of the deal recorded, and the end of the game if it came."""
    if recorded.step is not None:
        step = recorded.step
        for line in [p.describe() for p in step.postings] + list(step.notes):
            click.echo(f"  {line}")
    if recorded.state is not None and recorded.state.finished:
        click.echo(f"the game is over: {recorded.state.end_reason}")


@cli.command(cls=DealCommand)
@FILE
@click.argument("deal", nargs=-1, required=True)
@click.option("--again", is_flag=True,
              help="Record the deal even though it is the same as the deal in force before it "
                   "(the same deal once read and checked: the same kind, players, contract, "
                   "answers and tricks, however it was typed).")
def add(file: Path, deal: tuple[str, ...], again: bool) -> None:
    """Record the next deal, e.g.: pulka add game.pulka Аня 6s 6 Борис whist 2 Вера whist 2"""
    recorded = ledger.add(file, " ".join(deal), again=again,
                          committed=OUTCOME.committing(file))
    from ..echo import added  # the deal said back in the player's own words
    click.echo(added(recorded, " ".join(deal)))
    _report(recorded)


@cli.command()
@FILE
def undo(file: Path) -> None:
    """Take back the last deal in force (appends `void N`)."""
    recorded = ledger.undo(file, committed=OUTCOME.committing(file))
    click.echo(f"{recorded.line}: deal {recorded.number} taken back")


@cli.command(cls=DealCommand)  # void -1: the number's own message
@FILE
@NUMBER
def void(file: Path, number: int) -> None:
    """Take back deal NUMBER (appends `void NUMBER`); later deals are rescored."""
    recorded = ledger.void(file, number, committed=OUTCOME.committing(file))
    click.echo(f"{recorded.line}: deal {number} taken back")


@cli.command(cls=DealCommand)
@FILE
@NUMBER
@click.argument("deal", nargs=-1, required=True)
def fix(file: Path, number: int, deal: tuple[str, ...]) -> None:
    """Correct deal NUMBER (appends `fix NUMBER ...`); everything after it is rescored."""
    recorded = ledger.fix(file, number, " ".join(deal), committed=OUTCOME.committing(file))
    from ..echo import fixed  # the deal said back in the player's own words
    click.echo(fixed(recorded, " ".join(deal)))
    _report(recorded)


@cli.command()
@TARGET
def repair(file: Path) -> None:
    """Remove a last line that was cut off part-way (a crash while writing), or give a
    complete last line the newline it lacks. A file that is not a journal is left alone."""
    mended = ledger.repair(file)
    if mended.action == "nothing":
        click.echo(f"{file}: nothing to repair")
    elif mended.action == "newline":
        click.echo(f"{file}: the last line was complete; added its newline: {mended.line!r}")
    else:
        click.echo(f"{file}: removed the cut-off last line: {mended.line!r}")
