"""Commands that write reports: export (XLSX workbook, filled PDF) and blank (empty sheets).

openpyxl and reportlab are imported here only when a report is written, so the commands
used at the table start fast.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, cast

import click

from .. import outputs
from ..gamefile import open_game
from ..report import build
from . import cli

OUT = click.Path(path_type=Path)  # a folder: pulka's own message
REPORT = click.Path(path_type=Path)  #: what may be written there is checked by pulka.outputs
FORCE = click.option("--force", is_flag=True,
                     help="Write over an existing file that holds something else (never over a "
                     "journal, an input, a folder or a device).")


@cli.command()
@click.argument("file", type=OUT)
@click.option("--xlsx", type=REPORT, help="Write the settlement workbook here.")
@click.option("--pdf", type=REPORT, help="Write the filled pulka sheet here.")
@click.option("--font", type=click.Path(exists=True, dir_okay=False),
              help="A TTF font with Cyrillic for the PDF (DejaVu Sans is bundled).")
@FORCE
def export(file: Path, xlsx: Path | None, pdf: Path | None, font: str | None,
           force: bool) -> None:
    """Export a game: the workbook (--xlsx OUT) and/or the filled sheet (--pdf OUT)."""
    if xlsx is None and pdf is None:
        raise click.UsageError("say where to write: --xlsx OUT.xlsx and/or --pdf OUT.pdf")
    wanted = [(p, kind) for p, kind in ((xlsx, "workbook"), (pdf, "PDF")) if p is not None]
    checked = outputs.check_all(wanted, [file, *([font] if font else [])], force)
    game, _ = open_game(file)
    report, state, settlement, steps = build(game)
    reports: list[tuple[outputs.Output, bytes]] = []
    for target in checked:
        if target.kind == "workbook":
            from ..render.xlsx import render_xlsx

            reports.append((target, render_xlsx(game, steps, report, state, settlement)))
        else:
            from ..render.pdf import render_filled

            reports.append((target, render_filled(game, steps, report, state, settlement,
                                                  font=font)))
    outputs.write(reports)  # nothing is written unless every report could be made
    for target, _ in reports:
        click.echo(f"wrote {target.given}")


class _Count(click.IntRange):
    """2 to 4 in the digits 0-9: click's int would also take "٣" or "３"."""

    def convert(self, value: object, param: click.Parameter | None,
                ctx: click.Context | None) -> int:
        if isinstance(value, str) and not re.fullmatch(r"[0-9]{1,40}", value):
            self.fail(f"{value[:40]!r}: write the number of players with the digits 0-9",
                      param, ctx)
        # click annotates the value as an int; it converts the text too
        return super().convert(cast(Any, value), param, ctx)


@cli.command()
@click.argument("out", type=REPORT)
@click.option("--players", "count", type=_Count(2, 4), default=3, show_default=True,
              help="How many players the sheet is for.")
@click.option("--names", multiple=True, metavar="NAME",
              help="Players' names, clockwise from the first dealer (repeat the option).")
@click.option("--convention", "-c", help="Write the convention's name and target on the sheet; "
              "a Balkan convention gives the Balkan sheet.")
@click.option("--pulya", help="The target written in the centre.")
@click.option("--price", help="The price of a whist written in the centre.")
@click.option("--font", type=click.Path(exists=True, dir_okay=False),
              help="A TTF font with Cyrillic (DejaVu Sans is bundled).")
@FORCE
def blank(out: Path, count: int, names: tuple[str, ...], convention: str | None,
          pulya: str | None, price: str | None, font: str | None, force: bool) -> None:
    """Print a blank pulka sheet (PDF, A4) for 2, 3 or 4 players."""
    from ..model import check_players

    inputs = [p for p in (font, convention) if p is not None]  # a convention may be a file
    (target,) = outputs.check_all([(out, "PDF")], inputs, force)
    if names:
        check_players(names)
        if len(names) != count:
            raise click.BadParameter(f"{len(names)} names for {count} players",
                                     param_hint="--names")
    title = None
    family = "russian"  # the sheet drawn when no convention is named
    if convention is not None:
        from ..convention.loader import find, load_file
        from ..render.registry import get_renderer

        conv = load_file(find(convention))
        title, family = conv.title, conv.family
        if pulya is None:
            pulya = str(conv[get_renderer(family).target_key])
        if price is None and conv["price"] is not None:
            price = str(conv["price"])
    from ..render.pdf import render_blank

    data = render_blank(count, names=names or None, title=title, target=pulya, price=price,
                        family=family, font=font)
    outputs.write([(target, data)])
    click.echo(f"wrote {out}")
