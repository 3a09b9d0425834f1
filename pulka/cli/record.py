"""Commands that write a journal: new, add, undo, redo, void, fix, repair.

The work is done by :mod:`pulka.recorder` (each one appends a single checked line, or
nothing); these commands read the options and print what was recorded.
"""

from __future__ import annotations

import itertools
import re
from typing import TYPE_CHECKING

import click

from .. import recorder
from ..game import check_players
from ..i18n import N_, _
from . import cli, complete
from .committed import OUTCOME, say
from .language import TranslatedCommand

if TYPE_CHECKING:
    from ..families.base import State
    from ..numbers import Exact

#: a journal named on the command line, as text (a folder: pulka's own message)
FILE = click.argument("file", type=click.Path())
TARGET = click.argument("file", type=click.Path())


class DealNumber(click.ParamType):
    """A deal number in the digits 0-9 only: click's int would also take "٧", "１", " 1", "1_0"."""

    name = "number"

    def convert(self, value: object, param: click.Parameter | None,
                ctx: click.Context | None) -> int:
        if isinstance(value, int):
            return value
        if re.fullmatch(r"[0-9]{41,}", str(value)):
            self.fail(_("a deal number of {count} digits: there is no such deal").format(
                count=len(str(value))), param, ctx)
        if not re.fullmatch(r"[0-9]{1,40}", str(value)):
            self.fail(_("{value!r} is not a deal number: write it with the digits 0-9").format(
                value=str(value)[:40]), param, ctx)
        return int(str(value))


NUMBER = click.argument("number", type=DealNumber(), shell_complete=complete.deal_numbers)


class DealCommand(TranslatedCommand):
    """A command whose arguments are deal words: only its own options' exact words are options,
    so a negative amount typed unquoted (adjust gora Борис -3) or "-1" is a word, not an option."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        own = {word: p for p in self.get_params(ctx) if isinstance(p, click.Option)
               for word in (*p.opts, *p.secondary_opts)}
        if "--" in args:  # the player's own end of options is kept as it is
            return super().parse_args(ctx, args)
        options: list[str] = []
        words: list[str] = []
        rest = iter(args)
        for arg in rest:
            name, joined, _value = arg.partition("=")
            if joined and name.startswith("--") and name in own and not own[name].is_flag:
                options.append(arg)  # --lang=ru
                continue
            if arg not in own:
                words.append(arg)
                continue
            options.append(arg)
            if not own[arg].is_flag:  # --lang ru: its value goes with it
                options += list(itertools.islice(rest, 1))
        return super().parse_args(ctx, [*options, "--", *words])


@cli.command()
@TARGET
@click.argument("more_players", nargs=-1, metavar="[NAMES]...")
@click.option("--players", "-p", multiple=True, metavar="NAME",
              help=N_("Players in the order play moves round the table: clockwise, or "
                      "counter-clockwise where the game is played so (Greek Prefa); the first "
                      "deals first. The names may simply follow: --players Аня Борис Вера."))
@click.option("--convention", "-c", default="sochi", show_default=True,
              shell_complete=complete.conventions,
              help=N_("A convention name or alias (sochi, питер, ...) or a YAML path."))
@click.option("--pulya", help=N_("The pulya target (overrides the convention)."))
@click.option("--price", help=N_("Money per whist, e.g. 0.10."))
@click.option("--set", "settings", multiple=True, metavar="KEY=VALUE",
              help=N_("Any other convention key, e.g. --set whist.lone=gentleman."))
def new(file: str, more_players: tuple[str, ...], players: tuple[str, ...], convention: str,
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
            raise click.BadParameter(_("{setting!r}: write KEY=VALUE").format(setting=setting),
                                     param_hint="--set")
        if key.strip() in overrides:  # the last one would win silently, and change the money
            raise click.BadParameter(_("{key!r} is given twice: say it once").format(
                key=key.strip()), param_hint="--set")
        overrides[key.strip()] = value.strip()
    game = recorder.new_game(file, names, convention, overrides)
    from ..families import get_family
    from ..i18n import translated

    seating = translated(get_family(game.family).seating)  # (the order the names were read in)
    click.echo(_("{file}: a new {title} game for {players} ({direction}); {dealer} deals "
                 "first").format(file=file, title=game.title, players=", ".join(game.players),
                                 direction=seating, dealer=game.players[0]))
    if game.warning is not None:
        say(game.warning)


def _report(recorded: recorder.Recorded) -> None:
    """The postings and notes of the deal recorded."""
    if recorded.step is not None:
        step = recorded.step
        for line in [p.describe() for p in step.postings] + list(step.notes):
            click.echo(f"  {line}")


def _next(state: State | None) -> None:
    """One line after a write: the end of the game, or who deals next (and sits out, at
    four) and what the family adds (the raspasy streak with its exit, when there is one)."""
    if state is None:
        return
    if state.finished:
        click.echo(_("the game is over: {reason}").format(reason=state.end_reason))
        return
    from ..render.dealing import next_deal
    from ..replay import family_of

    parts = [next_deal(state)]
    parts += family_of(state.table).next_deal_notes(state)
    click.echo("; ".join(parts))


def _state_now(file: str) -> State | None:
    """The game's state as the journal now stands (after an undo, which does not replay)."""
    from ..errors import PulkaError
    from ..journal import read
    from ..replay import final_state

    try:
        return final_state(read(file).game())[0]
    except PulkaError:  # recorded all the same; the next line is only a courtesy
        return None


