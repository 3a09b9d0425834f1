"""Commands that write a journal: new, add, undo, void, fix, repair.

Each one appends a single line, and only after the whole game with that line has been
replayed and every check has passed; a refused line leaves the file byte for byte as it was.
"""

from __future__ import annotations

import datetime
import re
from pathlib import Path

import click

from .. import journal
from ..errors import IllegalDealError, JournalError, PulkaError, Source
from ..families.base import State, Step
from ..game import Game
from ..model import Deal, Entry, check_players
from ..notation import format_deal, parse_deal
from . import cli
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


class DealCommand(click.Command):
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
    from ..convention.loader import apply_text_overrides, find, load_file

    names = check_players(tuple(players) + tuple(more_players))
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
    resolved = apply_text_overrides(load_file(find(convention)), overrides, Source("<options>"))
    allowed = resolved["players"]
    if len(names) not in allowed:  # type: ignore[operator]
        raise JournalError(f"{resolved.title} is played by "
                           f"{' or '.join(map(str, allowed))} players, not {len(names)}")  # type: ignore[call-overload]
    created = datetime.datetime.now().replace(microsecond=0).isoformat()
    journal.create(file, journal.header_text(names, convention, resolved, overrides, created))
    click.echo(f"{file}: a new {resolved.title} game for {', '.join(names)}; "
               f"{names[0]} deals first")


class _Replay:
    """The game replayed once with the new line: the step of one deal and the final state."""

    def __init__(self) -> None:
        self.step: Step | None = None
        self.previous: Step | None = None  # the deal in force just before deal ``number``
        self.state: State | None = None

    def run(self, game: Game, number: int | None = None) -> None:
        """Replay the whole game (every check runs); remember deal ``number``."""
        for step, state in game.steps():
            if step.number == number:
                self.step = step
            elif self.step is None:
                self.previous = step
            self.state = state

    def canonical(self, players: tuple[str, ...]) -> Deal:
        """The deal as scored, after making sure its canonical text reads back the same."""
        assert self.step is not None
        deal = self.step.deal
        if parse_deal(format_deal(deal), players) != deal:
            raise JournalError(f"the deal would not read back the same: {format_deal(deal)}")
        return deal

    def report(self) -> None:
        if self.step is not None:
            for line in [p.describe() for p in self.step.postings] + list(self.step.notes):
                click.echo(f"  {line}")
        if self.state is not None and self.state.finished:
            click.echo(f"the game is over: {self.state.end_reason}")


def _in_force(game: Game, number: int, file: Path, what: str) -> list[Entry]:
    """The game's deals in force, after making sure deal ``number`` is one of them."""
    entries = list(game.entries)
    if number not in {e.number for e in entries}:
        raise JournalError(f"there is no deal {number} in force to {what}", Source(str(file)),
                           deal=number)
    return entries


def _parse(text: str, j: journal.Journal, where: Source, number: int) -> Deal:
    try:
        return parse_deal(text, j.players, where)
    except PulkaError as exc:
        raise exc.located(deal=number) from None


@cli.command(cls=DealCommand)
@FILE
@click.argument("deal", nargs=-1, required=True)
@click.option("--again", is_flag=True,
              help="Record the deal even though it is the same as the deal in force before it "
                   "(the same deal once read and checked: the same kind, players, contract, "
                   "answers and tricks, however it was typed).")
def add(file: Path, deal: tuple[str, ...], again: bool) -> None:
    """Record the next deal, e.g.: pulka add game.pulka Аня 6s 6 Борис whist 2 Вера whist 2"""
    text = " ".join(deal)
    replay = _Replay()

    def make_line(j: journal.Journal) -> str:
        game = j.game()
        number = j.next_number
        where = Source(str(file))
        game.entries = [*game.entries, Entry(number, _parse(text, j, where, number), where)]
        replay.run(game, number)
        checked = replay.canonical(j.players)
        if not again and replay.previous is not None and replay.previous.deal == checked:
            raise IllegalDealError(f"the same as deal {replay.previous.number}; add --again to "
                                   "record it anyway", where, deal=number)
        return journal.deal_line(number, checked)

    line = journal.append_checked(file, make_line, OUTCOME.committing(file))
    click.echo(f"deal {line}")
    replay.report()


@cli.command()
@FILE
def undo(file: Path) -> None:
    """Take back the last deal in force (appends `void N`)."""

    def make_line(j: journal.Journal) -> str:
        entries = list(j.game().entries)
        if not entries:
            raise JournalError("there is no deal to take back", Source(str(file)))
        return f"void {entries[-1].number}"

    line = journal.append_checked(file, make_line, OUTCOME.committing(file))
    click.echo(f"{line}: deal {line.split()[1]} taken back")


@cli.command(cls=DealCommand)  # void -1: the number's own message
@FILE
@NUMBER
def void(file: Path, number: int) -> None:
    """Take back deal NUMBER (appends `void NUMBER`); later deals are rescored."""
    replay = _Replay()

    def make_line(j: journal.Journal) -> str:
        game = j.game()
        game.entries = [e for e in _in_force(game, number, file, "take back")
                        if e.number != number]
        replay.run(game)
        return f"void {number}"

    line = journal.append_checked(file, make_line, OUTCOME.committing(file))
    click.echo(f"{line}: deal {number} taken back")


@cli.command(cls=DealCommand)
@FILE
@NUMBER
@click.argument("deal", nargs=-1, required=True)
def fix(file: Path, number: int, deal: tuple[str, ...]) -> None:
    """Correct deal NUMBER (appends `fix NUMBER ...`); everything after it is rescored."""
    text = " ".join(deal)
    replay = _Replay()

    def make_line(j: journal.Journal) -> str:
        where = Source(str(file))
        parsed = _parse(text, j, where, number)
        game = j.game()
        game.entries = [Entry(number, parsed, where) if e.number == number else e
                        for e in _in_force(game, number, file, "fix")]
        replay.run(game, number)
        return f"fix {number} {format_deal(replay.canonical(j.players))}"

    click.echo(journal.append_checked(file, make_line, OUTCOME.committing(file)))
    replay.report()


@cli.command()
@TARGET
def repair(file: Path) -> None:
    """Remove a last line that was cut off part-way (a crash while writing), or give a
    complete last line the newline it lacks. A file that is not a journal is left alone."""
    mended = journal.repair(file)
    if mended.action == "nothing":
        click.echo(f"{file}: nothing to repair")
    elif mended.action == "newline":
        click.echo(f"{file}: the last line was complete; added its newline: {mended.line!r}")
    else:
        click.echo(f"{file}: removed the cut-off last line: {mended.line!r}")
