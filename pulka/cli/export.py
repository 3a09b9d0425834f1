"""Commands that write reports: export (XLSX workbook, filled PDF) and blank (empty sheets).

XlsxWriter and reportlab are imported here only when a report is written, so the commands
used at the table start fast.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

import click

from ..convention.schema import PLAYERS, PRICE
from ..files import outputs
from ..gamefile import open_game, refuse_too_large
from ..i18n import N_, _
from ..settlement.figures import build
from . import cli, complete
from .arg_types import OutputFile

if TYPE_CHECKING:
    from ..game import Deal

OUT = click.Path(path_type=Path)  # a folder: pulka's own message
REPORT = OutputFile()  #: what may be written there is checked by pulka.files.outputs
FORCE = click.option("--force", is_flag=True,
                     help=N_("Write over an existing file that holds something else (never over "
                             "a journal, an input, a folder or a device)."))


@cli.command()
@click.argument("file", type=OUT)
@click.option("--xlsx", type=REPORT, help=N_("Write the settlement workbook here."))
@click.option("--pdf", type=REPORT, help=N_("Write the filled pulka sheet here."))
@click.option("--png", type=REPORT,
              help=N_("Write the filled sheet here as a picture (the PDF's first page), to "
                      "send to the table's chat."))
@click.option("--font", type=click.Path(exists=True, dir_okay=False),
              help=N_("A TTF font with Cyrillic for the PDF (DejaVu Sans is bundled)."))
@FORCE
def export(file: Path, xlsx: Path | None, pdf: Path | None, png: Path | None,
           font: str | None, force: bool) -> None:
    """Export a game: the workbook (--xlsx OUT), the filled sheet (--pdf OUT), the sheet as
    a picture (--png OUT)."""
    if xlsx is None and pdf is None and png is None:
        raise click.UsageError(_("say where to write: --xlsx OUT.xlsx, --pdf OUT.pdf and/or "
                                 "--png OUT.png"))
    wanted = [(p, kind) for p, kind in ((xlsx, "workbook"), (pdf, "PDF"), (png, "PNG"))
              if p is not None]
    checked = outputs.check_all(wanted, [file, *([font] if font else [])], force)
    refuse_too_large(file, drawn=True)  # every deal is held, drawn and written
    game, _unused = open_game(file)
    history = None
    if xlsx is not None:  # the workbook's History tab is gathered in the same replay
        from ..render.xlsx.history import Rows

        history = Rows(game)
    report, state, settlement, steps = build(game, each=None if history is None else history.add)
    reports: list[tuple[outputs.Output, bytes]] = []
    drawn: bytes | None = None  # the filled PDF, made once for --pdf and --png
    for target in checked:
        if target.kind == "workbook":
            from ..render.xlsx.book import render_xlsx

            reports.append((target, render_xlsx(game, steps, report, state, settlement,
                                                history)))
            continue
        if drawn is None:
            from ..render.pdf.document import render_filled

            said = notation(game.table.players, game.table.convention.family)
            drawn = render_filled(game, steps, report, state, settlement, font=font,
                                  notation=said)
        if target.kind == "PDF":
            reports.append((target, drawn))
        else:
            from ..render.png import first_page

            reports.append((target, first_page(drawn)))
    outputs.write(reports)  # nothing is written unless every report could be made
    for target, _data in reports:
        click.echo(_("wrote {file}").format(file=target.given))
    if drawn is not None:
        _undrawable(game.table.players, font)


def notation(players: tuple[str, ...], family: str) -> Callable[[Deal], str]:
    """How the PDF's deals page writes a deal: in a Russian table's words (6♠ вист, распасы,
    сыграл, тузы) in Russian, else the journal's words with the suits drawn as on the sheet
    (6♠ whist); the journal's own words for a deal those words would not read back as."""
    from ..notation.styles import of_language, written
    from ..notation.vocabulary import words_for

    words = words_for(family)
    style = of_language(words)
    return lambda deal: written(deal, style, players, words)


def _undrawable(names, font: str | None) -> None:
    """A warning on stderr for each name the PDF's font cannot draw (written with ? there)."""
    from ..render.pdf.document import undrawable
    from .committed import say

    for name, letters, written in undrawable(names, font):
        say(_("warning: the PDF's font has no {letters} (in {name!r}): the name is written "
              "{written!r}; --font PATH gives a font that has them").format(
                  letters=letters, name=name, written=written))