def _results(state: State) -> dict[str, Exact]:
    from ..replay import family_of
    from ..settlement.money import settle

    return settle(state, family_of(state.table)).result


def totals_before(file: str) -> dict[str, Exact] | None:
    """Each player's result before a fix (None when the journal does not replay now: the fix
    itself then says what is wrong)."""
    state = _state_now(file)
    return None if state is None else _results(state)


def say_changes(before: dict[str, Exact] | None, state: State | None) -> None:
    """What a fix changed in the totals: each player whose result moved, old → new."""
    if before is None or state is None:
        return
    from ..numbers import signed

    after = _results(state)
    moved = [f"{p} {signed(before[p], minus='-')} → {signed(after[p], minus='-')}"
             for p in state.players if before.get(p) != after.get(p)]
    if moved:
        click.echo(_("totals changed: {changes}").format(changes=", ".join(moved)))
    else:
        click.echo(_("the totals are unchanged"))


@cli.command(cls=DealCommand)
@FILE
@click.argument("deal", nargs=-1, required=True, shell_complete=complete.players)
@click.option("--again", is_flag=True,
              help=N_("Record the deal even though it is the same as the deal in force before "
                      "it (the same deal once read and checked: the same kind, players, "
                      "contract, answers and tricks, however it was typed)."))
def add(file: str, deal: tuple[str, ...], again: bool) -> None:
    """Record the next deal, e.g.: pulka add game.pulka Аня 6s 6 Борис whist 2 Вера whist 2"""
    recorded = recorder.add(file, " ".join(deal), again=again,
                          committed=OUTCOME.committing(file))
    from .said_back import added  # the deal said back in the player's own words
    click.echo(added(recorded, " ".join(deal)))
    _report(recorded)
    _next(recorded.state)


@cli.command()
@FILE
def undo(file: str) -> None:
    """Take back the last deal in force (appends `void N`)."""
    recorded = recorder.undo(file, committed=OUTCOME.committing(file))
    click.echo(_("{line}: deal {number} taken back").format(line=recorded.line,
                                                             number=recorded.number))
    _next(_state_now(file))


@cli.command()
@FILE
def redo(file: str) -> None:
    """Bring back the deal the last undo took back (appends `restore N`)."""
    recorded = recorder.redo(file, committed=OUTCOME.committing(file))
    click.echo(_("{line}: deal {number} brought back").format(line=recorded.line,
                                                               number=recorded.number))
    _report(recorded)
    _next(recorded.state)


@cli.command(cls=DealCommand)  # void -1: the number's own message
@FILE
@NUMBER
def void(file: str, number: int) -> None:
    """Take back deal NUMBER (appends `void NUMBER`); later deals are rescored."""
    recorded = recorder.void(file, number, committed=OUTCOME.committing(file))
    click.echo(_("{line}: deal {number} taken back").format(line=recorded.line, number=number))
    _next(recorded.state or _state_now(file))  # no deal left: the state of a new game


@cli.command(cls=DealCommand)
@FILE
@NUMBER
@click.argument("deal", nargs=-1, required=True, shell_complete=complete.players)
def fix(file: str, number: int, deal: tuple[str, ...]) -> None:
    """Correct deal NUMBER (appends `fix NUMBER ...`); everything after it is rescored."""
    before = totals_before(file)
    recorded = recorder.fix(file, number, " ".join(deal), committed=OUTCOME.committing(file))
    from .said_back import fixed  # the deal said back in the player's own words
    click.echo(fixed(recorded, " ".join(deal)))
    _report(recorded)
    say_changes(before, recorded.state)
    _next(recorded.state)


@cli.command()
@TARGET
def repair(file: str) -> None:
    """Remove a last line that was cut off part-way (a crash while writing), or give a
    complete last line the newline it lacks. A file that is not a journal is left alone."""
    mended = recorder.repair(file)
    if mended.action == "nothing":
        click.echo(_("{file}: nothing to repair").format(file=file))
    elif mended.action == "newline":
        click.echo(_("{file}: the last line was complete; added its newline: {line!r}")
                   .format(file=file, line=mended.line))
    else:
        click.echo(_("{file}: removed the cut-off last line: {line!r}").format(
            file=file, line=mended.line))
    if mended.warning is not None:
        say(mended.warning)