class _Count(click.IntRange):
    """2 to 5 in the digits 0-9: click's int would also take "٣" or "３"."""

    def convert(self, value: object, param: click.Parameter | None,
                ctx: click.Context | None) -> int:
        if isinstance(value, str) and not re.fullmatch(r"[0-9]{1,40}", value):
            self.fail(_("{value!r}: write the number of players with the digits 0-9").format(
                value=value[:40]), param, ctx)
        # click annotates the value as an int; it converts the text too
        return super().convert(cast(Any, value), param, ctx)


def _seats(ctx: click.Context, players: tuple[str, ...],
           names: tuple[str, ...]) -> tuple[int, tuple[str, ...]]:
    """How many players the sheet is for, and their names: ``--players 4`` (a count, in any
    digits: the count's own message), or ``--players Аня Борис Вера`` as for ``new``."""
    from ..game import check_players

    param = next(p for p in ctx.command.params if p.name == "players")
    if len(players) == 1 and players[0].strip().isdigit():
        count = _Count(2, 5).convert(players[0], param, ctx)
    elif players:
        if names:
            raise click.BadParameter(_("name the players once: --players or --names"),
                                     ctx, param)
        names = check_players(players)
        if not 2 <= len(names) <= 5:
            raise click.BadParameter(
                _("{count} names: a sheet is for 2, 3, 4 or 5 players").format(count=len(names)),
                ctx, param)
        return len(names), names
    else:
        count = len(names) if names else 3
    if names:
        check_players(names)
        if len(names) != count:
            raise click.BadParameter(_("{names} names for {count} players").format(
                names=len(names), count=count), param_hint="--names")
    return count, names


@cli.command()
@click.argument("out", type=REPORT)
@click.argument("more_players", nargs=-1, metavar="[NAMES]...")
@click.option("--players", "-p", multiple=True, metavar="COUNT|NAME",
              help=N_("How many players the sheet is for (2, 3, 4 or 5; 3 if not said), or their "
                      "names clockwise from the first dealer, as for new: --players Аня Борис "
                      "Вера."))
@click.option("--names", multiple=True, metavar="NAME",
              help=N_("Players' names, clockwise from the first dealer (repeat the option)."))
@click.option("--convention", "-c", shell_complete=complete.conventions,
              help=N_("Write the convention's name and target on the sheet; a Balkan "
                      "convention gives the Balkan sheet."))
@click.option("--pulya", help=N_("The target written in the centre."))
@click.option("--price", help=N_("The price of a whist written in the centre."))
@click.option("--font", type=click.Path(exists=True, dir_okay=False),
              help=N_("A TTF font with Cyrillic (DejaVu Sans is bundled)."))
@FORCE
def blank(out: Path, more_players: tuple[str, ...], players: tuple[str, ...],
          names: tuple[str, ...], convention: str | None, pulya: str | None,
          price: str | None, font: str | None, force: bool) -> None:
    """Print a blank pulka sheet (PDF, A4) for 2, 3, 4 or 5 players."""
    ctx = click.get_current_context()
    said = tuple(players) + tuple(more_players)
    count, names = _seats(ctx, said, names)
    inputs = [p for p in (font, convention) if p is not None]  # a convention may be a file
    (target,) = outputs.check_all([(out, "PDF")], inputs, force)
    title = None
    from ..registry import DEFAULT

    family = DEFAULT  # the sheet drawn when no convention is named
    conv = None
    if convention is not None:
        from ..convention.loader import find, load_file
        from ..render.registry import get_renderer

        conv = load_file(find(convention))
        title, family = conv.title, conv.family
        allowed = list(conv[PLAYERS])
        if not said and not names and count not in allowed:  # the count was not said: its own
            count = allowed[0]
        elif count not in allowed:
            raise click.BadParameter(_("{title} is played by {counts} players: no sheet for {count}")
                                     .format(title=title, counts=", ".join(map(str, allowed)),
                                             count=count), ctx, param_hint="--players")
        key = get_renderer(family).target_key
        if pulya is None and key:  # (a game with no target or stake, Swabian, writes none)
            pulya = str(conv[key])
        if price is None and conv[PRICE] is not None:
            price = str(conv[PRICE])
    from ..render.pdf.document import render_blank

    data = render_blank(count, names=names or None, title=title, target=pulya, price=price,
                        family=family, font=font, convention=conv)
    outputs.write([(target, data)])
    click.echo(_("wrote {file}").format(file=out))
    _undrawable(names, font)
